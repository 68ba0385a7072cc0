import type { Resolvers } from '../../generated/graphql.js';
import { currentStaff, staffOnly } from '../../common/access.js';
import { roleAllows } from '#shared/staff-access.js';
import type { ReadCache } from '../../common/read-cache.js';
import type { DataSource } from 'typeorm';
import { documentUrl } from './document-links.js';
import { documentNumber, type DocumentRow } from './document-row.js';
import { invoicingEnabled } from './document-queue.js';
import type { InvoicingModule } from './invoicing-module.js';

/** Electronic documents for staff (order page, settings, retries) and for the shopper's order page and footer. */
export function createInvoicingResolvers(deps: {
  ds: DataSource;
  invoicing: InvoicingModule;
  cache: ReadCache;
  publicUrl: () => string;
}): Resolvers {
  const { invoicing } = deps;
  return {
    ShopSettings: {
      electronicInvoicing: () => deps.cache.remember('einvoice-enabled', () => invoicingEnabled(deps.ds.manager)),
    },
    Query: {
      staffInvoicing: staffOnly('invoices.view', () => invoicing.admin.view()),
    },
    Mutation: {
      staffSetInvoicingEnabled: staffOnly('invoices.manage', async (_p, { enabled }, ctx) => {
        const staff = await currentStaff(ctx);
        return invoicing.admin.setEnabled(enabled, staff.email ?? staff.uid);
      }),
      staffSaveInvoiceNumbering: staffOnly('invoices.manage', async (_p, { input }, ctx) => {
        const staff = await currentStaff(ctx);
        return invoicing.admin.saveNumbering(input, staff.email ?? staff.uid);
      }),
      staffRetryElectronicDocument: staffOnly('invoices.manage', (_p, { id }) => invoicing.admin.retry(id)),
      staffResendElectronicDocument: staffOnly('invoices.send', (_p, { id }) => invoicing.admin.resend(id)),
    },
    InvoicingSettingsResult: {
      __resolveType: (r) => (r.__typename === 'ValidationErrors' ? 'ValidationErrors' : 'InvoicingSettings'),
    },
    ElectronicDocumentResult: {
      __resolveType: (r) => ('__typename' in r && r.__typename ? r.__typename : 'ElectronicDocument'),
    },
    ElectronicDocument: {
      id: (d) => String(d.id),
      number: (d) => documentNumber(d),
      issuedAt: (d) => d.issued_at,
      acceptedAt: (d) => d.accepted_at,
      uniqueCode: (d) => d.unique_code,
      reasons: (d) => d.reasons,
      lastError: (d) => (d.status === 'PENDIENTE' ? d.last_error : null),
      pdfPath: (d) => `/api/staff/documentos/${d.id}.pdf`,
      xmlPath: (d) => `/api/staff/documentos/${d.id}.xml`,
      corrects: async (d) => {
        if (d.invoice_id === null) return null;
        const invoice = await invoicing.files.find(d.invoice_id);
        return invoice ? documentNumber(invoice) : null;
      },
      note: (d) =>
        d.kind === 'INVOICE' ? null : d.return_id ? 'Reembolso de una devolución' : 'Cancelación del pedido pagado',
    },
    StaffOrder: {
      electronicDocuments: async (o, _a, ctx) => {
        const staff = await currentStaff(ctx);
        return roleAllows(staff.role, 'invoices.view') ? invoicing.admin.documentsOf(o.id) : [];
      },
    },
    StaffDashboard: {
      invoicingWarnings: async (_d, _a, ctx) => {
        const staff = await currentStaff(ctx);
        return roleAllows(staff.role, 'invoices.view') ? (await invoicing.admin.view()).warnings : [];
      },
    },
    OrderReceipt: {
      electronicDocuments: async (r) => {
        const docs: DocumentRow[] = await deps.ds.query(
          `SELECT * FROM einvoice_document WHERE order_id = $1 AND number IS NOT NULL AND status <> 'RECHAZADO' ORDER BY id`,
          [r.order.id],
        );
        return docs.map((d) => ({
          kind: d.kind,
          number: documentNumber(d),
          status: d.status,
          amount: d.amount,
          pdfUrl: documentUrl(deps.publicUrl(), r.order, d.kind, d.id, 'pdf'),
          xmlUrl: documentUrl(deps.publicUrl(), r.order, d.kind, d.id, 'xml'),
        }));
      },
    },
  };
}
