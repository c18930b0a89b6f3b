/** The playlist of /memorial/{id}/music, and how a change reaches it and the memorial page. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/client/lib/request';
import type { Playlist } from '@/shared/music-api';

export const playlistKey = (idOrSlug: string) => ['music', idOrSlug.toLowerCase()] as const;

export function usePlaylist(idOrSlug: string) {
  return useQuery({
    queryKey: playlistKey(idOrSlug),
    queryFn: ({ signal }) => apiRequest<Playlist>('GET', `/api/memorials/${encodeURIComponent(idOrSlug)}/music`, { signal }),
    // A missing or private memorial will not appear by asking again.
    retry: (failures, error) => !(error instanceof ApiError) && failures < 1,
  });
}

/** After a change: this page's list as the server has it now, and the memorial page's player too. */
export function useMusicChanged(idOrSlug: string) {
  const queries = useQueryClient();
  return {
    /** Before a change is shown ahead of the server's answer: an older answer on its way must not undo it. */
    cancel: () => queries.cancelQueries({ queryKey: playlistKey(idOrSlug) }),
    update: (change: (playlist: Playlist) => Playlist) => queries.setQueryData<Playlist>(playlistKey(idOrSlug), (old) => (old ? change(old) : old)),
    refresh: () => Promise.all([queries.invalidateQueries({ queryKey: playlistKey(idOrSlug) }), queries.invalidateQueries({ queryKey: ['memorial'] })]),
  };
}
