import type { DataSource } from 'typeorm';
import type { ImageView } from '../media/index.js';

/** A slide as pages and staff read it (pictures resolved from the media library). */
export interface SlideView {
  id: number;
  title: string;
  alt: string;
  link: string;
  desktopImageKey: string;
  mobileImageKey: string;
  desktopImage: ImageView;
  mobileImage: ImageView;
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
  position: number;
}

/** A promo block with its "from" price read from the catalogue now (null when it shows none). */
export interface PromoView {
  id: number;
  title: string;
  body: string;
  imageKey: string | null;
  image: ImageView | null;
  linkUrl: string;
  linkLabel: string;
  fromPriceCategory: string | null;
  fromPrice: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
  position: number;
}

const LIVE = (alias: string) =>
  `${alias}.active AND (${alias}.starts_at IS NULL OR ${alias}.starts_at <= now()) AND (${alias}.ends_at IS NULL OR ${alias}.ends_at > now())`;

const SLIDE_SQL = `SELECT s.id, s.title, s.alt, s.link, s.desktop_image_key, s.mobile_image_key, s.starts_at, s.ends_at, s.active, s.position,
    d.url AS d_url, d.width AS d_width, d.height AS d_height, mo.url AS m_url, mo.width AS m_width, mo.height AS m_height
  FROM home_slide s JOIN media_asset d ON d.storage_key = s.desktop_image_key JOIN media_asset mo ON mo.storage_key = s.mobile_image_key`;

const PROMO_SQL = `SELECT b.id, b.title, b.body, b.image_key, b.image_alt, b.link_url, b.link_label, b.from_price_category, b.starts_at, b.ends_at, b.active, b.position,
    m.url AS i_url, m.width AS i_width, m.height AS i_height,
    (SELECT min(p.price) FROM product p WHERE p.active AND p.category_slug = b.from_price_category) AS from_price
  FROM promo_block b LEFT JOIN media_asset m ON m.storage_key = b.image_key`;

interface SlideRow {
  id: number;
  title: string;
  alt: string;
  link: string;
  desktop_image_key: string;
  mobile_image_key: string;
  starts_at: Date | null;
  ends_at: Date | null;
  active: boolean;
  position: number;
  d_url: string;
  d_width: number;
  d_height: number;
  m_url: string;
  m_width: number;
  m_height: number;
}

interface PromoRow {
  id: number;
  title: string;
  body: string;
  image_key: string | null;
  image_alt: string;
  link_url: string;
  link_label: string;
  from_price_category: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  active: boolean;
  position: number;
  i_url: string | null;
  i_width: number | null;
  i_height: number | null;
  from_price: number | null;
}

const slideFromRow = (r: SlideRow): SlideView => ({
  id: r.id,
  title: r.title,
  alt: r.alt,
  link: r.link,
  desktopImageKey: r.desktop_image_key,
  mobileImageKey: r.mobile_image_key,
  desktopImage: { url: r.d_url, alt: r.alt, width: r.d_width, height: r.d_height },
  mobileImage: { url: r.m_url, alt: r.alt, width: r.m_width, height: r.m_height },
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  active: r.active,
  position: r.position,
});

const promoFromRow = (r: PromoRow): PromoView => ({
  id: r.id,
  title: r.title,
  body: r.body,
  imageKey: r.image_key,
  image: r.i_url ? { url: r.i_url, alt: r.image_alt, width: r.i_width ?? 0, height: r.i_height ?? 0 } : null,
  linkUrl: r.link_url,
  linkLabel: r.link_label,
  fromPriceCategory: r.from_price_category,
  fromPrice: r.from_price_category ? r.from_price : null,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  active: r.active,
  position: r.position,
});

/** Reads of the storefront content: what shows now (home) and everything (staff). One statement each. */
export class ContentService {
  constructor(private readonly ds: DataSource) {}

  /** The tables `msToNextChange` reads: only a change to one of them can move its answer. */
  readonly datedTables: readonly string[] = ['home_slide', 'promo_block', 'campaign'];

  /**
   * Milliseconds until the next moment what the storefront shows changes by the clock alone (a slide or promo
   * block starts or ends, a campaign preview link lapses), by the database's clock; null when nothing is due.
   * Every instance reads the same answer, so every cache drops what it keeps at the same moment.
   */
  async msToNextChange(): Promise<number | null> {
    const [row]: Array<{ ms: number | null }> = await this.ds.query(
      `SELECT ceil(extract(epoch FROM min(t) - now()) * 1000)::float8 AS ms FROM (
         SELECT starts_at AS t FROM home_slide WHERE active AND starts_at > now()
         UNION ALL SELECT ends_at FROM home_slide WHERE active AND ends_at > now()
         UNION ALL SELECT starts_at FROM promo_block WHERE active AND starts_at > now()
         UNION ALL SELECT ends_at FROM promo_block WHERE active AND ends_at > now()
         UNION ALL SELECT preview_expires_at FROM campaign WHERE preview_expires_at > now()
       ) boundaries`,
    );
    return row?.ms ?? null;
  }

  async slides(options: { live: boolean }): Promise<SlideView[]> {
    const rows: SlideRow[] = await this.ds.query(
      `${SLIDE_SQL} ${options.live ? `WHERE ${LIVE('s')}` : ''} ORDER BY s.position, s.id`,
    );
    return rows.map(slideFromRow);
  }

  async slide(id: number): Promise<SlideView | null> {
    const rows: SlideRow[] = await this.ds.query(`${SLIDE_SQL} WHERE s.id = $1`, [id]);
    return rows[0] ? slideFromRow(rows[0]) : null;
  }

  async promos(options: { live: boolean }): Promise<PromoView[]> {
    const rows: PromoRow[] = await this.ds.query(
      `${PROMO_SQL} ${options.live ? `WHERE ${LIVE('b')}` : ''} ORDER BY b.position, b.id`,
    );
    return rows.map(promoFromRow);
  }

  async promo(id: number): Promise<PromoView | null> {
    const rows: PromoRow[] = await this.ds.query(`${PROMO_SQL} WHERE b.id = $1`, [id]);
    return rows[0] ? promoFromRow(rows[0]) : null;
  }
}
