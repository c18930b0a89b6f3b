/**
 * One file sent to POST /api/memorials/{id}/media with XMLHttpRequest, because fetch cannot say
 * how much of a request body has been sent and a family on a phone wants to see a film move. The
 * answer and its errors are read exactly as lib/request.ts reads them (SPEC.md §8), so the server's
 * Danish sentence ("Billedet fylder for meget ...") reaches the person unchanged.
 */
import { ApiError, NETWORK_ERROR } from '@/client/lib/request';
import type { MediaItem } from '@/shared/media';
import { UNKNOWN_SERVER_ERROR } from '@/shared/errors';

export interface UploadHandlers {
  /** Bytes of the request body sent so far, and of the whole body. */
  onProgress: (sent: number, total: number) => void;
  /** The last byte has left the browser; the server is now checking and converting the file. */
  onSent: () => void;
}

export interface RunningUpload {
  done: Promise<MediaItem>;
  /** Stops the request; `done` then rejects with an AbortError. */
  cancel: () => void;
}

export function uploadFile(memorialId: string, file: File, handlers: UploadHandlers): RunningUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<MediaItem>((resolve, reject) => {
    xhr.open('POST', `/api/memorials/${encodeURIComponent(memorialId)}/media`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => handlers.onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.upload.onload = () => handlers.onSent();
    xhr.onabort = () => reject(new DOMException('Upload annulleret', 'AbortError'));
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
        resolve(body as MediaItem);
        return;
      }
      const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : '';
      reject(new ApiError(message.trim() || (xhr.statusText ? `Error ${xhr.status}: ${xhr.statusText}` : UNKNOWN_SERVER_ERROR), xhr.status));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, cancel: () => xhr.abort() };
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
