/**
 * Candles lit with no network (issue 26: a cemetery with no signal). The candle is kept in this
 * browser (localStorage, so it outlives a closed tab) and sent when the network returns, in the
 * order it was lit; the service worker (public/sw.js) has kept the page to light it on. Only
 * candles wait like this: a greeting or a memory stays in its form, to be sent again by hand.
 *
 * A candle the server refuses for good (the family closed for posts, the memorial deleted) is let
 * go; one that cannot go yet (still offline, the server busy or limiting) waits for the next try.
 */
import { ApiError, apiRequest, errorMessage } from '@/client/lib/request';
import type { Post } from '@/shared/posts-api';

const KEY = 'mindested-waiting-candles';
/** While candles wait, the page tries again this often too, should the browser not say it is online. */
export const RETRY_MS = 15_000;

export interface WaitingCandle {
  memorialId: string;
  /** As the form's rules made it (shared/posts-api.ts candleBody). */
  body: unknown;
  litAt: string;
}

const listeners = new Set<() => void>();

function read(): WaitingCandle[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? (list as WaitingCandle[]) : [];
  } catch {
    return [];
  }
}

function write(list: WaitingCandle[]) {
  if (list.length === 0) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(list));
  for (const listener of listeners) listener();
}

export function keepCandle(memorialId: string, body: unknown) {
  write([...read(), { memorialId, body, litAt: new Date().toISOString() }]);
}

export const waitingCount = (memorialId: string) => read().filter((candle) => candle.memorialId === memorialId).length;

/** For useSyncExternalStore: told when this tab keeps or sends a candle, and when another tab does. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

const waitsForNetwork = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);

/**
 * Sends this memorial's waiting candles one at a time, oldest first, and stops at the first that
 * cannot go yet. Two tabs of the same page do not both send one (a Web Lock, where the browser has
 * them).
 */
export async function sendWaitingCandles(memorialId: string, on: { sent: (post: Post) => void; refused: (message: string) => void }): Promise<void> {
  const send = async () => {
    for (const candle of read().filter((each) => each.memorialId === memorialId)) {
      try {
        on.sent(await apiRequest<Post>('POST', `/api/memorials/${encodeURIComponent(memorialId)}/candles`, { body: candle.body }));
      } catch (error) {
        if (waitsForNetwork(error)) return;
        on.refused(errorMessage(error));
      }
      write(read().filter((each) => !(each.memorialId === candle.memorialId && each.litAt === candle.litAt)));
    }
  };
  if ('locks' in navigator) await navigator.locks.request(`${KEY}:${memorialId}`, send);
  else await send();
}
