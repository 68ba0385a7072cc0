// Deterministic SVG artwork for seed products. Pure functions, no I/O.
import type { CategorySlug, SeedProduct } from './catalog-data.js';

export type ArtMotif =
  | 'plain'
  | 'stripes'
  | 'dots'
  | 'paws'
  | 'bones'
  | 'stars'
  | 'checks'
  | 'flowers'
  | 'camo'
  | 'denim'
  | 'mesh'
  | 'pumpkins'
  | 'bats'
  | 'ghosts'
  | 'webs'
  | 'candy'
  | 'moons';

export type HardwareFinish = 'silver' | 'brass' | 'black';

export interface ArtSpec {
  /** Main material colour (hex). */
  base: string;
  /** Motif / print colour (hex). */
  accent: string;
  /** Trim, stitching and outline colour (hex). */
  trim: string;
  /** Backdrop colour of the product photo (hex, light). */
  background: string;
  motif: ArtMotif;
  hardware: HardwareFinish;
  /** Spanish colour name used in alt text, e.g. 'miel', 'azul noche'. */
  colorName: string;
}

export interface GeneratedImage {
  fileName: string;
  contentType: 'image/svg+xml';
  body: string;
  alt: string;
  width: number;
  height: number;
}

const SIZE = 800;

export const hardwareColor: Record<HardwareFinish, string> = {
  silver: '#b9c0c7',
  brass: '#c9a245',
  black: '#2b2b2b',
};

const motifNames: Record<ArtMotif, string> = {
  plain: 'acabado liso',
  stripes: 'estampado de rayas',
  dots: 'estampado de pepas',
  paws: 'estampado de patitas',
  bones: 'estampado de huesitos',
  stars: 'estampado de estrellas',
  checks: 'estampado de cuadros',
  flowers: 'estampado de flores',
  camo: 'estampado camuflado',
  denim: 'textura de denim',
  mesh: 'malla transpirable',
  pumpkins: 'estampado de calabazas',
  bats: 'estampado de murciélagos',
  ghosts: 'estampado de fantasmitas',
  webs: 'estampado de telarañas',
  candy: 'estampado de dulces',
  moons: 'estampado de lunas y estrellas',
};

const itemNames: Record<CategorySlug, string> = {
  collares: 'collar',
  correas: 'correa',
  arneses: 'arnés',
  bandanas: 'bandana',
  pecheras: 'pechera',
  'pecheras-backpack': 'pechera con bolsillos tipo morral',
  chaquetas: 'chaqueta de denim',
};

const detailNames: Record<CategorySlug, string> = {
  collares: 'la hebilla y las costuras',
  correas: 'el mosquetón y la costura',
  arneses: 'la hebilla lateral y el acolchado',
  bandanas: 'el estampado y el dobladillo',
  pecheras: 'la manija y el ribete',
  'pecheras-backpack': 'los bolsillos con cremallera',
  chaquetas: 'los bolsillos, botones y pespuntes',
};

