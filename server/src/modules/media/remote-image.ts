import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net, { BlockList } from 'node:net';
import { imageSize, MAX_IMAGE_BYTES } from './image-info.js';
import { createImageVariants, storeImageVariants, type ImageVariant } from './image-variants.js';
import { uploadKey } from './image-upload.js';
import type { MediaStore } from './media-store.js';

/** A picture fetched by URL and checked: PNG, JPEG or WebP, within the upload limits. */
export interface RemoteImage {
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: string;
  width: number;
  height: number;
}

export interface RemoteImageOptions {
  /** Loopback and private addresses (a shop on one's own computer, a test shop's test servers). */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

const MAX_SIDE = 8000;
const MAX_REDIRECTS = 3;

/** Addresses a URL given by staff may never reach in a deployment: the shop's own network and metadata services. */
const PRIVATE = new BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  PRIVATE.addSubnet(net6, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function sniff(data: Buffer): RemoteImage['contentType'] | null {
  if (data.length > 8 && data.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length > 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

const EXT = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

class Refused extends Error {}

/** One GET; the connection only goes to an address that passed the check (no DNS rebinding in between). */
function get(url: URL, options: Required<RemoteImageOptions>, deadline: number) {
  return new Promise<{ status: number; location?: string; data: Buffer }>((resolve, reject) => {
    const lookup: net.LookupFunction = (hostname, opts, callback) => {
      dns.lookup(hostname, { ...opts, all: true }, (err, addresses) => {
        if (err) return callback(err, '', 4);
        const list = addresses as dns.LookupAddress[];
        const bad = list.find((a) => isPrivateAddress(a.address));
        if (!options.allowPrivate && bad)
          return callback(new Refused('la dirección apunta a una red privada o local'), '', 4);
        const chosen = list[0];
        if (!chosen) return callback(new Refused('el servidor no existe'), '', 4);
        if ((opts as { all?: boolean }).all)
          (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [chosen]);
        else callback(null, chosen.address, chosen.family);
      });
    };
    const literal = net.isIP(url.hostname.replace(/^\[|\]$/g, ''));
    if (literal && !options.allowPrivate && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
      reject(new Refused('la dirección apunta a una red privada o local'));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      {
        lookup,
        timeout: Math.max(1, deadline - Date.now()),
        headers: { 'user-agent': 'EnzoCatalogImport/1.0', accept: 'image/png,image/jpeg,image/webp' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location, data: Buffer.alloc(0) });
          return;
        }
        if (status !== 200) {
          res.resume();
          resolve({ status, data: Buffer.alloc(0) });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          res.destroy();
          reject(new Refused('pesa más de 5 MB'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(new Refused('pesa más de 5 MB'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, data: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Refused('no respondió a tiempo')),
      Math.max(1, deadline - Date.now()),
    );
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Refused('no respondió a tiempo')));
    req.on('error', reject);
  });
}

/**
 * Downloads a picture given by URL the way an upload is checked: only http/https, never a private or loopback address
 * in a deployment (checked on the address actually connected to, and again after each redirect), within a time and
 * size limit, and only PNG, JPEG or WebP bytes of a sane size. Answers the picture or a Spanish reason.
 */
export async function fetchRemoteImage(
  address: string,
  { allowPrivate, timeoutMs = 10_000, maxBytes = MAX_IMAGE_BYTES }: RemoteImageOptions,
): Promise<RemoteImage | { message: string }> {
  const options = { allowPrivate, timeoutMs, maxBytes };
  const deadline = Date.now() + timeoutMs;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { message: 'no es una dirección válida' };
  }
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return { message: 'solo se aceptan direcciones http o https' };
      if (url.username || url.password) return { message: 'la dirección no puede llevar usuario ni clave' };
      const res = await get(url, options, deadline);
      if (res.status >= 300 && res.status < 400 && res.location) {
        if (hop >= MAX_REDIRECTS) return { message: 'redirige demasiadas veces' };
        url = new URL(res.location, url);
        continue;
      }
      if (res.status !== 200) return { message: `el servidor respondió ${res.status}` };
      const contentType = sniff(res.data);
      if (!contentType) return { message: 'no es una imagen PNG, JPEG o WebP' };
      const size = imageSize(contentType, res.data);
      if (!size) return { message: 'la imagen está dañada' };
      if (size.width > MAX_SIDE || size.height > MAX_SIDE)
        return { message: `mide más de ${MAX_SIDE.toLocaleString('es-CO')} px de lado` };
      return { data: res.data, contentType, ext: EXT[contentType], ...size };
    }
  } catch (err) {
    if (err instanceof Refused) return { message: err.message };
    const code = (err as { code?: string }).code;
    return {
      message:
        code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'el servidor no existe'
          : code === 'ECONNREFUSED'
            ? 'el servidor no acepta conexiones'
            : 'no se pudo descargar',
    };
  }
}

/** Stores a checked picture like an upload: the original and its resized WebP/JPEG copies. */
export async function storeRemoteImage(
  media: MediaStore,
  name: string,
  image: RemoteImage,
): Promise<{ key: string; url: string; width: number; height: number; variants: ImageVariant[] }> {
  const key = uploadKey('products', name, image.ext);
  // Resized first: a picture that cannot be processed leaves nothing in the media store.
  const rendered = await createImageVariants(image.data, image);
  const url = await media.put(key, image.data, image.contentType);
  const variants = await storeImageVariants(media, key, rendered);
  return { key, url, width: image.width, height: image.height, variants };
}
