/**
 * A dashboard part's own fetch: grey shapes while it comes (with a status line for screen
 * readers), the server's message and "Prøv igen" if it fails, and the part itself when it is there.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Skeleton } from '@/client/components/ui/skeleton';

interface FetchedProps<T> {
  query: UseQueryResult<T>;
  /** While loading, e.g. "Henter tallene...". */
  pending: string;
  /** The heading when it failed, e.g. "Tallene kunne ikke hentes". */
  failed: string;
  /** The heights of the shapes that stand in for the part, e.g. ['h-28', 'h-72']. */
  shapes: string[];
  children: (data: T) => ReactNode;
}

export function Fetched<T>({ query, pending, failed, shapes, children }: FetchedProps<T>) {
  if (query.isPending) {
    return (
      <div className="mt-6 space-y-6">
        <p role="status" className="sr-only">
          {pending}
        </p>
        {shapes.map((shape, i) => (
          <Skeleton key={i} className={shape} />
        ))}
      </div>
    );
  }
  if (query.isError) return <QueryStatus compact query={query} pending={pending} failed={failed} className="mt-6" />;
  return children(query.data);
}
