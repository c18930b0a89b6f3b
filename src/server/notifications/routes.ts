import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unreadCountResponse } from '../../shared/notifications-api';
import { requireUser } from '../auth/sessions';
import { notifications } from '../db/schema';
import type { Deps } from '../deps';

export function notificationRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Polled every 30 s by every open tab of a signed-in person (SPEC.md §9): one indexed count.
  api.get('/api/notifications/unread-count', { schema: { response: { 200: unreadCountResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const [row] = await deps.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)));
    reply.header('cache-control', 'no-store');
    return { unreadCount: row?.unread ?? 0 };
  });
}
