/**
 * One file sent to POST /api/memorials/{id}/media, with the progress a family on a phone wants to
 * see move (lib/send-form.ts).
 */
import { type RunningSend, type SendHandlers, sendForm } from '@/client/lib/send-form';
import type { MediaItem } from '@/shared/media';

export type UploadHandlers = Required<SendHandlers>;
export type RunningUpload = RunningSend<MediaItem>;

export function uploadFile(memorialId: string, file: File, handlers: UploadHandlers): RunningUpload {
  const form = new FormData();
  form.append('file', file, file.name);
  // Without a length the browser cannot tell, the file's own size is the best guess of the whole.
  return sendForm<MediaItem>(`/api/memorials/${encodeURIComponent(memorialId)}/media`, form, {
    onProgress: (sent, total) => handlers.onProgress(sent, total || file.size),
    onSent: handlers.onSent,
  });
}
