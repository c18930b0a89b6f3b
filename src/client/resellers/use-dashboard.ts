/**
 * The reseller dashboard's calls (src/shared/resellers-api.ts) as queries and mutations, with the
 * keys they share. Each visit reads them afresh (a package may have arrived since); a hand-over,
 * its undoing or its link sent again reads again everything it changes.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HandoverBody,
  Partners,
  ResellerCode,
  ResellerCodeState,
  ResellerCodesPage,
  ResellerOverview,
  ResellerStats,
} from '@/shared/resellers-api';
import { ApiError, apiRequest, errorMessage, withQuery } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';

const ME = '/api/resellers/me';
export const overviewQueryKey = [`${ME}/overview`] as const;
const CODES = `${ME}/qr-codes`;
const STATS = `${ME}/stats`;
const PARTNERS = `${ME}/partners`;

/** Not a reseller, not allowed: asking again will not change it. A dropped connection might. */
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status > 0) && failures < 1;

export function useOverview(enabled: boolean) {
  return useQuery({
    queryKey: overviewQueryKey,
    queryFn: ({ signal }) => apiRequest<ResellerOverview>('GET', overviewQueryKey[0], { signal }),
    enabled,
    retry,
    staleTime: 0,
  });
}

export interface CodeFilters {
  q: string;
  state: ResellerCodeState | '';
}

const codeParams = ({ q, state }: CodeFilters) => ({ q: q || undefined, state: state || undefined });

/** The CSV of every code the filters find, as a plain link: the server streams it. */
export const codesCsvHref = (filters: CodeFilters) => withQuery(`${CODES}.csv`, codeParams(filters));

/** Pages follow the codes' order: "Vis flere" asks for the ones after the last shown. */
export function useCodes(filters: CodeFilters) {
  return useInfiniteQuery({
    queryKey: [CODES, filters],
    queryFn: ({ pageParam, signal }) => apiRequest<ResellerCodesPage>('GET', CODES, { signal, params: { ...codeParams(filters), after: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextAfter ?? undefined,
    // The list keeps showing the last answer while the next one comes, so it does not blink as one types.
    placeholderData: keepPreviousData,
    retry,
    staleTime: 0,
  });
}

export function useStats() {
  return useQuery({ queryKey: [STATS], queryFn: ({ signal }) => apiRequest<ResellerStats>('GET', STATS, { signal }), retry, staleTime: 0 });
}

export function usePartners() {
  return useQuery({ queryKey: [PARTNERS], queryFn: ({ signal }) => apiRequest<Partners>('GET', PARTNERS, { signal }), retry, staleTime: 0 });
}

/** After a hand-over or its undoing: the list, the counts and the month's figures all changed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [[CODES], overviewQueryKey, [STATS]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

const codePath = (code: string) => `${CODES}/${encodeURIComponent(code)}/handover`;

/** The dialog shows a refusal under its fields; the list is read again, since the code may have changed under us. */
export function useHandover(code: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: HandoverBody) => apiRequest<{ code: ResellerCode; message: string }>('POST', codePath(code), { body }),
    onSuccess: async (answer) => {
      toast({ title: 'Koden er givet til familien', description: answer.message });
      await refresh();
    },
    onError: () => void refresh(),
  });
}

/** The family's e-mail again, with a new link; the answer says where it went. */
export function useResendLink(code: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => apiRequest<{ code: ResellerCode; message: string }>('POST', `${codePath(code)}/resend`),
    onSuccess: async (answer) => {
      toast({ title: 'Linket er sendt igen', description: answer.message });
      await refresh();
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Linket blev ikke sendt', description: errorMessage(error) });
      void refresh();
    },
  });
}

export function useUndoHandover(code: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => apiRequest<{ code: ResellerCode }>('DELETE', codePath(code)),
    onSuccess: async () => {
      toast({ title: 'Overdragelsen er fortrudt', description: 'Koden kan nu gives til en anden familie.' });
      await refresh();
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Overdragelsen blev ikke fortrudt', description: errorMessage(error) });
      // The code may have changed under us (the family took it in use, the access was suspended).
      void refresh();
    },
  });
}
