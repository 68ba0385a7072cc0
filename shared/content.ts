import { z } from 'zod';
import { clientText } from './client-text.js';

/**
 * Storefront content that staff run: home carousel slides, promo blocks and seasonal campaign
 * pages. The server validates staff input with these schemas; the staff forms use the same ones.
 */

export const CONTENT_MESSAGES = {
  titleMissing: 'Escribe un título (al menos 3 caracteres).',
  titleTooLong: 'El título es demasiado largo (máximo 120 caracteres).',
  altMissing: 'Describe la imagen para quien no puede verla (al menos 5 caracteres), incluido el texto que tenga.',
  altTooLong: 'La descripción de la imagen es demasiado larga (máximo 200 caracteres).',
  link: 'El enlace debe ser una ruta de la tienda (ej. /chaquetas) o una dirección https://.',
  desktopImage: 'Sube la imagen para computador.',
  mobileImage: 'Sube la imagen para celular.',
  dates: 'La fecha de fin debe ser posterior a la de inicio.',
  dateInvalid: 'Fecha no válida.',
  bodyMissing: 'Escribe el texto del bloque (al menos 10 caracteres).',
  bodyTooLong: 'El texto es demasiado largo (máximo 600 caracteres).',
  linkLabel: 'Escribe el texto del botón (de 2 a 40 caracteres).',
  imageAltTooLong: 'La descripción de la imagen es demasiado larga (máximo 200 caracteres).',
  campaignTitle: 'Escribe el título de la campaña (de 3 a 80 caracteres).',
  campaignDescription: 'Escribe una descripción de 10 a 300 caracteres.',
  unknownImage: 'La imagen no está en la biblioteca de la tienda: súbela de nuevo.',
  unknownCategory: 'La categoría elegida no existe.',
} as const;

const M = CONTENT_MESSAGES;

/** A link inside the shop (`/chaquetas`, `/halloween?x=1`) or an https URL; never `//host` or `javascript:`. */
export function isSafeLink(link: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(link)) return true;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && !/\s/.test(link);
  } catch {
    return false;
  }
}

const link = clientText(300, M.link)
  .trim()
  .max(300, { message: M.link, abort: true })
  .refine((v) => isSafeLink(v), M.link);

const instant = z
  .union([z.date(), z.string()])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : v instanceof Date ? v : new Date(v)))
  .refine((d) => d === null || !Number.isNaN(d.getTime()), M.dateInvalid);

const window = <T extends { startsAt: Date | null; endsAt: Date | null }>(v: T, ctx: z.RefinementCtx) => {
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt)
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.dates });
};

export const homeSlideInputSchema = z
  .object({
    title: z.string().trim().min(3, M.titleMissing).max(120, M.titleTooLong),
    alt: z.string().trim().min(5, M.altMissing).max(200, M.altTooLong),
    link,
    desktopImageKey: clientText(300, M.unknownImage).trim().min(1, M.desktopImage),
    mobileImageKey: clientText(300, M.unknownImage).trim().min(1, M.mobileImage),
    startsAt: instant,
    endsAt: instant,
    active: z.boolean(),
  })
  .superRefine(window);

export const promoBlockInputSchema = z
  .object({
    title: z.string().trim().min(3, M.titleMissing).max(120, M.titleTooLong),
    body: z.string().trim().min(10, M.bodyMissing).max(600, M.bodyTooLong),
    imageKey: clientText(300, M.unknownImage)
      .nullish()
      .transform((v) => v?.trim() || null),
    imageAlt: z
      .string()
      .nullish()
      .transform((v) => v?.trim() ?? '')
      .pipe(z.string().max(200, M.imageAltTooLong)),
    linkUrl: link,
    linkLabel: z.string().trim().min(2, M.linkLabel).max(40, M.linkLabel),
    fromPriceCategory: clientText(80, M.unknownCategory)
      .nullish()
      .transform((v) => v?.trim() || null),
    startsAt: instant,
    endsAt: instant,
    active: z.boolean(),
  })
  .superRefine(window);

export const campaignInputSchema = z.object({
  title: z.string().trim().min(3, M.campaignTitle).max(80, M.campaignTitle),
  description: z.string().trim().min(10, M.campaignDescription).max(300, M.campaignDescription),
  active: z.boolean(),
});

export type HomeSlideFormInput = z.input<typeof homeSlideInputSchema>;
export type ValidHomeSlide = z.output<typeof homeSlideInputSchema>;
export type ValidPromoBlock = z.output<typeof promoBlockInputSchema>;
export type ValidCampaign = z.output<typeof campaignInputSchema>;
export type PromoBlockFormInput = z.input<typeof promoBlockInputSchema>;
export type CampaignFormInput = z.input<typeof campaignInputSchema>;

/** Whether dated content shows at `now`: active, started (or no start) and not ended (end exclusive). */
export function isLive(
  item: { active: boolean; startsAt: Date | string | null; endsAt: Date | string | null },
  now: Date = new Date(),
): boolean {
  const t = now.getTime();
  const start = item.startsAt ? new Date(item.startsAt).getTime() : null;
  const end = item.endsAt ? new Date(item.endsAt).getTime() : null;
  return item.active && (start === null || start <= t) && (end === null || t < end);
}

/** Where a staff member reads a dated item's state: `En la tienda`, `Programada`, `Terminada`, `Apagada`. */
export function liveState(
  item: { active: boolean; startsAt: Date | string | null; endsAt: Date | string | null },
  now: Date = new Date(),
): 'live' | 'scheduled' | 'ended' | 'off' {
  if (!item.active) return 'off';
  if (isLive(item, now)) return 'live';
  return item.endsAt && new Date(item.endsAt).getTime() <= now.getTime() ? 'ended' : 'scheduled';
}

export const LIVE_STATE_LABELS = {
  live: 'En la tienda',
  scheduled: 'Programada',
  ended: 'Terminada',
  off: 'Apagada',
} as const;
