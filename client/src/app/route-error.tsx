import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a page fails to load (e.g. a new deploy replaced its chunk) or throws. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="route-error" role="alert">
      <h1>{notFound ? 'Página no encontrada' : 'Algo salió mal'}</h1>
      <p>{notFound ? 'La página que buscas no existe.' : 'No pudimos mostrar esta página. Recarga para intentarlo de nuevo.'}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Recargar
        </button>{' '}
        <Link to="/">Ir al inicio</Link>
      </p>
    </div>
  );
}
