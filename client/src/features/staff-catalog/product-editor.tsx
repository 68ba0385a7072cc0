import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { formatCop } from '#shared/money.js';
import { Link } from 'react-router';
import { parsePesos } from '../../lib/staff-format';
import { StaffUpdateProductDocument } from './staff-catalog.generated';
import type { StaffProductFieldsFragment } from './staff-catalog.generated';
import type { Pet } from '../../gql/types';
import { PETS } from './pet-options';
import { unitsText } from '#shared/plural.js';

/** One product in the list, with a quick edit of price, published, pets (the shop's «Mascota» filter) and stock per size (reserved units shown, not editable). */
export function ProductEditor({ product }: { product: StaffProductFieldsFragment }) {
  const [price, setPrice] = useState(String(product.price));
  const [active, setActive] = useState(product.active);
  const [pets, setPets] = useState<Pet[]>(product.pets);
  const [stock, setStock] = useState<Record<string, string>>(
    Object.fromEntries(product.sizes.map((s) => [s.id, String(s.stock)])),
  );
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [update, { loading }] = useMutation(StaffUpdateProductDocument);
  const total = product.sizes.reduce((n, s) => n + s.stock, 0);

  async function save(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const priceValue = parsePesos(price);
    if (priceValue === null || priceValue <= 0)
      return setMessage({
        ok: false,
        text: 'El precio debe ser un número entero de pesos mayor que 0 (ej. 85000 o 85.000).',
      });
    const sizes = product.sizes.map((s) => ({ sizeId: s.id, stock: Number(stock[s.id]), expectedStock: s.stock }));
    if (product.sizes.some((s) => !/^\d+$/.test(stock[s.id] ?? '')))
      return setMessage({ ok: false, text: 'El inventario debe ser un número entero mayor o igual a 0.' });
    try {
      const { data } = await update({
        variables: { input: { productId: product.id, price: priceValue, active, pets, sizes } },
      });
      const refused = refusalMessage(data?.staffUpdateProduct, 'StaffProduct');
      setMessage(refused ? { ok: false, text: refused } : { ok: true, text: 'Cambios guardados.' });
    } catch (err) {
      setMessage({ ok: false, text: staffErrorMessage(err) });
    }
  }

  return (
    <article className="staff-card product-editor" aria-labelledby={`product-${product.id}`}>
      <header className="product-list-item">
        {product.images[0] ? <img src={product.images[0].url} alt="" width={64} height={64} /> : null}
        <div className="product-list-item__info">
          <h2 id={`product-${product.id}`}>{product.name}</h2>
          <p className="muted">
            {product.category.name} · {formatCop(product.price)} · {unitsText(total)}{' '}
            {product.archived ? '· Archivado' : product.active ? '' : '· Borrador'}
          </p>
        </div>
        <Link
          className="button button--secondary"
          to={`/dashboard/productos/${product.id}`}
          aria-label={`Editar ${product.name}`}
        >
          Editar producto
        </Link>
      </header>
      <details>
        <summary>Edición rápida: precio e inventario</summary>
        <form onSubmit={save} className="product-editor__form">
          <label>
            Precio (COP, IVA incluido)
            <input inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} />
          </label>
          {product.archived ? null : (
            <label className="checkbox">
              <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Publicado
              (visible en la tienda)
            </label>
          )}
          <fieldset>
            <legend>Para</legend>
            {PETS.map(({ pet, label }) => (
              <label key={pet} className="checkbox">
                <input
                  type="checkbox"
                  checked={pets.includes(pet)}
                  onChange={(e) =>
                    setPets(
                      e.target.checked
                        ? PETS.map((p) => p.pet).filter((p) => p === pet || pets.includes(p))
                        : pets.filter((p) => p !== pet),
                    )
                  }
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Inventario por talla</legend>
            {product.sizes.map((s) => (
              <label key={s.id}>
                {s.label}
                <input
                  inputMode="numeric"
                  value={stock[s.id] ?? ''}
                  onChange={(e) => setStock({ ...stock, [s.id]: e.target.value.trim() })}
                />
                {s.reserved > 0 ? <span className="muted">{s.reserved} reservadas</span> : null}
              </label>
            ))}
          </fieldset>
          {message ? (
            <p className={message.ok ? 'staff-success' : 'staff-error'} role={message.ok ? 'status' : 'alert'}>
              {message.text}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={loading}>
            {loading ? 'Guardando…' : 'Guardar'}
          </button>
        </form>
      </details>
    </article>
  );
}
