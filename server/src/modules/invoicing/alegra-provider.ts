import { unzipSync, strFromU8 } from 'fflate';
import type { Reason } from './dian-rules.js';
import type { AmountLine } from './document-amounts.js';
import type { ElectronicDocument, PartyAddress } from './electronic-document.js';
import {
  ProviderUnavailable,
  type EinvoiceProvider,
  type IssueOutcome,
  type IssueRequest,
} from './einvoice-provider.js';

/**
 * Alegra's e-invoicing provider API for Colombia («API Alegra Proveedor Electrónico», REST with a Bearer token;
 * sandbox https://sandbox-api.alegra.com/e-provider/col/v1, production https://api.alegra.com/e-provider/col/v1):
 * `POST /invoices` and `POST /credit-notes` with the document as JSON; Alegra builds and signs the UBL, sends it to
 * the DIAN and answers `{ invoice | creditNote: { id, status, legalStatus, cufe | cude, governmentResponse, … } }`.
 * `GET /{invoices|credit-notes}/{id}` asks again; `GET /{…}?prefix=&number=` finds a document sent before (a retry
 * never sends the same number twice). The XML the buyer receives comes from the invoice's `zip` (PDF and
 * AttachedDocument) or from `GET /{…}/{id}/files/{fileType}` (base64).
 */
export interface AlegraSettings {
  apiUrl: string;
  token: string;
  /** The shop's company id at Alegra (`company.id`). */
  companyId: string;
  /** File type asked for when a document comes without its zip. */
  xmlFileType?: string;
  timeoutMs?: number;
}

const ACCEPTED = new Set(['ACCEPTED', 'ACCEPTED_WITH_OBSERVATIONS']);

interface AlegraDocument {
  id?: string;
  date?: string;
  status?: string;
  legalStatus?: string;
  cufe?: string;
  cude?: string;
  qrCodeContent?: string;
  zip?: string;
  governmentResponse?: { code?: string; message?: string; errorMessages?: string[] };
  errors?: Array<{ code?: string; message?: string }>;
}

const decimal = (cents: number) => Math.round(cents) / 100;

function addressOf(a: PartyAddress) {
  return {
    address: a.line,
    city: a.municipalityCode,
    department: a.departmentCode,
    country: 'CO',
    ...(a.postalCode ? { postalCode: a.postalCode } : {}),
  };
}

function item(l: AmountLine, percent: number) {
  return {
    code: l.code,
    standardCode: { id: '999', identificationId: l.code },
    description: l.description,
    price: decimal(l.unitPrice),
    discount: l.allowance > 0 ? Number(((l.allowance * 100) / l.gross).toFixed(2)) : 0,
    discountAmount: decimal(l.allowance),
    quantity: l.quantity,
    unitCode: '94',
    subtotal: decimal(l.base),
    taxAmount: decimal(l.tax),
    total: decimal(l.base + l.tax),
    taxes:
      percent > 0
        ? [
            {
              taxCode: '01',
              taxAmount: decimal(l.tax),
              taxPercentage: percent.toFixed(2),
              taxableAmount: decimal(l.base),
            },
          ]
        : [],
  };
}

