/**
 * Who must hear, on this server, that a memorial (or its gallery, or what is shown on it) has just
 * changed: the visitors' page cache (page-cache.ts) and the recent readings (recent.ts) forget it,
 * so this server's visitors see the change at once; other servers see it within a second. Made
 * before the dependencies, so that every service has `deps.memorialChanged` from the start and
 * each cache subscribes when it is made.
 */
export interface MemorialChanges {
  /** Tells every listener that the memorial changed. */
  changed(memorialId: string): void;
  listen(listener: (memorialId: string) => void): void;
}

export function createMemorialChanges(): MemorialChanges {
  const listeners: ((memorialId: string) => void)[] = [];
  return {
    changed(memorialId) {
      for (const listener of listeners) listener(memorialId);
    },
    listen(listener) {
      listeners.push(listener);
    },
  };
}
