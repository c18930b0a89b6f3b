/**
 * The support inbox's reads and actions. A thread's key is its API path; every action answers with
 * the whole thread, which replaces the cached one at once, and the lists are read again for their
 * counts and order.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/request';
import type { SupportAssigned, SupportList, SupportStatus, SupportThread } from '@/shared/support';

const LIST = '/api/admin/support';
/** New messages arrive while the inbox is open: read it again every minute. */
const INBOX_REFRESH_MS = 60_000;

export const threadKey = (id: string) => [`${LIST}/${encodeURIComponent(id)}`] as const;

export function useSupportList(params: { status: SupportStatus; assigned: SupportAssigned; page: number }) {
  return useQuery({
    queryKey: [LIST, params],
    queryFn: ({ signal }) => apiRequest<SupportList>('GET', LIST, { params, signal }),
    staleTime: 0,
    refetchInterval: INBOX_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useSupportThread(id: string) {
  return useQuery({
    queryKey: threadKey(id),
    queryFn: ({ signal }) => apiRequest<SupportThread>('GET', threadKey(id)[0], { signal }),
    staleTime: 0,
  });
}

/** One action on a thread: POST `path` under the thread, then show the answer and refresh the lists. */
export function useThreadAction<Body>(id: string, path: 'replies' | 'assign' | 'status') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<SupportThread>('POST', `${threadKey(id)[0]}/${path}`, { body }),
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKey(id), thread);
      void queryClient.invalidateQueries({ queryKey: [LIST] });
    },
  });
}
