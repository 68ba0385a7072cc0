/** The GraphQL operations the bench sends (written against schema.graphql). */

const SIZE = 'id label stock available';
const IMAGE = 'url alt width height';

export const LISTING = `query BenchListing($category: String!, $first: Int!) {
  products(category: $category, first: $first) {
    edges { cursor node { id slug name price soldOut category { slug name } sizes { ${SIZE} } images { ${IMAGE} } } }
    pageInfo { hasNextPage endCursor }
    totalCount
  }
}`;

export const PRODUCT = `query BenchProduct($id: ID!) {
  product(id: $id) {
    id slug name description price soldOut collections category { slug name }
    sizes { ${SIZE} } images { ${IMAGE} } sizeGuide { measurements note rows { size values { min max } } }
  }
}`;

export const CART_QUOTE = `query BenchCartQuote($input: CartQuoteInput!) {
  cartQuote(input: $input) {
    lines {
      productId sizeId quantity sizeLabel unitPrice lineTotal
      problem { kind available message }
      product { id slug name price images { ${IMAGE} } }
    }
    itemCount subtotal discount shipping ivaIncluded total discountCodeInvalid hasProblems
  }
}`;

export const STAFF_ORDERS = `query BenchStaffOrders($first: Int!) {
  staffOrders(first: $first) {
    edges { cursor node { id reference status createdAt total paymentMethod customer { fullName email phone } lines { name sizeLabel quantity lineTotal } } }
    pageInfo { hasNextPage endCursor }
    totalCount
  }
}`;

export const PLACE_ORDER = `mutation BenchPlaceOrder($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    __typename
    ... on OrderPlaced { reference accessToken checkoutUrl }
    ... on CartProblem { message lines { sizeId problem { kind message } } }
    ... on InvalidDiscountCode { message }
    ... on ValidationErrors { message errors { field message } }
  }
}`;

export interface CartLine {
  productId: string;
  sizeId: string;
  quantity: number;
}

export function placeOrderInput(lines: CartLine[], buyer: number, key: string) {
  return {
    lines,
    customer: {
      fullName: 'Comprador Bench',
      email: `bench${buyer}@example.com`,
      phone: '3001234567',
      documentType: 'CC',
      documentNumber: '1020304050',
    },
    // Bogotá D.C. (DIVIPOLA 11 / 11001).
    shipping: { departmentCode: '11', municipalityCode: '11001', address: 'Calle 10 # 20-30' },
    paymentMethod: 'CARD',
    acceptDataPolicy: true,
    idempotencyKey: key,
  };
}

export interface GqlResult<T = Record<string, unknown>> {
  status: number;
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

export async function gql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<GqlResult<T>> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  try {
    return { status: res.status, ...(JSON.parse(text) as Omit<GqlResult<T>, 'status'>) };
  } catch {
    return { status: res.status, errors: [{ message: text.slice(0, 200) }] };
  }
}

/** True when the schema operation is answered (not "not implemented"/unknown field). */
export function firstError(r: GqlResult): string | null {
  if (r.errors?.length) return `${r.errors[0]!.extensions?.code ?? r.status}: ${r.errors[0]!.message}`;
  if (r.status !== 200) return `HTTP ${r.status}`;
  return null;
}

const CARD = `id slug name price soldOut category { slug name } images { ${IMAGE} }`;
const FACETS =
  'facets { exact inStock sizes { label count } pets { pet count } priceRanges { min max count } categories { slug name count } }';

/** The /buscar results page: a page of cards, the facets and the matching categories. */
export const SEARCH = `query BenchSearch($query: String, $filter: ProductFilter, $first: Int!) {
  search(query: $query, filter: $filter, first: $first) {
    query correctedQuery
    categories { slug name productCount }
    products { totalCount totalCountExact pageInfo { hasNextPage endCursor } edges { cursor node { ${CARD} } } ${FACETS} }
  }
}`;

/** The header's suggestions while typing (client/src/features/search/search.graphql): a few products and categories. */
export const SUGGEST = `query BenchSuggest($query: String!, $first: Int!) {
  searchSuggestions(query: $query, first: $first) {
    query
    categories { slug name productCount }
    products { ${CARD} }
  }
}`;

/** A category listing with filters and their counts. */
export const FILTERED_LISTING = `query BenchFilteredListing($category: String!, $filter: ProductFilter, $first: Int!) {
  products(category: $category, filter: $filter, first: $first) {
    totalCount totalCountExact pageInfo { hasNextPage endCursor } edges { cursor node { ${CARD} } } ${FACETS}
  }
}`;
