// Home page media (banners, category tiles, promos, logo, promo video). Pure, deterministic.
import { readFileSync } from 'node:fs';
import { repoPath } from '../../common/repo-root.js';
import { drawItem, escapeXml, motifPattern, paw, type ArtSpec } from './artwork.js';
import { products, type CategorySlug } from './catalog-data.js';

export interface HomeMediaFile {
  key: string;
  contentType: string;
  body: string | Buffer;
  alt: string;
  width: number;
  height: number;
}

const SANS = 'font-family="sans-serif"';

function svg(w: number, h: number, defs: string, content: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">` +
    `<defs>${defs}</defs>${content}</svg>`
  );
}

/** Multi-line text block; each line becomes a <tspan>. */
function textBlock(
  x: number,
  y: number,
  lines: string[],
  size: number,
  fill: string,
  weight = 'normal',
  anchor = 'start',
): string {
  const spans = lines
    .map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : Math.round(size * 1.18)}">${escapeXml(l)}</tspan>`)
    .join('');
  return `<text x="${x}" y="${y}" ${SANS} font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${spans}</text>`;
}

function button(x: number, y: number, w: number, label: string, bg: string, fg: string): string {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="64" rx="32" fill="${bg}"/>` +
    `<text x="${x + w / 2}" y="${y + 42}" ${SANS} font-size="26" font-weight="bold" fill="${fg}" text-anchor="middle">${escapeXml(label)}</text>`
  );
}

/** An item drawing (800x800 coordinate space) placed at (x, y) with a scale. */
function placedItem(
  cat: CategorySlug,
  art: ArtSpec,
  id: string,
  x: number,
  y: number,
  scale: number,
): { defs: string; body: string } {
  return {
    defs: motifPattern(id, art),
    body: `<g transform="translate(${x} ${y}) scale(${scale})">${drawItem(cat, art, `url(#${id})`)}</g>`,
  };
}

function artOf(slug: string): ArtSpec {
  const p = products.find((x) => x.slug === slug);
  if (!p) throw new Error(`seed product not found: ${slug}`);
  return p.art;
}

const bat = (x: number, y: number, s: number) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0 0q-6-8-12-4-6-6-16-2 8 4 6 12 6-4 10 2 6-4 12 2 6-6 12-2 4-6 10-2-2-8 6-12-10-4-16 2-6-4-12 4z" fill="#120c1c"/>`;

const pumpkin = (x: number, y: number, s: number) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><ellipse cx="0" cy="0" rx="40" ry="32" fill="#f28c1c"/>` +
  `<path d="M0-30v60M-18-28q-12 28 0 56M18-28q12 28 0 56" stroke="#b3570a" stroke-width="3" fill="none"/>` +
  `<rect x="-5" y="-44" width="10" height="16" rx="3" fill="#3f7d3a"/></g>`;

interface Campaign {
  headline: string[];
  sub: string;
  cta: string;
  product: string;
  alt: string;
}

export const halloweenSlides: Campaign[] = [
  {
    headline: ['Halloween peludo:', 'bandanas edición limitada'],
    sub: 'Calabazas, murciélagos y fantasmitas para tu mejor amigo',
    cta: 'Ver colección',
    product: 'bandana-calabazas-traviesas',
    alt: 'Halloween peludo: bandanas edición limitada con estampado de calabazas bajo la luna llena',
  },
  {
    headline: ['¿Dulce o truco?', '15 % con HALLOWEEN15'],
    sub: 'Descuento válido en toda la colección de Halloween',
    cta: 'Usar mi código',
    product: 'bandana-murcielagos-medianoche',
    alt: 'Promoción de Halloween: 15 % de descuento con el código HALLOWEEN15 en bandanas de murciélagos',
  },
  {
    headline: ['Noche de brujas', 'con mucho estilo'],
    sub: 'Bandanas suaves hechas en Colombia, listas para la foto',
    cta: 'Comprar ahora',
    product: 'bandana-fantasmitas',
    alt: 'Noche de brujas con estilo: bandana de fantasmitas sobre fondo morado con calabazas',
  },
];

function halloweenBackdrop(
  w: number,
  h: number,
  i: number,
  moonX: number,
  moonY: number,
): { defs: string; body: string } {
  const defs =
    `<linearGradient id="bg${i}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b1030"/><stop offset="1" stop-color="#4a2370"/></linearGradient>` +
    `<radialGradient id="glow${i}"><stop offset="0" stop-color="#fff3c4" stop-opacity=".55"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>`;
  const body =
    `<rect width="${w}" height="${h}" fill="url(#bg${i})"/>` +
    `<circle cx="${moonX}" cy="${moonY}" r="200" fill="url(#glow${i})"/>` +
    `<circle cx="${moonX}" cy="${moonY}" r="90" fill="#f6e7b0"/>` +
    `<circle cx="${moonX - 30}" cy="${moonY - 20}" r="14" fill="#e6d28f"/><circle cx="${moonX + 25}" cy="${moonY + 30}" r="10" fill="#e6d28f"/>` +
    bat(moonX - 140, moonY + 40, 2.2) +
    bat(moonX + 120, moonY - 60, 1.6) +
    bat(moonX - 60, moonY - 110, 1.2) +
    `<path d="M0 ${h - 40}Q${w / 4} ${h - 90} ${w / 2} ${h - 50}T${w} ${h - 60}V${h}H0Z" fill="#140b22"/>`;
  return { defs, body };
}

function desktopBanner(c: Campaign, i: number): string {
  const bg = halloweenBackdrop(1600, 600, i, 1420, 140);
  const item = placedItem('bandanas', artOf(c.product), `b${i}`, 900, 40, 0.62);
  return svg(
    1600,
    600,
    bg.defs + item.defs,
    bg.body +
      `<ellipse cx="1148" cy="480" rx="220" ry="24" fill="#000" opacity=".35"/>` +
      item.body +
      pumpkin(1400, 520, 1.3) +
      pumpkin(1510, 540, 0.9) +
      paw(120, 90, 26, '#f28c1c', 0.9) +
      textBlock(100, 230, c.headline, 64, '#ffffff', 'bold') +
      textBlock(100, 400, [c.sub], 28, '#e8d4ff') +
      button(100, 450, 280, c.cta, '#f28c1c', '#1b1030'),
  );
}

function mobileBanner(c: Campaign, i: number): string {
  const bg = halloweenBackdrop(800, 1000, i + 10, 640, 120);
  const item = placedItem('bandanas', artOf(c.product), `m${i}`, 140, 420, 0.65);
  return svg(
    800,
    1000,
    bg.defs + item.defs,
    bg.body +
      paw(80, 90, 26, '#f28c1c', 0.9) +
      textBlock(60, 230, c.headline, 54, '#ffffff', 'bold') +
      textBlock(60, 370, [c.sub], 24, '#e8d4ff') +
      `<ellipse cx="400" cy="870" rx="200" ry="22" fill="#000" opacity=".35"/>` +
      item.body +
      pumpkin(640, 900, 1.2) +
      pumpkin(150, 920, 0.8) +
      button(240, 900, 320, c.cta, '#f28c1c', '#1b1030'),
  );
}

interface EvergreenSlide {
  key: string;
  headline: string[];
  sub: string;
  cta: string;
  category: CategorySlug;
  product: string;
  colors: { from: string; to: string; text: string; sub: string; button: string; buttonText: string };
  alt: string;
}

/** Slides that run all year (the Halloween ones are dated: from November the carousel shows these). */
export const evergreenSlides: EvergreenSlide[] = [
  {
    key: 'denim',
    headline: ['Denim For Pets:', 'chaquetas hechas a mano'],
    sub: 'Denim colombiano de 12 onzas, con guía de tallas para acertar',
    cta: 'Ver chaquetas',
    category: 'chaquetas',
    product: 'chaqueta-denim-clasica-indigo',
    colors: {
      from: '#1f3559',
      to: '#3b5f95',
      text: '#ffffff',
      sub: '#dbe6f5',
      button: '#d98b2b',
      buttonText: '#1f3559',
    },
    alt: 'Denim For Pets: chaquetas hechas a mano en denim colombiano, con guía de tallas. Ver chaquetas',
  },
  {
    key: 'collares',
    headline: ['Collares que duran', 'paseo tras paseo'],
    sub: 'Cuero, neopreno y tela estampada, con hebilla segura',
    cta: 'Ver collares',
    category: 'collares',
    product: 'collar-cuero-miel',
    colors: {
      from: '#6b3f16',
      to: '#c8893a',
      text: '#ffffff',
      sub: '#f6e7d2',
      button: '#fff3e0',
      buttonText: '#6b3f16',
    },
    alt: 'Collares que duran paseo tras paseo: cuero, neopreno y tela estampada con hebilla segura. Ver collares',
  },
];

function evergreenBanner(c: EvergreenSlide, w: number, h: number, mobile: boolean): string {
  const id = `e-${c.key}-${mobile ? 'm' : 'd'}`;
  const item = mobile
    ? placedItem(c.category, artOf(c.product), id, 160, 400, 0.6)
    : placedItem(c.category, artOf(c.product), id, 900, 40, 0.62);
  const bg = `<linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.colors.from}"/><stop offset="1" stop-color="${c.colors.to}"/></linearGradient>`;
  const textX = mobile ? 60 : 100;
  return svg(
    w,
    h,
    bg + item.defs,
    `<rect width="${w}" height="${h}" fill="url(#${id}-bg)"/>` +
      paw(w - 120, 110, 40, '#ffffff', 0.15) +
      paw(w - 260, h - 120, 30, '#ffffff', 0.1) +
      item.body +
      textBlock(textX, mobile ? 200 : 230, c.headline, mobile ? 54 : 64, c.colors.text, 'bold') +
      textBlock(textX, mobile ? 340 : 400, [c.sub], mobile ? 24 : 28, c.colors.sub) +
      button(mobile ? 240 : 100, mobile ? 900 : 450, mobile ? 320 : 280, c.cta, c.colors.button, c.colors.buttonText),
  );
}

