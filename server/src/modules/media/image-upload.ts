import { randomBytes } from 'node:crypto';
import { slugify } from '#shared/product-form.js';
import { invalidField, type ValidationErrors } from '../../common/results.js';
import { IMAGE_TYPES, imageSize, MAX_IMAGE_BYTES, type ImageSize } from './image-info.js';

/** An uploaded picture, checked: its bytes, file extension and pixel size. */
export interface DecodedImage extends ImageSize {
  data: Buffer;
  ext: string;
  contentType: string;
}

/**
 * Staff uploads arrive as base64 in GraphQL: checks the type (PNG, JPEG, WebP, SVG), the encoding,
 * the 5 MB limit and that the bytes really are an image of that type (and reads its size).
 */
export function decodeImageUpload(input: { dataBase64: string; contentType: string }): DecodedImage | ValidationErrors {
  const ext = IMAGE_TYPES[input.contentType];
  if (!ext) return invalidField('contentType', 'Formato no admitido: usa PNG, JPEG, WebP o SVG.');
  const base64 = input.dataBase64.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  if (!/^[A-Z0-9+/]*={0,2}$/i.test(base64) || base64.length === 0)
    return invalidField('dataBase64', 'El archivo no es válido.');
  if (base64.length > Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4)
    return invalidField('dataBase64', 'La imagen supera los 5 MB.');
  const data = Buffer.from(base64, 'base64');
  if (data.length > MAX_IMAGE_BYTES) return invalidField('dataBase64', 'La imagen supera los 5 MB.');
  const size = imageSize(input.contentType, data);
  if (!size) return invalidField('dataBase64', 'El archivo no es una imagen válida del formato indicado.');
  // An SVG is a document: no scripts, event handlers, javascript: links or embedded HTML in the shop's media.
  if (
    input.contentType === 'image/svg+xml' &&
    /<script|<foreignObject|\son[a-z]+\s*=|javascript:/i.test(data.toString('utf8'))
  ) {
    return invalidField(
      'dataBase64',
      'El SVG tiene código o contenido activo: expórtalo de nuevo como imagen simple o usa PNG.',
    );
  }
  return { data, ext, contentType: input.contentType, ...size };
}

/** `<folder>/<name>-<random>.<ext>`: a fresh, unguessable key per upload (files are never overwritten). */
export function uploadKey(folder: string, name: string, ext: string): string {
  const base = slugify(name).slice(0, 80) || 'imagen';
  return `${folder}/${base}-${randomBytes(5).toString('hex')}.${ext}`;
}
