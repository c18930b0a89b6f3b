/**
 * What a list of posts shows instead of posts: the one loading / "Prøv igen" block while it has
 * none to show, or the list's own words when it is empty.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';

export function ListState({ query, empty }: { query: Pick<UseQueryResult<unknown[]>, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch'>; empty: string }) {
  if (query.isPending || query.isError) return <QueryStatus compact query={query} pending="Henter..." failed="Listen kunne ikke hentes" />;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-5 py-10 text-center">
      <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-serif text-xl">{empty}</p>
    </div>
  );
}