interface Tile {
  cat: CategorySlug;
  label: string;
  product: string;
  bg: string;
}

const tiles: Tile[] = [
  { cat: 'chaquetas', label: 'Chaquetas', product: 'chaqueta-denim-clasica-indigo', bg: '#dfe8f3' },
  { cat: 'bandanas', label: 'Bandanas', product: 'bandana-cuadros-lenador', bg: '#f6e3e1' },
  { cat: 'pecheras', label: 'Pecheras', product: 'pechera-neopreno-turquesa', bg: '#dcf1f0' },
  { cat: 'arneses', label: 'Arneses', product: 'arnes-acolchado-reflectivo-rojo', bg: '#f7e9e4' },
  { cat: 'collares', label: 'Collares', product: 'collar-cuero-miel', bg: '#f3e8d8' },
  { cat: 'correas', label: 'Correas', product: 'correa-reflectiva-noche', bg: '#e6e8ec' },
];

function tileSvg(t: Tile): string {
  const item = placedItem(t.cat, artOf(t.product), `t-${t.cat}`, 90, 40, 0.525);
  return svg(
    600,
    600,
    item.defs,
    `<rect width="600" height="600" fill="${t.bg}"/>` +
      paw(530, 70, 30, '#000', 0.06) +
      paw(70, 420, 24, '#000', 0.05) +
      // No baked-in caption: the page puts the category name over the tile as real text.
      item.body,
  );
}

