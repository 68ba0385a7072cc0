import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../site-header';
import { PageFallback } from '../page-fallback';
import { RouteErrorBoundary } from '../route-error';
import { ScrollToTop } from '../scroll-to-top';
import { CanonicalUrl } from '../canonical-url';
import { PageMounted } from '../page-mounted';
import { ShopSettingsProvider, useShopSettings } from '../../lib/use-shop-settings';
import { usePaymentMethods } from '../../lib/use-payment-methods';

/** Public pages: sticky header with the free-shipping banner, the page, the footer (one shop-settings query for all). */
export function PublicLayout() {
  return (
    <ShopSettingsProvider>
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
    </ShopSettingsProvider>
  );
}

function PublicFooter() {
  const settings = useShopSettings();
  const paymentMethods = usePaymentMethods();
  return <SiteFooter legal={settings?.legal ?? null} paymentMethods={paymentMethods} />;
}
