import { z } from 'zod';
import type { UnreadCount } from './notifications';

/** GET /api/notifications/unread-count. */
export const unreadCountResponse = z.object({ unreadCount: z.number().int().min(0) }) satisfies z.ZodType<UnreadCount>;

export const notificationItem = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** Where it leads in the app, e.g. the post's memorial's admin page. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET /api/notifications: the newest first. */
export const notificationsResponse = z.object({ notifications: z.array(notificationItem) });
export const notificationParams = z.object({ id: z.uuid('Notifikationen findes ikke.') });
export const readAllResponse = z.object({ changed: z.number().int() });
