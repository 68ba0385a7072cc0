import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageFallback } from '../page-fallback';
import { RouteErrorBoundary } from '../route-error';

/** Centred page without the shop's chrome (staff sign-in, payment sandbox). */
export function AuthLayout() {
  return (
    <main className="layout-auth">
      <RouteErrorBoundary>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </main>
  );
}
