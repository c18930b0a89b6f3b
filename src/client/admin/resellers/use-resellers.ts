/**
 * The back office's reseller calls (/api/admin/resellers…) and the package calls used from a
 * reseller's page, as queries and mutations with the keys they share. A decision answers with
 * the reseller as it is now, which replaces what the page shows; a package call is followed by a
 * fresh read of the reseller (its packages and code counts changed).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { CreateQrPackageBody, QrPackageStatus } from '@/shared/qr-lifecycle';
import type { ResellerDetail, ResellersList } from '@/shared/resellers-admin';

export interface ResellerFilters {
  q: string;
  status: string;
  page: number;
}

const RESELLERS = '/api/admin/resellers';
const PACKAGES = '/api/admin/qr-packages';

export function useResellers(filters: ResellerFilters) {
  return useQuery({
    queryKey: [RESELLERS, 'list', filters],
    queryFn: ({ signal }) =>
      apiRequest<ResellersList>('GET', RESELLERS, {
        signal,
        params: { q: filters.q || undefined, status: filters.status || undefined, page: filters.page > 1 ? filters.page : undefined },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const resellerKey = (id: string) => [RESELLERS, 'one', id] as const;

export function useReseller(id: string) {
  return useQuery({
    queryKey: resellerKey(id),
    queryFn: ({ signal }) => apiRequest<ResellerDetail>('GET', `${RESELLERS}/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

interface Words<Body> {
  /** The toast when it went well, from what was sent and the reseller as it is now. */
  done: (view: ResellerDetail, body: Body) => { title: string; description?: string };
  failed: string;
}

/** One decision about a reseller: the call, a toast either way, the page from the answer, the list read again. */
export function useDecision<Body extends object | void = void>(id: string, path: string, { done, failed }: Words<Body>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<ResellerDetail>('POST', `${RESELLERS}/${encodeURIComponent(id)}/${path}`, { body: body ?? {} }),
    onSuccess: (view, body) => {
      queryClient.setQueryData(resellerKey(id), view);
      void queryClient.invalidateQueries({ queryKey: [RESELLERS, 'list'] });
      toast(done(view, body));
    },
    onError: (error) => toast({ variant: 'destructive', title: failed, description: errorMessage(error) }),
  });
}

/** A package of codes made for the reseller. Errors are the caller's: a form shows them at its fields. */
export function useCreatePackage(resellerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateQrPackageBody, 'resellerId'>) => apiRequest<{ id: string }>('POST', PACKAGES, { body: { ...body, resellerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellerKey(resellerId) }),
  });
}

/** A package one warehouse step on (its codes with it). */
export function useMovePackage(resellerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ packageId, to }: { packageId: string; to: QrPackageStatus }) => apiRequest('POST', `${PACKAGES}/${encodeURIComponent(packageId)}/status`, { body: { to } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellerKey(resellerId) }),
    onError: (error) => toast({ variant: 'destructive', title: 'Pakken blev ikke flyttet', description: errorMessage(error) }),
  });
}
