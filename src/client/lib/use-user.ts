/**
 * The signed-in person, from GET /api/user. SPEC.md §4: any failure, a 401 included, means "no one
 * is signed in" (null), so a page never breaks on it. Fresh for thirty seconds (SPEC.md §9).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoginResponse, User } from '@/shared/auth';
import { CURRENT_USER_STALE_MS } from '@/shared/constants';
import { apiRequest, timestamp } from '@/client/lib/request';

export const userQueryKey = ['/api/user'] as const;
/**
 * Answers that belong to the signed-in person, refreshed whenever who is signed in changes: premium
 * and admin status (known so far only as cache keys, SPEC.md §7), the header's unread count and
 * reseller record, and a staff member's two-factor status, so the next person at the same browser
 * never sees the last one's badges.
 */
export const accountQueryKeys = [
  ['/api/user/premium-status'],
  ['/api/user/is-admin'],
  ['/api/notifications/unread-count'],
  ['/api/resellers/me'],
  // Whether the session has passed the second factor: a new login starts without it.
  ['/api/admin/two-factor-verification-status'],
] as const;

async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiRequest<User>('GET', '/api/user', { params: timestamp() });
  } catch {
    return null;
  }
}

export function useUser() {
  const query = useQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser, staleTime: CURRENT_USER_STALE_MS });
  return { user: query.data ?? null, isLoading: query.isPending };
}

/** Puts a login or registration answer in the cache, without the qrCodeLinked flag. */
export function storeSignedInUser(queryClient: QueryClient, response: LoginResponse) {
  const { qrCodeLinked: _linked, ...user } = response;
  queryClient.setQueryData<User | null>(userQueryKey, user);
}

/** After a login: the user, premium status and admin status are read again (SPEC.md §7). */
export async function invalidateAccount(queryClient: QueryClient) {
  await Promise.all([userQueryKey, ...accountQueryKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
