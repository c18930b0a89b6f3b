/**
 * TanStack Query set the way SPEC.md §9 says: five minutes fresh by default (the current user
 * thirty seconds, in lib/use-user.ts), one retry, and no refetch when the window gets focus.
 * A query's key is its API path, optionally followed by an object of query parameters.
 */
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { DEFAULT_STALE_MS, QUERY_RETRY } from '@/shared/constants';
import { apiRequest, type QueryParams } from './request';

export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [path, params] = queryKey as [string, QueryParams | undefined];
  return apiRequest('GET', path, { params, signal });
};

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: DEFAULT_STALE_MS,
        retry: QUERY_RETRY,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