/** The document as Alegra's JSON: the same numbers the shop's own UBL states. */
export function alegraBody(
  d: ElectronicDocument,
  companyId: string,
  technicalKey: string | null,
): Record<string, unknown> {
  const a = d.amounts;
  // Rounding to the peso is a document-level charge or discount: it does not touch any taxable base.
  const rounding =
    a.rounding === 0
      ? []
      : [
          {
            isCharge: a.rounding > 0,
            reason: 'Ajuste al peso',
            reasonCode: a.rounding > 0 ? '02' : '00',
            percentageAmount: 0,
            amount: decimal(Math.abs(a.rounding)),
            baseAmount: decimal(a.taxInclusive),
          },
        ];
  const issuer = d.issuer;
  const body: Record<string, unknown> = {
    number: d.number,
    ...(d.note ? { note: d.note } : {}),
    company: {
      id: companyId,
      organizationType: issuer.organizationType === 'JURIDICA' ? 1 : 2,
      identificationNumber: issuer.nit.number,
      dv: issuer.nit.checkDigit,
      name: issuer.legalName,
      tradeName: issuer.tradeName,
      regimeCode: issuer.responsibilities.join(';'),
      taxCode: { id: issuer.taxRegime === 'RESPONSABLE_IVA' ? '01' : 'ZZ' },
      email: issuer.email,
      phone: issuer.phone,
      address: addressOf(issuer.address),
    },
    customer: {
      name: d.buyer.name,
      organizationType: Number(d.buyer.organizationType),
      identificationType: d.buyer.identificationType,
      identificationNumber: d.buyer.identification,
      ...(d.buyer.checkDigit !== null ? { dv: d.buyer.checkDigit } : {}),
      regimeCode: 'R-99-PN',
      email: d.buyer.email,
      phone: d.buyer.phone,
      ...(d.buyer.address ? { address: addressOf(d.buyer.address) } : {}),
    },
    items: a.lines.map((l) => item(l, a.taxPercent)),
    payments: [{ paymentForm: '1', paymentMethod: d.paymentMeansCode, paymentDueDate: d.date }],
    ...(rounding.length ? { discountsAndCharges: rounding } : {}),
    totalAmounts: {
      grossTotal: decimal(a.lineExtension),
      taxableTotal: decimal(a.taxable),
      taxTotal: decimal(a.tax),
      discountTotal: decimal(a.rounding < 0 ? -a.rounding : 0),
      chargeTotal: decimal(a.rounding > 0 ? a.rounding : 0),
      advanceTotal: 0,
      payableTotal: decimal(a.payable),
      currencyCode: 'COP',
    },
  };
  if (d.kind === 'INVOICE') {
    const n = d.numbering!;
    return {
      documentType: '01',
      ...body,
      resolution: {
        resolutionNumber: n.resolutionNumber,
        prefix: n.prefix,
        minNumber: n.from,
        maxNumber: n.to,
        startDate: n.validFrom,
        endDate: n.validTo,
        technicalKey: technicalKey ?? '',
      },
    };
  }
  const c = d.corrects!;
  const invoiceMatch = /^(\D*)(\d+)$/.exec(c.id);
  return {
    documentType: '91',
    prefix: d.prefix,
    conceptCode: c.responseCode,
    ...body,
    note: c.description,
    associatedDocuments: [
      {
        date: c.issueDate,
        documentType: '01',
        prefix: invoiceMatch?.[1] ?? '',
        number: Number(invoiceMatch?.[2] ?? 0),
        uuid: c.uniqueCode,
      },
    ],
  };
}

function reasonsOf(doc: AlegraDocument | undefined, body: unknown): Reason[] {
  const reasons: Reason[] = [];
  const gov = doc?.governmentResponse;
  for (const message of gov?.errorMessages ?? []) reasons.push({ code: gov?.code ?? 'DIAN', message: String(message) });
  if (reasons.length === 0 && gov?.message && doc?.legalStatus === 'REJECTED')
    reasons.push({ code: gov.code ?? 'DIAN', message: gov.message });
  const errors = doc?.errors ?? (body as { errors?: AlegraDocument['errors'] } | null)?.errors ?? [];
  for (const e of errors) reasons.push({ code: e.code ?? 'ALEGRA', message: e.message ?? 'Error del proveedor' });
  return reasons.length
    ? reasons
    : [{ code: 'ALEGRA', message: 'El proveedor rechazó el documento sin decir por qué.' }];
}

export class AlegraEinvoiceProvider implements EinvoiceProvider {
  readonly kind = 'alegra';

