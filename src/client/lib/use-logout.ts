import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { User } from '@/shared/auth';
import { apiRequest, errorMessage, timestamp } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { accountQueryKeys, userQueryKey } from './use-user';

/**
 * POST /api/logout. On success the cached user is cleared and the person lands on the front page;
 * on failure they are told (PRODUCT.md picks the reading of SPEC.md §8 that shows "Logout fejlede").
 */
export function useLogout({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // A read of the account still on its way when the session ends would come back 401 (an admin
      // page re-reads the two-factor status as it opens): call those reads off before leaving.
      await Promise.all(accountQueryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      return apiRequest<null>('POST', '/api/logout', { params: timestamp() });
    },
    onSuccess: () => {
      // Leave first, so a page that needs a signed-in user does not send the person to /login.
      navigate('/');
      onSuccess?.();
      queryClient.setQueryData<User | null>(userQueryKey, null);
      for (const queryKey of accountQueryKeys) queryClient.removeQueries({ queryKey });
      toast({ title: 'Du er nu logget ud', description: 'Tak for besøget. Du er altid velkommen tilbage.' });
    },
    onError: (error) => {
      console.warn('Logout fejlede', error);
      toast({ variant: 'destructive', title: 'Logout fejlede', description: errorMessage(error) });
    },
  });
}
