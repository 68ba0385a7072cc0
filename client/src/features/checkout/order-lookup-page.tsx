import { useRef, useState, type FormEvent } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { FormField } from './form-field';
import { OrderLookupDocument, type OrderLookupQuery } from './checkout.generated';
import { OrderLookupResult } from './order-lookup-result';
import './checkout.css';
import './order-page.css';

type Found = Extract<OrderLookupQuery['orderLookup'], { __typename: 'OrderLookup' }>;
const NETWORK = 'No pudimos consultar tu pedido. Revisa tu conexión e inténtalo de nuevo.';

/**
 * `/consulta-tu-pedido`: the order's number and the email it was placed with show its status, history and
 * tracking link, without personal data. A wrong pair says so without telling which half was wrong.
 */
export function OrderLookupPage() {
  const client = useApolloClient();
  const [reference, setReference] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ reference?: string; email?: string; form?: string }>({});
  const [found, setFound] = useState<Found | null>(null);
  const [loading, setLoading] = useState(false);
  const result = useRef<HTMLDivElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const local = {
      reference: reference.trim() ? undefined : 'Escribe el número de tu pedido (empieza por ENZ-).',
      email: email.trim() ? undefined : 'Escribe el correo con el que hiciste el pedido.',
    };
    setErrors(local);
    setFound(null);
    if (local.reference || local.email) return;
    setLoading(true);
    try {
      const { data } = await client.query({ query: OrderLookupDocument, variables: { reference, email }, fetchPolicy: 'network-only' });
      const answer = data?.orderLookup;
      if (answer?.__typename === 'OrderLookup') {
        setFound(answer);
        requestAnimationFrame(() => result.current?.focus());
      } else if (answer?.__typename === 'ValidationErrors') {
        const byField = Object.fromEntries(answer.errors.map((er) => [er.field, er.message]));
        setErrors({ reference: byField.reference, email: byField.email });
      } else {
        setErrors({ form: answer?.message ?? NETWORK });
      }
    } catch (err) {
      // A refusal such as the rate limit comes with its Spanish message.
      setErrors({ form: CombinedGraphQLErrors.is(err) ? (err.errors[0]?.message ?? NETWORK) : NETWORK });
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="receipt order-lookup">
      <h1>Consulta tu pedido</h1>
      <p>Escribe el número de tu pedido (está en el correo de confirmación y empieza por ENZ-) y el correo con el que compraste.</p>
      <form className="order-lookup__form" onSubmit={submit} noValidate aria-label="Consultar un pedido">
        <FormField label="Número de pedido" error={errors.reference}>
          {(p) => <input {...p} value={reference} onChange={(e) => setReference(e.target.value)} placeholder="ENZ-7K3Q9D" autoCapitalize="characters" autoComplete="off" spellCheck={false} maxLength={20} />}
        </FormField>
        <FormField label="Correo electrónico" error={errors.email}>
          {(p) => <input {...p} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" maxLength={254} />}
        </FormField>
        {errors.form ? (
          <p className="checkout-notice" role="alert">
            {errors.form}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={loading}>
          {loading ? 'Consultando…' : 'Consultar'}
        </button>
      </form>
      {found ? (
        <div ref={result} tabIndex={-1} className="order-lookup__result" aria-label={`Pedido ${found.reference}`} role="region">
          <OrderLookupResult order={found} />
        </div>
      ) : null}
    </div>
  );
}
