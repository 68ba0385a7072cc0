/**
 * Query parameters that ads, e-mail campaigns and social networks add to a link to recognise the click (`utm_*`,
 * Google's `gclid`, Meta's `fbclid`, TikTok's `ttclid`…). They never change what a page shows: the server renders and
 * caches such a URL as the same page (its canonical link is the page's own), and the shop's own links never carry them.
 */
const TRACKING = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'gad_source',
  'gad_campaignid',
  'msclkid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'igshid',
  'igsh',
  'yclid',
  'mc_cid',
  'mc_eid',
  'rdt_cid',
  'sccid',
  'epik',
  'srsltid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'wickedid',
]);

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING.has(lower);
}

/**
 * A path with its query (`/collares?talla=M&utm_source=x`) split into the URL without the tracking parameters, the
 * others kept in their order and spelling (`/collares?talla=M`), and the tracking parameters as they were written
 * (`['utm_source=x']`). A URL without any is returned as it is.
 */
export function splitTrackingParams(url: string): { url: string; tracking: string[] } {
  const q = url.indexOf('?');
  if (q < 0) return { url, tracking: [] };
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = query.split('&');
  const kept: string[] = [];
  const tracking: string[] = [];
  for (const part of parts) {
    const eq = part.indexOf('=');
    const raw = eq < 0 ? part : part.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      kept.push(part);
      continue;
    }
    (isTrackingParam(name) ? tracking : kept).push(part);
  }
  if (tracking.length === 0) return { url, tracking };
  const base = url.slice(0, q);
  return { url: kept.length ? `${base}?${kept.join('&')}` : base, tracking };
}

/** The URL without its tracking parameters (splitTrackingParams). */
export function withoutTrackingParams(url: string): string {
  return splitTrackingParams(url).url;
}

/** `location` with the tracking parameters `tracking` added back (a redirect keeps the click's parameters). */
export function withTrackingParams(location: string, tracking: readonly string[]): string {
  if (tracking.length === 0) return location;
  const hash = location.indexOf('#');
  const [path, fragment] = hash < 0 ? [location, ''] : [location.slice(0, hash), location.slice(hash)];
  return `${path}${path.includes('?') ? '&' : '?'}${tracking.join('&')}${fragment}`;
}
