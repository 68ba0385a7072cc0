import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PublicLayout } from './layouts/public-layout';
import { AuthLayout } from './layouts/auth-layout';
import { DocumentMeta } from './document-meta';
import { lazyPage, type LazyPage } from './lazy-page';
import { DEFAULT_DESCRIPTION, HOME_DESCRIPTION } from './route-meta';

interface Meta {
  title?: string;
  description?: string;
  noindex?: boolean;
}

/** What the entry needs to know about a route: how to fetch its chunk before the first render. */
export interface RouteHandle {
  preload: () => Promise<void>;
  /** The route chunk's module once loaded (it may export INITIAL_QUERIES, see lib/initial-data). */
  loadedModule: () => unknown;
}

/**
 * Declarative routes (useRoutes): the data router (createBrowserRouter) costs ~16 KB gzip of first-load JS
 * that the shop does not use. Every page is its own chunk; the server preloads the landing route's chunk.
 */
function route(lazy: LazyPage<object>, meta?: Meta, canonicalPath?: string): Pick<RouteObject, 'element' | 'handle'> {
  const element: ReactNode = (
    <>
      {meta ? <DocumentMeta {...meta} canonicalPath={canonicalPath} /> : null}
      <lazy.Page />
    </>
  );
  const handle: RouteHandle = { preload: lazy.preload, loadedModule: lazy.loadedModule };
  return { element, handle };
}

function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType, meta?: Meta, canonicalPath?: string) {
  return route(lazyPage(load, pick), meta, canonicalPath);
}

const content = () => import('../features/content/routes');
const catalog = () => import('../features/catalog/routes');
const checkout = () => import('../features/checkout/routes');
const staffSession = () => import('../features/staff-session');
const staffHome = () => import('../features/staff-home');
const staffOrders = () => import('../features/staff-orders');
const staffCatalog = () => import('../features/staff-catalog');
const staffDiscounts = () => import('../features/staff-discounts');
const home = lazyPage(() => import('../features/home/routes'), (m) => m.HomeRoute);

export const CATEGORY_LISTINGS: { path: string; category?: string; collection?: string; title: string; description: string }[] = [
  { path: '/collares', category: 'collares', title: 'Collares', description: 'Collares para perros y gatos en cuero, neopreno y tela, hechos en Colombia.' },
  { path: '/correas', category: 'correas', title: 'Correas', description: 'Correas resistentes y cómodas para pasear a tu mascota.' },
  { path: '/arneses', category: 'arneses', title: 'Arneses', description: 'Arneses ajustables que cuidan el cuello y la espalda de tu perro.' },
  { path: '/bandanas', category: 'bandanas', title: 'Bandanas', description: 'Bandanas estampadas para perros y gatos con estilo propio.' },
  { path: '/pecheras', category: 'pecheras', title: 'Pecheras', description: 'Pecheras acolchadas para paseos seguros y cómodos.' },
  { path: '/pecherasBackpack', category: 'pecheras-backpack', title: 'Pecheras Backpack', description: 'Pecheras con bolsillos tipo morral para llevar lo esencial del paseo.' },
  { path: '/chaquetas', category: 'chaquetas', title: 'Denim For Pets', description: 'Chaquetas de denim para perros: abrigo y estilo con guía de tallas.' },
  { path: '/halloween', collection: 'halloween', title: 'Halloween', description: 'Bandanas de edición limitada para el Halloween más peludo.' },
];

const categoryPage = lazyPage(catalog, (m) => m.CategoryPage);

const PRODUCT_PATHS = [
  '/bandana/:id/:nombre',
  '/bandana/halloween/:id/:nombre',
  '/chaqueta/:id/:nombre',
  '/collares/:id/:nombre',
  '/pechera/:id/:nombre',
  '/pechera_backpack/:id/:nombre',
  '/arnes/:id/:nombre?',
  '/correa/:id/:nombre',
];

