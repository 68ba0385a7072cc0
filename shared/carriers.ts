/**
 * Colombian carriers the shop ships with and the public page where a shopper follows a guide number.
 * The order page, the shipped email and the staff form all build tracking links from this table;
 * a carrier that is not listed is shown as text with its guide number (no link).
 */
export interface Carrier {
  id: 'servientrega' | 'coordinadora' | 'interrapidisimo' | 'envia';
  /** How the carrier writes its own name. */
  name: string;
  /** Folded spellings staff may type (see `foldCarrierName`). */
  aliases: readonly string[];
  /** Tracking page of one guide; `{guia}` is replaced by the URL-encoded guide number. */
  trackingUrlTemplate: string;
}

export const CARRIERS: readonly Carrier[] = [
  {
    id: 'servientrega',
    name: 'Servientrega',
    aliases: ['servientrega'],
    trackingUrlTemplate: 'https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id={guia}',
  },
  {
    id: 'coordinadora',
    name: 'Coordinadora',
    aliases: ['coordinadora', 'coordinadoramercantil'],
    trackingUrlTemplate: 'https://coordinadora.com/rastreo/rastreo-de-guia/detalle-de-rastreo-de-guia/?guia={guia}',
  },
  {
    id: 'interrapidisimo',
    name: 'Interrapidísimo',
    aliases: ['interrapidisimo', 'inter', 'interrapidisimosa'],
    trackingUrlTemplate: 'https://interrapidisimo.com/sigue-tu-envio/?guia={guia}',
  },
  {
    id: 'envia',
    name: 'Envía',
    aliases: ['envia', 'enviacolvanes', 'colvanes'],
    trackingUrlTemplate: 'https://envia.co/rastrear-envios?guia={guia}',
  },
];

/** `Inter Rapidísimo S.A.` → `interrapidisimosa`: lower case, no accents, letters and digits only. */
export function foldCarrierName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The listed carrier a staff member meant, or undefined for any other carrier. */
export function findCarrier(name: string | null | undefined): Carrier | undefined {
  if (!name) return undefined;
  const folded = foldCarrierName(name);
  return CARRIERS.find((c) => c.aliases.includes(folded));
}

/** Where the shopper follows the package, or null (unknown carrier or no guide number). */
export function trackingUrl(carrierName: string | null | undefined, guide: string | null | undefined): string | null {
  const carrier = findCarrier(carrierName);
  const number = guide?.trim();
  if (!carrier || !number) return null;
  return carrier.trackingUrlTemplate.replace('{guia}', encodeURIComponent(number));
}

/** The carrier's own spelling when it is a listed one (`servientrega` → `Servientrega`), else the text as typed. */
export function carrierDisplayName(carrierName: string): string {
  return findCarrier(carrierName)?.name ?? carrierName.trim();
}
