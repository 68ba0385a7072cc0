import type { ComponentType, ReactNode } from 'react';
import type { QueryClient } from '../lib/apollo';
import type { Params, RouteObject } from 'react-router';
import { PublicLayout } from './layouts/public-layout';
import { loadPublicLayout } from '../lib/public-layout-data';
import { AuthLayout } from './layouts/auth-layout';
import { DocumentMeta, HttpStatus } from './document-meta';
import { lazyPage, type LazyPage } from './lazy-page';
import { WithApollo } from '../lib/with-apollo';
import {
  LISTING_PAGES,
  PAGE_PATHS,
  PAGES,
  PRODUCT_PATH_PATTERNS,
  SEARCH_PATH,
  STAFF_ORDER_DETAIL_PATH,
  STAFF_PRODUCT_EDIT_PATH,
  type PageMetaInfo,
} from '#shared/storefront-routes.js';
import type { PageHead } from '#shared/ssr-contract.js';

type Meta = Pick<PageMetaInfo, 'title' | 'description' | 'noindex' | 'canonical'>;

/**
 * What the route's data needs before it renders on the server (the browser hydrates from the results the render
 * read, and fetches other pages' data through useShopQuery: lib/shop-data.tsx).
 */
export interface RouteDataContext {
  client: QueryClient;
  params: Params;
  /** The URL's query (`?q=`, listing filters and sort). */
  searchParams: URLSearchParams;
}

/**
 * What the entries need to know about a route: its chunk (loaded before rendering or hydrating), the source
 * module of that chunk (the server links its JS and CSS from the Vite manifest), the data it queries (the server
 * runs it before rendering, so the HTML carries the content) and whether it renders in the browser only.
 *
 * To server-render a new page: give it a `load` that runs the queries its components run with the same
 * variables (export one function from the feature and call it from both), and list its chunk's source module.
 */
export interface RouteHandle {
  preload: () => Promise<void>;
  /** Vite manifest key of the route chunk (`src/…`, relative to client/). */
  module: string;
  load?: (ctx: RouteDataContext) => Promise<unknown>;
  /** Rendered in the browser only (checkout, receipt, sandbox, staff): the server sends its head only. */
  clientOnly?: boolean;
  /** Head of a client-only page (the server cannot render it to find out). */
  head?: PageHead;
}

function headOf(meta: Meta, canonicalPath?: string): PageHead {
  return {
    title: meta.title,
    description: meta.description,
    noindex: meta.noindex,
    canonicalPath: meta.noindex ? undefined : (meta.canonical ?? canonicalPath),
    og: meta.noindex ? undefined : { type: 'website' },
  };
}

/**
 * Declarative routes (useRoutes): the data router (createBrowserRouter) adds first-load JS (tests/bench/README.md)
 * for features the shop does not use. Every page is its own chunk.
 */
function route(
  lazy: LazyPage<object>,
  module: string,
  meta?: Meta,
  canonicalPath?: string,
  extra?: Partial<RouteHandle>,
): Pick<RouteObject, 'element' | 'handle'> {
  // Pages the browser renders use Apollo Client's own hooks (mutations, the staff session): it loads with them.
  const page = extra?.clientOnly ? (
    <WithApollo>
      <lazy.Page />
    </WithApollo>
  ) : (
    <lazy.Page />
  );
  const element: ReactNode = (
    <>
      {meta ? <DocumentMeta {...headOf(meta, canonicalPath)} /> : null}
      {page}
    </>
  );
  const handle: RouteHandle = {
    preload: lazy.preload,
    module,
    head: meta ? headOf(meta, canonicalPath) : undefined,
    ...extra,
  };
  return { element, handle };
}

const CONTENT = 'src/features/content/index.ts';
const CATALOG = 'src/features/catalog/index.ts';
const CHECKOUT = 'src/features/checkout/index.ts';
const ORDERS = 'src/features/orders/index.ts';
const PAYMENT_SANDBOX = 'src/features/payment-sandbox/index.ts';
const content = () => import('../features/content');
const catalog = () => import('../features/catalog');
const checkout = () => import('../features/checkout');
const orders = () => import('../features/orders');
const paymentSandbox = () => import('../features/payment-sandbox');
const staffSession = () => import('../features/staff-session');
const staffHome = () => import('../features/staff-home');
const staffOrders = () => import('../features/staff-orders');
const staffCatalog = () => import('../features/staff-catalog');
const staffDiscounts = () => import('../features/staff-discounts');
const staffContent = () => import('../features/staff-content');
const staffPayments = () => import('../features/staff-payments');
const staffReturns = () => import('../features/staff-returns');
const staffShipping = () => import('../features/staff-shipping');
const staffTeam = () => import('../features/staff-team');
const staffActivity = () => import('../features/staff-activity');
const staffInvoicing = () => import('../features/staff-invoicing');
const staffOperations = () => import('../features/staff-operations');
const staffChannels = () => import('../features/staff-channels');
const homeModule = () => import('../features/home');
const productModule = () => import('./product-page');
const campaignModule = () => import('./campaign-page');
const home = lazyPage(homeModule, (m) => m.HomeRoute);
const categoryPage = lazyPage(catalog, (m) => m.CategoryPage);
const productPage = lazyPage(productModule, (m) => m.ProductPage);
const campaignPage = lazyPage(campaignModule, (m) => m.CampaignPage);
const staffShell = lazyPage(
  () => import('./layouts/staff-layout'),
  (m) => m.StaffShell,
);

