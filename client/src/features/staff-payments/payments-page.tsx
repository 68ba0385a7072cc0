import { useQuery } from '@apollo/client/react';
import { ONLINE_PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '#shared/orders.js';
import { QueryError } from '../../components/staff/query-error';
import { CashOnDeliveryForm } from './cash-on-delivery-form';
import { StaffCashOnDeliveryDocument } from './staff-payments.generated';

/** `/dashboard/pagos`: the methods the shop takes; contraentrega on/off with its maximum and fee. */
export function PaymentsPage() {
  const { data, error, loading, refetch } = useQuery(StaffCashOnDeliveryDocument, { fetchPolicy: 'cache-and-network' });
  return (
    <section className="staff-page">
      <h1>Medios de pago</h1>
      <p>
        En línea, con la pasarela (Wompi): {ONLINE_PAYMENT_METHODS.map((m) => PAYMENT_METHOD_LABELS[m]).join(', ')}.
      </p>
      {error && !data ? <QueryError onRetry={() => void refetch()} error={error} /> : null}
      {loading && !data ? <p role="status">Cargando…</p> : null}
      {data ? <CashOnDeliveryForm settings={data.staffCashOnDelivery} /> : null}
    </section>
  );
}
