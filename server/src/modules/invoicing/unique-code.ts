import { createHash } from 'node:crypto';

/**
 * The unique code of an electronic document (DIAN technical annex 1.9): SHA-384, lowercase hex, of
 *   NumFac + FecFac + HorFac + ValFac + "01" + ValImp1 + "04" + ValImp2 + "03" + ValImp3 + ValTot + NitOFE + NumAdq
 *   + key + TipoAmbiente
 * where the number carries its prefix, the date is YYYY-MM-DD, the time HH:MM:SS-05:00, every amount has two
 * decimals and a dot (no thousands separator), NitOFE is the issuer's NIT without its check digit and NumAdq the
 * buyer's identification. The key is the numbering resolution's technical key for an invoice (CUFE) and the
 * software PIN for a credit note (CUDE). TipoAmbiente is 1 in production and 2 in the DIAN's test environment.
 */
export interface UniqueCodeInput {
  /** Prefix and number, e.g. `SETP990000001`. */
  number: string;
  /** YYYY-MM-DD (Colombian time). */
  date: string;
  /** HH:MM:SS-05:00. */
  time: string;
  /** LineExtensionAmount. */
  lineExtension: string;
  /** IVA (tax scheme 01). */
  iva: string;
  /** INC (tax scheme 04). */
  inc: string;
  /** ICA (tax scheme 03). */
  ica: string;
  /** PayableAmount. */
  payable: string;
  issuerNit: string;
  buyerId: string;
  environment: '1' | '2';
}

/** The string whose SHA-384 is the code (kept apart so a test can check its composition). */
export function uniqueCodeChain(input: UniqueCodeInput, key: string): string {
  return [
    input.number,
    input.date,
    input.time,
    input.lineExtension,
    '01',
    input.iva,
    '04',
    input.inc,
    '03',
    input.ica,
    input.payable,
    input.issuerNit,
    input.buyerId,
    key,
    input.environment,
  ].join('');
}

/** CUFE of an invoice: keyed by the numbering resolution's technical key. */
export function cufe(input: UniqueCodeInput, technicalKey: string): string {
  return createHash('sha384').update(uniqueCodeChain(input, technicalKey), 'utf8').digest('hex');
}

/** CUDE of a credit note: keyed by the software PIN. */
export function cude(input: UniqueCodeInput, softwarePin: string): string {
  return createHash('sha384').update(uniqueCodeChain(input, softwarePin), 'utf8').digest('hex');
}

/** SoftwareSecurityCode: SHA-384 of the software id, its PIN and the document's number. */
export function softwareSecurityCode(softwareId: string, softwarePin: string, number: string): string {
  return createHash('sha384').update(`${softwareId}${softwarePin}${number}`, 'utf8').digest('hex');
}

/** The DIAN's public lookup of a document by its CUFE/CUDE: habilitación (tests) or production. */
export function dianLookupUrl(code: string, environment: '1' | '2'): string {
  const host = environment === '1' ? 'catalogo-vpfe.dian.gov.co' : 'catalogo-vpfe-hab.dian.gov.co';
  return `https://${host}/document/searchqr?documentkey=${code}`;
}
