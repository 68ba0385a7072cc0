import { useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { staffErrorMessage } from '../../lib/staff-errors';
import {
  StaffActivityDocument,
  type AuditEntryFieldsFragment,
  type StaffActivityQueryVariables,
} from './staff-activity.generated';

const PAGE = 25;

/**
 * The activity log for a filter, newest first: the first page, then «Ver más» appends the next one. Pages are kept
 * per filter (a new filter starts over).
 */
export function useActivity(filter: NonNullable<StaffActivityQueryVariables['filter']>, skip = false) {
  const client = useApolloClient();
  const key = JSON.stringify(filter);
  const first = useQuery(StaffActivityDocument, {
    variables: { filter, first: PAGE },
    fetchPolicy: 'network-only',
    skip,
  });
  const [more, setMore] = useState<{
    key: string;
    entries: AuditEntryFieldsFragment[];
    endCursor: string | null;
    hasNextPage: boolean;
  } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const page = first.data?.staffActivity;
  const extra = more?.key === key ? more : null;
  const entries = [...(page?.entries ?? []), ...(extra?.entries ?? [])];
  const hasNextPage = extra ? extra.hasNextPage : (page?.hasNextPage ?? false);
  const endCursor = extra ? extra.endCursor : (page?.endCursor ?? null);

  async function loadMore() {
    if (!endCursor) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const { data } = await client.query({
        query: StaffActivityDocument,
        variables: { filter, first: PAGE, after: endCursor },
        fetchPolicy: 'network-only',
      });
      const next = data?.staffActivity;
      if (next)
        setMore({
          key,
          entries: [...(extra?.entries ?? []), ...next.entries],
          endCursor: next.endCursor ?? null,
          hasNextPage: next.hasNextPage,
        });
    } catch (err) {
      setMoreError(staffErrorMessage(err));
    } finally {
      setLoadingMore(false);
    }
  }

  return {
    entries,
    hasNextPage,
    retentionDays: page?.retentionDays ?? null,
    loading: first.loading,
    error: first.error,
    refetch: () => {
      setMore(null);
      return first.refetch();
    },
    loadMore,
    loadingMore,
    moreError,
  };
}
