import { BRAND, SHOP_TITLE } from './shop.js';

/**
 * The storefront's URL table: listings, content pages, private pages and product URL shapes, with
 * the title and description of each. The client builds its router from it and keeps <head> right while
 * navigating; the server writes the same tags, the sitemap and robots.txt from it.
 */

export const DEFAULT_DESCRIPTION =
  'Accesorios de calidad para mascotas en Colombia: collares, arneses, correas y ropa.';
export const HOME_DESCRIPTION =
  'Compra collares, arneses, correas, pecheras y ropa para perros y gatos. Envíos a toda Colombia.';

/** `Collares | Enzo`, or the shop's own title. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${BRAND}` : SHOP_TITLE;
}

export interface PageMetaInfo {
  title?: string;
  description: string;
  /** Canonical path (defaults to the page's own path). */
  canonical?: string;
  noindex?: boolean;
  /** Listed in the sitemap. */
  inSitemap?: boolean;
}

export interface ListingPage extends PageMetaInfo {
  path: string;
  title: string;
  category?: string;
  collection?: string;
}

/** Category and collection listings, in menu order. */
export const LISTING_PAGES: readonly ListingPage[] = [
  {
    path: '/collares',
    category: 'collares',
    title: 'Collares',
    description: 'Collares para perros y gatos en cuero, neopreno y tela, hechos en Colombia.',
  },
  {
    path: '/correas',
    category: 'correas',
    title: 'Correas',
    description: 'Correas resistentes y cómodas para pasear a tu mascota.',
  },
  {
    path: '/arneses',
    category: 'arneses',
    title: 'Arneses',
    description: 'Arneses ajustables que cuidan el cuello y la espalda de tu perro.',
  },
  {
    path: '/bandanas',
    category: 'bandanas',
    title: 'Bandanas',
    description: 'Bandanas estampadas para perros y gatos con estilo propio.',
  },
  {
    path: '/pecheras',
    category: 'pecheras',
    title: 'Pecheras',
    description: 'Pecheras acolchadas para paseos seguros y cómodos.',
  },
  {
    path: '/pecherasBackpack',
    category: 'pecheras-backpack',
    title: 'Pecheras Backpack',
    description: 'Pecheras con bolsillos tipo morral para llevar lo esencial del paseo.',
  },
  {
    path: '/chaquetas',
    category: 'chaquetas',
    title: 'Denim For Pets',
    description: 'Chaquetas de denim para perros: abrigo y estilo con guía de tallas.',
  },
  {
    path: '/halloween',
    collection: 'halloween',
    title: 'Halloween',
    description: 'Bandanas de edición limitada para el Halloween más peludo.',
  },
].map((l) => ({ ...l, inSitemap: true }));

