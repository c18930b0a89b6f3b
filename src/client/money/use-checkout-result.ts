/**
 * What the server says about a Stripe Checkout session the buyer came back from: GET
 * /api/checkout/{sessionId}, which asks Stripe itself, so a missed webhook is caught up (decision
 * 0025). The browser's own arrival proves nothing; until the server says "paid", it is asked again
 * every two seconds, for about half a minute, and then the page says so calmly.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { checkoutResult } from '@/shared/money-api';
import { apiRequest } from '@/client/lib/request';
import { checkoutKey, ordersKey, premiumStatusKey } from './money-keys';
import { retryUnlessRefused } from './use-money';

export type CheckoutResult = z.infer<typeof checkoutResult>;

const POLL_MS = 2_000;
const GIVE_UP_MS = 30_000;

export function useCheckoutResult(sessionId: string) {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [sessionId]);
  const queryClient = useQueryClient();
  const key = checkoutKey(sessionId);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const result = await apiRequest<CheckoutResult>('GET', key[0], { signal });
      if (result.paid) {
        // Premium and the order's status changed: the pages that show them read them again.
        void queryClient.invalidateQueries({ queryKey: premiumStatusKey });
        void queryClient.invalidateQueries({ queryKey: ordersKey });
      }
      return result;
    },
    enabled: sessionId !== '',
    staleTime: 0,
    retry: retryUnlessRefused,
    refetchInterval: (current) => (current.state.data?.paid || timedOut ? false : POLL_MS),
  });
  const waiting = query.data !== undefined && !query.data.paid;
  const gaveUp = waiting && timedOut && !query.isFetching;
  return { query, waiting, gaveUp };
}
