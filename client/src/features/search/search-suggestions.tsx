import { useShopQuery } from '../../lib/use-shop-query';
import { categoryPath, productPath } from '#shared/storefront-routes.js';
import { formatCop } from '#shared/money.js';
import { SearchSuggestionsDocument, type SearchSuggestionsQuery } from './search.generated';
import { useDebounced } from './use-debounced';

/** Suggestions start at this many characters, after the shopper stops typing for DEBOUNCE_MS. */
export const MIN_CHARS = 2;
export const DEBOUNCE_MS = 200;

type Product = SearchSuggestionsQuery['searchSuggestions']['products'][number];

export interface SuggestionOption {
  id: string;
  href: string;
  kind: 'category' | 'product' | 'all';
  label: string;
  product?: Product;
}

/**
 * The search box's suggestions for `text` (asked for only while the box is `open`): up to three categories, the
 * products, then «see all results». `suggestions` counts the categories and products only.
 */
export function useSuggestions(text: string, open: boolean, listId: string) {
  const settled = useDebounced(text, DEBOUNCE_MS);
  const { data, previousData } = useShopQuery(SearchSuggestionsDocument, {
    variables: { query: settled },
    // Only for a box the shopper is using: on /buscar the box shows the searched text, and asking for its
    // suggestions on every load would fetch Apollo Client and the suggestions while the page is still hydrating.
    skip: !open || settled.length < MIN_CHARS,
  });
  // While new suggestions load the previous ones stay, unless they were for a different text altogether.
  const shown = (data ?? previousData)?.searchSuggestions;
  const [a, b] = [text.toLowerCase(), shown?.query.toLowerCase() ?? ''];
  const result = text.length >= MIN_CHARS && shown && (a.startsWith(b) || b.startsWith(a)) ? shown : undefined;
  const options: SuggestionOption[] = [];
  for (const c of result?.categories.slice(0, 3) ?? [])
    options.push({ id: `${listId}-c-${c.slug}`, href: categoryPath(c.slug), kind: 'category', label: c.name });
  for (const node of result?.products ?? [])
    options.push({
      id: `${listId}-p-${node.id}`,
      href: productPath(node),
      kind: 'product',
      label: node.name,
      product: node,
    });
  const suggestions = options.length;
  if (result && text)
    options.push({
      id: `${listId}-all`,
      href: `/buscar?q=${encodeURIComponent(text)}`,
      kind: 'all',
      label: `Ver todos los resultados para «${text}»`,
    });
  return { options, suggestions };
}

/** What one suggestion shows: a product with its picture and price, a category with its tag, or «see all». */
export function SuggestionContent({ option }: { option: SuggestionOption }) {
  const { product } = option;
  if (product)
    return (
      <>
        {product.images[0] ? (
          <img src={product.images[0].url} alt="" width="48" height="48" loading="lazy" />
        ) : (
          <span className="search-box__thumb" />
        )}
        <span className="search-box__name">{product.name}</span>
        <span className="search-box__price">
          {formatCop(product.price)}
          {product.soldOut ? <span className="search-box__soldout"> · Agotado</span> : null}
        </span>
      </>
    );
  return option.kind === 'category' ? (
    <>
      <span className="search-box__tag">Categoría</span>
      <span className="search-box__name">{option.label}</span>
    </>
  ) : (
    <span className="search-box__name">{option.label}</span>
  );
}
