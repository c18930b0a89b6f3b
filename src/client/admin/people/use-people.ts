/** The people calls (/api/admin/users…) as queries and mutations, with the keys they share. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { AccountView, PeopleSearchResult } from '@/shared/people';

export interface PeopleFilters {
  q: string;
  role: string;
  status: string;
  page: number;
}

const PEOPLE = '/api/admin/users';

/** The list keeps showing the last answer while the next one comes, so the table does not blink as one types. */
export function usePeopleSearch(filters: PeopleFilters) {
  return useQuery({
    queryKey: [PEOPLE, 'search', filters],
    queryFn: ({ signal }) =>
      apiRequest<PeopleSearchResult>('GET', PEOPLE, {
        signal,
        params: { q: filters.q || undefined, role: filters.role || undefined, status: filters.status || undefined, page: filters.page > 1 ? filters.page : undefined },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const accountKey = (id: string) => [PEOPLE, 'account', id] as const;

export function useAccount(id: string) {
  return useQuery({
    queryKey: accountKey(id),
    queryFn: ({ signal }) => apiRequest<AccountView>('GET', `${PEOPLE}/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

interface ActionOptions<Body> {
  /** The path after /api/admin/users/{id}/. */
  path: string;
  /** The toast when it went well. */
  done: string | ((body: Body) => string);
  failed: string;
}

/**
 * One action on an account: the call, a toast either way, and the account (and any list it is in)
 * read again, since the answer changes what they show.
 */
export function useAccountAction<Body = void>(id: string, { path, done, failed }: ActionOptions<Body>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      apiRequest<AccountView | null>('POST', `${PEOPLE}/${encodeURIComponent(id)}/${path}`, body === undefined ? {} : { body }),
    onSuccess: (view, body) => {
      if (view) queryClient.setQueryData(accountKey(id), view);
      void queryClient.invalidateQueries({ queryKey: [PEOPLE] });
      toast({ title: typeof done === 'function' ? done(body) : done });
    },
    onError: (error) => toast({ variant: 'destructive', title: failed, description: errorMessage(error) }),
  });
}
