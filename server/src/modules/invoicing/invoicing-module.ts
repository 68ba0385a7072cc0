import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { LegalSettingsService } from '../legal/index.js';
import { AlegraEinvoiceProvider } from './alegra-provider.js';
import { DocumentBuilder } from './document-builder.js';
import { DocumentFiles } from './document-files.js';
import { DocumentIssuer } from './document-issuer.js';
import { DocumentMails } from './document-mails.js';
import { DocumentQueue } from './document-queue.js';
import type { EinvoiceProvider } from './einvoice-provider.js';
import { InvoicingAdmin } from './invoicing-admin.service.js';
import { SandboxEinvoiceProvider } from './sandbox-provider.js';

/** Electronic invoicing as configured (parsed from the environment at start-up). */
export interface InvoicingConfig {
  provider: 'sandbox' | 'alegra';
  environment: '1' | '2';
  alegra: { apiUrl: string; token: string; companyId: string } | null;
  testTechnicalKey: string;
  softwareId: string;
  softwarePin: string;
  real: boolean;
}

export interface InvoicingModule {
  provider: EinvoiceProvider;
  queue: DocumentQueue;
  issuer: DocumentIssuer;
  admin: InvoicingAdmin;
  files: DocumentFiles;
}

/**
 * Wires the module once at start-up: the provider (Alegra when configured, the built-in sandbox otherwise), the
 * queue the order lifecycle and returns call, the job that issues, the owner's administration and the files.
 */
export function createInvoicingModule(deps: {
  ds: DataSource;
  config: InvoicingConfig;
  legal: LegalSettingsService;
  publicUrl: () => string;
  /** Why this deployment may not turn invoicing on, or null. */
  cannotEnable: string | null;
  log?: Logger;
}): InvoicingModule {
  const { ds, config } = deps;
  const provider: EinvoiceProvider = config.alegra
    ? new AlegraEinvoiceProvider(config.alegra)
    : new SandboxEinvoiceProvider({
        softwareId: config.softwareId,
        softwarePin: config.softwarePin,
      });
  const allocation = { environment: config.environment, testTechnicalKey: config.testTechnicalKey };
  const builder = new DocumentBuilder({
    softwareId: config.softwareId,
    softwarePin: config.softwarePin,
    legal: (m) => deps.legal.profile(m),
  });
  const mails = new DocumentMails(deps.publicUrl);
  return {
    provider,
    queue: new DocumentQueue({ ...allocation, provider: config.provider, publicUrl: deps.publicUrl }),
    issuer: new DocumentIssuer(ds, provider, builder, mails, deps.log),
    admin: new InvoicingAdmin(
      ds,
      { ...allocation, provider: config.provider, real: config.real, cannotEnable: deps.cannotEnable },
      mails,
    ),
    files: new DocumentFiles(ds, builder, config.real),
  };
}
