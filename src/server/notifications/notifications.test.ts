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
