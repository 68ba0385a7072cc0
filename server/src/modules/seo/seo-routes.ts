/**
 * Static route metadata for server-rendered <head> tags. Mirrors the client's route table
 * (client/src/app/routes.tsx, route-meta.ts): the client keeps them right while navigating.
 */
import { BRAND, SHOP_TITLE } from '../../config/shop.js';

export const DEFAULT_DESCRIPTION = 'Accesorios de calidad para mascotas en Colombia: collares, arneses, correas y ropa.';
export const HOME_DESCRIPTION = 'Compra collares, arneses, correas, pecheras y ropa para perros y gatos. Envíos a toda Colombia.';

export function pageTitle(title?: string): string {
  return title ? `${title} | ${BRAND}` : SHOP_TITLE;
}

export interface StaticRouteMeta {
  title?: string;
  description: string;
  /** Canonical path (defaults to the request path). */
  canonical?: string;
  noindex?: boolean;
  /** Listing of a category or collection: its image comes from the catalog. */
  listing?: { category?: string; collection?: string };
  /** Listed in the sitemap. */
  inSitemap?: boolean;
}

export const STATIC_ROUTES: Record<string, StaticRouteMeta> = {
  '/': { description: HOME_DESCRIPTION, inSitemap: true },
  '/about': { description: HOME_DESCRIPTION, canonical: '/' },
  '/collares': { title: 'Collares', description: 'Collares para perros y gatos en cuero, neopreno y tela, hechos en Colombia.', listing: { category: 'collares' }, inSitemap: true },
  '/correas': { title: 'Correas', description: 'Correas resistentes y cómodas para pasear a tu mascota.', listing: { category: 'correas' }, inSitemap: true },
  '/arneses': { title: 'Arneses', description: 'Arneses ajustables que cuidan el cuello y la espalda de tu perro.', listing: { category: 'arneses' }, inSitemap: true },
  '/bandanas': { title: 'Bandanas', description: 'Bandanas estampadas para perros y gatos con estilo propio.', listing: { category: 'bandanas' }, inSitemap: true },
  '/pecheras': { title: 'Pecheras', description: 'Pecheras acolchadas para paseos seguros y cómodos.', listing: { category: 'pecheras' }, inSitemap: true },
  '/pecherasBackpack': { title: 'Pecheras Backpack', description: 'Pecheras con bolsillos tipo morral para llevar lo esencial del paseo.', listing: { category: 'pecheras-backpack' }, inSitemap: true },
  '/chaquetas': { title: 'Denim For Pets', description: 'Chaquetas de denim para perros: abrigo y estilo con guía de tallas.', listing: { category: 'chaquetas' }, inSitemap: true },
  '/halloween': { title: 'Halloween', description: 'Bandanas de edición limitada para el Halloween más peludo.', listing: { collection: 'halloween' }, inSitemap: true },
  '/nosotros': { title: 'Nosotros', description: 'Conoce la historia de Enzo y de los artesanos colombianos detrás de cada accesorio.', inSitemap: true },
  '/TratamientoDatos': { title: 'Tratamiento de datos personales', description: 'Política de tratamiento de datos personales de Enzo (Ley 1581 de 2012).', inSitemap: true },
  '/PoliticaDevolucion': { title: 'Política de devoluciones', description: 'Derecho de retracto, garantías y devoluciones en Enzo (Ley 1480 de 2011).', inSitemap: true },
  '/PoliticaEnvios': { title: 'Política de envíos', description: 'Cobertura, tiempos y costos de envío a toda Colombia.', inSitemap: true },
  '/distribuidores-cucuta': { title: 'Distribuidores oficiales en Cúcuta', description: DEFAULT_DESCRIPTION, inSitemap: true },
  '/distribuidores-bogota': { title: 'Distribuidores oficiales en Bogotá', description: DEFAULT_DESCRIPTION, inSitemap: true },
  '/alianza-laika-enzo': { title: 'Alianza Laika y Enzo', description: DEFAULT_DESCRIPTION, inSitemap: true },
  '/alianza-kumpet': { title: 'Alianza Kumpet y Enzo', description: DEFAULT_DESCRIPTION, inSitemap: true },
  '/alianza-puppis-enzo': { title: 'Alianza Puppis y Enzo', description: DEFAULT_DESCRIPTION, inSitemap: true },
  '/proceso-pago-items': { title: 'Finalizar compra', description: DEFAULT_DESCRIPTION, noindex: true },
  '/pago-exitoso': { title: 'Estado de tu pago', description: DEFAULT_DESCRIPTION, noindex: true },
  '/pasarela-sandbox': { title: 'Pasarela de pagos de prueba', description: DEFAULT_DESCRIPTION, noindex: true },
  '/login-dashboard-enzo-fpl': { title: 'Ingreso del personal', description: DEFAULT_DESCRIPTION, noindex: true },
};

/** Staff and checkout areas: never indexed (also disallowed in robots.txt). */
export const PRIVATE_PREFIXES = ['/dashboard', '/orders', '/detail-order', '/login-dashboard-enzo-fpl', '/proceso-pago-items', '/pago-exitoso', '/pasarela-sandbox'];

/** Where each category's products live (spec §2), as in client/src/lib/catalog-paths.ts. */
export const DETAIL_ROUTES: { category: string; prefix: string; withName: boolean }[] = [
  { category: 'collares', prefix: '/collares', withName: true },
  { category: 'correas', prefix: '/correa', withName: true },
  { category: 'arneses', prefix: '/arnes', withName: false },
  { category: 'bandanas', prefix: '/bandana', withName: true },
  { category: 'pecheras', prefix: '/pechera', withName: true },
  { category: 'pecheras-backpack', prefix: '/pechera_backpack', withName: true },
  { category: 'chaquetas', prefix: '/chaqueta', withName: true },
];

export function productPath(p: { id: number; slug: string; categorySlug: string; collections: readonly string[] }): string {
  const route = DETAIL_ROUTES.find((r) => r.category === p.categorySlug);
  if (!route) return '/';
  if (p.categorySlug === 'bandanas' && p.collections.includes('halloween')) return `/bandana/halloween/${p.id}/${p.slug}`;
  return route.withName ? `${route.prefix}/${p.id}/${p.slug}` : `${route.prefix}/${p.id}/`;
}

/** `/bandana/halloween/12/x` → { category: 'bandanas', id: 12 }; null when not a detail URL shape. */
export function parseProductPath(pathname: string): { category: string; id: number } | null {
  const m = /^\/(collares|correa|arnes|bandana(?:\/halloween)?|pechera|pechera_backpack|chaqueta)\/(\d{1,9})(?:\/([^/]*))?\/?$/.exec(pathname);
  if (!m) return null;
  const prefix = `/${m[1]!.replace('/halloween', '')}`;
  const route = DETAIL_ROUTES.find((r) => r.prefix === prefix);
  return route ? { category: route.category, id: Number(m[2]) } : null;
}
