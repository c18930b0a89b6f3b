import { z } from 'zod';
import type { UnreadCount } from './notifications';

/** GET /api/notifications/unread-count. */
export const unreadCountResponse = z.object({ unreadCount: z.number().int().min(0) }) satisfies z.ZodType<UnreadCount>;
