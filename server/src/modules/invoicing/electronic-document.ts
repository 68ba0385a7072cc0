import type { EinvoiceKindValue, OrganizationTypeValue, TaxRegimeValue } from '#shared/einvoicing.js';
import type { Nit } from '#shared/nit.js';
import { shopDateTime } from '#shared/shop-time.js';
import { money, type DocumentAmounts } from './document-amounts.js';
import { cude, cufe, dianLookupUrl, softwareSecurityCode, type UniqueCodeInput } from './unique-code.js';

/** A place as the DIAN names it: the street line and its DIVIPOLA codes and names. */
export interface PartyAddress {
  line: string;
  departmentCode: string;
  departmentName: string;
  municipalityCode: string;
  municipalityName: string;
  postalCode?: string | null;
}

/** The shop, as its legal settings describe it. */
export interface Issuer {
  legalName: string;
  tradeName: string;
  nit: Nit;
  organizationType: OrganizationTypeValue;
  taxRegime: TaxRegimeValue;
  /** TaxLevelCode values, e.g. `R-99-PN`. */
  responsibilities: string[];
  address: PartyAddress;
  phone: string;
  email: string;
}

/** The buyer, from the document the shopper gave at checkout (or the final consumer). */
export interface Buyer {
  name: string;
  /** DIAN identification type: 13 CC, 22 CE, 31 NIT, 41 pasaporte, 12 TI… */
  identificationType: string;
  identification: string;
  /** Only for a NIT (type 31). */
  checkDigit: string | null;
  /** 1 persona jurídica, 2 persona natural. */
  organizationType: '1' | '2';
  finalConsumer: boolean;
  email: string;
  phone: string;
  address: PartyAddress | null;
}

/** The DIAN numbering resolution an invoice's number belongs to. */
export interface NumberingResolution {
  resolutionNumber: string;
  prefix: string;
  from: number;
  to: number;
  /** YYYY-MM-DD. */
  validFrom: string;
  validTo: string;
}

/** The software that issues (the shop's own, registered with the DIAN), and who provides it. */
export interface SoftwareIdentity {
  id: string;
  pin: string;
  providerNit: Nit;
}

/** What a document says, before its unique code is computed. */
export interface DocumentDraft {
  kind: EinvoiceKindValue;
  prefix: string;
  number: number;
  issuedAt: Date;
  /** `1` production, `2` the DIAN's test environment (TipoAmbiente, ProfileExecutionID). */
  environment: '1' | '2';
  issuer: Issuer;
  buyer: Buyer;
  amounts: DocumentAmounts;
  /** DIAN PaymentMeansCode (10 efectivo, 47 transferencia, 48 tarjeta crédito…). */
  paymentMeansCode: string;
  /** The shop's order reference (OrderReference). */
  orderReference: string;
  note?: string;
  /** Invoices: the resolution of their number. */
  numbering?: NumberingResolution;
  /** Credit notes: the invoice they correct and why (DiscrepancyResponse: 1 devolución, 2 anulación). */
  corrects?: { id: string; uniqueCode: string; issueDate: string; responseCode: '1' | '2'; description: string };
  software: SoftwareIdentity;
}

/** A document with its CUFE/CUDE, software security code and QR, ready to become XML. */
export interface ElectronicDocument extends DocumentDraft {
  /** Prefix and number, e.g. `SETP990000001`. */
  id: string;
  date: string;
  time: string;
  uniqueCode: string;
  securityCode: string;
  qrText: string;
  lookupUrl: string;
}

/** The fields of the CUFE/CUDE chain, read from the document as the DIAN reads them from the XML. */
export function uniqueCodeInput(d: DocumentDraft): UniqueCodeInput {
  const { date, time } = shopDateTime(d.issuedAt);
  return {
    number: `${d.prefix}${d.number}`,
    date,
    time,
    lineExtension: money(d.amounts.lineExtension),
    iva: money(d.amounts.tax),
    inc: money(0),
    ica: money(0),
    payable: money(d.amounts.payable),
    issuerNit: d.issuer.nit.number,
    buyerId: d.buyer.identification,
    environment: d.environment,
  };
}

/**
 * Computes the CUFE (invoice: the resolution's technical key) or CUDE (credit note: the software PIN), the software
 * security code and the QR text (the annex's fields, ending with the DIAN lookup URL).
 */
export function prepareDocument(d: DocumentDraft, technicalKey: string | null): ElectronicDocument {
  const input = uniqueCodeInput(d);
  if (d.kind === 'INVOICE' && !technicalKey) throw new Error('prepareDocument: an invoice needs the technical key');
  const uniqueCode = d.kind === 'INVOICE' ? cufe(input, technicalKey!) : cude(input, d.software.pin);
  const lookupUrl = dianLookupUrl(uniqueCode, d.environment);
  const qrText = [
    `NumFac: ${input.number}`,
    `FecFac: ${input.date}`,
    `HorFac: ${input.time}`,
    `NitFac: ${input.issuerNit}`,
    `DocAdq: ${input.buyerId}`,
    `ValFac: ${input.lineExtension}`,
    `ValIva: ${input.iva}`,
    `ValOtroIm: ${money(0)}`,
    `ValTolFac: ${input.payable}`,
    `${d.kind === 'INVOICE' ? 'CUFE' : 'CUDE'}: ${uniqueCode}`,
    lookupUrl,
  ].join('\n');
  return {
    ...d,
    id: input.number,
    date: input.date,
    time: input.time,
    uniqueCode,
    securityCode: softwareSecurityCode(d.software.id, d.software.pin, input.number),
    qrText,
    lookupUrl,
  };
}
