/**
 * A form with a file sent with XMLHttpRequest, because fetch cannot say how much of a request body
 * has been sent and a person on a phone wants to see a photo on its way. The answer and its errors
 * are read exactly as request.ts reads them (SPEC.md §8), so the server's Danish sentence
 * ("Billedet fylder for meget ...") reaches the person unchanged.
 */
import { ApiError, NETWORK_ERROR } from '@/client/lib/request';
import { UNKNOWN_SERVER_ERROR } from '@/shared/errors';

export interface SendHandlers {
  /** Bytes of the request body sent so far, and of the whole body. */
  onProgress?: (sent: number, total: number) => void;
  /** The last byte has left the browser; the server is now checking and converting the file. */
  onSent?: () => void;
}

export interface RunningSend<T> {
  done: Promise<T>;
  /** Stops the request; `done` then rejects with an AbortError. */
  cancel: () => void;
}

export function sendForm<T>(path: string, form: FormData, handlers: SendHandlers = {}): RunningSend<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => handlers.onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.upload.onload = () => handlers.onSent?.();
    xhr.onabort = () => reject(new DOMException('Upload annulleret', 'AbortError'));
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
        resolve(body as T);
        return;
      }
      const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : '';
      reject(new ApiError(message.trim() || (xhr.statusText ? `Error ${xhr.status}: ${xhr.statusText}` : UNKNOWN_SERVER_ERROR), xhr.status));
    };
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
