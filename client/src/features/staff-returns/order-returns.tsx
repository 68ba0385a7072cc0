import { useQuery } from '@apollo/client/react';
import { StaffOrderReturnsDocument } from './staff-returns.generated';
import { ReturnCard } from './return-card';
import './staff-returns.css';

/** The order detail's returns section: every request on the order with its next step. */
export function OrderReturns({ orderId, onChanged }: { orderId: string; onChanged?: () => void }) {
  const { data } = useQuery(StaffOrderReturnsDocument, {
    variables: { id: orderId },
    fetchPolicy: 'cache-and-network',
  });
  const returns = data?.staffOrder?.returns ?? [];
  if (returns.length === 0) return null;
  return (
    <section className="order-returns no-print" aria-labelledby="order-returns-title">
      <h2 id="order-returns-title">Devoluciones y reembolsos</h2>
      <div className="returns-list">
        {returns.map((r) => (
          <ReturnCard key={r.id} request={r} showOrder={false} onChanged={onChanged} />
        ))}
      </div>
    </section>
  );
}
