/**
 * The shop's legal identity as consumer law asks a Colombian online shop to show it (Ley 1480 de 2011,
 * art. 50; Decreto 1074 de 2015): razón social, NIT, address, phone, email and where to complain (the SIC).
 * The values come from the owner's legal settings, or the server's configuration until the owner saves them
 * (`shopSettings.legal`).
 */

export interface LegalInfo {
  legalName: string;
  nit: string;
  address: string;
  phone: string;
  email: string;
  sicUrl: string;
}

/** Superintendencia de Industria y Comercio: the consumer authority. */
export const SIC_URL = 'https://www.sic.gov.co';

/** `Enzo Accesorios S.A.S. · NIT 901.234.567-7` */
export function legalIdentity(info: Pick<LegalInfo, 'legalName' | 'nit'>): string {
  return `${info.legalName} · NIT ${info.nit}`;
}

/** The legal lines of the footer and of every email, in reading order. */
export function legalLines(info: LegalInfo): string[] {
  return [
    legalIdentity(info),
    `${info.address} · Tel. ${info.phone} · ${info.email}`,
    `Si tienes una queja sobre tus derechos como consumidor, puedes acudir a la Superintendencia de Industria y Comercio: ${info.sicUrl}`,
  ];
}
