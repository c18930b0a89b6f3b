/**
 * The controls of the back office's searchable lists (/admin/users, /admin/resellers): where the
 * search lives (the address, so back, forward and reload keep it) and the results with their
 * count, empty and error states and the row of pages, so every list reads and behaves alike. The
 * search field, its typed text and the filters are shared with the reseller's codes:
 * components/ui/search-field.tsx, lib/use-search-text.ts and components/ui/filter-select.tsx.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { danishNumber } from './people/format';

/** "Forrige", "Side 2 af 5", "Næste"; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Sider" className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} className="min-w-28">
        <ChevronLeft aria-hidden="true" />
        Forrige
      </Button>
      <p className="text-sm text-muted-foreground">
        Side {danishNumber(page)} af {danishNumber(pages)}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)} className="min-w-28">
        Næste
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** What a list shows: the typed search, each filter (one of its values, or '' for all), and the page. */
export type ListFilters<K extends string> = { q: string; page: number } & Record<K, string>;

/**
 * A list's filters read from the address (?q=&<filter>=&page=), a value a filter does not know
 * read as "all", and `go` to another search, filter or page (a new search or filter starts on
 * page 1).
 */
export function useListAddress<K extends string>(allowed: Record<K, readonly string[]>) {
  const [params, setParams] = useSearchParams();
  const keys = Object.keys(allowed) as K[];
  const page = Number(params.get('page'));
  const filters = {
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    ...Object.fromEntries(keys.map((key) => [key, allowed[key].includes(params.get(key) ?? '') ? params.get(key)! : ''])),
  } as ListFilters<K>;

  const go = (next: Partial<ListFilters<K>>, options: { replace?: boolean } = {}) => {
    const merged: ListFilters<K> = { ...filters, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    for (const key of keys) if (merged[key]) search.set(key, merged[key]);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, options);
  };
  return { filters, go };
}

interface ListResultsProps<T extends { page: number; pageSize: number; total: number }> {
  query: UseQueryResult<T>;
  /** While the first page loads, e.g. "Henter personer...". */
  pending: string;
  /** When it could not be fetched, e.g. "Personerne kunne ikke hentes". */
  failed: string;
  /** The count above the rows, e.g. "12 personer". */
  count: (data: T) => string;
  /** What a page without rows says, or null when it has rows. */
  empty: (data: T) => string | null;
  onPage: (page: number) => void;
  /** The rows: a table on a wide screen, cards on a phone. */
  children: (data: T) => ReactNode;
}

export function ListResults<T extends { page: number; pageSize: number; total: number }>({ query, pending, failed, count, empty, onPage, children }: ListResultsProps<T>) {
  const data = query.data;
  if (query.isPending || (query.isError && !data) || !data) {
    return (
      <div className="mt-6">
        <QueryStatus compact query={query} pending={pending} failed={failed} />
      </div>
    );
  }
  const none = empty(data);
  return (
    <div className="mt-6">
      <p className="flex items-center gap-3 text-sm text-muted-foreground" aria-live="polite">
        <span className="font-semibold text-foreground">{count(data)}</span>
        {query.isFetching ? <span>Søger...</span> : null}
      </p>
      {none ? <p className="mt-4 rounded-lg border border-dashed border-border px-5 py-10 text-center text-muted-foreground">{none}</p> : children(data)}
      <Pager page={data.page} pages={Math.max(1, Math.ceil(data.total / data.pageSize))} onPage={onPage} />
    </div>
  );
}
