import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/request';
import type { ScanResult } from '@/shared/qr-lifecycle';

/** Where a code leads for the signed-in person (or a visitor): the server's answer, asked afresh. */
export function useScan(code: string) {
  return useQuery({
    queryKey: ['/api/qr-codes/scan', code],
    queryFn: ({ signal }) => apiRequest<ScanResult>('GET', `/api/qr-codes/${encodeURIComponent(code)}/scan`, { signal }),
    // Who holds the code changes with a login, a lock or a link: ask again each time a page opens.
    staleTime: 0,
  });
}
