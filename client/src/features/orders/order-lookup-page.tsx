import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloClient } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { orderLookupSchema, type OrderLookupForm, type OrderLookupValues } from '#shared/order-lookup.js';
import { FormField } from '../../components/form-field';
import { OrderLookupDocument, type OrderLookupQuery } from './orders.generated';
import { OrderLookupResult } from './order-lookup-result';
import '../../components/shopper-forms.css';
import './order-page.css';

type Found = Extract<OrderLookupQuery['orderLookup'], { __typename: 'OrderLookup' }>;
const NETWORK = 'No pudimos consultar tu pedido. Revisa tu conexión e inténtalo de nuevo.';

/**
 * `/consulta-tu-pedido`: the order's number and the email it was placed with show its status, history and
 * tracking link, without personal data. A wrong pair says so without telling which half was wrong.
 */
export function OrderLookupPage() {
  const client = useApolloClient();
  const { register, handleSubmit, setError, formState } = useForm<OrderLookupForm, unknown, OrderLookupValues>({
    resolver: zodResolver(orderLookupSchema),
    defaultValues: { reference: '', email: '' },
  });
  const { errors, isSubmitting } = formState;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const result = useRef<HTMLDivElement>(null);
  // The answer takes the focus once it is on the page (a frame callback could run before React commits it).
  useEffect(() => {
    if (found) result.current?.focus();
  }, [found]);

  const submit = handleSubmit(
    async (variables) => {
      setRefusal(null);
      setFound(null);
      try {
        const { data } = await client.query({ query: OrderLookupDocument, variables, fetchPolicy: 'network-only' });
        const answer = data?.orderLookup;
        if (answer?.__typename === 'OrderLookup') {
          setFound(answer);
        } else if (answer?.__typename === 'ValidationErrors') {
          for (const e of answer.errors)
            if (e.field === 'reference' || e.field === 'email')
              setError(e.field, { type: 'server', message: e.message }, { shouldFocus: true });
        } else {
          setRefusal(answer?.message ?? NETWORK);
        }
      } catch (err) {
        // A refusal such as the rate limit comes with its Spanish message.
        setRefusal(CombinedGraphQLErrors.is(err) ? (err.errors[0]?.message ?? NETWORK) : NETWORK);
      }
    },
    () => {
      setRefusal(null);
      setFound(null);
    },
  );

  return (
    <div className="receipt order-lookup">
      <h1>Consulta tu pedido</h1>
      <p>
        Escribe el número de tu pedido (está en el correo de confirmación y empieza por ENZ-) y el correo con el que
        compraste.
      </p>
      <form className="order-lookup__form" onSubmit={(e) => void submit(e)} noValidate aria-label="Consultar un pedido">
        <FormField label="Número de pedido" error={errors.reference?.message}>
          {(p) => (
            <input
              {...p}
              {...register('reference')}
              placeholder="ENZ-7K3Q9D"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
            />
          )}
        </FormField>
        <FormField label="Correo electrónico" error={errors.email?.message}>
          {(p) => <input {...p} {...register('email')} type="email" autoComplete="email" maxLength={254} />}
        </FormField>
        {refusal ? (
          <p className="checkout-notice" role="alert">
            {refusal}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Consultando…' : 'Consultar'}
        </button>
      </form>
      {found ? (
        <div
          ref={result}
          tabIndex={-1}
          className="order-lookup__result"
          aria-label={`Pedido ${found.reference}`}
          role="region"
        >
          <OrderLookupResult order={found} />
        </div>
      ) : null}
    </div>
  );
}
