import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PublicLayout } from './layouts/public-layout';
import { AuthLayout } from './layouts/auth-layout';
import { DocumentMeta } from './document-meta';
import { lazyPage, type LazyPage } from './lazy-page';
import { LISTING_PAGES, PAGE_PATHS, PAGES, PRODUCT_PATH_PATTERNS, SEARCH_PATH, STAFF_ORDER_DETAIL_PATH, STAFF_PRODUCT_EDIT_PATH, type PageMetaInfo } from '#shared/storefront-routes.js';

type Meta = Pick<PageMetaInfo, 'title' | 'description' | 'noindex' | 'canonical'>;

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
      {meta ? <DocumentMeta title={meta.title} description={meta.description} noindex={meta.noindex} canonicalPath={meta.noindex ? undefined : (meta.canonical ?? canonicalPath)} /> : null}
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
const staffContent = () => import('../features/staff-content');
const staffReturns = () => import('../features/staff-returns');
const staffShipping = () => import('../features/staff-shipping');
const home = lazyPage(() => import('../features/home/routes'), (m) => m.HomeRoute);

const categoryPage = lazyPage(catalog, (m) => m.CategoryPage);

const productPage = lazyPage(() => import('./product-page'), (m) => m.ProductPage);
const campaignPage = lazyPage(() => import('./campaign-page'), (m) => m.CampaignPage);
const staffShell = lazyPage(() => import('./layouts/staff-layout'), (m) => m.StaffShell);

/** A fixed page of the shared route table: its path, its meta and its component. */
function fixed<M>(key: keyof typeof PAGE_PATHS, load: () => Promise<M>, pick: (m: M) => ComponentType): RouteObject {
  const path = PAGE_PATHS[key];
  return { path, ...page(load, pick, PAGES[key], path) };
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: PAGE_PATHS.home, ...route(home, PAGES.home) },
      { path: PAGE_PATHS.about, ...route(home, PAGES.about) },
      ...LISTING_PAGES.map((c): RouteObject =>
        c.collection
          ? {
              // Seasonal campaign pages: on or off as staff set them (with preview links).
              path: c.path,
              element: <campaignPage.Page key={c.path} slug={c.collection} path={c.path} />,
              handle: { preload: campaignPage.preload, loadedModule: campaignPage.loadedModule } satisfies RouteHandle,
            }
          : {
              path: c.path,
              element: <categoryPage.Page key={c.path} title={c.title} description={c.description} path={c.path} category={c.category} collection={c.collection} />,
              handle: { preload: categoryPage.preload, loadedModule: categoryPage.loadedModule } satisfies RouteHandle,
            },
      ),
      ...PRODUCT_PATH_PATTERNS.map((path): RouteObject => ({ path, ...route(productPage) })),
      fixed('nosotros', content, (m) => m.AboutPage),
      fixed('dataPolicy', content, (m) => m.DataPolicyPage),
      fixed('returnsPolicy', content, (m) => m.ReturnsPolicyPage),
      fixed('shippingPolicy', content, (m) => m.ShippingPolicyPage),
      fixed('distributorsCucuta', content, (m) => m.DistributorsCucutaPage),
      fixed('distributorsBogota', content, (m) => m.DistributorsBogotaPage),
      fixed('allianceLaika', content, (m) => m.AllianceLaikaPage),
      fixed('allianceKumpet', content, (m) => m.AllianceKumpetPage),
      fixed('alliancePuppis', content, (m) => m.AlliancePuppisPage),
      // Title, description and noindex depend on `q` (searchPageMeta): the page sets them itself.
      { path: SEARCH_PATH, ...page(catalog, (m) => m.SearchPage) },
      fixed('checkout', checkout, (m) => m.CheckoutRoute),
      fixed('receipt', checkout, (m) => m.ReceiptRoute),
      fixed('orderLookup', checkout, (m) => m.OrderLookupRoute),
      { path: '*', ...page(content, (m) => m.NotFoundPage, PAGES.notFound) },
    ],
  },
  {
    element: <AuthLayout />,
    children: [fixed('sandbox', checkout, (m) => m.SandboxGatewayRoute), fixed('staffLogin', staffSession, (m) => m.LoginPage)],
  },
  {
    ...route(staffShell),
    children: [
      fixed('staffHome', staffHome, (m) => m.DashboardHome),
      fixed('staffOrders', staffOrders, (m) => m.OrdersPage),
      { path: STAFF_ORDER_DETAIL_PATH, ...page(staffOrders, (m) => m.OrderDetailPage, PAGES.staffOrderDetail) },
      fixed('staffPackingList', staffOrders, (m) => m.PackingListPage),
      fixed('staffProducts', staffCatalog, (m) => m.ProductsPage),
      fixed('staffProductNew', staffCatalog, (m) => m.NewProductPage),
      { path: STAFF_PRODUCT_EDIT_PATH, ...page(staffCatalog, (m) => m.EditProductPage, PAGES.staffProductEdit) },
      fixed('staffLowStock', staffCatalog, (m) => m.LowStockPage),
      fixed('staffContent', staffContent, (m) => m.ContentPage),
      fixed('staffDiscountCodes', staffDiscounts, (m) => m.DiscountCodesPage),
      fixed('staffReturns', staffReturns, (m) => m.ReturnsPage),
      fixed('staffShipping', staffShipping, (m) => m.ShippingPage),
    ],
  },
];
