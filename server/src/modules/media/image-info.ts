/** Accepted product image types and their file extensions. */
export const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Widest or tallest picture accepted, in pixels (a phone photo is ~4000). */
export const MAX_IMAGE_SIDE = 8000;
/** Most pixels accepted (decoding takes ~4 bytes each: this keeps one picture under ~160 MB of memory). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The longest base64 text of a MAX_IMAGE_BYTES picture (with a `data:` prefix and line breaks to spare). */
export const MAX_IMAGE_BASE64_CHARS = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

export interface ImageSize {
  width: number;
  height: number;
}

function pngSize(b: Buffer): ImageSize | null {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function jpegSize(b: Buffer): ImageSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    const len = b.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

function webpSize(b: Buffer): ImageSize | null {
  if (b.length < 30 || b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  return null;
}

function svgSize(b: Buffer): ImageSize | null {
  const text = b.toString('utf8', 0, Math.min(b.length, 4096));
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return null;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`, 'i').exec(tag)?.[1];
  const w = attr('width');
  const h = attr('height');
  if (w && h) return { width: Math.round(Number(w)), height: Math.round(Number(h)) };
  const vb = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(tag);
  return vb ? { width: Math.round(Number(vb[1])), height: Math.round(Number(vb[2])) } : null;
}

/** Reads the pixel size from the file itself; null when the bytes are not that type of image. */
export function imageSize(contentType: string, data: Buffer): ImageSize | null {
  const size =
    contentType === 'image/png'
      ? pngSize(data)
      : contentType === 'image/jpeg'
        ? jpegSize(data)
        : contentType === 'image/webp'
          ? webpSize(data)
          : contentType === 'image/svg+xml'
            ? svgSize(data)
            : null;
  return size && size.width > 0 && size.height > 0 ? size : null;
}
