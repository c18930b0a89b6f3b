/**
 * The production floor's calls (shared/production-queue.ts, shared/laser-jobs.ts) as queries and
 * mutations with the keys they share. The queue and the laser's lists are read every 30 seconds
 * (someone at another station moves things too); an action answers with the queue or the job as
 * it is now, which replaces what the page shows, and everything else that shows it is read again.
 * A refusal (someone else was first: 409) is said in a toast in the server's own words.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { LaserJobDetail, LaserJobRow, NewLaserJobBody } from '@/shared/laser-jobs';
import type { LaserJobStatus } from '@/shared/production';
import type { ProductionQueue } from '@/shared/production-queue';

const QUEUE = '/api/admin/production';
const JOBS = '/api/admin/laser-jobs';

/** How often the floor's lists are read again while open. */
export const FLOOR_REFRESH_MS = 30_000;

export interface LaserJobList {
  jobs: LaserJobRow[];
  counts: Record<LaserJobStatus, number>;
}

export function useProductionQueue() {
  return useQuery({
    queryKey: [QUEUE],
    queryFn: ({ signal }) => apiRequest<ProductionQueue>('GET', QUEUE, { signal }),
    staleTime: 0,
    refetchInterval: FLOOR_REFRESH_MS,
  });
}

export function useLaserJobs(status: LaserJobStatus) {
  return useQuery({
    queryKey: [JOBS, 'list', status],
    queryFn: ({ signal }) => apiRequest<LaserJobList>('GET', JOBS, { signal, params: { status } }),
    staleTime: 0,
    refetchInterval: FLOOR_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export const laserJobKey = (id: string) => [JOBS, 'one', id] as const;

export function useLaserJob(id: string | null) {
  return useQuery({
    queryKey: laserJobKey(id ?? ''),
    queryFn: ({ signal }) => apiRequest<LaserJobDetail>('GET', `${JOBS}/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: FLOOR_REFRESH_MS,
  });
}

/** Everything that shows jobs or the queue is read again. */
function refreshFloor(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: [QUEUE] });
  void queryClient.invalidateQueries({ queryKey: [JOBS] });
}

export type PackageAction = 'start' | 'produced';

/** "Gå i gang" or "Markér som produceret" on a package: the answer is the queue as it is now. */
export function usePackageAction(action: PackageAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => apiRequest<ProductionQueue>('POST', `${QUEUE}/packages/${encodeURIComponent(id)}/${action}`),
    onSuccess: (queue, { name }) => {
      queryClient.setQueryData([QUEUE], queue);
      toast(action === 'start' ? { title: `Du har taget ${name}`, description: 'Køen viser, at du er i gang med den.' } : { title: `${name} er produceret`, description: 'Pakken og dens koder står nu som produceret.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: action === 'start' ? 'Pakken blev ikke taget' : 'Pakken blev ikke markeret som produceret', description: errorMessage(error) });
      void queryClient.invalidateQueries({ queryKey: [QUEUE] });
    },
  });
}

export type JobAction = 'start' | 'done' | 'fail' | 'rerun';

const FAILED_TITLES: Record<JobAction, string> = {
  start: 'Graveringen blev ikke startet',
  done: 'Jobbet blev ikke markeret som færdigt',
  fail: 'Jobbet blev ikke markeret som fejlet',
  rerun: 'Jobbet blev ikke sat i kø igen',
};

/** A step of a laser job: the job's page from the answer, the lists and the queue read again. */
export function useLaserJobAction(id: string, action: JobAction, done: (job: LaserJobDetail) => { title: string; description?: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: object | undefined) => apiRequest<LaserJobDetail>('POST', `${JOBS}/${encodeURIComponent(id)}/${action}`, { body }),
    onSuccess: (job) => {
      queryClient.setQueryData(laserJobKey(id), job);
      refreshFloor(queryClient);
      toast(done(job));
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: FAILED_TITLES[action], description: errorMessage(error) });
      refreshFloor(queryClient);
    },
  });
}

/** "Nyt job": errors are the dialog's to show at its fields. */
export function useCreateLaserJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewLaserJobBody) => apiRequest<LaserJobDetail>('POST', JOBS, { body }),
    onSuccess: (job) => {
      queryClient.setQueryData(laserJobKey(job.id), job);
      refreshFloor(queryClient);
    },
  });
}
