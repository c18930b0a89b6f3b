/**
 * What a page shows instead of the thing it fetched, while it loads or when it cannot be shown:
 * a calm line while waiting, the page's own words for "not found", and for anything else the
 * server's message (or "no connection") with a way to try again. Never an error dump.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { Ornament } from '@/client/components/ui/ornament';
import { ApiError, NETWORK_ERROR } from '@/client/lib/request';

interface QueryStatusProps {
  query: Pick<UseQueryResult, 'isPending' | 'error' | 'refetch'>;
  /** While loading, e.g. "Henter mindesiden...". */
  pending: string;
  /** For a 404: a heading, a sentence, and where to go instead (a Link). */
  notFound: { title: string; text: ReactNode; action: ReactNode };
  /** The heading when fetching failed otherwise, e.g. "Mindesiden kunne ikke hentes". */
  failed: string;
}

export function QueryStatus({ query, pending, notFound, failed }: QueryStatusProps) {
  const { error } = query;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-5 py-20 text-center sm:py-28">
      <Ornament />
      {query.isPending ? (
        <p role="status" className="mt-6 font-serif text-xl text-muted-foreground">
          {pending}
        </p>
      ) : error instanceof ApiError && error.status === 404 ? (
        <>
          <h1 className="mt-6 text-3xl sm:text-4xl">{notFound.title}</h1>
          <p className="mt-4 text-muted-foreground">{notFound.text}</p>
          <Button asChild size="lg" className="mt-10">
            {notFound.action}
          </Button>
        </>
      ) : (
        <>
          <h1 className="mt-6 text-3xl sm:text-4xl">{failed}</h1>
          <Notice tone="problem" className="mt-6 text-left">
            {error instanceof ApiError ? error.message : NETWORK_ERROR}
          </Notice>
          <Button size="lg" className="mt-8" onClick={() => void query.refetch()}>
            Prøv igen
          </Button>
        </>
      )}
    </div>
  );
}