/** Escape text for XML content and attribute values. */
export function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Small seeded PRNG (mulberry32) so artwork is reproducible. */
export function seededRandom(seedText: string): () => number {
  let h = 1779033703 ^ seedText.length;
  for (let i = 0; i < seedText.length; i++) {
    h = Math.imul(h ^ seedText.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A paw print centred at (x, y), unit size ~ 2*s. */
export function paw(x: number, y: number, s: number, fill: string, opacity = 1): string {
  const r = (n: number) => Math.round(n * 10) / 10;
  return (
    `<g fill="${fill}" opacity="${opacity}">` +
    `<ellipse cx="${r(x)}" cy="${r(y + s * 0.35)}" rx="${r(s * 0.55)}" ry="${r(s * 0.45)}"/>` +
    `<circle cx="${r(x - s * 0.62)}" cy="${r(y - s * 0.25)}" r="${r(s * 0.2)}"/>` +
    `<circle cx="${r(x - s * 0.24)}" cy="${r(y - s * 0.62)}" r="${r(s * 0.21)}"/>` +
    `<circle cx="${r(x + s * 0.24)}" cy="${r(y - s * 0.62)}" r="${r(s * 0.21)}"/>` +
    `<circle cx="${r(x + s * 0.62)}" cy="${r(y - s * 0.25)}" r="${r(s * 0.2)}"/></g>`
  );
}

/** SVG <pattern> element (id) painting the spec's material and motif. */
export function motifPattern(id: string, a: ArtSpec): string {
  const { base: b, accent: c, trim: t } = a;
  let size = 60;
  let rot = 0;
  let inner: string;
  switch (a.motif) {
    case 'plain':
      inner = `<path d="M0 20h60M0 45h60" stroke="${c}" stroke-opacity=".18" stroke-width="2"/>`;
      rot = 8;
      break;
    case 'stripes':
      inner = `<rect width="22" height="60" fill="${c}"/>`;
      rot = 35;
      break;
    case 'dots':
      inner = `<circle cx="15" cy="15" r="8" fill="${c}"/><circle cx="45" cy="45" r="8" fill="${c}"/>`;
      break;
    case 'mesh':
      size = 24;
      inner = `<circle cx="12" cy="12" r="5" fill="${c}" opacity=".55"/>`;
      break;
    case 'paws':
      size = 70;
      inner = paw(35, 35, 16, c);
      rot = -15;
      break;
    case 'bones':
      size = 70;
      inner = `<g fill="${c}"><rect x="22" y="31" width="26" height="8"/><circle cx="22" cy="30" r="6"/><circle cx="22" cy="40" r="6"/><circle cx="48" cy="30" r="6"/><circle cx="48" cy="40" r="6"/></g>`;
      rot = 30;
      break;
    case 'stars':
      inner = `<polygon points="30,12 35,25 49,25 38,34 42,48 30,40 18,48 22,34 11,25 25,25" fill="${c}"/>`;
      break;
    case 'checks':
      inner = `<rect width="30" height="60" fill="${c}" opacity=".55"/><rect width="60" height="30" fill="${c}" opacity=".55"/><path d="M45 0v60M0 45h60" stroke="${t}" stroke-width="3" opacity=".6"/>`;
      break;
    case 'flowers':
      size = 70;
      inner = `<g fill="${c}"><circle cx="35" cy="24" r="8"/><circle cx="46" cy="32" r="8"/><circle cx="42" cy="45" r="8"/><circle cx="28" cy="45" r="8"/><circle cx="24" cy="32" r="8"/></g><circle cx="35" cy="35" r="6" fill="${t}"/>`;
      break;
    case 'camo':
      size = 90;
      inner = `<path d="M5 20q15-18 35-4t20 22-30 10-25-28z" fill="${c}"/><path d="M50 55q20-10 35 5t-15 25-25-10z" fill="${t}" opacity=".8"/><path d="M10 65q10-8 20 2t-8 14-12-16z" fill="${t}" opacity=".8"/>`;
      break;
    case 'denim':
      size = 16;
      inner = `<path d="M0 16L16 0M-4 4L4-4M12 20L20 12" stroke="${c}" stroke-width="3" opacity=".45"/>`;
      break;
    case 'pumpkins':
      size = 80;
      inner = `<ellipse cx="40" cy="44" rx="20" ry="16" fill="${c}"/><path d="M40 30v28M30 32q-6 12 0 24M50 32q6 12 0 24" stroke="${t}" stroke-width="2" fill="none" opacity=".6"/><rect x="37" y="22" width="6" height="9" rx="2" fill="#3f7d3a"/>`;
      break;
    case 'bats':
      size = 80;
      inner = `<path d="M40 36q-6-8-12-4-6-6-16-2 8 4 6 12 6-4 10 2 6-4 12 2 6-6 12-2 4-6 10-2-2-8 6-12-10-4-16 2-6-4-12 4z" fill="${c}"/>`;
      break;
    case 'ghosts':
      size = 80;
      inner = `<path d="M26 58V36a14 14 0 0 1 28 0v22l-5-5-5 5-4-5-5 5-4-5z" fill="${c}"/><circle cx="35" cy="36" r="2.5" fill="${t}"/><circle cx="45" cy="36" r="2.5" fill="${t}"/>`;
      break;
    case 'webs':
      size = 100;
      inner = `<g stroke="${c}" stroke-width="2" fill="none" opacity=".8"><path d="M0 0L100 100M100 0L0 100M50 0v100M0 50h100"/><circle cx="50" cy="50" r="16"/><circle cx="50" cy="50" r="32"/></g>`;
      break;
    case 'candy':
      size = 80;
      inner = `<g transform="rotate(-25 40 40)"><ellipse cx="40" cy="40" rx="13" ry="10" fill="${c}"/><path d="M27 40l-11-9v18zM53 40l11-9v18z" fill="${t}"/><path d="M33 32l8 16M41 31l8 16" stroke="${b}" stroke-width="3"/></g>`;
      break;
    case 'moons':
      size = 80;
      inner = `<path d="M30 20a16 16 0 1 0 14 26 13 13 0 1 1-14-26z" fill="${c}"/><circle cx="62" cy="60" r="3" fill="${c}"/><circle cx="14" cy="66" r="2" fill="${c}"/>`;
      break;
  }
  const tf = rot ? ` patternTransform="rotate(${rot})"` : '';
  return `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse"${tf}><rect width="${size}" height="${size}" fill="${b}"/>${inner}</pattern>`;
}

/** Focus point used by the close-up (detail) image, per item type. */
const detailFocus: Record<CategorySlug, [number, number]> = {
  collares: [430, 580],
  correas: [560, 600],
  arneses: [620, 470],
  bandanas: [400, 500],
  pecheras: [400, 200],
  'pecheras-backpack': [620, 430],
  chaquetas: [330, 330],
};

/**
 * Draws the item of a category on an 800x800 canvas. `fill` is a paint
 * reference for the material (usually url(#id) of motifPattern).
 */
export function drawItem(category: CategorySlug, a: ArtSpec, fill: string): string {
  const H = hardwareColor[a.hardware];
  const T = a.trim;
  const stitch = `fill="none" stroke="${T}" stroke-width="3" stroke-dasharray="10 8"`;
  switch (category) {
    case 'collares':
      return (
        `<ellipse cx="400" cy="380" rx="250" ry="200" fill="none" stroke="${T}" stroke-width="96"/>` +
        `<ellipse cx="400" cy="380" rx="250" ry="200" fill="none" stroke="${fill}" stroke-width="84"/>` +
        `<ellipse cx="400" cy="380" rx="250" ry="200" ${stitch}/>` +
        `<path d="M360 176Q400 96 440 176" fill="none" stroke="${H}" stroke-width="14"/>` +
        `<rect x="350" y="536" width="110" height="88" rx="14" fill="none" stroke="${H}" stroke-width="14"/>` +
        `<path d="M405 540v80" stroke="${H}" stroke-width="10"/>` +
        `<g fill="${T}"><circle cx="500" cy="568" r="7"/><circle cx="540" cy="560" r="7"/><circle cx="580" cy="548" r="7"/></g>`
      );
    case 'correas':
      return (
        `<ellipse cx="230" cy="190" rx="110" ry="70" transform="rotate(-20 230 190)" fill="none" stroke="${T}" stroke-width="50"/>` +
        `<ellipse cx="230" cy="190" rx="110" ry="70" transform="rotate(-20 230 190)" fill="none" stroke="${fill}" stroke-width="40"/>` +
        `<path d="M300 240C560 280 170 470 540 560" fill="none" stroke="${T}" stroke-width="54" stroke-linecap="round"/>` +
        `<path d="M300 240C560 280 170 470 540 560" fill="none" stroke="${fill}" stroke-width="44" stroke-linecap="round"/>` +
        `<path d="M300 240C560 280 170 470 540 560" ${stitch}/>` +
        `<rect x="280" y="222" width="44" height="40" rx="6" fill="${H}"/>` +
        `<rect x="530" y="540" width="40" height="44" rx="8" fill="${H}"/>` +
        `<path d="M552 584v60a30 30 0 0 0 60 0v-24" fill="none" stroke="${H}" stroke-width="16" stroke-linecap="round"/>`
      );
    case 'arneses':
      return (
        `<ellipse cx="400" cy="250" rx="150" ry="105" fill="none" stroke="${T}" stroke-width="58"/>` +
        `<ellipse cx="400" cy="250" rx="150" ry="105" fill="none" stroke="${fill}" stroke-width="48"/>` +
        `<ellipse cx="400" cy="470" rx="230" ry="150" fill="none" stroke="${T}" stroke-width="68"/>` +
        `<ellipse cx="400" cy="470" rx="230" ry="150" fill="none" stroke="${fill}" stroke-width="58"/>` +
        `<ellipse cx="400" cy="470" rx="230" ry="150" ${stitch}/>` +
        `<rect x="345" y="330" width="110" height="300" rx="40" fill="${fill}" stroke="${T}" stroke-width="6"/>` +
        `<rect x="365" y="350" width="70" height="260" rx="28" ${stitch}/>` +
        `<path d="M370 150Q400 80 430 150" fill="none" stroke="${H}" stroke-width="14"/>` +
        `<rect x="595" y="440" width="54" height="60" rx="10" fill="${H}"/><rect x="151" y="440" width="54" height="60" rx="10" fill="${H}"/>` +
        `<rect x="610" y="455" width="24" height="30" rx="4" fill="${T}"/><rect x="166" y="455" width="24" height="30" rx="4" fill="${T}"/>`
      );
    case 'bandanas':
      return (
        `<path d="M110 200L690 200L400 660Z" fill="${fill}" stroke="${T}" stroke-width="8" stroke-linejoin="round"/>` +
        `<path d="M160 225L640 225L400 610Z" ${stitch}/>` +
        `<rect x="100" y="168" width="600" height="48" rx="12" fill="${fill}" stroke="${T}" stroke-width="8"/>` +
        `<path d="M104 180L30 150L52 230Z" fill="${fill}" stroke="${T}" stroke-width="6" stroke-linejoin="round"/>` +
        `<path d="M696 180L770 150L748 230Z" fill="${fill}" stroke="${T}" stroke-width="6" stroke-linejoin="round"/>`
      );
    case 'pecheras':
    case 'pecheras-backpack': {
      const vest =
        `<path d="M230 190Q400 120 570 190L640 520Q400 660 160 520Z" fill="${fill}" stroke="${T}" stroke-width="14" stroke-linejoin="round"/>` +
        `<path d="M250 215Q400 155 550 215L610 505Q400 620 190 505Z" ${stitch}/>` +
        `<ellipse cx="400" cy="215" rx="95" ry="48" fill="${a.background}" stroke="${T}" stroke-width="10"/>` +
        `<path d="M345 300q55-70 110 0" fill="none" stroke="${T}" stroke-width="22" stroke-linecap="round"/>` +
        `<path d="M150 430h-60M650 430h60" stroke="${T}" stroke-width="40"/>` +
        `<rect x="70" y="405" width="40" height="50" rx="8" fill="${H}"/><rect x="690" y="405" width="40" height="50" rx="8" fill="${H}"/>` +
        `<circle cx="400" cy="360" r="18" fill="none" stroke="${H}" stroke-width="8"/>`;
      if (category === 'pecheras') {
        return (
          vest + `<path d="M205 440Q400 520 595 440" fill="none" stroke="${a.accent}" stroke-width="16" opacity=".85"/>`
        );
      }
      const pocket = (x: number) =>
        `<rect x="${x}" y="390" width="150" height="150" rx="30" fill="${fill}" stroke="${T}" stroke-width="10"/>` +
        `<path d="M${x + 10} 430h130" stroke="${H}" stroke-width="6" stroke-dasharray="6 4"/>` +
        `<rect x="${x + 108}" y="420" width="14" height="28" rx="4" fill="${H}"/>` +
        `<rect x="${x + 18}" y="455" width="114" height="70" rx="18" ${stitch}/>`;
      return vest + pocket(160) + pocket(490);
    }
    case 'chaquetas':
      return (
        `<path d="M270 190L150 280L190 450L255 420Z" fill="${fill}" stroke="${T}" stroke-width="8" stroke-linejoin="round"/>` +
        `<path d="M530 190L650 280L610 450L545 420Z" fill="${fill}" stroke="${T}" stroke-width="8" stroke-linejoin="round"/>` +
        `<path d="M270 180L530 180L560 640L240 640Z" fill="${fill}" stroke="${T}" stroke-width="8" stroke-linejoin="round"/>` +
        `<path d="M250 560h300" stroke="${T}" stroke-width="4" stroke-dasharray="10 6"/>` +
        `<path d="M400 230v405" stroke="${T}" stroke-width="5"/>` +
        `<path d="M270 180L400 240L370 300L290 250Z M530 180L400 240L430 300L510 250Z" fill="${a.accent}" stroke="${T}" stroke-width="6" stroke-linejoin="round"/>` +
        `<rect x="290" y="310" width="80" height="70" rx="6" ${stitch}/><rect x="430" y="310" width="80" height="70" rx="6" ${stitch}/>` +
        `<path d="M290 310h80v28h-80zM430 310h80v28h-80z" fill="${fill}" stroke="${T}" stroke-width="4"/>` +
        `<g fill="${H}"><circle cx="420" cy="300" r="9"/><circle cx="420" cy="380" r="9"/><circle cx="420" cy="460" r="9"/><circle cx="420" cy="540" r="9"/><circle cx="330" cy="328" r="6"/><circle cx="470" cy="328" r="6"/></g>`
      );
  }
}

function backdrop(a: ArtSpec, seed: string): string {
  const rnd = seededRandom(seed);
  let paws = '';
  for (let i = 0; i < 3; i++) {
    paws += paw(60 + rnd() * 680, 60 + rnd() * 620, 26 + rnd() * 20, a.trim, 0.07);
  }
  return (
    `<rect width="${SIZE}" height="${SIZE}" fill="${a.background}"/>${paws}` +
    `<ellipse cx="400" cy="690" rx="280" ry="26" fill="#000" opacity=".08"/>`
  );
}

function label(text: string, sub: string): string {
  return (
    `<text x="400" y="752" font-family="sans-serif" font-size="30" font-weight="bold" fill="#2e2a26" text-anchor="middle">${escapeXml(text)}</text>` +
    `<text x="40" y="56" font-family="sans-serif" font-size="22" letter-spacing="4" fill="#2e2a26" opacity=".55">${escapeXml(sub)}</text>`
  );
}

function svgDoc(defs: string, content: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img">` +
    `<defs>${defs}</defs>${content}</svg>`
  );
}

/** Two 800x800 SVG images (full view and close-up detail) for a product. */
export function productImages(p: SeedProduct): GeneratedImage[] {
  const a = p.art;
  const pid = `m-${p.slug}`;
  const fill = `url(#${pid})`;
  const item = drawItem(p.category, a, fill);
  const pattern = motifPattern(pid, a);
  const noun = itemNames[p.category];
  const motif = motifNames[a.motif];

  const front = svgDoc(pattern, backdrop(a, p.slug) + item + label(p.name, 'ENZO'));

  const [fx, fy] = detailFocus[p.category];
  const clipId = `c-${p.slug}`;
  const detail = svgDoc(
    pattern + `<clipPath id="${clipId}"><circle cx="400" cy="380" r="310"/></clipPath>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="${a.background}"/>` +
      `<g clip-path="url(#${clipId})"><rect width="${SIZE}" height="${SIZE}" fill="${a.background}"/>` +
      `<g transform="translate(400 380) scale(2.2) translate(${-fx} ${-fy})">${item}</g></g>` +
      `<circle cx="400" cy="380" r="310" fill="none" stroke="${a.trim}" stroke-width="10"/>` +
      paw(690, 650, 30, a.trim, 0.25) +
      label(p.name, 'DETALLE'),
  );

  return [
    {
      fileName: `${p.slug}-1.svg`,
      contentType: 'image/svg+xml',
      body: front,
      alt: `${p.name}: ${noun} color ${a.colorName} con ${motif}, vista completa`,
      width: SIZE,
      height: SIZE,
    },
    {
      fileName: `${p.slug}-2.svg`,
      contentType: 'image/svg+xml',
      body: detail,
      alt: `Detalle de ${detailNames[p.category]} de ${p.name} (${motif}, color ${a.colorName})`,
      width: SIZE,
      height: SIZE,
    },
  ];
}
