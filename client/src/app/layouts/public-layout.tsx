import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../site-header';
import { PageFallback } from '../page-fallback';
import { RouteErrorBoundary } from '../route-error';
import { ScrollToTop } from '../scroll-to-top';
import { CanonicalUrl } from '../canonical-url';
import { PageMounted } from '../page-mounted';
import { PublicLayoutProvider, usePaymentMethods, useShopSettings } from '../../lib/public-layout-data';

/** Public pages: sticky header with the free-shipping banner, the page, the footer (one query for the data around every page). */
export function PublicLayout() {
  return (
    <PublicLayoutProvider>
      <div className="layout-public">
        <ScrollToTop />
        <CanonicalUrl />
        <a className="skip-link" href="#contenido">
          Saltar al contenido
        </a>
        <SiteHeader />
        <main id="contenido" tabIndex={-1}>
          <RouteErrorBoundary>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
              <PageMounted />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <PublicFooter />
      </div>
    </PublicLayoutProvider>
  );
}

function PublicFooter() {
  const settings = useShopSettings();
  const paymentMethods = usePaymentMethods();
  return (
    <SiteFooter
      legal={settings?.legal ?? null}
      paymentMethods={paymentMethods}
      electronicInvoicing={settings?.electronicInvoicing ?? false}
    />
  );
}
