/**
 * What a page, or a section of one, shows instead of the thing it fetched, while it loads or when
 * it cannot be shown: a calm line while waiting, the page's own words where the server refused
 * (404 "not found", 401 "log in", …), and for anything else the server's message (or "no
 * connection") with "Prøv igen". Never an error dump. One component, so every retry button reads
 * and behaves the same: disabled, saying "Henter...", while it fetches again.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { Ornament } from '@/client/components/ui/ornament';
import { cn } from '@/client/lib/cn';
import { ApiError, errorMessage } from '@/client/lib/request';

/** A page's words for one answer of the server: a heading, a sentence, and where to go instead (a Link). */
export interface Refusal {
  title: string;
  text: ReactNode;
  action: ReactNode;
}

interface QueryStatusProps {
  query: Pick<UseQueryResult, 'isPending' | 'isFetching' | 'error' | 'refetch'>;
  /** While loading, e.g. "Henter mindesiden...". */
  pending: string;
  /** The heading when fetching failed, e.g. "Mindesiden kunne ikke hentes". */
  failed: string;
  /** A whole page only: what to say, by HTTP status, when the server refused (e.g. { 404: … }). */
  refusals?: Partial<Record<number, Refusal>>;
  /** Inside a section of a page (under its heading) instead of in place of the whole page. */
  compact?: boolean;
  /** compact only: the block's place in its section, e.g. "mt-6". */
  className?: string;
}

export function QueryStatus({ query, pending, failed, refusals = {}, compact = false, className }: QueryStatusProps) {
  const { error } = query;
  const refusal = error instanceof ApiError ? refusals[error.status] : undefined;
  const retry = (
    <Button size={compact ? 'md' : 'lg'} variant={compact ? 'secondary' : 'primary'} className={compact ? undefined : 'mt-8'} onClick={() => void query.refetch()} disabled={query.isFetching}>
      {query.isFetching ? 'Henter...' : 'Prøv igen'}
    </Button>
  );

  if (compact) {
    return query.isPending ? (
      <p role="status" className={cn('text-muted-foreground', className)}>
        {pending}
      </p>
    ) : (
      <div className={cn('space-y-4', className)}>
        <Notice tone="problem" title={failed}>
          {errorMessage(error)}
        </Notice>
        {retry}
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-5 py-20 text-center sm:py-28">
      <Ornament />
      {query.isPending ? (
        <p role="status" className="mt-6 font-serif text-xl text-muted-foreground">
          {pending}
        </p>
      ) : refusal ? (
        <>
          <h1 className="mt-6 text-3xl sm:text-4xl">{refusal.title}</h1>
          <p className="mt-4 text-muted-foreground">{refusal.text}</p>
          <Button asChild size="lg" className="mt-10">
            {refusal.action}
          </Button>
        </>
      ) : (
        <>
          <h1 className="mt-6 text-3xl sm:text-4xl">{failed}</h1>
          <Notice tone="problem" className="mt-6 text-left">
            {errorMessage(error)}
          </Notice>
          {retry}
        </>
      )}
    </div>
  );
}