function backpackBanner(): string {
  const item = placedItem('pecheras-backpack', artOf('pechera-backpack-explorador-mostaza'), 'bp', 1020, 10, 0.56);
  return svg(
    1600,
    500,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe9e4"/><stop offset="1" stop-color="#f6f1e3"/></linearGradient>`,
    `<rect width="1600" height="500" fill="url(#sky)"/>` +
      `<path d="M0 420L220 250L380 360L600 180L820 380L1000 260L1200 400L1400 230L1600 340V500H0Z" fill="#8fb8a2" opacity=".6"/>` +
      `<path d="M0 470L300 360L520 440L760 330L1050 460L1300 380L1600 450V500H0Z" fill="#4f7d63"/>` +
      `<circle cx="1480" cy="90" r="46" fill="#f5c542"/>` +
      paw(200, 150, 40, '#23412f', 0.12) +
      paw(420, 260, 30, '#23412f', 0.1) +
      // No words in the picture: the promo block's title, text and price are text on the page.
      item.body,
  );
}

function promoPecheras(): string {
  const a = placedItem('pecheras', artOf('pechera-neopreno-turquesa'), 'pa', 620, 200, 0.5);
  const b = placedItem('pecheras', artOf('pechera-acolchada-rosa-palo'), 'pb', 860, 330, 0.42);
  return svg(
    1200,
    800,
    a.defs + b.defs,
    `<rect width="1200" height="800" fill="#fbf3ea"/>` +
      `<circle cx="920" cy="420" r="300" fill="#f3dcc6"/>` +
      paw(1100, 110, 40, '#e07a1f', 0.25) +
      paw(1020, 720, 28, '#e07a1f', 0.2) +
      paw(180, 220, 60, '#e07a1f', 0.15) +
      paw(320, 560, 44, '#e07a1f', 0.12) +
      // No words and no price in the picture: the page shows them as text, the price from the catalogue.
      a.body +
      b.body,
  );
}

