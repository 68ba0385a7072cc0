import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { PAID_STATUSES } from '#shared/orders.js';
import type { OrderStatusValue } from '#shared/orders.js';
import { PendingOrderDocument, ReleaseOrderDocument, type PendingOrderQuery } from './cart.generated';
import { cartSignatureAtom, forgetOrderAtom, orderPaidAtom, pendingOrderAtom } from './pending-order';

export interface ResumableOrder {
  reference: string;
  token: string;
  total: number;
  /** ISO date until which the products are held. */
  payBefore: string | null;
  /** Where the order goes (its shipping, and so its total, are that place's). */
  destination: NonNullable<PendingOrderQuery['orderReceipt']>['shippingAddress'];
}

const UNPAID = new Set<OrderStatusValue>(['PENDIENTE_PAGO', 'PAGO_RECHAZADO']);

/**
 * The order placed from this browser's cart, checked with the server: paid → the cart is emptied;
 * ended unpaid → forgotten (the cart stays); the cart changed since → the order is let go (its stock
 * goes back through the lifecycle). Answers the order the shopper can still pay, and the reference of
 * one just let go.
 */
export function usePendingOrder(): { resumable: ResumableOrder | null; released: string | null } {
  const order = useAtomValue(pendingOrderAtom);
  const signature = useAtomValue(cartSignatureAtom);
  const forget = useSetAtom(forgetOrderAtom);
  const markPaid = useSetAtom(orderPaidAtom);
  const [released, setReleased] = useState<string | null>(null);
  const releasing = useRef<string | null>(null);
  const { data } = useQuery(PendingOrderDocument, {
    variables: { reference: order?.reference ?? '', token: order?.token ?? '' },
    skip: !order,
    fetchPolicy: 'network-only',
  });
  const [release] = useMutation(ReleaseOrderDocument);
  const receipt = order && data ? data.orderReceipt : undefined;
  const changed = order !== null && order.cart !== signature;

  useEffect(() => {
    if (!order || receipt === undefined) return;
    if (receipt === null || receipt.reference !== order.reference) forget();
    else if (PAID_STATUSES.has(receipt.status)) markPaid(order.reference);
    else if (!UNPAID.has(receipt.status) || (receipt.status === 'PAGO_RECHAZADO' && !receipt.canPay)) forget();
  }, [order, receipt, forget, markPaid]);

  useEffect(() => {
    if (!order || !changed || !receipt || !UNPAID.has(receipt.status) || releasing.current === order.reference) return;
    releasing.current = order.reference;
    release({ variables: { reference: order.reference, token: order.token } })
      .then(({ data: result }) => {
        const answer = result?.releaseOrder;
        if (answer?.__typename === 'OrderAlreadyPaid') markPaid(order.reference);
        else if (answer) {
          if (answer.__typename === 'OrderReleased') setReleased(order.reference);
          forget();
        }
      })
      .catch(() => {
        // Offline: tried again the next time; the order also ends by itself when its time is up.
        releasing.current = null;
      });
  }, [order, changed, receipt, release, forget, markPaid]);

  const resumable =
    order &&
    receipt &&
    !changed &&
    receipt.reference === order.reference &&
    UNPAID.has(receipt.status) &&
    receipt.canPay
      ? {
          reference: order.reference,
          token: order.token,
          total: receipt.total,
          payBefore: receipt.payBefore ?? null,
          destination: receipt.shippingAddress,
        }
      : null;
  return { resumable, released };
}
