import { Link } from 'react-router';
import { useSetAtom } from 'jotai';
import { formatCop } from '#shared/money.js';
import { MAX_LINE_QUANTITY } from '#shared/shop.js';
import { removeLineAtom, setLineQuantityAtom } from './cart-atoms';
import type { LineView } from './cart-line-view';
import { PendingFigure } from './pending-figure';

/**
 * One cart line: image, name, size, stepper, remove, category link and any problem with its fix. Drawn at once
 * from what the cart knows; its figures wait for the server's quote (placeholders of the same size until then).
 */
export function CartLineItem({
  line,
  editable = true,
  onNavigate,
}: {
  line: LineView;
  editable?: boolean;
  onNavigate?: () => void;
}) {
  const setQuantity = useSetAtom(setLineQuantityAtom);
  const remove = useSetAtom(removeLineAtom);
  const { problem, name } = line;
  const label = `${name ?? 'este producto'}${line.sizeLabel ? `, talla ${line.sizeLabel}` : ''}`;
  const key = { productId: line.productId, sizeId: line.sizeId };
  const fixQuantity =
    problem && problem.available > 0 && (problem.kind === 'INSUFFICIENT_STOCK' || problem.kind === 'INVALID_QUANTITY');
  const max = Math.min(MAX_LINE_QUANTITY, line.maxQuantity ?? MAX_LINE_QUANTITY);
  const atStockLimit = !problem && line.maxQuantity !== null && line.quantity >= max && max < MAX_LINE_QUANTITY;

  return (
    <li className={`cart-line${problem ? ' cart-line--problem' : ''}`}>
      <div className="cart-line__media">
        {line.image ? <img src={line.image} alt="" width={72} height={72} loading="lazy" decoding="async" /> : null}
      </div>
      <div className="cart-line__body">
        <p className="cart-line__name">
          {name === null ? (
            <PendingFigure width="12ch" />
          ) : line.href ? (
            <Link to={line.href} onClick={onNavigate}>
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        {line.unitPrice === null || line.unitPrice > 0 ? (
          <p className="cart-line__unit">
            <span className="nowrap">{line.unitPrice === null ? <PendingFigure /> : formatCop(line.unitPrice)}</span> ×{' '}
            {line.quantity}
            <span className="visually-hidden"> {line.quantity === 1 ? 'unidad' : 'unidades'}</span>
          </p>
        ) : null}
        <p className="cart-line__meta">
          {line.sizeLabel ? <span>Talla {line.sizeLabel}</span> : null}
          {line.category ? (
            <Link to={line.category.href} className="cart-line__category" onClick={onNavigate}>
              {line.category.name}
            </Link>
          ) : null}
        </p>
        {editable ? (
          <div className="cart-line__actions">
            <div className="stepper" role="group" aria-label={`Cantidad de ${label}`}>
              <button
                type="button"
                aria-label={`Quitar una unidad de ${label}`}
                disabled={line.quantity <= 1}
                onClick={() => setQuantity({ ...key, by: -1, max })}
              >
                −
              </button>
              <output aria-live="polite">{line.quantity}</output>
              <button
                type="button"
                aria-label={`Agregar una unidad de ${label}`}
                disabled={line.quantity >= max || problem !== null}
                onClick={() => setQuantity({ ...key, by: 1, max })}
              >
                +
              </button>
            </div>
            <button type="button" className="link-button" aria-label={`Eliminar ${label}`} onClick={() => remove(key)}>
              Eliminar
            </button>
          </div>
        ) : (
          <p className="cart-line__meta">Cantidad: {line.quantity}</p>
        )}
        {editable && atStockLimit ? (
          <p className="cart-line__limit">
            {max === 1 ? 'Solo queda 1 unidad de esta talla.' : `Solo quedan ${max} unidades de esta talla.`}
          </p>
        ) : null}
        {problem ? (
          <p className="cart-line__problem" role="status">
            <span>{problem.message}</span>
            {editable ? (
              fixQuantity ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setQuantity({ ...key, quantity: problem.available, max: problem.available })}
                >
                  {problem.available === 1 ? 'Dejar 1 unidad' : `Dejar ${problem.available} unidades`}
                </button>
              ) : (
                <button type="button" className="link-button" onClick={() => remove(key)}>
                  Quitar del carro
                </button>
              )
            ) : null}
          </p>
        ) : null}
      </div>
      <p className="cart-line__total">
        {problem ? null : line.lineTotal === null ? <PendingFigure width="100%" /> : formatCop(line.lineTotal)}
      </p>
    </li>
  );
}
