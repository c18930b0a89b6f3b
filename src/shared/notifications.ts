/**
 * The bell's unread count (SPEC.md §3, §4, §9). Free of zod: the header loads with every page.
 * The response schema is in notifications-api.ts.
 */
export interface UnreadCount {
  unreadCount: number;
}

/** The bell's badge: the count, "99+" above 99, nothing at 0 (SPEC.md §4). */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
export const UNREAD_COUNT_STALE_MS = 2 * 60_000;
export const UNREAD_COUNT_POLL_MS = 30_000;
