import type { EntityManager } from 'typeorm';
import { LISTING_PAGES } from '#shared/storefront-routes.js';
import { SHOP_TIME_ZONE } from '#shared/shop.js';
import { evergreenSlides, halloweenSlides } from './home-media.js';

/** Set once the default content was written: staff changes (even deleting everything) are never undone by a later seed. */
export const CONTENT_SEED_MARKER = 'seed.content';

/** Bogotá is UTC−5 all year (no daylight saving). */
const BOGOTA_OFFSET = '-05:00';

/**
 * The Halloween season the slides run in: October 1 to November 1 (exclusive) in Bogotá, this year's
 * while it has not ended, else next year's. From November the hero no longer says "Halloween peludo".
 */
export function halloweenWindow(now: Date): { startsAt: Date; endsAt: Date } {
  const year = Number(new Intl.DateTimeFormat('en', { timeZone: SHOP_TIME_ZONE, year: 'numeric' }).format(now));
  const season = (y: number) => ({
    startsAt: new Date(`${y}-10-01T00:00:00${BOGOTA_OFFSET}`),
    endsAt: new Date(`${y}-11-01T00:00:00${BOGOTA_OFFSET}`),
  });
  const current = season(year);
  return now < current.endsAt ? current : season(year + 1);
}

const PROMOS = [
  {
    title: 'Pecheras Backpack',
    body: 'Que tu perro lleve sus propias cositas: premios, bolsitas y hasta las llaves, en dos bolsillos laterales con cremallera.',
    imageKey: 'home/promo-backpack.svg',
    imageAlt: '',
    linkUrl: '/pecherasBackpack',
    linkLabel: 'Conoce las Pecheras Backpack',
    fromPriceCategory: 'pecheras-backpack',
  },
  {
    title: 'Pecheras para paseos sin tirones',
    body: 'Acolchadas, transpirables y con doble ajuste: reparten la fuerza en el pecho y cuidan el cuello de tu mascota.',
    imageKey: 'home/promo-pecheras-v2.svg',
    imageAlt: '',
    linkUrl: '/pecheras',
    linkLabel: 'Ver pecheras',
    fromPriceCategory: 'pecheras',
  },
  {
    title: 'Denim For Pets: la historia',
    body: 'Nuestras chaquetas nacieron en un taller de Cúcuta, con retazos de denim que nadie quería usar. Los cortamos a la medida de cada talla y los cosemos con costuras reforzadas. Cada chaqueta tiene botones metálicos, un forro suave y una guía de tallas con cuello, pecho y largo para acertar a la primera.',
    imageKey: 'home/promo-denim-story.svg',
    imageAlt: 'Chaqueta de denim índigo sobre una tela de denim',
    linkUrl: '/chaquetas',
    linkLabel: 'Ver chaquetas',
    fromPriceCategory: null,
  },
];

/**
 * The default storefront content (the shop as it was seeded before staff could change it): the
 * Halloween campaign page, the Halloween slides dated to their season, year-round slides after
 * them, and the home promo blocks. Written once (marker in shop_setting); needs the home media stored.
 */
export async function seedContent(m: EntityManager, now = new Date()): Promise<boolean> {
  const first: unknown[] = await m.query(
    `INSERT INTO shop_setting (key, value) VALUES ($1, 'true'::jsonb) ON CONFLICT (key) DO NOTHING RETURNING key`,
    [CONTENT_SEED_MARKER],
  );
  if (first.length === 0) return false;
  const halloween = LISTING_PAGES.find((l) => l.collection === 'halloween')!;
  await m.query(
    `INSERT INTO campaign (slug, path, collection, title, description, active) VALUES ('halloween', $1, 'halloween', $2, $3, true) ON CONFLICT (slug) DO NOTHING`,
    [halloween.path, halloween.title, halloween.description],
  );
  const season = halloweenWindow(now);
  let position = 0;
  for (const [i, c] of halloweenSlides.entries()) {
    await m.query(
      `INSERT INTO home_slide (title, alt, link, desktop_image_key, mobile_image_key, starts_at, ends_at, active, position) VALUES ($1, $2, '/halloween', $3, $4, $5, $6, true, $7)`,
      [
        c.headline.join(' '),
        c.alt,
        `home/banner-desktop-${i + 1}.svg`,
        `home/banner-mobile-${i + 1}.svg`,
        season.startsAt,
        season.endsAt,
        ++position,
      ],
    );
  }
  for (const e of evergreenSlides) {
    await m.query(
      `INSERT INTO home_slide (title, alt, link, desktop_image_key, mobile_image_key, active, position) VALUES ($1, $2, $3, $4, $5, true, $6)`,
      [
        e.headline.join(' '),
        e.alt,
        `/${e.category}`,
        `home/slide-${e.key}-desktop.svg`,
        `home/slide-${e.key}-mobile.svg`,
        ++position,
      ],
    );
  }
  for (const [i, p] of PROMOS.entries()) {
    await m.query(
      `INSERT INTO promo_block (title, body, image_key, image_alt, link_url, link_label, from_price_category, active, position) VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8)`,
      [p.title, p.body, p.imageKey, p.imageAlt, p.linkUrl, p.linkLabel, p.fromPriceCategory, i + 1],
    );
  }
  return true;
}