const productPage = lazyPage(() => import('./product-page'), (m) => m.ProductPage);
const staffShell = lazyPage(() => import('./layouts/staff-layout'), (m) => m.StaffShell);

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', ...route(home, { description: HOME_DESCRIPTION }, '/') },
      { path: '/about', ...route(home, { description: HOME_DESCRIPTION }, '/') },
      ...CATEGORY_LISTINGS.map(
        (c): RouteObject => ({
          path: c.path,
          element: <categoryPage.Page key={c.path} title={c.title} description={c.description} path={c.path} category={c.category} collection={c.collection} />,
          handle: { preload: categoryPage.preload, loadedModule: categoryPage.loadedModule } satisfies RouteHandle,
        }),
      ),
      ...PRODUCT_PATHS.map((path): RouteObject => ({ path, ...route(productPage) })),
      { path: '/nosotros', ...page(content, (m) => m.AboutPage, { title: 'Nosotros', description: 'Conoce la historia de Enzo y de los artesanos colombianos detrás de cada accesorio.' }, '/nosotros') },
      { path: '/TratamientoDatos', ...page(content, (m) => m.DataPolicyPage, { title: 'Tratamiento de datos personales', description: 'Política de tratamiento de datos personales de Enzo (Ley 1581 de 2012).' }, '/TratamientoDatos') },
      { path: '/PoliticaDevolucion', ...page(content, (m) => m.ReturnsPolicyPage, { title: 'Política de devoluciones', description: 'Derecho de retracto, garantías y devoluciones en Enzo (Ley 1480 de 2011).' }, '/PoliticaDevolucion') },
      { path: '/PoliticaEnvios', ...page(content, (m) => m.ShippingPolicyPage, { title: 'Política de envíos', description: 'Cobertura, tiempos y costos de envío a toda Colombia.' }, '/PoliticaEnvios') },
      { path: '/distribuidores-cucuta', ...page(content, (m) => m.DistributorsCucutaPage, { title: 'Distribuidores oficiales en Cúcuta', description: DEFAULT_DESCRIPTION }, '/distribuidores-cucuta') },
      { path: '/distribuidores-bogota', ...page(content, (m) => m.DistributorsBogotaPage, { title: 'Distribuidores oficiales en Bogotá', description: DEFAULT_DESCRIPTION }, '/distribuidores-bogota') },
      { path: '/alianza-laika-enzo', ...page(content, (m) => m.AllianceLaikaPage, { title: 'Alianza Laika y Enzo' }, '/alianza-laika-enzo') },
      { path: '/alianza-kumpet', ...page(content, (m) => m.AllianceKumpetPage, { title: 'Alianza Kumpet y Enzo' }, '/alianza-kumpet') },
      { path: '/alianza-puppis-enzo', ...page(content, (m) => m.AlliancePuppisPage, { title: 'Alianza Puppis y Enzo' }, '/alianza-puppis-enzo') },
      // Title, description and noindex depend on `q`: the page sets them itself.
      { path: '/buscar', ...page(catalog, (m) => m.SearchPage) },
      { path: '/proceso-pago-items', ...page(checkout, (m) => m.CheckoutRoute, { title: 'Finalizar compra', noindex: true }) },
      { path: '/pago-exitoso', ...page(checkout, (m) => m.ReceiptRoute, { title: 'Estado de tu pago', noindex: true }) },
      { path: '*', ...page(content, (m) => m.NotFoundPage, { title: 'Página no encontrada', noindex: true }) },
    ],
  },
  {
    element: <AuthLayout />,
    children: [
      { path: '/pasarela-sandbox', ...page(checkout, (m) => m.SandboxGatewayRoute, { title: 'Pasarela de pagos de prueba', noindex: true }) },
      { path: '/login-dashboard-enzo-fpl', ...page(staffSession, (m) => m.LoginPage, { title: 'Ingreso del personal', noindex: true }) },
    ],
  },
  {
    ...route(staffShell),
    children: [
      { path: '/dashboard', ...page(staffHome, (m) => m.DashboardHome, { title: 'Inicio · Panel', noindex: true }) },
      { path: '/orders', ...page(staffOrders, (m) => m.OrdersPage, { title: 'Órdenes · Panel', noindex: true }) },
      { path: '/detail-order/:id', ...page(staffOrders, (m) => m.OrderDetailPage, { title: 'Detalle de la orden · Panel', noindex: true }) },
      { path: '/dashboard/productos', ...page(staffCatalog, (m) => m.ProductsPage, { title: 'Productos · Panel', noindex: true }) },
      { path: '/dashboard/codigos-descuento', ...page(staffDiscounts, (m) => m.DiscountCodesPage, { title: 'Códigos de descuento · Panel', noindex: true }) },
    ],
  },
];
