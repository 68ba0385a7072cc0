import { attachedDocumentXml } from './attached-document.js';
import { dianReview } from './dian-rules.js';
import type { EinvoiceProvider, IssueOutcome, IssueRequest } from './einvoice-provider.js';

export interface SandboxSettings {
  softwareId: string;
  softwarePin: string;
  now?: () => Date;
}

/**
 * The built-in provider and DIAN: reads the UBL XML the shop built and checks what the DIAN checks (dian-rules.ts),
 * then accepts it (the AttachedDocument with the DIAN's verdict) or refuses it with rule codes. Nothing leaves the
 * machine; documents it accepts have no fiscal value.
 */
export class SandboxEinvoiceProvider implements EinvoiceProvider {
  readonly kind = 'sandbox';

  constructor(private readonly settings: SandboxSettings) {}

  async issue({ document, xml, technicalKey, acceptedInvoice }: IssueRequest): Promise<IssueOutcome> {
    const now = this.settings.now?.() ?? new Date();
    const reasons = await dianReview(xml, {
      technicalKey,
      softwareId: this.settings.softwareId,
      softwarePin: this.settings.softwarePin,
      now,
      acceptedInvoice,
    });
    if (reasons.length > 0) return { status: 'RECHAZADO', reasons, providerId: null };
    return {
      status: 'EMITIDO',
      uniqueCode: document.uniqueCode,
      xml: attachedDocumentXml(document, xml, { code: '02', at: now }),
      providerId: null,
      issuedAt: now,
      qrText: document.qrText,
    };
  }
}
