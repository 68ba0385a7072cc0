import { randomBytes } from 'node:crypto';
import pLimit from 'p-limit';
import { slugify } from '#shared/product-form.js';
import { invalidField, type ValidationErrors } from '../../common/results.js';
import {
  IMAGE_TYPES,
  imageSize,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  type ImageSize,
} from './image-info.js';
import { sanitizeSvg } from './svg-sanitizer.js';

/** An uploaded picture, checked: its bytes, file extension and pixel size. */
export interface DecodedImage extends ImageSize {
  data: Buffer;
  ext: string;
  contentType: string;
}

/** sharp's names for the raster types the shop takes. */
const SHARP_FORMATS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

/**
 * Decoding and resizing pictures takes memory in proportion to their pixels: one at a time per instance, so two
 * large uploads at once cannot exhaust it (sharp already does the work on libuv's threads, off the event loop).
 */
export const imageWork = pLimit(1);

const tooBig = (size: ImageSize) =>
  size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS;

const TOO_BIG = `La imagen es demasiado grande: hasta ${MAX_IMAGE_SIDE} px por lado y ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles. Redúcela y súbela de nuevo.`;

/**
 * Staff uploads arrive as base64 in GraphQL: checks the type (PNG, JPEG, WebP, SVG), the encoding, the 5 MB
 * limit, that the bytes really are an image of that type and its pixel size from the file's header (sharp reads
 * only the header here; nothing is decoded), refusing anything over MAX_IMAGE_SIDE a side or MAX_IMAGE_PIXELS.
 * An SVG is sanitised (svg-sanitizer.ts) and refused when it carried code. Nothing is stored here: the caller
 * stores what this accepts.
 */
export async function checkImageUpload(input: {
  dataBase64: string;
  contentType: string;
}): Promise<DecodedImage | ValidationErrors> {
  const ext = IMAGE_TYPES[input.contentType];
  if (!ext) return invalidField('contentType', 'Formato no admitido: usa PNG, JPEG, WebP o SVG.');
  const comma = input.dataBase64.startsWith('data:') ? input.dataBase64.indexOf(',') : -1;
  const base64 = input.dataBase64.slice(comma + 1).replace(/\s/g, '');
  if (base64.length > Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4)
    return invalidField('dataBase64', 'La imagen supera los 5 MB.');
  if (!/^[A-Z0-9+/]*={0,2}$/i.test(base64) || base64.length === 0)
    return invalidField('dataBase64', 'El archivo no es válido.');
  const data = Buffer.from(base64, 'base64');
  if (data.length > MAX_IMAGE_BYTES) return invalidField('dataBase64', 'La imagen supera los 5 MB.');
  const notAnImage = invalidField('dataBase64', 'El archivo no es una imagen válida del formato indicado.');

  if (input.contentType === 'image/svg+xml') {
    const size = imageSize(input.contentType, data);
    if (!size) return notAnImage;
    const checked = await sanitizeSvg(data.toString('utf8'));
    if (checked.kind === 'active') {
      return invalidField(
        'dataBase64',
        'El SVG tiene código o contenido activo: expórtalo de nuevo como imagen simple o usa PNG.',
      );
    }
    if (checked.kind === 'invalid') return notAnImage;
    return { data: Buffer.from(checked.svg, 'utf8'), ext, contentType: input.contentType, ...size };
  }

  // The header alone is enough to refuse a huge picture before anything is decoded.
  const header = imageSize(input.contentType, data);
  if (!header) return notAnImage;
  if (tooBig(header)) return invalidField('dataBase64', TOO_BIG);
  const { default: sharp } = await import('sharp');
  let meta: { format?: string; width?: number; height?: number; autoOrient?: { width: number; height: number } };
  try {
    meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    return notAnImage;
  }
  if (meta.format !== SHARP_FORMATS[input.contentType] || !meta.width || !meta.height) return notAnImage;
  const size = { width: meta.width, height: meta.height };
  if (tooBig(size)) return invalidField('dataBase64', TOO_BIG);
  return { data, ext, contentType: input.contentType, ...size };
}

/** `<folder>/<name>-<random>.<ext>`: a fresh, unguessable key per upload (files are never overwritten). */
export function uploadKey(folder: string, name: string, ext: string): string {
  const base = slugify(name).slice(0, 80) || 'imagen';
  return `${folder}/${base}-${randomBytes(5).toString('hex')}.${ext}`;
}
