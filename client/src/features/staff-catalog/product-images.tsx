import { useState, type ChangeEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { ActionError } from '../../components/staff/query-error';
import { StaffAddProductImageDocument, StaffRemoveProductImageDocument } from './staff-catalog.generated';
import type { StaffProductFieldsFragment } from './staff-catalog.generated';

const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const MAX_BYTES = 5 * 1024 * 1024;

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Product pictures: upload to the media store (PNG, JPEG, WebP, SVG ≤ 5 MB) and remove. */
export function ProductImages({ product }: { product: StaffProductFieldsFragment }) {
  const [error, setError] = useState<string | null>(null);
  const [add, { loading: adding }] = useMutation(StaffAddProductImageDocument);
  const [remove, { loading: removing }] = useMutation(StaffRemoveProductImageDocument);

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    setError(null);
    if (!file) return;
    if (!TYPES.includes(file.type)) return setError('Formato no admitido: usa PNG, JPEG, WebP o SVG.');
    if (file.size > MAX_BYTES) return setError('La imagen supera los 5 MB.');
    try {
      const { data } = await add({ variables: { input: { productId: product.id, contentType: file.type, dataBase64: await toBase64(file), alt: product.name } } });
      setError(refusalMessage(data?.staffAddProductImage, 'StaffProduct'));
    } catch (err) {
      setError(staffErrorMessage(err));
    }
  }

  async function drop(imageId: string) {
    setError(null);
    if (!window.confirm('¿Quitar esta imagen del producto?')) return;
    try {
      const { data } = await remove({ variables: { productId: product.id, imageId } });
      setError(refusalMessage(data?.staffRemoveProductImage, 'StaffProduct'));
    } catch (err) {
      setError(staffErrorMessage(err));
    }
  }

  return (
    <div className="product-images">
      <h3>Imágenes</h3>
      <ul>
        {product.images.map((img, i) => (
          <li key={img.id}>
            <img src={img.url} alt={img.alt} width={96} height={96} loading="lazy" />
            <button type="button" className="button button--secondary" onClick={() => void drop(img.id)} disabled={removing} aria-label={`Quitar la imagen ${i + 1} de ${product.name}`}>
              Quitar
            </button>
          </li>
        ))}
      </ul>
      <label className="button button--secondary">
        {adding ? 'Subiendo…' : 'Subir imagen'}
        <input type="file" accept={TYPES.join(',')} onChange={(e) => void upload(e)} className="visually-hidden" disabled={adding} />
      </label>
      <ActionError message={error} />
    </div>
  );
}
