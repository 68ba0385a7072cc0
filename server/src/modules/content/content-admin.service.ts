import type { DataSource, EntityManager } from 'typeorm';
import {
  CONTENT_MESSAGES,
  homeSlideInputSchema,
  promoBlockInputSchema,
  type HomeSlideFormInput,
  type PromoBlockFormInput,
} from '#shared/content.js';
import { commit, inTransaction, returningRows, rollback } from '../../common/db.js';
import { auditChange, rowSnapshot } from '../../common/audit.js';
import {
  invalidField,
  notFoundResult,
  ok,
  validationErrors,
  type NotFound,
  type ValidationErrors,
} from '../../common/results.js';
import { checkImageUpload, recordMediaAsset, uploadKey, type MediaStore } from '../media/index.js';
import type { ContentService, PromoView, SlideView } from './content.service.js';

export interface UploadedImage {
  __typename: 'UploadedImage';
  key: string;
  url: string;
  alt: string;
  width: number;
  height: number;
}

export type SlideResult = (SlideView & { __typename: 'StaffHomeSlide' }) | ValidationErrors | NotFound;
export type PromoResult = (PromoView & { __typename: 'StaffPromoBlock' }) | ValidationErrors | NotFound;
export type DeleteResult = { __typename: 'Deleted'; id: string } | NotFound;

const SLIDE_MISSING = 'La diapositiva no existe.';
const PROMO_MISSING = 'El bloque promocional no existe.';

type ContentTable = 'home_slide' | 'promo_block';

/** Each table's rows as the activity log shows them, and the kind of record. */
const AUDIT: Record<ContentTable, { entityType: string; snapshot: string }> = {
  home_slide: {
    entityType: 'homeSlide',
    snapshot: `SELECT title, alt, link, desktop_image_key AS "desktopImage", mobile_image_key AS "mobileImage",
      starts_at AS "startsAt", ends_at AS "endsAt", active FROM home_slide WHERE id = $1`,
  },
  promo_block: {
    entityType: 'promoBlock',
    snapshot: `SELECT title, body, image_key AS image, image_alt AS alt, link_url AS "linkUrl", link_label AS "linkLabel",
      from_price_category AS "fromPriceCategory", starts_at AS "startsAt", ends_at AS "endsAt", active FROM promo_block WHERE id = $1`,
  },
};

