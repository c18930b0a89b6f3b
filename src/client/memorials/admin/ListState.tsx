/**
 * What a list of posts shows instead of posts: a calm line while it loads, the server's message
 * with "Prøv igen" if it could not be fetched, or the list's own words when it is empty.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { errorMessage } from '@/client/lib/request';

export function ListState({ query, empty }: { query: Pick<UseQueryResult<unknown[]>, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch' | 'data'>; empty: string }) {
  if (query.isPending) {
    return (
      <p role="status" className="py-10 text-center font-serif text-xl text-muted-foreground">
        Henter...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-4">
        <Notice tone="problem" title="Listen kunne ikke hentes">
          {errorMessage(query.error)}
        </Notice>
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Henter...' : 'Prøv igen'}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-5 py-10 text-center">
      <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-serif text-xl">{empty}</p>
    </div>
  );
}
