/**
 * The files a family has chosen, sent one at a time: one upload at a time keeps a phone's weak
 * connection from being split many ways, and each file's outcome (sent, refused with the server's
 * reason, cancelled) is its own, so one bad file never stops the others.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/client/lib/request';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@/shared/media-limits';
import type { MediaItem } from '@/shared/media';
import { uploadFile } from './upload-file';

export type UploadStatus = 'waiting' | 'sending' | 'processing' | 'done' | 'failed';

export interface UploadEntry {
  id: string;
  file: File;
  status: UploadStatus;
  sent: number;
  total: number;
  /** The Danish reason it was refused. */
  error?: string;
  /** Whether sending it again may help (the connection or the server failed, not the file). */
  retryable?: boolean;
}

/** What the browser believes a file is, from its name; the server decides from the content. */
export const looksLikeVideo = (file: File) => file.type.startsWith('video/') || /\.(mp4|m4v|mov|webm)$/i.test(file.name);

/** A file far over its limit is refused here, before minutes of a phone's data are spent on it. */
function tooLarge(file: File): string | undefined {
  if (looksLikeVideo(file)) return file.size > MEDIA_LIMITS.video.maxBytes ? MEDIA_MESSAGES.tooLarge('video') : undefined;
  if (file.type.startsWith('image/') && file.size > MEDIA_LIMITS.photo.maxBytes) return MEDIA_MESSAGES.tooLarge('photo');
  return undefined;
}

let sequence = 0;

interface QueueOptions {
  memorialId: string;
  onUploaded: (item: MediaItem, file: File) => void;
  onFailed: (file: File, message: string) => void;
}

export function useUploadQueue({ memorialId, onUploaded, onFailed }: QueueOptions) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  // The queue is read by callbacks that outlive a render, so the list lives in a ref as well.
  const queue = useRef<UploadEntry[]>([]);
  const running = useRef<{ id: string; cancel: () => void } | null>(null);
  const stopped = useRef(false);
  // The next file starts when one ends, from inside the previous one's callback.
  const pumpNext = useRef(() => {});
  const options = useRef({ memorialId, onUploaded, onFailed });
  useEffect(() => {
    options.current = { memorialId, onUploaded, onFailed };
  });

  const commit = useCallback((next: UploadEntry[]) => {
    queue.current = next;
    setEntries(next);
  }, []);
  const patch = useCallback((id: string, changes: Partial<UploadEntry>) => commit(queue.current.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry))), [commit]);

  const pump = useCallback(() => {
    if (running.current || stopped.current) return;
    const next = queue.current.find((entry) => entry.status === 'waiting');
    if (!next) return;
    patch(next.id, { status: 'sending', sent: 0, error: undefined, retryable: undefined });
    const upload = uploadFile(options.current.memorialId, next.file, {
      onProgress: (sent, total) => patch(next.id, { sent, total }),
      onSent: () => patch(next.id, { status: 'processing', sent: next.file.size }),
    });
    running.current = { id: next.id, cancel: upload.cancel };
    upload.done
      .then((item) => {
        patch(next.id, { status: 'done' });
        options.current.onUploaded(item, next.file);
      })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') {
          commit(queue.current.filter((entry) => entry.id !== next.id));
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        const retryable = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
        patch(next.id, { status: 'failed', error: message, retryable });
        options.current.onFailed(next.file, message);
      })
      .finally(() => {
        running.current = null;
        pumpNext.current();
      });
  }, [commit, patch]);
  useEffect(() => {
    pumpNext.current = pump;
  }, [pump]);

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file): UploadEntry => {
        sequence += 1;
        const refused = tooLarge(file);
        return { id: `upload-${sequence}`, file, status: refused ? 'failed' : 'waiting', sent: 0, total: file.size, error: refused, retryable: false };
      });
      commit([...queue.current, ...added]);
      for (const entry of added) if (entry.error) options.current.onFailed(entry.file, entry.error);
      pump();
    },
    [commit, pump],
  );

  /** Stops a file that is waiting or on its way; one the server already has cannot be called back. */
  const cancel = useCallback(
    (id: string) => {
      if (running.current?.id === id) running.current.cancel();
      else commit(queue.current.filter((entry) => entry.id !== id));
    },
    [commit],
  );

  const retry = useCallback(
    (id: string) => {
      patch(id, { status: 'waiting', error: undefined, retryable: undefined, sent: 0 });
      pump();
    },
    [patch, pump],
  );

  /** Removes the finished and refused files from the list. */
  const clearFinished = useCallback(() => commit(queue.current.filter((entry) => entry.status !== 'done' && entry.status !== 'failed')), [commit]);

  const busy = entries.some((entry) => entry.status === 'waiting' || entry.status === 'sending' || entry.status === 'processing');

  // Leaving the page would cut the files off half-way: the browser asks first.
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  // Leaving the edit page inside the app stops the file on its way and sends no more.
  useEffect(() => {
    stopped.current = false;
    return () => {
      stopped.current = true;
      running.current?.cancel();
    };
  }, []);

  return { entries, busy, add, cancel, retry, clearFinished };
}
