import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { notifications } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function addNotifications(userId: string, count: number, read = false) {
  if (count === 0) return;
  await t.database.db.insert(notifications).values(
    Array.from({ length: count }, (_, i) => ({ userId, title: `Nyt lys ${i}`, readAt: read ? t.clock.now() : null })),
  );
}

const unreadCount = (cookie?: string) =>
  t.request({ method: 'GET', url: '/api/notifications/unread-count', headers: cookie ? { cookie } : {} });

describe('GET /api/notifications/unread-count', () => {
  it('answers 401 in Danish to a visitor', async () => {
    const response = await unreadCount();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Du er ikke logget ind.' });
  });

  it('counts only my unread notifications', async () => {
    const me = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const cookie = await signIn(t, me);
    expect((await unreadCount(cookie)).json()).toEqual({ unreadCount: 0 });

    await addNotifications(me.id, 5);
    await addNotifications(me.id, 3, true);
    await addNotifications(other.id, 7);
    const response = await unreadCount(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ unreadCount: 5 });

    await addNotifications(me.id, 145);
    expect((await unreadCount(cookie)).json()).toEqual({ unreadCount: 150 });
  });

  it('forgets a session that has logged out', async () => {
    const me = await createUser(t.database.db);
    const cookie = await signIn(t, me);
    await t.request({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect((await unreadCount(cookie)).statusCode).toBe(401);
  });
});

describe('the list, and marking read', () => {
  const list = (cookie?: string) => t.request({ method: 'GET', url: '/api/notifications', headers: cookie ? { cookie } : {} });
  const read = (cookie: string, id: string) => t.request({ method: 'POST', url: `/api/notifications/${id}/read`, headers: { cookie } });

  it('lists only mine, newest first, and marks one or all read', async () => {
    const me = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const cookie = await signIn(t, me);
    expect((await list()).statusCode).toBe(401);
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000);
    const [older, newer] = await t.database.db
      .insert(notifications)
      .values([
        { userId: me.id, title: 'Nyt lys på mindesiden for Karen', body: 'Ole: Tak', link: '/memorial/karen/admin', createdAt: at(1) },
        { userId: me.id, title: 'Ny hilsen i gæstebogen på mindesiden for Karen', createdAt: at(2) },
      ])
      .returning();
    const [theirs] = await t.database.db.insert(notifications).values({ userId: other.id, title: 'Ikke din' }).returning();

    const response = await list(cookie);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json().notifications).toEqual([
      { id: newer!.id, kind: 'message', title: 'Ny hilsen i gæstebogen på mindesiden for Karen', body: '', link: null, read: false, createdAt: at(2).toISOString() },
      { id: older!.id, kind: 'message', title: 'Nyt lys på mindesiden for Karen', body: 'Ole: Tak', link: '/memorial/karen/admin', read: false, createdAt: at(1).toISOString() },
    ]);

    expect((await read(cookie, older!.id)).statusCode).toBe(204);
    expect((await unreadCount(cookie)).json()).toEqual({ unreadCount: 1 });
    // Someone else's is not found, and stays unread.
    expect((await read(cookie, theirs!.id)).statusCode).toBe(404);
    expect((await unreadCount(await signIn(t, other))).json()).toEqual({ unreadCount: 1 });

    const all = await t.request({ method: 'POST', url: '/api/notifications/read-all', headers: { cookie } });
    expect(all.json()).toEqual({ changed: 1 });
    expect((await unreadCount(cookie)).json()).toEqual({ unreadCount: 0 });
    expect((await list(cookie)).json().notifications.map((n: { read: boolean }) => n.read)).toEqual([true, true]);
  });
});