function denimStory(): string {
  const art = artOf('chaqueta-denim-clasica-indigo');
  const bgArt: ArtSpec = { ...art, base: '#24406d', accent: '#4d6c9e' };
  const jacket = placedItem('chaquetas', art, 'dj', 640, 130, 0.62);
  return svg(
    1200,
    800,
    motifPattern('dbg', bgArt) + jacket.defs,
    `<rect width="1200" height="800" fill="url(#dbg)"/>` +
      `<rect x="60" y="80" width="560" height="640" rx="24" fill="#f7f1e6" opacity=".9"/>` +
      `<rect x="76" y="96" width="528" height="608" rx="16" fill="none" stroke="#d98b2b" stroke-width="3" stroke-dasharray="12 8"/>` +
      paw(340, 400, 120, '#24406d', 0.15) +
      `<ellipse cx="888" cy="560" rx="190" ry="20" fill="#000" opacity=".25"/>` +
      jacket.body,
  );
}

function logo(): string {
  return svg(
    240,
    80,
    '',
    paw(40, 42, 24, '#e07a1f') +
      `<text x="78" y="58" ${SANS} font-size="46" font-weight="bold" letter-spacing="1" fill="#3a2a1f">Enzo</text>`,
  );
}

function videoPoster(): string {
  return svg(
    1280,
    720,
    `<linearGradient id="pg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b1a4a"/><stop offset=".65" stop-color="#6b3fa0"/><stop offset="1" stop-color="#e07a1f"/></linearGradient>`,
    `<rect width="1280" height="720" fill="url(#pg)"/>` +
      paw(1120, 140, 50, '#ffffff', 0.12) +
      paw(170, 590, 40, '#ffffff', 0.1) +
      textBlock(640, 250, ['Enzo'], 130, '#ffffff', 'bold', 'middle') +
      textBlock(640, 340, ['Enzo · Accesorios para mascotas'], 44, '#ffffff', 'normal', 'middle') +
      `<circle cx="640" cy="500" r="70" fill="#ffffff" opacity=".9"/>` +
      `<path d="M615 460L690 500L615 540Z" fill="#6b3fa0"/>`,
  );
}

const PROMO_VIDEO_PATH = repoPath('server', 'src', 'db', 'seed', 'assets', 'promo-video.mp4');

/** All home page media, keyed by their path inside the media store. */
export function homeMediaFiles(): HomeMediaFile[] {
  const files: HomeMediaFile[] = [];
  const svgFile = (key: string, body: string, alt: string, width: number, height: number) =>
    files.push({ key, contentType: 'image/svg+xml', body, alt, width, height });

  halloweenSlides.forEach((c, i) => {
    svgFile(`home/banner-desktop-${i + 1}.svg`, desktopBanner(c, i), c.alt, 1600, 600);
  });
  halloweenSlides.forEach((c, i) => {
    svgFile(`home/banner-mobile-${i + 1}.svg`, mobileBanner(c, i), c.alt, 800, 1000);
  });
  for (const t of tiles) {
    svgFile(
      `home/tile-${t.cat}.svg`,
      tileSvg(t),
      `Categoría ${t.label}: ilustración de ${t.label.toLowerCase()} Enzo`,
      600,
      600,
    );
  }
  for (const e of evergreenSlides) {
    svgFile(`home/slide-${e.key}-desktop.svg`, evergreenBanner(e, 1600, 600, false), e.alt, 1600, 600);
    svgFile(`home/slide-${e.key}-mobile.svg`, evergreenBanner(e, 800, 1000, true), e.alt, 800, 1000);
  }
  svgFile(
    'home/promo-backpack.svg',
    backpackBanner(),
    'Pechera backpack mostaza con bolsillos laterales frente a un paisaje de montañas',
    1600,
    500,
  );
  svgFile('home/promo-pecheras-v2.svg', promoPecheras(), 'Pecheras turquesa y rosa palo', 1200, 800);
  svgFile('home/promo-denim-story.svg', denimStory(), 'Chaqueta de denim índigo sobre una tela de denim', 1200, 800);
  svgFile('home/logo.svg', logo(), 'Enzo', 240, 80);
  files.push({
    key: 'home/promo-video.mp4',
    contentType: 'video/mp4',
    body: readFileSync(PROMO_VIDEO_PATH),
    alt: 'Video promocional de Enzo, accesorios para mascotas hechos en Colombia',
    width: 640,
    height: 360,
  });
  svgFile('home/promo-video-poster.svg', videoPoster(), 'Enzo · Accesorios para mascotas: reproducir video', 1280, 720);
  return files;
}
