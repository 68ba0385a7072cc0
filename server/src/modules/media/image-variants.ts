import { imageSize } from './image-info.js';
import type { MediaStore } from './media-store.js';
import { MAX_IMAGE_PIXELS } from './image-info.js';
import { imageWork } from './image-upload.js';

/** One width of a raster picture, as WebP (what phones fetch) and JPEG (browsers without WebP). */
export interface ImageVariant {
  width: number;
  height: number;
  webp: string;
  jpeg: string;
}

/** Widths for phones (1×–3× of ~360 px wide cards and a full-width product photo) and desktops. */
export const VARIANT_WIDTHS = [320, 480, 640, 960, 1280] as const;

/** A variant made in memory, not stored yet. */
export interface RenderedVariant {
  width: number;
  height: number;
  webp: Buffer;
  jpeg: Buffer;
}

/**
 * Resized WebP and JPEG copies of a raster upload (PNG, JPEG or WebP), never wider than the original, made in
 * memory: a picture that cannot be decoded throws here, before anything is stored. One picture at a time per
 * instance (imageWork); sharp decodes and encodes on libuv's threads, so the event loop keeps serving meanwhile.
 * SVG artwork gets none: it is a few KB and sharp at every size, which no bitmap beats.
 */
export function createImageVariants(
  data: Buffer,
  original: { width: number; height: number },
): Promise<RenderedVariant[]> {
  return imageWork(async () => {
    // Loaded on the first upload, not at start-up (libvips is a large native module).
    const { default: sharp } = await import('sharp');
    const widths: number[] = VARIANT_WIDTHS.filter((w) => w < original.width);
    widths.push(Math.min(original.width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]));
    const variants: RenderedVariant[] = [];
    for (const width of [...new Set(widths)]) {
      const height = Math.round((original.height * width) / original.width);
      // `rotate()` applies the EXIF orientation of phone photos before resizing (the copies carry no EXIF).
      const resized = sharp(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width, height, fit: 'fill' });
      const [webp, jpeg] = await Promise.all([
        resized.clone().webp({ quality: 78, effort: 4 }).toBuffer(),
        resized
          .clone()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 80, mozjpeg: true, progressive: true })
          .toBuffer(),
      ]);
      variants.push({ width, height, webp, jpeg });
    }
    return variants;
  });
}

/** Stores variants beside the original (`<key>-w640.webp`, `<key>-w640.jpg`…) and returns their URLs. */
export async function storeImageVariants(
  media: MediaStore,
  key: string,
  rendered: RenderedVariant[],
): Promise<ImageVariant[]> {
  const base = key.replace(/\.[a-z0-9]+$/, '');
  const variants: ImageVariant[] = [];
  for (const v of rendered) {
    variants.push({
      width: v.width,
      height: v.height,
      webp: await media.put(`${base}-w${v.width}.webp`, v.webp, 'image/webp'),
      jpeg: await media.put(`${base}-w${v.width}.jpg`, v.jpeg, 'image/jpeg'),
    });
  }
  return variants;
}

/** `srcset` of one format (`url 640w, …`), or null when the picture has no variants. */
export function srcSetOf(variants: readonly ImageVariant[] | null | undefined, format: 'webp' | 'jpeg'): string | null {
  return variants?.length ? variants.map((v) => `${v[format]} ${v.width}w`).join(', ') : null;
}

/** Longest side of a raster copy of SVG artwork: Meta asks for at least 500 px, Google suggests 800 px or more. */
const RASTER_SIDE = { min: 800, max: 1600 } as const;

/**
 * A PNG of SVG artwork, for the places that take no SVG (the product feeds): drawn by librsvg at the resolution of
 * the output (never blurry), its longest side between 800 and 1600 px, on white (transparency turns black on some
 * platforms). Null when the bytes are not an SVG librsvg can draw.
 */
export async function rasterizeSvg(svg: Buffer): Promise<{ data: Buffer; width: number; height: number } | null> {
  const size = imageSize('image/svg+xml', svg);
  if (!size) return null;
  const side = Math.max(size.width, size.height);
  const scale = Math.min(Math.max(side, RASTER_SIDE.min), RASTER_SIDE.max) / side;
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const { default: sharp } = await import('sharp');
  try {
    const data = await sharp(svg, { density: 72 * scale, failOn: 'error' })
      .resize({ width, height, fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 6 })
      .toBuffer();
    return { data, width, height };
  } catch {
    return null;
  }
}
