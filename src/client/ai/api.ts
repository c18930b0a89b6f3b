/**
 * The AI extras as the family's pages fetch them: one overview of a memorial (what is offered, the
 * memorial's facts and photos, its orders and their tries), asked again every 3 seconds while a
 * try is waiting or being made, and never while the tab is hidden (TanStack Query's default for
 * refetchInterval) or once nothing is under way. Each call that starts, shows or deletes a try
 * puts its answer into that overview at once, then asks the server for the rest.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/client/lib/request';
import type { AiOrder, AiOverview, Generation, GreetingBody, LyricsBody, SongBody } from '@/shared/ai-api';

export const aiKey = (idOrSlug: string) => ['ai', idOrSlug.toLowerCase()] as const;

const POLL_MS = 3000;

export const underWay = (generation: Pick<Generation, 'status'>) => generation.status === 'queued' || generation.status === 'running';

export function useAiOverview(idOrSlug: string) {
  return useQuery({
    queryKey: aiKey(idOrSlug),
    queryFn: ({ signal }) => apiRequest<AiOverview>('GET', `/api/memorials/${encodeURIComponent(idOrSlug)}/ai`, { signal }),
    // A memorial that is not theirs (404) will not become theirs by asking again.
    retry: (failures, error) => !(error instanceof ApiError) && failures < 1,
    refetchInterval: (query) => (query.state.data?.orders.some((order) => order.generations.some(underWay)) ? POLL_MS : false),
  });
}

/** Every call the family's pages make, each keeping the overview (and the memorial's page and music) current. */
export function useAiCalls(idOrSlug: string, memorialId: string) {
  const queries = useQueryClient();
  const base = `/api/memorials/${encodeURIComponent(memorialId)}/ai`;
  const put = (orderId: string | null, change: (order: AiOrder) => AiOrder) =>
    queries.setQueryData<AiOverview>(aiKey(idOrSlug), (old) =>
      old ? { ...old, orders: old.orders.map((order) => (orderId === null || order.orderId === orderId ? change(order) : order)) } : old,
    );
  const started = (orderId: string) => (generation: Generation) => {
    put(orderId, (order) => ({ ...order, generations: [generation, ...order.generations.filter((each) => each.id !== generation.id)] }));
    void queries.invalidateQueries({ queryKey: aiKey(idOrSlug) });
  };
  const replaced = (generation: Generation) => {
    put(null, (order) => ({ ...order, generations: order.generations.map((each) => (each.id === generation.id ? generation : each)) }));
    void refreshAll();
  };
  const refreshAll = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: aiKey(idOrSlug) }),
      // The memorial page shows a published greeting; the music shows a published song.
      queries.invalidateQueries({ queryKey: ['memorial'] }),
      queries.invalidateQueries({ queryKey: ['music'] }),
    ]);

  return {
    greeting: useMutation({
      mutationFn: (body: GreetingBody) => apiRequest<Generation>('POST', `${base}/greetings`, { body }),
      onSuccess: (generation, body) => started(body.orderId)(generation),
    }),
    lyrics: useMutation({
      mutationFn: (body: LyricsBody) => apiRequest<Generation>('POST', `${base}/lyrics`, { body }),
      onSuccess: (generation, body) => started(body.orderId)(generation),
    }),
    song: useMutation({
      mutationFn: (body: SongBody) => apiRequest<Generation>('POST', `${base}/songs`, { body }),
      onSuccess: (generation, body) => started(body.orderId)(generation),
    }),
    publish: useMutation({
      mutationFn: (generation: Generation) => apiRequest<Generation>('POST', `${base}/generations/${generation.id}/publish`),
      onSuccess: replaced,
    }),
    unpublish: useMutation({
      mutationFn: (generation: Generation) => apiRequest<Generation>('POST', `${base}/generations/${generation.id}/unpublish`),
      onSuccess: replaced,
    }),
    remove: useMutation({
      mutationFn: (generation: Generation) => apiRequest<null>('DELETE', `${base}/generations/${generation.id}`),
      onSuccess: (_nothing, generation) => {
        put(null, (order) => ({ ...order, generations: order.generations.filter((each) => each.id !== generation.id) }));
        void refreshAll();
      },
    }),
  };
}

export type AiCalls = ReturnType<typeof useAiCalls>;
