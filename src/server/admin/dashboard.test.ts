/**
 * GET /api/admin/dashboard on a real database with a known clock (2026-11-01 11:00 in Denmark):
 * every figure from rows made for it, each dated event on its Danish day (summer and winter time,
 * the edges of the 90 days), the newest staff actions first, and only a verified admin let in.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Role } from '../../shared/auth';
import { DASHBOARD_DAYS, type Dashboard, RECENT_ACTIVITY_LIMIT } from '../../shared/dashboard';
import { contactMessages, jobs, memorialPosts, memorials, qrCodeEvents, staffActions } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LONG_AGO = new Date('2020-01-01T12:00:00Z');
const at = (iso: string) => new Date(iso);

const person = async (role: Role, options: { twoFactorVerified?: boolean } = {}) => {
  const user = await createUser(t.database.db, { role, createdAt: LONG_AGO });
  return { ...user, cookie: await signIn(t, user, options) };
};
const dashboard = (cookie?: string) => t.request({ method: 'GET', url: '/api/admin/dashboard', headers: cookie ? { cookie } : {} });

async function memorial(createdAt: Date, deletedAt: Date | null = null) {
  const [row] = await t.database.db
    .insert(memorials)
    .values({ slug: `mindeside-${randomBytes(4).toString('hex')}`, name: 'Karen Jensen', createdAt, updatedAt: createdAt, deletedAt })
    .returning();
  return row!;
}

describe('GET /api/admin/dashboard', () => {
  let admin: Awaited<ReturnType<typeof person>>;
  let figures: Dashboard;

  beforeAll(async () => {
    const db = t.database.db;
    admin = await person('admin');
    // Sign-ups: 23:30 UTC on a summer day is 01:30 the next day in Denmark; 22:30 UTC in winter is
    // still 23:30 the same day; one a minute before the first day's Danish midnight is outside.
    for (const createdAt of ['2026-08-20T23:30:00Z', '2026-10-31T22:30:00Z', '2026-10-31T23:30:00Z', '2026-11-01T09:00:00Z', '2026-08-03T21:59:00Z', '2026-08-03T22:00:00Z']) {
      await createUser(db, { createdAt: at(createdAt) });
    }

    await memorial(at('2026-10-28T08:00:00Z'));
    const live = await memorial(at('2026-09-15T22:15:00Z')); // 00:15 on 16 September in Denmark
    await memorial(LONG_AGO);
    const deleted = await memorial(at('2026-10-30T10:00:00Z'), at('2026-10-31T10:00:00Z'));

    const statuses = ['created', 'created', 'created', 'produced', 'in_stock', 'shipped', 'shipped', 'claimed', 'void'] as const;
    const codes = [];
    for (const status of statuses) codes.push(await createCode(db, { status, claimedBy: status === 'claimed' ? admin.id : null }));
    const claimed = codes[statuses.indexOf('claimed')]!;
    await db.insert(qrCodeEvents).values([
      { code: claimed.code, fromStatus: 'shipped', event: 'claimed', at: at('2026-07-05T23:30:00Z') }, // before the 90 days
      { code: claimed.code, fromStatus: 'shipped', event: 'claimed', at: at('2026-10-03T23:30:00Z') }, // 4 October in Denmark
      { code: claimed.code, fromStatus: null, event: 'created', at: at('2026-10-03T12:00:00Z') }, // not an activation
    ]);

    await db.insert(memorialPosts).values([
      { memorialId: live.id, kind: 'candle', status: 'pending', name: 'Ole' },
      { memorialId: live.id, kind: 'guestbook', status: 'approved', name: 'Ida', message: 'Tak for alt.' },
      { memorialId: deleted.id, kind: 'candle', status: 'pending', name: 'Per' },
    ]);
    const message = { name: 'Lise', email: 'lise@eksempel.dk', message: 'Hvordan flytter jeg en QR-kode?', createdAt: LONG_AGO, lastActivityAt: LONG_AGO };
    await db.insert(contactMessages).values([{ ...message, status: 'new' }, { ...message, status: 'answered' }, { ...message, status: 'closed' }]);
    // Requests about personal data: one past its month, one due on 15 November, one answered.
    const request = { ...message, kind: 'data_request' as const, message: 'Jeg vil gerne have mine data slettet.' };
    await db.insert(contactMessages).values([
      { ...request, status: 'new', createdAt: at('2026-09-20T10:00:00Z') },
      { ...request, status: 'new', createdAt: at('2026-10-15T10:00:00Z') },
      { ...request, status: 'answered', createdAt: at('2026-08-01T10:00:00Z') },
    ]);
    const job = { kind: 'send-mail', payload: {}, attempts: 5, lastError: 'SMTP svarede ikke' };
    await db.insert(jobs).values([
      { ...job, failedAt: at('2026-11-01T08:00:00Z') },
      { ...job, failedAt: at('2026-10-20T08:00:00Z') },
      { kind: 'send-mail', payload: {}, doneAt: at('2026-11-01T08:00:00Z') },
    ]);

    const target = await createUser(db, { fullName: 'Bo Lund', createdAt: LONG_AGO });
    await db.insert(staffActions).values([
      ...Array.from({ length: RECENT_ACTIVITY_LIMIT }, (_, i) => ({
        actorId: admin.id,
        actorName: 'Anne Holm',
        action: 'support.reply',
        subject: `contact-message:${i}`,
        at: new Date(at('2026-10-01T10:00:00Z').getTime() + i * 60_000),
      })),
      { actorId: admin.id, actorName: 'Anne Holm', action: 'user.disable', targetUserId: target.id, at: at('2026-11-01T09:30:00Z') },
      // An account erased since: the action stays, without a name.
      { actorId: admin.id, actorName: 'Anne Holm', action: 'user.role', targetUserId: '00000000-0000-4000-8000-000000000000', at: at('2026-11-01T09:00:00Z') },
      { actorId: admin.id, actorName: 'Anne Holm', action: 'qr-package.create', subject: 'qr-package:1', at: at('2026-09-01T09:00:00Z') },
    ]);

    const response = await dashboard(admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    figures = response.json<Dashboard>();
  });

  it('counts accounts and memorials (not the deleted), each with the last 7 Danish days', () => {
    // The admin, six sign-ups and Bo Lund.
    expect(figures.accounts).toEqual({ total: 8, newThisWeek: 3 });
    expect(figures.memorials).toEqual({ total: 3, newThisWeek: 1 });
  });

  it('counts codes in every state, in lifecycle order, with a zero where there are none', () => {
    expect(figures.qrCodes.byStatus).toEqual({ created: 3, produced: 1, in_stock: 1, shipped: 2, claimed: 1, linked: 0, void: 1 });
    expect(Object.keys(figures.qrCodes.byStatus)).toEqual(['created', 'produced', 'in_stock', 'shipped', 'claimed', 'linked', 'void']);
  });

  it('counts what waits: pending posts on live memorials, new contact messages, data requests by deadline, failed jobs', () => {
    expect(figures.postsPending).toBe(1);
    // The question and the two open data requests.
    expect(figures.contactMessagesWaiting).toBe(3);
    expect(figures.dataRequests).toEqual({ open: 2, overdue: 1, nextAnswerBy: '2026-10-20T10:00:00.000Z' });
    expect(figures.failedJobs).toEqual({ lastDay: 1, total: 2 });
  });

  it('puts each event on its Danish day over the last 90 days', () => {
    const { days, signUps, memorials: made, qrActivations } = figures.series;
    expect(days).toHaveLength(DASHBOARD_DAYS);
    expect(days[0]).toBe('2026-08-04');
    expect(days.at(-1)).toBe('2026-11-01');
    const on = (series: number[]) => Object.fromEntries(days.flatMap((day, i) => (series[i] ? [[day, series[i]]] : [])));
    expect(on(signUps)).toEqual({ '2026-08-04': 1, '2026-08-21': 1, '2026-10-31': 1, '2026-11-01': 2 });
    expect(on(made)).toEqual({ '2026-09-16': 1, '2026-10-28': 1 });
    expect(on(qrActivations)).toEqual({ '2026-10-04': 1 });
    for (const series of [signUps, made, qrActivations]) expect(series).toHaveLength(DASHBOARD_DAYS);
  });

  it('lists the newest staff actions first, with the current name of the account acted on', () => {
    const activity = figures.recentActivity;
    expect(activity).toHaveLength(RECENT_ACTIVITY_LIMIT);
    expect(activity.slice(0, 3)).toEqual([
      { id: expect.any(Number), actorName: 'Anne Holm', action: 'user.disable', target: { id: expect.any(String), name: 'Bo Lund' }, subject: null, at: '2026-11-01T09:30:00.000Z' },
      { id: expect.any(Number), actorName: 'Anne Holm', action: 'user.role', target: { id: '00000000-0000-4000-8000-000000000000', name: null }, subject: null, at: '2026-11-01T09:00:00.000Z' },
      { id: expect.any(Number), actorName: 'Anne Holm', action: 'support.reply', target: null, subject: 'contact-message:19', at: '2026-10-01T10:19:00.000Z' },
    ]);
    // The oldest two of the 23 fall off the end.
    expect(activity.at(-1)).toMatchObject({ subject: 'contact-message:2' });
    expect(activity.some((a) => a.action === 'qr-package.create')).toBe(false);
  });

  it('lets only a verified admin in; support, production, families and visitors are refused', async () => {
    expect((await dashboard()).statusCode).toBe(401);
    for (const role of ['user', 'support', 'production'] as const) {
      const refused = await dashboard((await person(role)).cookie);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json()).toEqual({ message: 'Kun administratorer kan se overblikket.' });
    }
    const unverified = await dashboard((await person('admin', { twoFactorVerified: false })).cookie);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ message: 'Bekræft først, at det er dig, med en kode fra din godkendelses-app.' });
  });
});
