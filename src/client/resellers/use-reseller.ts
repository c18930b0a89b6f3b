/**
 * The signed-in person's reseller record, GET /api/resellers/me (SPEC.md §6, §7): only asked when
 * someone is signed in, fresh for five minutes, never retried; 401 or 404 means "not a reseller".
 * Only its presence is used: it puts the "Aktiv" badge on "Forhandler".
 */
import { useQuery } from '@tanstack/react-query';
import { RESELLER_STALE_MS, type ResellerMe } from '@/shared/resellers';
import { optional } from '@/client/lib/optional-query';
import { defaultQueryFn } from '@/client/lib/query-client';

export const resellerQueryKey = ['/api/resellers/me'] as const;

/** The query itself, for a page that must wait for the answer before it knows what to show. */
export function useResellerQuery(signedIn: boolean) {
  return useQuery({
    queryKey: resellerQueryKey,
    queryFn: optional<ResellerMe>(defaultQueryFn),
    enabled: signedIn,
    staleTime: RESELLER_STALE_MS,
    retry: false,
  });
}

export function useReseller(signedIn: boolean): ResellerMe | null {
  const query = useResellerQuery(signedIn);
  return signedIn ? (query.data ?? null) : null;
}
