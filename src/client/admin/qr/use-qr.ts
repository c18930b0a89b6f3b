/**
 * The production floor's code and package calls (shared/production.ts lists them) as queries and
 * mutations with the keys they share: a void answers with the code as it is now, which replaces
 * the card; a package's step reads the package, its codes and the list again.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { FloorResellers, PackageCodesPage, QrCodeView, QrPackageDetail, QrPackagesList } from '@/shared/production';
import type { CreateQrPackageBody, QrPackageStatus } from '@/shared/qr-lifecycle';

const CODES = '/api/admin/qr-codes';
const PACKAGES = '/api/admin/qr-packages';
const RESELLERS = '/api/admin/production/resellers';

export const codeKey = (code: string) => [CODES, code] as const;

/**
 * One code, kept under its normalised form (the page reads what was typed first: readFloorScan)
 * and asked for as `sent` (what was typed, so a refusal names it).
 */
export function useCode(code: string | null, sent: string | null = code) {
  return useQuery({
    queryKey: codeKey(code ?? ''),
    queryFn: ({ signal }) => apiRequest<QrCodeView>('GET', `${CODES}/${encodeURIComponent(sent ?? code!)}`, { signal }),
    enabled: code !== null,
    staleTime: 0,
    // An unknown code stays unknown; other failures are offered again by the card's "Prøv igen".
    retry: false,
  });
}

/** Voids a code with its reason; the answer is the code as it is now. */
export function useVoidCode(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => apiRequest<QrCodeView>('POST', `${CODES}/${encodeURIComponent(code)}/void`, { body: { reason } }),
    onSuccess: (view) => {
      queryClient.setQueryData(codeKey(code), view);
      if (view.package) void queryClient.invalidateQueries({ queryKey: [PACKAGES] });
    },
  });
}

export interface PackageFilters {
  q: string;
  reseller: string;
  status: string;
  page: number;
}

export function usePackages(filters: PackageFilters) {
  return useQuery({
    queryKey: [PACKAGES, 'list', filters],
    queryFn: ({ signal }) =>
      apiRequest<QrPackagesList>('GET', PACKAGES, {
        signal,
        params: { q: filters.q || undefined, reseller: filters.reseller || undefined, status: filters.status || undefined, page: filters.page > 1 ? filters.page : undefined },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const packageKey = (id: string) => [PACKAGES, 'one', id] as const;

export function usePackage(id: string) {
  return useQuery({
    queryKey: packageKey(id),
    queryFn: ({ signal }) => apiRequest<QrPackageDetail>('GET', `${PACKAGES}/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

export function usePackageCodes(id: string, filters: { status: string; page: number }) {
  return useQuery({
    queryKey: [PACKAGES, 'codes', id, filters],
    queryFn: ({ signal }) =>
      apiRequest<PackageCodesPage>('GET', `${PACKAGES}/${encodeURIComponent(id)}/qr-codes`, {
        signal,
        params: { status: filters.status || undefined, page: filters.page > 1 ? filters.page : undefined },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The resellers the floor chooses between: approved ones for a new package, and the list's filter. */
export function useFloorResellers() {
  return useQuery({
    queryKey: [RESELLERS],
    queryFn: ({ signal }) => apiRequest<FloorResellers>('GET', RESELLERS, { signal }),
    staleTime: 60_000,
  });
}

/** A new package. Errors are the caller's: the form shows them at its fields. */
export function useCreatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQrPackageBody) => apiRequest<{ id: string }>('POST', PACKAGES, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PACKAGES] }),
  });
}

/** The package one warehouse step on, with its codes. */
export function useMovePackage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: QrPackageStatus) => apiRequest('POST', `${PACKAGES}/${encodeURIComponent(id)}/status`, { body: { to } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: [PACKAGES] }), queryClient.invalidateQueries({ queryKey: [CODES] })]),
    onError: (error) => toast({ variant: 'destructive', title: 'Pakken blev ikke flyttet', description: errorMessage(error) }),
  });
}
