import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

export interface AddToCartLine {
  productId: string;
  sizeId: string;
  quantity: number;
  /** Units of the size in stock: the cart never holds more. */
  available: number;
  sizeLabel: string;
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

const MAX_QUANTITY = 99;

/**
 * The size and quantity the form shows. Before the page has hydrated (a server-rendered page on a slow phone)
 * the browser already checks a size or takes a typed quantity that React's state does not have yet: the form
 * itself is what the shopper chose.
 */
function chosenInForm(form: HTMLFormElement): { sizeId: string; quantity: number } {
  const data = new FormData(form);
  return { sizeId: String(data.get('size') ?? ''), quantity: Math.floor(Number(data.get('quantity'))) || 1 };
}

/** Size radios (sold-out sizes disabled), quantity and `Agregar al carrito`. */
export function ProductPurchase({ productId, sizes, onAdd }: { productId: string; sizes: Size[]; onAdd: (line: AddToCartLine) => void }) {
  const [sizeId, setSizeId] = useState(() => sizes.find((s) => s.available)?.id ?? '');
  const [quantity, setQuantity] = useState(1);
  const quantityId = useId();
  const selected = sizes.find((s) => s.id === sizeId && s.available);
  const max = Math.max(1, Math.min(selected?.stock ?? 1, MAX_QUANTITY));
  const soldOut = sizes.every((s) => !s.available);
  const form = useRef<HTMLFormElement>(null);

  // Hydrated: take up a size or quantity chosen while the page was still only markup.
  useEffect(() => {
    const chosen = chosenInForm(form.current!);
    const size = sizes.find((s) => s.id === chosen.sizeId && s.available);
    if (!size) return;
    setSizeId(size.id);
    setQuantity(Math.max(1, Math.min(chosen.quantity, size.stock, MAX_QUANTITY)));
    // Only once, on mount: afterwards the form follows the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // Read from the form, not the state: a tap replayed right after hydration runs before the effect above has
    // brought the state up to date.
    const chosen = chosenInForm(e.currentTarget);
    const size = sizes.find((s) => s.id === chosen.sizeId && s.available);
    if (!size) return;
    const limit = Math.max(1, Math.min(size.stock, MAX_QUANTITY));
    onAdd({ productId, sizeId: size.id, quantity: Math.max(1, Math.min(chosen.quantity, limit)), available: size.stock, sizeLabel: size.label });
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
        {sizes.some((s) => !s.available) ? <p className="size-picker__note">Las tallas tachadas están agotadas.</p> : null}
        {selected && selected.stock <= 3 ? <p className="size-picker__note">{lastUnitsNote(selected.stock, selected.label)}</p> : null}
      </fieldset>
      <div className="product-purchase__quantity">
        <label htmlFor={quantityId}>Cantidad</label>
        <div className="stepper">
          <button type="button" aria-label="Quitar una unidad" disabled={quantity <= 1} onClick={() => setQuantity((q) => Math.max(1, q - 1))}>
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
            onChange={(e) => setQuantity(Math.max(1, Math.min(max, Math.floor(Number(e.target.value)) || 1)))}
          />
          <button type="button" aria-label="Agregar una unidad" disabled={quantity >= max} onClick={() => setQuantity((q) => Math.min(max, q + 1))}>
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
