import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MAX_LINE_QUANTITY } from '#shared/shop.js';

export interface AddToCartLine {
  productId: string;
  sizeId: string;
  quantity: number;
  /** Units of the size in stock: the cart never holds more. */
  available: number;
  sizeLabel: string;
  /** What the line looks like in the cart until the server's quote prices it (set by the product page). */
  shown?: {
    name: string;
    sizeLabel: string;
    href: string;
    categorySlug: string;
    categoryName: string;
    image: string | null;
  };
}

/** `¡Última unidad en talla M!` / `¡Últimas 3 unidades en talla M!` */
export function lastUnitsNote(stock: number, sizeLabel: string): string {
  return stock === 1 ? `¡Última unidad en talla ${sizeLabel}!` : `¡Últimas ${stock} unidades en talla ${sizeLabel}!`;
}

interface Size {
  id: string;
  label: string;
  stock: number;
  available: boolean;
}

/** The units of `size` one line may hold: its stock, at most the shop's cap per line, at least 1. */
const unitsLimit = (size: Size | undefined) => Math.max(1, Math.min(size?.stock ?? 1, MAX_LINE_QUANTITY));

/** What the quantity box holds, as whole units within that limit. */
const unitsFrom = (raw: unknown, size: Size | undefined) =>
  Math.max(1, Math.min(Math.floor(Number(raw)) || 1, unitsLimit(size)));

/**
 * The size and quantity the form shows (null when no available size is checked). Before the page has hydrated
 * (a server-rendered page on a slow phone) the browser already checks a size or takes a typed quantity that
 * React's state does not have yet: the form itself is what the shopper chose.
 */
function chosenInForm(form: HTMLFormElement, sizes: Size[]): { size: Size; quantity: number } | null {
  const data = new FormData(form);
  const size = sizes.find((s) => s.id === data.get('size') && s.available);
  if (!size) return null;
  return { size, quantity: unitsFrom(data.get('quantity'), size) };
}

/** Size radios (sold-out sizes disabled), quantity and `Agregar al carrito`. */
export function ProductPurchase({
  productId,
  sizes,
  onAdd,
}: {
  productId: string;
  sizes: Size[];
  onAdd: (line: AddToCartLine) => void;
}) {
  const [sizeId, setSizeId] = useState(() => sizes.find((s) => s.available)?.id ?? '');
  const [quantity, setQuantity] = useState(1);
  const quantityId = useId();
  const selected = sizes.find((s) => s.id === sizeId && s.available);
  const max = unitsLimit(selected);
  const soldOut = sizes.every((s) => !s.available);
  const form = useRef<HTMLFormElement>(null);

  // Hydrated: take up a size or quantity chosen while the page was still only markup.
  useEffect(() => {
    const chosen = chosenInForm(form.current!, sizes);
    if (!chosen) return;
    setSizeId(chosen.size.id);
    setQuantity(chosen.quantity);
    // Only once, on mount: afterwards the form follows the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // Read from the form, not the state: a tap replayed right after hydration runs before the effect above has
    // brought the state up to date.
    const chosen = chosenInForm(e.currentTarget, sizes);
    if (!chosen) return;
    onAdd({
      productId,
      sizeId: chosen.size.id,
      quantity: chosen.quantity,
      available: chosen.size.stock,
      sizeLabel: chosen.size.label,
    });
  }

  return (
    <form ref={form} className="product-purchase" onSubmit={submit}>
      <fieldset className="size-picker">
        <legend>Talla</legend>
        <div className="size-picker__options">
          {sizes.map((size) => (
            <label key={size.id} className={`size-picker__option${size.available ? '' : ' is-disabled'}`}>
              <input
                type="radio"
                name="size"
                value={size.id}
                checked={size.id === sizeId}
                disabled={!size.available}
                aria-label={size.label}
                onChange={() => {
                  setSizeId(size.id);
                  setQuantity(1);
                }}
              />
              <span aria-hidden="true">{size.label}</span>
            </label>
          ))}
        </div>
        {sizes.some((s) => !s.available) ? (
          <p className="size-picker__note">Las tallas tachadas están agotadas.</p>
        ) : null}
        {selected && selected.stock <= 3 ? (
          <p className="size-picker__note">{lastUnitsNote(selected.stock, selected.label)}</p>
        ) : null}
      </fieldset>
      <div className="product-purchase__quantity">
        <label htmlFor={quantityId}>Cantidad</label>
        <div className="stepper">
          <button
            type="button"
            aria-label="Quitar una unidad"
            disabled={quantity <= 1}
            onClick={() => setQuantity((q) => Math.max(1, q - 1))}
          >
            −
          </button>
          <input
            id={quantityId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={quantity}
            onChange={(e) => setQuantity(unitsFrom(e.target.value, selected))}
          />
          <button
            type="button"
            aria-label="Agregar una unidad"
            disabled={quantity >= max}
            onClick={() => setQuantity((q) => Math.min(max, q + 1))}
          >
            +
          </button>
        </div>
      </div>
      <button type="submit" className="button product-purchase__add" disabled={!selected}>
        {soldOut ? 'Agotado' : 'Agregar al carrito'}
      </button>
    </form>
  );
}
