/**
 * The photo /edit-image/{id} cuts (GET /api/media/{id}) and saving the cut (POST …/edit). Saving
 * makes new variants, so every cached memorial is read again: its page and its edit page must show
 * the new cut, not the removed files.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/client/lib/request';
import type { MediaItem, PhotoEdit } from '@/shared/media';
import type { PhotoForEditing } from '@/shared/media-api';

export const photoForEditingKey = (mediaId: string) => ['media', mediaId.toLowerCase(), 'editing'] as const;

export function usePhotoForEditing(mediaId: string) {
  return useQuery({
    queryKey: photoForEditingKey(mediaId),
    queryFn: ({ signal }) => apiRequest<PhotoForEditing>('GET', `/api/media/${encodeURIComponent(mediaId)}`, { signal }),
    // A refusal (not logged in, no access, a video) will not change by asking again; a dropped connection might.
    retry: (failures, error) => !(error instanceof ApiError) && failures < 1,
    // The person is cutting this very version: a background refetch must not move the frame under their finger.
    staleTime: Infinity,
  });
}

export function useSavePhotoEdit(photo: PhotoForEditing | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: PhotoEdit) => apiRequest<MediaItem>('POST', `/api/memorials/${photo!.memorial.id}/media/${photo!.id}/edit`, { body: edit }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['memorial'] }),
        queryClient.invalidateQueries({ queryKey: photoForEditingKey(photo!.id) }),
      ]);
    },
  });
}
