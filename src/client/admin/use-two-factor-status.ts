import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/request';
import type { TwoFactorStatus } from '@/shared/staff';

export const twoFactorStatusKey = ['/api/admin/two-factor-verification-status'] as const;

/** Whether this session owes the second factor (SPEC.md §4); read afresh on every admin page. */
export function useTwoFactorStatus(enabled: boolean) {
  return useQuery({
    queryKey: twoFactorStatusKey,
    queryFn: ({ signal }) => apiRequest<TwoFactorStatus>('GET', twoFactorStatusKey[0], { signal }),
    enabled,
    staleTime: 0,
  });
}
