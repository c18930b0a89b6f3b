/**
 * Creating and changing a memorial from the pages that do it (the three ways to create, the edit
 * page, the wizard). A failure keeps what the person wrote in the form and says why in a toast
 * titled as SPEC.md §8 names it; a success puts the server's answer into the cache, so the page
 * and the memorial itself show it at once.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { CreateMemorialBody, UpdateMemorialBody } from '@/shared/memorials-api';
import type { Memorial } from '@/shared/memorials';
import { memorialKey } from './use-memorial';

export function rememberMemorial(queryClient: QueryClient, memorial: Memorial) {
  queryClient.setQueryData(memorialKey(memorial.id), memorial);
  queryClient.setQueryData(memorialKey(memorial.slug), memorial);
  void queryClient.invalidateQueries({ queryKey: ['/api/user/memorials'] });
}

/**
 * Creates a memorial. Started from a stone's code (/qr-setup/{code} → ?qrCode=…), the new memorial
 * is also what the code opens; if linking fails the memorial stays made, and the toast says how
 * to link it from the profile instead.
 */
export function useCreateMemorial() {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const code = search.get('qrCode');
  return useMutation({
    mutationFn: async (body: CreateMemorialBody) => {
      const memorial = await apiRequest<Memorial>('POST', '/api/memorials', { body });
      if (code) {
        await apiRequest('POST', `/api/qr-codes/${encodeURIComponent(code)}/link`, { body: { memorial: memorial.id } })
          .then(() => queryClient.invalidateQueries({ queryKey: ['/api/user/owned-qr-codes'] }))
          .catch((error: unknown) =>
            toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: `Mindesiden er oprettet, men QR-koden blev ikke knyttet til den: ${errorMessage(error)} Du kan knytte den under Mine QR-koder på din profil.` }),
          );
      }
      return memorial;
    },
    onSuccess: (memorial) => rememberMemorial(queryClient, memorial),
    onError: (error) => toast({ variant: 'destructive', title: 'Fejl ved oprettelse', description: errorMessage(error) }),
  });
}

/** `quiet`: no toast on failure, for a caller that shows the message at a field instead. */
export function useUpdateMemorial(memorialId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: UpdateMemorialBody; quiet?: boolean }) => apiRequest<Memorial>('PUT', `/api/memorials/${memorialId}`, { body }),
    onSuccess: (memorial) => rememberMemorial(queryClient, memorial),
    onError: (error, { quiet }) => {
      if (!quiet) toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: errorMessage(error) });
    },
  });
}