/** Every page with a fixed path: home, listings, content, checkout and staff. */
export const PAGES = {
  home: { description: HOME_DESCRIPTION, canonical: '/', inSitemap: true },
  about: { description: HOME_DESCRIPTION, canonical: '/' },
  nosotros: {
    title: 'Nosotros',
    description: 'Conoce la historia de Enzo y de los artesanos colombianos detrás de cada accesorio.',
    inSitemap: true,
  },
  dataPolicy: {
    title: 'Tratamiento de datos personales',
    description: 'Política de tratamiento de datos personales de Enzo (Ley 1581 de 2012).',
    inSitemap: true,
  },
  returnsPolicy: {
    title: 'Política de devoluciones',
    description: 'Derecho de retracto, garantías y devoluciones en Enzo (Ley 1480 de 2011).',
    inSitemap: true,
  },
  shippingPolicy: {
    title: 'Política de envíos',
    description: 'Cobertura, tiempos y costos de envío a toda Colombia.',
    inSitemap: true,
  },
  distributorsCucuta: {
    title: 'Distribuidores oficiales en Cúcuta',
    description: DEFAULT_DESCRIPTION,
    inSitemap: true,
  },
  distributorsBogota: {
    title: 'Distribuidores oficiales en Bogotá',
    description: DEFAULT_DESCRIPTION,
    inSitemap: true,
  },
  allianceLaika: { title: 'Alianza Laika y Enzo', description: DEFAULT_DESCRIPTION, inSitemap: true },
  allianceKumpet: { title: 'Alianza Kumpet y Enzo', description: DEFAULT_DESCRIPTION, inSitemap: true },
  alliancePuppis: { title: 'Alianza Puppis y Enzo', description: DEFAULT_DESCRIPTION, inSitemap: true },
  checkout: { title: 'Finalizar compra', description: DEFAULT_DESCRIPTION, noindex: true },
  receipt: { title: 'Estado de tu pedido', description: DEFAULT_DESCRIPTION, noindex: true },
  sandbox: { title: 'Pasarela de pagos de prueba', description: DEFAULT_DESCRIPTION, noindex: true },
  staffLogin: { title: 'Ingreso del personal', description: DEFAULT_DESCRIPTION, noindex: true },
  staffHome: { title: 'Inicio · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffOrders: { title: 'Órdenes · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffOrderDetail: { title: 'Detalle de la orden · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffProducts: { title: 'Productos · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffDiscountCodes: { title: 'Códigos de descuento · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffProductNew: { title: 'Nuevo producto · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffProductEdit: { title: 'Editar producto · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffLowStock: { title: 'Inventario bajo · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffContent: { title: 'Contenido de la tienda · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffPackingList: { title: 'Lista de empaque · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffPayments: { title: 'Medios de pago · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffReturns: { title: 'Devoluciones · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffShipping: { title: 'Envíos · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffTeam: { title: 'Equipo · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffActivity: { title: 'Actividad · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffSetPassword: { title: 'Crea tu contraseña', description: DEFAULT_DESCRIPTION, noindex: true },
  staffInvoicing: { title: 'Facturación electrónica · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffLegal: { title: 'Datos legales · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffOperations: { title: 'Copias de seguridad y alertas · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  staffCatalogImport: {
    title: 'Importar y exportar el catálogo · Panel',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  staffChannels: { title: 'Canales · Panel', description: DEFAULT_DESCRIPTION, noindex: true },
  orderLookup: {
    title: 'Consulta tu pedido',
    description: 'Consulta el estado y el envío de tu pedido en Enzo con su número y tu correo.',
    noindex: true,
  },
  notFound: { title: 'Página no encontrada', description: DEFAULT_DESCRIPTION, noindex: true },
} as const satisfies Record<string, PageMetaInfo>;

export type PageKey = keyof typeof PAGES;

/** The path of each fixed page (staff pages and the 404 have their own, below). */
export const PAGE_PATHS: Record<Exclude<PageKey, 'notFound' | 'staffOrderDetail' | 'staffProductEdit'>, string> = {
  home: '/',
  about: '/about',
  nosotros: '/nosotros',
  dataPolicy: '/TratamientoDatos',
  returnsPolicy: '/PoliticaDevolucion',
  shippingPolicy: '/PoliticaEnvios',
  distributorsCucuta: '/distribuidores-cucuta',
  distributorsBogota: '/distribuidores-bogota',
  allianceLaika: '/alianza-laika-enzo',
  allianceKumpet: '/alianza-kumpet',
  alliancePuppis: '/alianza-puppis-enzo',
  checkout: '/proceso-pago-items',
  receipt: '/pago-exitoso',
  sandbox: '/pasarela-sandbox',
  staffLogin: '/login-dashboard-enzo-fpl',
  staffHome: '/dashboard',
  staffOrders: '/orders',
  staffProducts: '/dashboard/productos',
  staffDiscountCodes: '/dashboard/codigos-descuento',
  staffProductNew: '/dashboard/productos/nuevo',
  staffLowStock: '/dashboard/inventario',
  staffContent: '/dashboard/contenido',
  staffPackingList: '/orders/empaque',
  staffPayments: '/dashboard/pagos',
  staffReturns: '/dashboard/devoluciones',
  staffShipping: '/dashboard/envios',
  staffTeam: '/dashboard/equipo',
  staffActivity: '/dashboard/actividad',
  // The invitation email's link (Firebase's one-time code in `oobCode`).
  staffSetPassword: '/login-dashboard-enzo-fpl/clave',
  staffInvoicing: '/dashboard/facturacion',
  staffLegal: '/dashboard/datos-legales',
  staffOperations: '/dashboard/operaciones',
  staffCatalogImport: '/dashboard/productos/importar',
  staffChannels: '/dashboard/canales',
  orderLookup: '/consulta-tu-pedido',
};

/** Staff product editor: `/dashboard/productos/:id`. */
export const STAFF_PRODUCT_EDIT_PATH = '/dashboard/productos/:id';

/** Query parameter of a staff preview link of a switched-off campaign page (`/halloween?vista-previa=<token>`). */
export const CAMPAIGN_PREVIEW_PARAM = 'vista-previa';

/** Product search results: `/buscar?q=…` (filters and sort in the query too). */
export const SEARCH_PATH = '/buscar';

/**
 * Head of /buscar: «Resultados para «q»». Never indexed and with no canonical URL: anyone can write a query, so
 * a search page indexed or canonical to itself would let strangers put their words in the shop's search results.
 */
export function searchPageMeta(q: string | null | undefined): PageMetaInfo & { title: string } {
  const text = (q ?? '').slice(0, 400).replace(/\s+/g, ' ').trim().slice(0, 100);
  if (!text) return { title: 'Buscar', description: DEFAULT_DESCRIPTION, noindex: true };
  return {
    title: `Resultados para «${text}»`,
    description: `Accesorios para perros y gatos que coinciden con «${text}» en ${BRAND}.`,
    noindex: true,
  };
}

/** Staff order detail: `/detail-order/:id`. */
export const STAFF_ORDER_DETAIL_PATH = '/detail-order/:id';

/** Staff and checkout areas: never indexed (also disallowed in robots.txt). */
export const PRIVATE_PREFIXES = [
  '/dashboard',
  '/orders',
  '/detail-order',
  '/login-dashboard-enzo-fpl',
  '/proceso-pago-items',
  '/pago-exitoso',
  '/pasarela-sandbox',
];

/** Meta of a fixed path (listings included), or undefined for product and unknown URLs. */
export function staticPageMeta(
  pathname: string,
): (PageMetaInfo & { listing?: { category?: string; collection?: string } }) | undefined {
  const listing = LISTING_PAGES.find((l) => l.path === pathname);
  if (listing) return { ...listing, listing: { category: listing.category, collection: listing.collection } };
  const key = (Object.keys(PAGE_PATHS) as Array<keyof typeof PAGE_PATHS>).find((k) => PAGE_PATHS[k] === pathname);
  return key ? PAGES[key] : undefined;
}

/** Paths listed in the sitemap besides the products. */
export function sitemapPagePaths(): string[] {
  const fixed = (Object.keys(PAGE_PATHS) as Array<keyof typeof PAGE_PATHS>)
    .filter((k) => (PAGES[k] as PageMetaInfo).inSitemap)
    .map((k) => PAGE_PATHS[k]);
  return [...fixed.slice(0, 1), ...LISTING_PAGES.map((l) => l.path), ...fixed.slice(1)];
}

/** Where each category lives: its listing and the prefix of its product URLs. */
export interface CategoryRoute {
  slug: string;
  listPath: string;
  /** Detail path prefix; `/arnes/:id/` has no name segment. */
  detailPrefix: string;
  withName: boolean;
}

export const CATEGORY_ROUTES: readonly CategoryRoute[] = [
  { slug: 'collares', listPath: '/collares', detailPrefix: '/collares', withName: true },
  { slug: 'correas', listPath: '/correas', detailPrefix: '/correa', withName: true },
  { slug: 'arneses', listPath: '/arneses', detailPrefix: '/arnes', withName: false },
  { slug: 'bandanas', listPath: '/bandanas', detailPrefix: '/bandana', withName: true },
  { slug: 'pecheras', listPath: '/pecheras', detailPrefix: '/pechera', withName: true },
  { slug: 'pecheras-backpack', listPath: '/pecherasBackpack', detailPrefix: '/pechera_backpack', withName: true },
  { slug: 'chaquetas', listPath: '/chaquetas', detailPrefix: '/chaqueta', withName: true },
];

/** react-router patterns of product pages (Halloween bandanas live under /bandana/halloween). */
export const PRODUCT_PATH_PATTERNS = [
  '/bandana/:id/:nombre',
  '/bandana/halloween/:id/:nombre',
  '/chaqueta/:id/:nombre',
  '/collares/:id/:nombre',
  '/pechera/:id/:nombre',
  '/pechera_backpack/:id/:nombre',
  '/arnes/:id/:nombre?',
  '/correa/:id/:nombre',
];

export function categoryRoute(slug: string): CategoryRoute | undefined {
  return CATEGORY_ROUTES.find((r) => r.slug === slug);
}

export function categoryPath(slug: string): string {
  return categoryRoute(slug)?.listPath ?? '/';
}

/** What a product URL needs to know about a product (a row's `categorySlug` or a GraphQL `category`). */
export type ProductLocation = { id: string | number; slug: string; collections: readonly string[] } & (
  { categorySlug: string } | { category: { slug: string } }
);

/** Canonical detail URL of a product. */
export function productPath(p: ProductLocation): string {
  const categorySlug = 'categorySlug' in p ? p.categorySlug : p.category.slug;
  const route = categoryRoute(categorySlug);
  if (!route) return '/';
  if (categorySlug === 'bandanas' && p.collections.includes('halloween')) return `/bandana/halloween/${p.id}/${p.slug}`;
  return route.withName ? `${route.detailPrefix}/${p.id}/${p.slug}` : `${route.detailPrefix}/${p.id}/`;
}

/** `/bandana/halloween/12/x` → { category: 'bandanas', id: 12 }; null when not a product URL shape. */
export function parseProductPath(pathname: string): { category: string; id: number } | null {
  const m =
    /^\/(collares|correa|arnes|bandana(?:\/halloween)?|pechera|pechera_backpack|chaqueta)\/(\d{1,9})(?:\/[^/]*)?\/?$/.exec(
      pathname,
    );
  if (!m) return null;
  const prefix = `/${m[1]!.replace('/halloween', '')}`;
  const route = CATEGORY_ROUTES.find((r) => r.detailPrefix === prefix);
  return route ? { category: route.slug, id: Number(m[2]) } : null;
}
