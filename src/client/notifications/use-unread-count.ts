/**
 * The bell's unread count, GET /api/notifications/unread-count (SPEC.md §7, §9): only for a
 * signed-in person, fresh for two minutes, polled every thirty seconds, never retried. A 401 or 404
 * means there is nothing to show, not an error: the badge simply stays away.
 */
import { useQuery } from '@tanstack/react-query';
import { UNREAD_COUNT_POLL_MS, UNREAD_COUNT_STALE_MS, type UnreadCount } from '@/shared/notifications';
import { optional } from '@/client/lib/optional-query';
import { defaultQueryFn } from '@/client/lib/query-client';

export const unreadCountQueryKey = ['/api/notifications/unread-count'] as const;

export function useUnreadCount(signedIn: boolean): number | null {
  const query = useQuery({
    queryKey: unreadCountQueryKey,
    queryFn: optional<UnreadCount>(defaultQueryFn),
    enabled: signedIn,
    staleTime: UNREAD_COUNT_STALE_MS,
    refetchInterval: UNREAD_COUNT_POLL_MS,
    retry: false,
  });
  if (!signedIn) return null;
  const count = query.data?.unreadCount;
  return typeof count === 'number' ? count : null;
}
