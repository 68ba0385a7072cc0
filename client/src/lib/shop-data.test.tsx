import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { graphql, HttpResponse } from 'msw';
import { parse } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { mswServer } from '../test-utils/msw-server';
import { createApolloClient } from './apollo';
import { ShopData, ShopDataProvider } from './shop-data';
import { ServerQueries, ServerQueryError } from './server-queries';
import { queryKey } from './query-key';
import { useShopQuery } from './use-shop-query';

interface Listing {
  products: {
    __typename: 'ProductConnection';
    pageInfo: { __typename: 'PageInfo'; hasNextPage: boolean; endCursor: string | null };
    edges: Array<{
      __typename: 'ProductEdge';
      cursor: string;
      node: { __typename: 'Product'; id: string; name: string };
    }>;
  };
}
interface ListingVariables {
  category?: string;
  sort?: string;
  after?: string;
}

// The shop's listing shape in small: a sort with a default (the page passes `sort: undefined`) and a paginated field.
const LISTING = parse(`
  query TestListing($category: String, $sort: ProductSort = RELEVANCE, $first: Int = 2, $after: String) {
    products(category: $category, sort: $sort, first: $first, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { cursor node { id name } }
    }
  }
`) as TypedDocumentNode<Listing, ListingVariables>;

function page(names: string[], from: number, hasNextPage: boolean): Listing {
  const edges = names.map((name, i) => ({
    __typename: 'ProductEdge' as const,
    cursor: `c${from + i}`,
    node: { __typename: 'Product' as const, id: String(from + i), name },
  }));
  return {
    products: {
      __typename: 'ProductConnection',
      pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
      edges,
    },
  };
}

const FIRST = page(['Collar Miel', 'Collar Azul'], 1, true);
const VARIABLES: ListingVariables = { category: 'collares', sort: undefined };

/** Answers the listing (the second page after `c2`) and counts the requests. */
function listingServer() {
  const requests: Array<Record<string, unknown>> = [];
  mswServer.use(
    graphql.query('TestListing', ({ variables }) => {
      requests.push(variables);
      return HttpResponse.json({ data: variables.after === 'c2' ? page(['Collar Rosa'], 3, false) : FIRST });
    }),
  );
  return requests;
}

function Products() {
  const { data, loading, error, fetchMore } = useShopQuery(LISTING, { variables: VARIABLES });
  if (error) return <p role="alert">{error.message}</p>;
  if (!data) return <p>{loading ? 'Cargando' : 'Nada'}</p>;
  return (
    <>
      <ul>
        {data.products.edges.map((e) => (
          <li key={e.node.id}>{e.node.name}</li>
        ))}
      </ul>
      {data.products.pageInfo.hasNextPage ? (
        <button
          type="button"
          onClick={() => void fetchMore({ variables: { after: data.products.pageInfo.endCursor! } })}
        >
          Ver más
        </button>
      ) : null}
    </>
  );
}