function rowId(id: string): number | null {
  const n = Number(id);
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** Staff run the home page: pictures into the media library, carousel slides and promo blocks (create, edit, delete, order). */
export class ContentAdminService {
  constructor(
    private readonly ds: DataSource,
    private readonly media: MediaStore,
    private readonly content: ContentService,
  ) {}

  /** Stores a checked picture under `content/` and records it in the media library (slides and promos point to it). */
  async uploadImage(input: {
    dataBase64: string;
    contentType: string;
    alt: string;
    name?: string | null;
  }): Promise<UploadedImage | ValidationErrors> {
    const image = await checkImageUpload(input);
    if ('__typename' in image) return image;
    const alt = input.alt.trim().slice(0, 200);
    const key = uploadKey('content', (input.name ?? 'imagen').toLowerCase(), image.ext);
    const url = await this.media.put(key, image.data, image.contentType);
    await inTransaction(this.ds, async (m) => {
      await recordMediaAsset(m, {
        key,
        url,
        contentType: image.contentType,
        alt,
        width: image.width,
        height: image.height,
      });
      auditChange(m, { entityType: 'mediaAsset', entityId: key, before: null, after: { url, alt } });
      return commit(null);
    });
    return { __typename: 'UploadedImage', key, url, alt, width: image.width, height: image.height };
  }

  // ---------------------------------------------------------------- slides

  async createSlide(input: HomeSlideFormInput): Promise<SlideResult> {
    const parsed = homeSlideInputSchema.safeParse(input);
    if (!parsed.success) return validationErrors(parsed.error);
    const v = parsed.data;
    const missing = await this.missingImage(this.ds.manager, {
      desktopImageKey: v.desktopImageKey,
      mobileImageKey: v.mobileImageKey,
    });
    if (missing) return missing;
    const id = await this.change('home_slide', null, async (m) => {
      const [row]: Array<{ id: number }> = await m.query(
        `INSERT INTO home_slide (title, alt, link, desktop_image_key, mobile_image_key, starts_at, ends_at, active, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, (SELECT COALESCE(MAX(position), 0) + 1 FROM home_slide)) RETURNING id`,
        [v.title, v.alt, v.link, v.desktopImageKey, v.mobileImageKey, v.startsAt, v.endsAt, v.active],
      );
      return row!.id;
    });
    return id === null ? notFoundResult(SLIDE_MISSING) : this.slideAnswer(id);
  }

  async updateSlide(idValue: string, input: HomeSlideFormInput): Promise<SlideResult> {
    const id = rowId(idValue);
    if (id === null) return notFoundResult(SLIDE_MISSING);
    const parsed = homeSlideInputSchema.safeParse(input);
    if (!parsed.success) return validationErrors(parsed.error);
    const v = parsed.data;
    const missing = await this.missingImage(this.ds.manager, {
      desktopImageKey: v.desktopImageKey,
      mobileImageKey: v.mobileImageKey,
    });
    if (missing) return missing;
    const changed = await this.change('home_slide', id, async (m) => {
      const rows = await returningRows(
        m,
        `UPDATE home_slide SET title = $2, alt = $3, link = $4, desktop_image_key = $5, mobile_image_key = $6, starts_at = $7, ends_at = $8, active = $9, updated_at = now()
          WHERE id = $1 RETURNING id`,
        [id, v.title, v.alt, v.link, v.desktopImageKey, v.mobileImageKey, v.startsAt, v.endsAt, v.active],
      );
      return rows.length ? id : null;
    });
    return changed === null ? notFoundResult(SLIDE_MISSING) : this.slideAnswer(id);
  }

  deleteSlide(id: string): Promise<DeleteResult> {
    return this.deleteRow('home_slide', id, SLIDE_MISSING);
  }

  /** New order of the carousel: every slide exactly once. */
  async reorderSlides(
    ids: string[],
  ): Promise<{ __typename: 'StaffSlideList'; slides: SlideView[] } | ValidationErrors> {
    const refused = await this.reorder(
      'home_slide',
      ids,
      'Las diapositivas cambiaron mientras ordenabas: recarga la página e inténtalo de nuevo.',
    );
    return refused ?? { __typename: 'StaffSlideList', slides: await this.content.slides({ live: false }) };
  }

  private async slideAnswer(id: number): Promise<SlideResult> {
    const slide = await this.content.slide(id);
    return slide ? ok(slide, 'StaffHomeSlide') : notFoundResult(SLIDE_MISSING);
  }

  // ---------------------------------------------------------------- promo blocks

  async createPromo(input: PromoBlockFormInput): Promise<PromoResult> {
    const v = await this.checkPromo(input);
    if ('__typename' in v) return v;
    const id = await this.change('promo_block', null, async (m) => {
      const [row]: Array<{ id: number }> = await m.query(
        `INSERT INTO promo_block (title, body, image_key, image_alt, link_url, link_label, from_price_category, starts_at, ends_at, active, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, (SELECT COALESCE(MAX(position), 0) + 1 FROM promo_block)) RETURNING id`,
        [
          v.title,
          v.body,
          v.imageKey,
          v.imageAlt,
          v.linkUrl,
          v.linkLabel,
          v.fromPriceCategory,
          v.startsAt,
          v.endsAt,
          v.active,
        ],
      );
      return row!.id;
    });
    return id === null ? notFoundResult(PROMO_MISSING) : this.promoAnswer(id);
  }

  async updatePromo(idValue: string, input: PromoBlockFormInput): Promise<PromoResult> {
    const id = rowId(idValue);
    if (id === null) return notFoundResult(PROMO_MISSING);
    const v = await this.checkPromo(input);
    if ('__typename' in v) return v;
    const changed = await this.change('promo_block', id, async (m) => {
      const rows = await returningRows(
        m,
        `UPDATE promo_block SET title = $2, body = $3, image_key = $4, image_alt = $5, link_url = $6, link_label = $7, from_price_category = $8,
                starts_at = $9, ends_at = $10, active = $11, updated_at = now()
          WHERE id = $1 RETURNING id`,
        [
          id,
          v.title,
          v.body,
          v.imageKey,
          v.imageAlt,
          v.linkUrl,
          v.linkLabel,
          v.fromPriceCategory,
          v.startsAt,
          v.endsAt,
          v.active,
        ],
      );
      return rows.length ? id : null;
    });
    return changed === null ? notFoundResult(PROMO_MISSING) : this.promoAnswer(id);
  }

  deletePromo(id: string): Promise<DeleteResult> {
    return this.deleteRow('promo_block', id, PROMO_MISSING);
  }

  async reorderPromos(
    ids: string[],
  ): Promise<{ __typename: 'StaffPromoList'; promos: PromoView[] } | ValidationErrors> {
    const refused = await this.reorder(
      'promo_block',
      ids,
      'Los bloques cambiaron mientras ordenabas: recarga la página e inténtalo de nuevo.',
    );
    return refused ?? { __typename: 'StaffPromoList', promos: await this.content.promos({ live: false }) };
  }

  private async checkPromo(input: PromoBlockFormInput) {
    const parsed = promoBlockInputSchema.safeParse(input);
    if (!parsed.success) return validationErrors(parsed.error);
    const v = parsed.data;
    if (v.imageKey) {
      const missing = await this.missingImage(this.ds.manager, { imageKey: v.imageKey });
      if (missing) return missing;
    }
    if (
      v.fromPriceCategory &&
      !(await this.ds.query(`SELECT 1 FROM category WHERE slug = $1`, [v.fromPriceCategory])).length
    ) {
      return invalidField('fromPriceCategory', CONTENT_MESSAGES.unknownCategory);
    }
    return v;
  }

  private async promoAnswer(id: number): Promise<PromoResult> {
    const promo = await this.content.promo(id);
    return promo ? ok(promo, 'StaffPromoBlock') : notFoundResult(PROMO_MISSING);
  }

  // ---------------------------------------------------------------- shared

  /** The first image key (by field) that is not in the media library, as a refusal. */
  private async missingImage(m: EntityManager, keys: Record<string, string>): Promise<ValidationErrors | null> {
    const rows: Array<{ storage_key: string }> = await m.query(
      `SELECT storage_key FROM media_asset WHERE storage_key = ANY($1::text[])`,
      [Object.values(keys)],
    );
    const known = new Set(rows.map((r) => r.storage_key));
    const field = Object.keys(keys).find((k) => !known.has(keys[k]!));
    return field ? invalidField(field, CONTENT_MESSAGES.unknownImage) : null;
  }

  /**
   * One row created (id null), changed or deleted in a transaction with its activity-log entry (the row before and
   * after). `run` answers the row's id, or null when there was no such row (nothing is written then).
   */
  private async change(
    table: ContentTable,
    id: number | null,
    run: (m: EntityManager) => Promise<number | null>,
  ): Promise<number | null> {
    const { entityType, snapshot } = AUDIT[table];
    const outcome = await inTransaction(this.ds, async (m) => {
      const before = id === null ? null : await rowSnapshot(m, `${snapshot} FOR UPDATE`, id);
      const changed = await run(m);
      if (changed === null) return rollback(null);
      auditChange(m, { entityType, entityId: changed, before, after: await rowSnapshot(m, snapshot, changed) });
      return commit(changed);
    });
    return outcome.commit ? outcome.value : null;
  }

  private async deleteRow(table: ContentTable, idValue: string, missing: string): Promise<DeleteResult> {
    const id = rowId(idValue);
    const deleted =
      id === null
        ? null
        : await this.change(table, id, async (m) => {
            const rows = await returningRows(m, `DELETE FROM ${table} WHERE id = $1 RETURNING id`, [id]);
            return rows.length ? id : null;
          });
    return deleted === null ? notFoundResult(missing) : { __typename: 'Deleted', id: String(id) };
  }

  private async reorder(table: ContentTable, ids: string[], changed: string): Promise<ValidationErrors | null> {
    const outcome = await inTransaction<null, ValidationErrors>(this.ds, async (m) => {
      const rows: Array<{ id: number }> = await m.query(`SELECT id FROM ${table} ORDER BY id FOR UPDATE`);
      const wanted = ids.map(Number);
      const same =
        wanted.length === rows.length &&
        new Set(wanted).size === wanted.length &&
        rows.every((r) => wanted.includes(r.id));
      if (!same) return rollback(invalidField('ids', changed));
      const order = `SELECT string_agg(id::text, ', ' ORDER BY position, id) AS "order" FROM ${table} WHERE $1::int IS NOT NULL`;
      const before = await rowSnapshot(m, order, 0);
      await m.query(
        `UPDATE ${table} t SET position = o.position FROM unnest($1::int[]) WITH ORDINALITY AS o(id, position) WHERE t.id = o.id`,
        [wanted],
      );
      auditChange(m, {
        entityType: AUDIT[table].entityType,
        entityId: 'orden',
        before,
        after: await rowSnapshot(m, order, 0),
      });
      return commit(null);
    });
    return outcome.commit ? null : outcome.failure;
  }
}
