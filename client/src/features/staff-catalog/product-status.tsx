import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { ActionError } from '../../components/staff/query-error';
import {
  StaffArchiveProductDocument,
  StaffRestoreProductDocument,
  type StaffProductFieldsFragment,
} from './staff-catalog.generated';

/** Published, draft or archived; archive (out of the shop and the cart, kept in old orders) or restore. */
export function ProductStatus({ product }: { product: StaffProductFieldsFragment }) {
  const [archive, { loading: archiving }] = useMutation(StaffArchiveProductDocument);
  const [restore, { loading: restoring }] = useMutation(StaffRestoreProductDocument);
  const [error, setError] = useState<string | null>(null);

  async function change(kind: 'archive' | 'restore') {
    setError(null);
    if (
      kind === 'archive' &&
      !window.confirm(
        `¿Archivar «${product.name}»? Saldrá de la tienda y de los carritos; las órdenes anteriores lo conservan.`,
      )
    )
      return;
    try {
      const { data } =
        kind === 'archive'
          ? await archive({ variables: { id: product.id } })
          : await restore({ variables: { id: product.id } });
      setError(
        refusalMessage(
          data && ('staffArchiveProduct' in data ? data.staffArchiveProduct : data.staffRestoreProduct),
          'StaffProduct',
        ),
      );
    } catch (err) {
      setError(staffErrorMessage(err));
    }
  }

  return (
    <div className="staff-alert" role="group" aria-label="Estado del producto">
      <span>
        Estado:{' '}
        <strong>
          {product.archived ? 'Archivado' : product.active ? 'Publicado' : 'Borrador (no visible en la tienda)'}
        </strong>
      </span>
      {product.archived ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void change('restore')}
          disabled={restoring}
        >
          Restaurar
        </button>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void change('archive')}
          disabled={archiving}
        >
          Archivar
        </button>
      )}
      <ActionError message={error} />
    </div>
  );
}
