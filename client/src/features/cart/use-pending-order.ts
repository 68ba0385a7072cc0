import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useAtomValue, useSetAtom } from 'jotai';
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

/**
 * The order placed from this browser's cart, checked with the server: confirmed → the cart is emptied;
 * no longer the shopper's to let go, or ended → forgotten (the cart stays); the cart changed since → the
 * order is let go (its stock goes back through the lifecycle). What the shopper may do is the server's
 * answer (`canPay`, `mayRelease`, `confirmed`, `ended`, read from its order lifecycle); no status is
 * compared here. Answers the order the shopper can still pay, and the reference of one just let go.
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
    else if (receipt.confirmed) markPaid(order.reference);
    else if (!receipt.mayRelease || receipt.ended) forget();
  }, [order, receipt, forget, markPaid]);

  useEffect(() => {
    if (!order || !changed || !receipt?.mayRelease || releasing.current === order.reference) return;
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
    order && receipt && !changed && receipt.reference === order.reference && receipt.canPay
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
