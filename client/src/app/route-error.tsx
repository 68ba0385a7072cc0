import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PageMounted } from './page-mounted';

/** Shown when a page fails to load (e.g. a new deploy replaced its chunk) or throws. */
export function RouteError() {
  return (
    <div className="route-error" role="alert">
      <h1>Algo salió mal</h1>
      <p>No pudimos mostrar esta página. Recarga para intentarlo de nuevo.</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Recargar
        </button>{' '}
        <Link to="/">Ir al inicio</Link>
      </p>
      <PageMounted />
    </div>
  );
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Catches a page that throws or whose chunk fails to download; navigating elsewhere clears it. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
