import { useState, type ReactNode } from 'react';
import { useMutation } from '@apollo/client/react';
import { LIVE_STATE_LABELS, liveState } from '#shared/content.js';
import { formatCop } from '#shared/money.js';
import { refusalMessage, staffErrorMessage } from '../../lib/staff-errors';
import { formatDateTime } from '../../lib/staff-format';
import { ActionError } from '../../components/staff/query-error';
import { SlideForm } from './slide-form';
import { PromoForm } from './promo-form';
import {
  StaffDeleteHomeSlideDocument,
  StaffDeletePromoBlockDocument,
  StaffReorderHomeSlidesDocument,
  StaffReorderPromoBlocksDocument,
  type StaffPromoFieldsFragment,
  type StaffSlideFieldsFragment,
} from './staff-content.generated';

type Dated = { id: string; title: string; active: boolean; startsAt?: string | null; endsAt?: string | null };

function when(item: Dated): string {
  const state =
    LIVE_STATE_LABELS[liveState({ active: item.active, startsAt: item.startsAt ?? null, endsAt: item.endsAt ?? null })];
  const from = item.startsAt ? `desde ${formatDateTime(item.startsAt)}` : '';
  const to = item.endsAt ? `hasta ${formatDateTime(item.endsAt)}` : '';
  return [state, [from, to].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
}

/** Items in order with move, edit and delete; `render` draws one item's details, `form` its editor. */
function OrderedItems<T extends Dated>(props: {
  title: string;
  newLabel: string;
  items: T[];
  thumbnail: (item: T) => string | null;
  details: (item: T) => ReactNode;
  form: (item: T | null, done: (message: string) => void) => ReactNode;
  reorder: (ids: string[]) => Promise<{ __typename: string; message?: string } | null | undefined>;
  remove: (id: string) => Promise<{ __typename: string; message?: string } | null | undefined>;
  removedType: string;
  reorderedType: string;
}) {
  const { title, newLabel, items, thumbnail, details, form } = props;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function act(
    run: () => Promise<{ __typename: string; message?: string } | null | undefined>,
    record: string,
    done: string,
  ) {
    setMessage(null);
    try {
      const refused = refusalMessage(await run(), record);
      setMessage(refused ? { ok: false, text: refused } : { ok: true, text: done });
    } catch (err) {
      setMessage({ ok: false, text: staffErrorMessage(err) });
    }
  }

  function move(i: number, to: number) {
    const ids = items.map((x) => x.id);
    const [id] = ids.splice(i, 1);
    ids.splice(to, 0, id!);
    void act(() => props.reorder(ids), props.reorderedType, 'Orden guardado.');
  }

  const done = (text: string) => {
    setEditing(null);
    setMessage(text ? { ok: true, text } : null);
  };

  return (
    <section aria-label={title}>
      <div className="staff-page__head">
        <h2>{title}</h2>
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {newLabel}
        </button>
      </div>
      {editing === 'new' ? form(null, done) : null}
      {message?.ok ? (
        <p className="staff-success" role="status">
          {message.text}
        </p>
      ) : (
        <ActionError message={message?.text} />
      )}
      <ol className="content-list">
        {items.map((item, i) => (
          <li key={item.id} className="staff-card">
            {editing !== 'new' && editing?.id === item.id ? (
              form(item, done)
            ) : (
              <div className="content-item">
                {thumbnail(item) ? (
                  <img src={thumbnail(item)!} alt="" loading="lazy" />
                ) : (
                  <span className="muted">Sin imagen</span>
                )}
                <div>
                  <h3>{item.title}</h3>
                  <p className="muted">{when(item)}</p>
                  {details(item)}
                </div>
                <div className="content-item__actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => move(i, i - 1)}
                    disabled={i === 0}
                    aria-label={`Subir «${item.title}»`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => move(i, i + 1)}
                    disabled={i === items.length - 1}
                    aria-label={`Bajar «${item.title}»`}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setEditing(item)}
                    aria-label={`Editar «${item.title}»`}
                  >
                    Editar
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Eliminar «${item.title}»`}
                    onClick={() => {
                      if (window.confirm(`¿Eliminar «${item.title}»?`))
                        void act(() => props.remove(item.id), props.removedType, 'Eliminado.');
                    }}
                  >
                    Eliminar
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function SlidesSection({ slides }: { slides: StaffSlideFieldsFragment[] }) {
  const [reorder] = useMutation(StaffReorderHomeSlidesDocument, { refetchQueries: ['StaffContent'] });
  const [remove] = useMutation(StaffDeleteHomeSlideDocument, { refetchQueries: ['StaffContent'] });
  return (
    <OrderedItems
      title="Carrusel de inicio"
      newLabel="Nueva diapositiva"
      items={slides}
      thumbnail={(s) => s.mobileImage.url}
      details={(s) => <p>Enlace: {s.link}</p>}
      form={(s, done) => <SlideForm slide={s} onDone={done} />}
      reorder={async (ids) => (await reorder({ variables: { ids } })).data?.staffReorderHomeSlides}
      reorderedType="StaffSlideList"
      remove={async (id) => (await remove({ variables: { id } })).data?.staffDeleteHomeSlide}
      removedType="Deleted"
    />
  );
}

export function PromosSection({
  promos,
  categories,
}: {
  promos: StaffPromoFieldsFragment[];
  categories: Array<{ slug: string; name: string }>;
}) {
  const [reorder] = useMutation(StaffReorderPromoBlocksDocument, { refetchQueries: ['StaffContent'] });
  const [remove] = useMutation(StaffDeletePromoBlockDocument, { refetchQueries: ['StaffContent'] });
  return (
    <OrderedItems
      title="Bloques promocionales"
      newLabel="Nuevo bloque"
      items={promos}
      thumbnail={(p) => p.image?.url ?? null}
      details={(p) => (
        <p>
          {p.body} {p.fromPrice != null ? <strong>Desde {formatCop(p.fromPrice)}</strong> : null}
        </p>
      )}
      form={(p, done) => <PromoForm promo={p} categories={categories} onDone={done} />}
      reorder={async (ids) => (await reorder({ variables: { ids } })).data?.staffReorderPromoBlocks}
      reorderedType="StaffPromoList"
      remove={async (id) => (await remove({ variables: { id } })).data?.staffDeletePromoBlock}
      removedType="Deleted"
    />
  );
}