  constructor(private readonly settings: AlegraSettings) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    let res: Response;
    try {
      res = await fetch(`${this.settings.apiUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.settings.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 20_000),
      });
    } catch (err) {
      throw new ProviderUnavailable(`Alegra no respondió: ${(err as Error).message}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): the status decides.
      json = null;
    }
    if (res.status >= 500 || res.status === 429)
      throw new ProviderUnavailable(`Alegra respondió ${res.status}; se reintentará.`);
    if (res.status === 401 || res.status === 403)
      throw new ProviderUnavailable(`Alegra rechazó las credenciales (${res.status}): revisa ALEGRA_EINVOICE_TOKEN.`);
    return { status: res.status, json };
  }

  private documentOf(json: unknown): AlegraDocument | undefined {
    const root = (json ?? {}) as Record<string, unknown>;
    const found = [root.invoice, root.creditNote, ...(Array.isArray(root.invoices) ? root.invoices : [])].find(
      (d) => d && typeof d === 'object',
    );
    return found as AlegraDocument | undefined;
  }

  async issue({ document, providerId, attempt, technicalKey }: IssueRequest): Promise<IssueOutcome> {
    const path = document.kind === 'INVOICE' ? '/invoices' : '/credit-notes';
    let doc: AlegraDocument | undefined;
    if (providerId) {
      const found = await this.call('GET', `${path}/${encodeURIComponent(providerId)}`);
      if (found.status === 200) doc = this.documentOf(found.json);
    } else if (attempt > 1) {
      // An earlier attempt may have reached Alegra before failing here: find it instead of sending the number again.
      // One the DIAN refused does not count: a refused number is sent again, corrected.
      const query = `?prefix=${encodeURIComponent(document.prefix)}&number=${document.number}`;
      const found = await this.call('GET', `${path}${query}`);
      const previous = found.status === 200 ? this.documentOf(found.json) : undefined;
      if (previous?.legalStatus !== 'REJECTED') doc = previous;
    }
    if (!doc) {
      const sent = await this.call('POST', path, alegraBody(document, this.settings.companyId, technicalKey));
      if (sent.status >= 400)
        return { status: 'RECHAZADO', reasons: reasonsOf(undefined, sent.json), providerId: null };
      doc = this.documentOf(sent.json);
      if (!doc?.id) throw new ProviderUnavailable('Alegra respondió sin el documento.');
    }
    const id = doc.id ?? providerId!;
    if (doc.legalStatus === 'REJECTED') return { status: 'RECHAZADO', reasons: reasonsOf(doc, null), providerId: id };
    if (!doc.legalStatus || !ACCEPTED.has(doc.legalStatus)) {
      if (doc.status === 'FAILED')
        throw new ProviderUnavailable('Alegra no pudo enviar el documento a la DIAN; se reintentará.');
      return { status: 'PENDIENTE', providerId: id };
    }
    return {
      status: 'EMITIDO',
      uniqueCode: doc.cufe ?? doc.cude ?? document.uniqueCode,
      xml: await this.xmlOf(path, id, doc),
      providerId: id,
      issuedAt: doc.date ? new Date(doc.date) : new Date(),
      qrText: doc.qrCodeContent ?? null,
    };
  }

  /** The AttachedDocument: from the invoice's zip when Alegra gives one, else the document's XML file. */
  private async xmlOf(path: string, id: string, doc: AlegraDocument): Promise<string> {
    if (doc.zip) {
      let res: Response;
      try {
        res = await fetch(doc.zip, { signal: AbortSignal.timeout(this.settings.timeoutMs ?? 20_000) });
      } catch (err) {
        throw new ProviderUnavailable(`No se pudo descargar el XML de Alegra: ${(err as Error).message}`);
      }
      if (!res.ok) throw new ProviderUnavailable(`No se pudo descargar el XML de Alegra (${res.status}).`);
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const xml = Object.entries(files).find(([name]) => name.toLowerCase().endsWith('.xml'));
      if (!xml) throw new ProviderUnavailable('El zip de Alegra no trae el XML.');
      return strFromU8(xml[1]);
    }
    const file = await this.call(
      'GET',
      `${path}/${encodeURIComponent(id)}/files/${this.settings.xmlFileType ?? 'XML'}`,
    );
    const content = (file.json as { file?: { content?: string } } | null)?.file?.content;
    if (file.status !== 200 || !content) throw new ProviderUnavailable(`Alegra no entregó el XML (${file.status}).`);
    return Buffer.from(content, 'base64').toString('utf8');
  }
}