const newClient = () => createApolloClient({ uri: 'http://localhost/graphql', persisted: false });
const names = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('useShopQuery', () => {
  it("hydrates from the server's result without Apollo Client, then seeds its cache with it: nothing is fetched again", async () => {
    const requests = listingServer();
    const loader = vi.fn(async () => newClient());
    const shop = ShopData.browser({ [queryKey(LISTING, VARIABLES)]: FIRST }, loader);
    render(
      <ShopDataProvider value={shop}>
        <Products />
      </ShopDataProvider>,
    );
    // The first render already has the data (hydration needs the server's markup), and Apollo Client is not loaded.
    expect(names()).toEqual(['Collar Miel', 'Collar Azul']);
    expect(loader).not.toHaveBeenCalled();

    await act(() => shop.load());
    expect(loader).toHaveBeenCalledTimes(1);
    expect(names()).toEqual(['Collar Miel', 'Collar Azul']);
    // Written under the document's default sort, where Apollo Client reads it: no request.
    expect(
      shop.client!.readQuery({ query: LISTING, variables: { category: 'collares' } })?.products.edges,
    ).toHaveLength(2);
    expect(requests).toEqual([]);

    // The next page goes through Apollo Client and is appended by the listing's merge policy.
    await userEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    await screen.findByText('Collar Rosa');
    expect(names()).toEqual(['Collar Miel', 'Collar Azul', 'Collar Rosa']);
    expect(requests).toEqual([{ category: 'collares', sort: 'RELEVANCE', first: 2, after: 'c2' }]);
  });

  it("renders the server's result in a part of the page that hydrates after Apollo Client loaded", async () => {
    const requests = listingServer();
    const shop = ShopData.browser({ [queryKey(LISTING, VARIABLES)]: FIRST }, async () => newClient());
    // Another query on the page (or the shopper's first tap) loaded Apollo Client before this part hydrated.
    await shop.load();
    render(
      <ShopDataProvider value={shop}>
        <Products />
      </ShopDataProvider>,
    );
    // Its first render matches the server's markup: the server's result, not a loading state.
    expect(names()).toEqual(['Collar Miel', 'Collar Azul']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(names()).toEqual(['Collar Miel', 'Collar Azul']);
    expect(requests).toEqual([]);
  });

  it("keeps the server's result, the same object, when Apollo Client reads it back: nothing re-renders", async () => {
    const requests = listingServer();
    const shop = ShopData.browser({ [queryKey(LISTING, VARIABLES)]: FIRST }, async () => newClient());
    const seen: unknown[] = [];
    function Reader() {
      const { data } = useShopQuery(LISTING, { variables: VARIABLES });
      seen.push(data);
      return <p>{data?.products.edges.length}</p>;
    }
    render(
      <ShopDataProvider value={shop}>
        <Reader />
      </ShopDataProvider>,
    );
    const before = seen.length;
    // The shopper's first tap loads Apollo Client, which then watches the query from its cache.
    await act(() => shop.load());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // A context built from this data would change and make React drop a part of the page still waiting for its code.
    expect(seen.slice(before).every((d) => d === seen[0])).toBe(true);
    expect(new Set(seen).size).toBe(1);
    expect(requests).toEqual([]);
  });

  it('loads Apollo Client and fetches a query the server did not render', async () => {
    const requests = listingServer();
    const loader = vi.fn(async () => newClient());
    render(
      <ShopDataProvider value={ShopData.browser({}, loader)}>
        <Products />
      </ShopDataProvider>,
    );
    expect(screen.getByText('Cargando')).toBeTruthy();
    await screen.findByText('Collar Miel');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
  });

  it('says so when Apollo Client cannot be downloaded, and tries again on the next query', async () => {
    const loader = vi.fn(async (): Promise<ReturnType<typeof newClient>> => {
      throw new Error('offline');
    });
    const shop = ShopData.browser({}, loader);
    render(
      <ShopDataProvider value={shop}>
        <Products />
      </ShopDataProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo cargar la tienda. Revisa tu conexión.');
    await expect(shop.load()).rejects.toThrow('offline');
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('on the server, reads what the loaders ran (with __typename, as Apollo asks) and records it for the browser', async () => {
    const execute = vi.fn(async (query: string, variables: Record<string, unknown>, name: string | undefined) => {
      expect(name).toBe('TestListing');
      expect(variables).toEqual({ category: 'collares' });
      expect(query).toMatch(/node \{\s*id\s*name\s*__typename/);
      return { data: FIRST as unknown as Record<string, unknown> };
    });
    const queries = new ServerQueries(execute);
    expect((await queries.query({ query: LISTING, variables: VARIABLES })).data).toBe(FIRST);
    const shop = ShopData.server(queries);
    const html = renderToString(
      <ShopDataProvider value={shop}>
        <Products />
      </ShopDataProvider>,
    );
    expect(html).toContain('Collar Azul');
    expect(shop.recorded()).toEqual({ [queryKey(LISTING, VARIABLES)]: FIRST });
  });

  it('on the server, a loader whose query fails throws and leaves nothing to read (the page shows loading)', async () => {
    const queries = new ServerQueries(async () => ({ errors: [{ message: 'caída' }] }));
    await expect(queries.query({ query: LISTING, variables: VARIABLES })).rejects.toThrow(ServerQueryError);
    const shop = ShopData.server(queries);
    renderToString(
      <ShopDataProvider value={shop}>
        <Products />
      </ShopDataProvider>,
    );
    expect(shop.recorded()).toEqual({});
  });

  it('keys a query by its operation and variables, whatever their order and undefined values', () => {
    expect(queryKey(LISTING, { sort: 'NEWEST', category: 'collares', after: undefined })).toBe(
      queryKey(LISTING, { category: 'collares', sort: 'NEWEST' }),
    );
    expect(queryKey(LISTING, { category: 'collares' })).not.toBe(queryKey(LISTING, { category: 'arneses' }));
    expect(queryKey(LISTING, undefined)).toBe('TestListing:{}');
  });
});
