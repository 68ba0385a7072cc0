import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';

/**
 * GraphiQL bundled from the `graphiql` package (works offline). Staff queries need a header
 * `{"Authorization": "Bearer <ID token>"}` in the Headers tab.
 */
const fetcher = createGraphiQLFetcher({ url: '/graphql' });

const defaultQuery = `# Catálogo de Enzo. Las consultas de personal necesitan el encabezado
# {"Authorization": "Bearer <token de Firebase>"} en la pestaña Headers.
{
  categories { slug name productCount }
  products(category: "collares", first: 4) {
    totalCount
    edges { node { id name price sizes { label stock available } } }
  }
}
`;

createRoot(document.getElementById('playground')!).render(<GraphiQL fetcher={fetcher} defaultQuery={defaultQuery} />);
