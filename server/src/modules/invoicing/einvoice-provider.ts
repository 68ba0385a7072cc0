import type { Reason } from './dian-rules.js';
import type { ElectronicDocument } from './electronic-document.js';

/** What the shop asks its technology provider to issue: the prepared document and its UBL XML. */
export interface IssueRequest {
  document: ElectronicDocument;
  /** The UBL 2.1 Invoice or CreditNote the shop built for it. */
  xml: string;
  /** The numbering resolution's technical key (invoices: it keys the CUFE; null for credit notes). */
  technicalKey: string | null;
  /** The provider's id of this document from an earlier attempt (then it is looked up, never sent again). */
  providerId: string | null;
  /** 1 on the first try. */
  attempt: number;
  /**
   * Whether the DIAN accepted an invoice with this CUFE, as the shop recorded it, read on the issuing transaction's
   * own connection: the registry of the built-in sandbox DIAN. A real provider asks the DIAN and ignores it.
   */
  acceptedInvoice(uniqueCode: string): Promise<boolean>;
}

export type IssueOutcome =
  /** Accepted by the DIAN: its CUFE/CUDE as the provider computed it and the XML the buyer receives. */
  | {
      status: 'EMITIDO';
      uniqueCode: string;
      xml: string;
      providerId: string | null;
      issuedAt: Date;
      qrText: string | null;
    }
  /** Refused, with the reasons the provider or the DIAN gave: nothing to retry until something changes. */
  | { status: 'RECHAZADO'; reasons: Reason[]; providerId: string | null }
  /** The provider took it and the DIAN has not answered yet: ask again later with `providerId`. */
  | { status: 'PENDIENTE'; providerId: string };

/** The provider could not be reached or failed on its side: try again later (the job retries with backoff). */
export class ProviderUnavailable extends Error {}

/** A technology provider (or the built-in sandbox that plays provider and DIAN). */
export interface EinvoiceProvider {
  readonly kind: 'sandbox' | 'alegra';
  issue(request: IssueRequest): Promise<IssueOutcome>;
}
