/**
 * A signed-in person's notifications (the header's bell, /profile?tab=notifications): the unread
 * count, the list, and marking one or all read. Written by other domains (posts/).
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationParams, notificationsResponse, readAllResponse, unreadCountResponse } from '../../shared/notifications-api';
import { requireUser } from '../auth/sessions';
import { notifications } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';

/** The list shows this many; older ones are still counted until read. */
const LISTED = 100;

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

  api.get('/api/notifications', { schema: { response: { 200: notificationsResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const rows = await deps.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(LISTED);
    reply.header('cache-control', 'private, no-store');
    return {
      notifications: rows.map((row) => ({ id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, read: row.readAt !== null, createdAt: row.createdAt.toISOString() })),
    };
  });

  // Someone else's notification is "not found", as one that does not exist.
  api.post('/api/notifications/:id/read', { schema: { params: notificationParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const [row] = await deps.db.select({ readAt: notifications.readAt }).from(notifications).where(and(eq(notifications.id, request.params.id), eq(notifications.userId, user.id)));
    if (!row) throw notFound('Notifikationen findes ikke.');
    if (!row.readAt) await deps.db.update(notifications).set({ readAt: deps.now() }).where(eq(notifications.id, request.params.id));
    return reply.code(204).send();
  });

  api.post('/api/notifications/read-all', { schema: { response: { 200: readAllResponse } } }, async (request) => {
    const user = await requireUser(deps, request);
    const changed = await deps.db
      .update(notifications)
      .set({ readAt: deps.now() })
      .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return { changed: changed.length };
  });
}
