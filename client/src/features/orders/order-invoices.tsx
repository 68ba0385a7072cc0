import { formatCop } from '#shared/money.js';
import { EINVOICE_KIND_LABELS } from '#shared/einvoicing.js';
import type { ReceiptFieldsFragment } from './orders.generated';

/** The order's DIAN electronic invoice and credit notes: PDF and XML, each behind the order's link. */
export function OrderInvoices({ receipt }: { receipt: ReceiptFieldsFragment }) {
  const docs = receipt.electronicDocuments;
  if (docs.length === 0) return null;
  return (
    <section className="receipt-section" aria-labelledby="order-invoices-title">
      <h2 id="order-invoices-title">Factura electrónica</h2>
      <ul>
        {docs.map((d) => (
          <li key={d.pdfUrl}>
            <strong>
              {EINVOICE_KIND_LABELS[d.kind]} {d.number}
            </strong>{' '}
            ({formatCop(d.amount)})
            {d.status === 'PENDIENTE' ? (
              <span> · se está emitiendo ante la DIAN; vuelve en unos minutos.</span>
            ) : (
              <>
                {' · '}
                <a href={d.pdfUrl} target="_blank" rel="noopener noreferrer">
                  Ver PDF
                </a>
                {' · '}
                <a href={d.xmlUrl}>Descargar XML</a>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
