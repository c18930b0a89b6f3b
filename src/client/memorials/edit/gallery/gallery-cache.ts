/**
 * Keeps every cached copy of the memorial (use-memorial.ts keys it by id or by slug, so there may
 * be two) in step with a gallery change: the answer is written in at once, so the page shows the
 * new state without waiting, and then the memorial is fetched again, so what shows is what the
 * server holds.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '@/shared/media';
import type { Memorial } from '@/shared/memorials';

const isMemorial = (value: unknown, id: string): value is Memorial =>
  typeof value === 'object' && value !== null && (value as Memorial).id === id && Array.isArray((value as Memorial).media);

export function updateCachedMemorial(queryClient: QueryClient, memorialId: string, change: (memorial: Memorial) => Memorial) {
  queryClient.setQueriesData({ queryKey: ['memorial'] }, (old: unknown) => (isMemorial(old, memorialId) ? change(old) : old));
}

export const refreshMemorial = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['memorial'] });

/** Puts an item in the gallery, replacing the one with its id or adding it at the end. */
export function withItem(memorial: Memorial, item: MediaItem): Memorial {
  const known = memorial.media.some((existing) => existing.id === item.id);
  return { ...memorial, media: known ? memorial.media.map((existing) => (existing.id === item.id ? item : existing)) : [...memorial.media, item] };
}

export function useGalleryCache(memorialId: string) {
  const queryClient = useQueryClient();
  return {
    queryClient,
    update: (change: (memorial: Memorial) => Memorial) => updateCachedMemorial(queryClient, memorialId, change),
    refresh: () => refreshMemorial(queryClient),
  };
}
