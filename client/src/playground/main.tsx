import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';

/**
 * GraphiQL bundled from the `graphiql` package (works offline). Staff queries use the token of the
 * staff member signed in to the dashboard in this browser, or a header
 * `{"Authorization": "Bearer <ID token>"}` in the Headers tab.
 */
const fetcher = createGraphiQLFetcher({
  url: '/graphql',
  // A staff member signed in to the dashboard in this browser: send their ID token unless the
  // Headers tab already sets Authorization.
  fetch: async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('authorization')) {
      const token = await import('../lib/firebase').then((m) => m.currentIdToken()).catch(() => null);
      if (token) headers.set('authorization', `Bearer ${token}`);
    }
    return fetch(input, { ...init, headers });
  },
});

const defaultQuery = `# Catálogo de Enzo. Las consultas de personal usan la sesión del panel abierta en este
# navegador, o el encabezado {"Authorization": "Bearer <token de Firebase>"} en la pestaña Headers.
{
  categories { slug name productCount }
  products(category: "collares", first: 4) {
    totalCount
    edges { node { id name price sizes { label stock available } } }
  }
}
`;

createRoot(document.getElementById('playground')!).render(<GraphiQL fetcher={fetcher} defaultQuery={defaultQuery} />);
