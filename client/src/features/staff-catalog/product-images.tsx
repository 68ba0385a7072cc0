import { useState, type ChangeEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { IMAGE_TYPES, readImageFile } from '../../lib/image-file';
import { ActionError } from '../../components/staff/query-error';
import {
  StaffAddProductImageDocument,
  StaffArrangeProductImagesDocument,
  StaffRemoveProductImageDocument,
} from './staff-catalog.generated';
import type { StaffProductFieldsFragment } from './staff-catalog.generated';

type Image = StaffProductFieldsFragment['images'][number];

/**
 * Product pictures: upload (PNG, JPEG, WebP, SVG ≤ 5 MB) with a description, order them (the first is
 * the one listings and the cart show), describe each for people who cannot see it, remove.
 */
export function ProductImages({ product }: { product: StaffProductFieldsFragment }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // Keyed by the server's list: a new answer (upload, removal, save) starts the editing over.
  return (
    <section className="staff-card" aria-labelledby="product-images-title">
      <h2 id="product-images-title">Imágenes</h2>
      <ImageEditor
        key={product.images.map((i) => `${i.id}:${i.alt}`).join('|')}
        product={product}
        setMessage={setMessage}
      />
      {message?.ok ? (
        <p className="staff-success" role="status">
          {message.text}
        </p>
      ) : (
        <ActionError message={message?.text} />
      )}
    </section>
  );
}

function ImageEditor({
  product,
  setMessage,
}: {
  product: StaffProductFieldsFragment;
  setMessage: (m: { ok: boolean; text: string } | null) => void;
}) {
  const [images, setImages] = useState<Image[]>(product.images);
  const [alt, setAlt] = useState('');
  const [add, { loading: adding }] = useMutation(StaffAddProductImageDocument);
  const [remove, { loading: removing }] = useMutation(StaffRemoveProductImageDocument);
  const [arrange, { loading: saving }] = useMutation(StaffArrangeProductImagesDocument);
  const changed = images.some((img, i) => img.id !== product.images[i]?.id || img.alt !== product.images[i]?.alt);

  async function run(action: () => Promise<{ __typename: string; message?: string } | null | undefined>, done: string) {
    setMessage(null);
    try {
      const refused = refusalMessage(await action(), 'StaffProduct');
      setMessage(refused ? { ok: false, text: refused } : { ok: true, text: done });
    } catch (err) {
      setMessage({ ok: false, text: staffErrorMessage(err) });
    }
  }

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const read = await readImageFile(file);
    if ('error' in read) return setMessage({ ok: false, text: read.error });
    await run(
      async () =>
        (
          await add({
            variables: {
              input: {
                productId: product.id,
                contentType: read.contentType,
                dataBase64: read.dataBase64,
                alt: alt.trim() || product.name,
              },
            },
          })
        ).data?.staffAddProductImage,
      'Imagen agregada.',
    );
    setAlt('');
  }

  function move(from: number, to: number) {
    const next = [...images];
    const [img] = next.splice(from, 1);
    next.splice(to, 0, img!);
    setImages(next);
  }

  return (
    <>
      {images.length === 0 ? (
        <p className="muted">Este producto no tiene imágenes: la tienda mostrará un espacio vacío.</p>
      ) : null}
      <ol className="image-list">
        {images.map((img, i) => (
          <li key={img.id}>
            <img src={img.url} alt="" width={96} height={96} loading="lazy" />
            <label className="staff-field">
              {i === 0 ? 'Texto alternativo (imagen principal)' : `Texto alternativo de la imagen ${i + 1}`}
              <input
                value={img.alt}
                onChange={(e) => setImages(images.map((x) => (x.id === img.id ? { ...x, alt: e.target.value } : x)))}
                maxLength={200}
              />
            </label>
            <div className="image-list__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => move(i, i - 1)}
                disabled={i === 0}
                aria-label={`Mover la imagen ${i + 1} antes`}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => move(i, i + 1)}
                disabled={i === images.length - 1}
                aria-label={`Mover la imagen ${i + 1} después`}
              >
                ↓
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={removing}
                aria-label={`Quitar la imagen ${i + 1}`}
                onClick={() => {
                  if (window.confirm('¿Quitar esta imagen del producto?'))
                    void run(
                      async () =>
                        (await remove({ variables: { productId: product.id, imageId: img.id } })).data
                          ?.staffRemoveProductImage,
                      'Imagen quitada.',
                    );
                }}
              >
                Quitar
              </button>
            </div>
          </li>
        ))}
      </ol>
      {images.length > 0 ? (
        <button
          type="button"
          className="button"
          disabled={!changed || saving}
          onClick={() =>
            void run(
              async () =>
                (
                  await arrange({
                    variables: { productId: product.id, images: images.map((x) => ({ id: x.id, alt: x.alt })) },
                  })
                ).data?.staffArrangeProductImages,
              'Orden y textos guardados.',
            )
          }
        >
          {saving ? 'Guardando…' : 'Guardar orden y textos'}
        </button>
      ) : null}
      <div className="staff-form__row">
        <label className="staff-field">
          Descripción de la nueva imagen
          <input
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
            maxLength={200}
            placeholder="Ej. Collar café visto de frente"
          />
        </label>
      </div>
      <label className="button button--secondary">
        {adding ? 'Subiendo…' : 'Subir imagen'}
        <input
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={(e) => void upload(e)}
          className="visually-hidden"
          disabled={adding}
        />
      </label>
    </>
  );
}
