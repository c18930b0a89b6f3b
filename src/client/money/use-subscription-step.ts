/**
 * Stopping a subscription at its period's end, or taking that back (POST
 * /api/subscriptions/{id}/cancel and /resume). The answer is the memorial as /subscription shows it,
 * put straight into the list so the card changes at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/request';
import { premiumStatusKey } from './money-keys';
import type { PremiumMemorial, PremiumStatus } from './use-money';

export type SubscriptionStep = 'cancel' | 'resume';

export function useSubscriptionStep(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: SubscriptionStep) => apiRequest<PremiumMemorial>('POST', `/api/subscriptions/${subscriptionId}/${step}`),
    onSuccess: (memorial) => {
      queryClient.setQueryData<PremiumStatus>(premiumStatusKey, (status) =>
        status ? { ...status, memorials: status.memorials.map((entry) => (entry.memorialId === memorial.memorialId ? memorial : entry)) } : status,
      );
    },
  });
}
