import { useState } from 'react';

/** «Cargar más» for a cursor-paged listing: fetches the page after `endCursor` and says while it is loading. */
export function useLoadMore(fetchAfter: (after: string) => Promise<unknown>, endCursor: string | null | undefined) {
  const [loadingMore, setLoadingMore] = useState(false);
  async function loadMore() {
    if (!endCursor) return;
    setLoadingMore(true);
    try {
      await fetchAfter(endCursor);
    } finally {
      setLoadingMore(false);
    }
  }
  return { loadingMore, loadMore };
}