const loadHome = async ({ client }: RouteDataContext) => (await homeModule()).loadHomeData(client);

/** A fixed page of the shared route table: its path, its meta and its component. */
function fixed<M>(
  key: keyof typeof PAGE_PATHS,
  module: string,
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  extra?: Partial<RouteHandle>,
): RouteObject {
  const path = PAGE_PATHS[key];
  return { path, ...route(lazyPage(load, pick), module, PAGES[key], path, extra) };
}

const CLIENT_ONLY = { clientOnly: true } as const;
const notFound = route(
  lazyPage(content, (m) => m.NotFoundPage),
  CONTENT,
  PAGES.notFound,
);

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    // The header (campaign links), footer (payment methods), product page and policies read the layout's data
    // (one query): loaded with every public page, so it hydrates without a request.
    handle: {
      preload: async () => undefined,
      module: 'src/app/layouts/public-layout.tsx',
      load: async ({ client }) => {
        await loadPublicLayout(client);
      },
    } satisfies RouteHandle,
    children: [
      {
        path: PAGE_PATHS.home,
        ...route(home, 'src/features/home/index.ts', PAGES.home, undefined, { load: loadHome }),
      },
      {
        path: PAGE_PATHS.about,
        ...route(home, 'src/features/home/index.ts', PAGES.about, undefined, { load: loadHome }),
      },
      ...LISTING_PAGES.map((c): RouteObject =>
        c.collection
          ? {
              // Seasonal campaign pages: on or off as staff set them (with preview links).
              path: c.path,
              element: <campaignPage.Page key={c.path} slug={c.collection} path={c.path} />,
              handle: {
                preload: campaignPage.preload,
                module: 'src/app/campaign-page.tsx',
                load: async ({ client, searchParams }) =>
                  (await campaignModule()).loadCampaign(client, c.collection!, searchParams),
              } satisfies RouteHandle,
            }
          : {
              path: c.path,
              element: (
                <categoryPage.Page
                  key={c.path}
                  title={c.title}
                  description={c.description}
                  path={c.path}
                  category={c.category}
                  collection={c.collection}
                />
              ),
              handle: {
                preload: categoryPage.preload,
                module: CATALOG,
                load: async ({ client, searchParams }) =>
                  (await catalog()).loadCategoryListing(
                    client,
                    { category: c.category, collection: c.collection },
                    searchParams,
                  ),
              } satisfies RouteHandle,
            },
      ),
      ...PRODUCT_PATH_PATTERNS.map((path): RouteObject => ({
        path,
        ...route(productPage, 'src/app/product-page.tsx', undefined, undefined, {
          load: async ({ client, params }) => (await productModule()).loadProduct(client, params.id ?? ''),
        }),
      })),
      fixed('nosotros', CONTENT, content, (m) => m.AboutPage),
      fixed('dataPolicy', CONTENT, content, (m) => m.DataPolicyPage),
      fixed('returnsPolicy', CONTENT, content, (m) => m.ReturnsPolicyPage),
      fixed('shippingPolicy', CONTENT, content, (m) => m.ShippingPolicyPage),
      fixed('distributorsCucuta', CONTENT, content, (m) => m.DistributorsCucutaPage),
      fixed('distributorsBogota', CONTENT, content, (m) => m.DistributorsBogotaPage),
      fixed('allianceLaika', CONTENT, content, (m) => m.AllianceLaikaPage),
      fixed('allianceKumpet', CONTENT, content, (m) => m.AllianceKumpetPage),
      fixed('alliancePuppis', CONTENT, content, (m) => m.AlliancePuppisPage),
      // Title, description and noindex depend on `q` (searchPageMeta): the page sets them itself.
      {
        path: SEARCH_PATH,
        ...route(
          lazyPage(catalog, (m) => m.SearchPage),
          CATALOG,
          undefined,
          undefined,
          { load: async ({ client, searchParams }) => (await catalog()).loadSearch(client, searchParams) },
        ),
      },
      fixed('checkout', CHECKOUT, checkout, (m) => m.CheckoutRoute, CLIENT_ONLY),
      fixed('receipt', ORDERS, orders, (m) => m.ReceiptRoute, CLIENT_ONLY),
      fixed('orderLookup', ORDERS, orders, (m) => m.OrderLookupRoute, CLIENT_ONLY),
      {
        path: '*',
        element: (
          <>
            <HttpStatus code={404} />
            {notFound.element}
          </>
        ),
        handle: notFound.handle,
      },
    ],
  },
  {
    element: <AuthLayout />,
    children: [
      fixed('sandbox', PAYMENT_SANDBOX, paymentSandbox, (m) => m.SandboxGatewayRoute, CLIENT_ONLY),
      fixed('staffLogin', 'src/features/staff-session/index.ts', staffSession, (m) => m.LoginPage, CLIENT_ONLY),
      fixed(
        'staffSetPassword',
        'src/features/staff-session/index.ts',
        staffSession,
        (m) => m.SetPasswordPage,
        CLIENT_ONLY,
      ),
    ],
  },
  {
    ...route(staffShell, 'src/app/layouts/staff-layout.tsx', undefined, undefined, CLIENT_ONLY),
    children: [
      fixed('staffHome', 'src/features/staff-home/index.ts', staffHome, (m) => m.DashboardHome, CLIENT_ONLY),
      fixed('staffOrders', 'src/features/staff-orders/index.ts', staffOrders, (m) => m.OrdersPage, CLIENT_ONLY),
      {
        path: STAFF_ORDER_DETAIL_PATH,
        ...route(
          lazyPage(staffOrders, (m) => m.OrderDetailPage),
          'src/features/staff-orders/index.ts',
          PAGES.staffOrderDetail,
          undefined,
          CLIENT_ONLY,
        ),
      },
      fixed(
        'staffPackingList',
        'src/features/staff-orders/index.ts',
        staffOrders,
        (m) => m.PackingListPage,
        CLIENT_ONLY,
      ),
      fixed('staffProducts', 'src/features/staff-catalog/index.ts', staffCatalog, (m) => m.ProductsPage, CLIENT_ONLY),
      fixed(
        'staffProductNew',
        'src/features/staff-catalog/index.ts',
        staffCatalog,
        (m) => m.NewProductPage,
        CLIENT_ONLY,
      ),
      {
        path: STAFF_PRODUCT_EDIT_PATH,
        ...route(
          lazyPage(staffCatalog, (m) => m.EditProductPage),
          'src/features/staff-catalog/index.ts',
          PAGES.staffProductEdit,
          undefined,
          CLIENT_ONLY,
        ),
      },
      fixed('staffLowStock', 'src/features/staff-catalog/index.ts', staffCatalog, (m) => m.LowStockPage, CLIENT_ONLY),
      fixed('staffContent', 'src/features/staff-content/index.ts', staffContent, (m) => m.ContentPage, CLIENT_ONLY),
      fixed(
        'staffDiscountCodes',
        'src/features/staff-discounts/index.ts',
        staffDiscounts,
        (m) => m.DiscountCodesPage,
        CLIENT_ONLY,
      ),
      fixed('staffPayments', 'src/features/staff-payments/index.ts', staffPayments, (m) => m.PaymentsPage, CLIENT_ONLY),
      fixed('staffReturns', 'src/features/staff-returns/index.ts', staffReturns, (m) => m.ReturnsPage, CLIENT_ONLY),
      fixed('staffShipping', 'src/features/staff-shipping/index.ts', staffShipping, (m) => m.ShippingPage, CLIENT_ONLY),
      fixed('staffTeam', 'src/features/staff-team/index.ts', staffTeam, (m) => m.TeamPage, CLIENT_ONLY),
      fixed('staffActivity', 'src/features/staff-activity/index.ts', staffActivity, (m) => m.ActivityPage, CLIENT_ONLY),
      fixed(
        'staffInvoicing',
        'src/features/staff-invoicing/index.ts',
        staffInvoicing,
        (m) => m.InvoicingPage,
        CLIENT_ONLY,
      ),
      fixed(
        'staffLegal',
        'src/features/staff-invoicing/index.ts',
        staffInvoicing,
        (m) => m.LegalSettingsPage,
        CLIENT_ONLY,
      ),
      fixed(
        'staffOperations',
        'src/features/staff-operations/index.ts',
        staffOperations,
        (m) => m.OperationsPage,
        CLIENT_ONLY,
      ),
      fixed(
        'staffCatalogImport',
        'src/features/staff-channels/index.ts',
        staffChannels,
        (m) => m.CatalogImportPage,
        CLIENT_ONLY,
      ),
      fixed('staffChannels', 'src/features/staff-channels/index.ts', staffChannels, (m) => m.ChannelsPage, CLIENT_ONLY),
    ],
  },
];
