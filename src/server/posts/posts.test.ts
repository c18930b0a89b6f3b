/**
 * What visitors leave, on a real database (embedded, or PostgreSQL when DATABASE_URL is set): each
 * call for a visitor, another user, a viewer, a co-admin and the owner; what waits and who sees
 * it; the moderators' steps one at a time and in bulk; the memorial's own rules; notifications;
 * the honeypot; and the rate limits per address and per memorial.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castMemorial } from '../../../tests/support/memorial-cast';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { VISITOR_COOKIE } from '../../shared/constants';
import type { Memorial } from '../../shared/memorials';
import type { Post, PostsResponse } from '../../shared/posts-api';
import { memorialPosts, memorials, notifications } from '../db/schema';
import { FAMILY_ONLY, NOBODY_MAY_POST, USERS_MAY_POST } from './service';

let t: TestApp;
const PER_IP = 8;
const PER_MEMORIAL = 12;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_POSTS_PER_IP: String(PER_IP), RATE_LIMIT_POSTS_PER_MEMORIAL: String(PER_MEMORIAL) });
});
afterAll(() => t.close());


/** Who is asking: a signed-in person, a visitor's browser (its cookie), from an address. */
interface Caller {
  cookie?: string;
  ip?: string;
}

let addresses = 0;
/** A fresh address per visitor, so the per-address limit is only met where a test means it. */
const visitor = (): Caller => ({ ip: `198.51.100.${++addresses}` });

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Caller = {}, payload?: object) =>
  t.request({ method, url, headers: who.cookie ? { cookie: who.cookie } : {}, remoteAddress: who.ip ?? '203.0.113.1', ...(payload ? { payload } : {}) });

/** Sends as `who` and keeps the visitor cookie the answer sets, as a browser would. */
async function post(who: Caller, url: string, payload: object) {
  const response = await call('POST', url, who, payload);
  const cookie = response.cookies.find((c) => c.name === VISITOR_COOKIE);
  if (cookie) who.cookie = [who.cookie, `${VISITOR_COOKIE}=${cookie.value}`].filter(Boolean).join('; ');
  return response;
}

const cast = (fields: object = {}) => castMemorial(t, fields);

const postsOf = async (memorial: Memorial, who: Caller = {}) => {
  const response = await call('GET', `/api/memorials/${memorial.id}/posts`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostsResponse>();
};

const queue = async (memorial: Memorial, who: Caller, status = 'pending') => {
  const response = await call('GET', `/api/memorials/${memorial.id}/posts/moderation?status=${status}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ posts: (Post & { memorialId: string })[] }>().posts;
};

describe('candles', () => {
  it('waits for approval; only the visitor who lit it sees it meanwhile; the message is trimmed, and null when empty', async () => {
    const { memorial } = await cast();
    const ida = visitor();
    const lit = await post(ida, `/api/memorials/${memorial.id}/candles`, { name: '  Ida  ', message: '   ' });
    expect(lit.statusCode, lit.body).toBe(201);
    expect(lit.json<Post>()).toMatchObject({ kind: 'candle', name: 'Ida', message: null, status: 'pending' });
    expect(ida.cookie).toContain(VISITOR_COOKIE);

    const hers = await postsOf(memorial, ida);
    expect(hers).toMatchObject({ posts: [], candles: 0, whoMayPost: 'everyone' });
    expect(hers.waiting.map((p) => p.name)).toEqual(['Ida']);
    const someoneElse = await postsOf(memorial, visitor());
    expect(someoneElse).toMatchObject({ posts: [], waiting: [], candles: 0 });

    const withWords = await post(ida, `/api/memorials/${memorial.id}/candles`, { name: 'Ida', message: '  Vi savner dig.  ' });
    expect(withWords.json<Post>().message).toBe('Vi savner dig.');
  });

  it('burns at once where the family chose auto-approve, and is counted', async () => {
    const { memorial, owner, viewer } = await cast();
    const settings = await call('PATCH', `/api/memorials/${memorial.id}/post-settings`, owner, { candlesAutoApprove: true });
    expect(settings.json()).toEqual({ candlesAutoApprove: true, whoMayPost: 'everyone' });
    expect((await call('PATCH', `/api/memorials/${memorial.id}/post-settings`, viewer, { candlesAutoApprove: false })).statusCode).toBe(403);

    const lit = await post(visitor(), `/api/memorials/${memorial.id}/candles`, { name: 'Jens' });
    expect(lit.json<Post>().status).toBe('approved');
    // Greetings still wait: auto-approve is for candles only.
    const greeting = await post(visitor(), `/api/memorials/${memorial.id}/guestbook`, { name: 'Jens', message: 'Tak for alt.' });
    expect(greeting.json<Post>().status).toBe('pending');
    const page = await postsOf(memorial);
    expect(page.candles).toBe(1);
    expect(page.posts.map((p) => p.kind)).toEqual(['candle']);
  });
});

describe('guestbook, memories and tributes', () => {
  it('checks every field with a Danish message', async () => {
    const { memorial } = await cast();
    const cases: [string, object, string][] = [
      ['guestbook', { name: 'Ole', message: '' }, 'Skriv en hilsen.'],
      ['guestbook', { name: '', message: 'Hej' }, 'Skriv dit navn.'],
      ['guestbook', { name: 'x'.repeat(81), message: 'Hej' }, 'Navnet må højst være 80 tegn.'],
      ['guestbook', { name: 'Ole', message: 'x'.repeat(2001) }, 'Teksten må højst være 2.000 tegn.'],
      ['candles', { name: 'Ole', message: 'x'.repeat(281) }, 'Hilsenen må højst være 280 tegn.'],
      ['memories', { name: 'Ole', message: ' ' }, 'Skriv dit minde.'],
    ];
    for (const [path, body, message] of cases) {
      const response = await post(visitor(), `/api/memorials/${memorial.id}/${path}`, body);
      expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('keeps a script as text, exactly as written', async () => {
    const { memorial } = await cast();
    const payload = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    const response = await post(visitor(), `/api/memorials/${memorial.id}/guestbook`, { name: payload, message: payload });
    expect(response.json<Post>()).toMatchObject({ name: payload, message: payload });
  });

  it('takes tributes from the family’s own accounts only, under the account’s name', async () => {
    const { memorial, viewer, stranger } = await cast();
    const url = `/api/memorials/${memorial.id}/tributes`;
    for (const who of [visitor(), { cookie: stranger.cookie }]) {
      const refused = await post(who, url, { message: 'Vi mindes hende.' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(FAMILY_ONLY);
    }
    const family = await post({ cookie: viewer.cookie }, url, { message: 'Vi mindes hende.' });
    expect(family.statusCode, family.body).toBe(201);
    expect(family.json<Post>()).toMatchObject({ kind: 'tribute', name: viewer.fullName, status: 'pending' });
  });

  it('follows the memorial’s rule for who may post, and hides a private memorial from strangers', async () => {
    const { memorial, owner, stranger } = await cast();
    const url = `/api/memorials/${memorial.id}/guestbook`;
    const body = { name: 'Ole', message: 'Tak for alt.' };
    await call('PATCH', `/api/memorials/${memorial.id}/post-settings`, owner, { whoMayPost: 'users' });
    const anonymous = await post(visitor(), url, body);
    expect([anonymous.statusCode, anonymous.json().message]).toEqual([401, USERS_MAY_POST]);
    expect((await post({ cookie: stranger.cookie }, url, body)).statusCode).toBe(201);
    await call('PATCH', `/api/memorials/${memorial.id}/post-settings`, owner, { whoMayPost: 'nobody' });
    const closed = await post({ cookie: owner.cookie }, url, body);
    expect([closed.statusCode, closed.json().message]).toEqual([403, NOBODY_MAY_POST]);

    const secret = await cast({ privacy: 'private' });
    expect((await post({ cookie: secret.stranger.cookie }, `/api/memorials/${secret.memorial.id}/candles`, { name: 'Ole' })).statusCode).toBe(404);
    expect((await call('GET', `/api/memorials/${secret.memorial.id}/posts`, visitor())).statusCode).toBe(404);
    expect((await post({ cookie: secret.viewer.cookie }, `/api/memorials/${secret.memorial.id}/candles`, { name: 'Clara' })).statusCode).toBe(201);
  });

  it('thanks a robot that fills in the hidden field, and keeps nothing', async () => {
    const { memorial } = await cast();
    const response = await post(visitor(), `/api/memorials/${memorial.id}/guestbook`, { name: 'Bot', message: 'Køb billige ure', website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(await t.database.db.select().from(memorialPosts).where(eq(memorialPosts.memorialId, memorial.id))).toEqual([]);
  });
});

describe('moderation', () => {
  it('lets the owner and co-admins approve, reject and hide, one at a time or together; nobody else', async () => {
    const { memorial, owner, coadmin, viewer, stranger } = await cast();
    const ida = visitor();
    const first = (await post(ida, `/api/memorials/${memorial.id}/guestbook`, { name: 'Ida', message: 'Første hilsen' })).json<Post>();
    const second = (await post(ida, `/api/memorials/${memorial.id}/candles`, { name: 'Ida', message: 'Andet lys' })).json<Post>();
    const third = (await post(visitor(), `/api/memorials/${memorial.id}/memories`, { name: 'Per', message: 'Et minde' })).json<Post>();

    const url = `/api/memorials/${memorial.id}/posts/moderate`;
    expect((await call('GET', `/api/memorials/${memorial.id}/posts/moderation`, visitor())).statusCode).toBe(401);
    for (const who of [viewer, stranger]) {
      expect((await call('GET', `/api/memorials/${memorial.id}/posts/moderation`, who)).statusCode).toBe(403);
      expect((await call('POST', url, who, { ids: [first.id], action: 'approve' })).statusCode).toBe(403);
    }
    // Oldest first, as they came in.
    expect((await queue(memorial, coadmin)).map((p) => p.id)).toEqual([first.id, second.id, third.id]);

    expect((await call('POST', url, coadmin, { ids: [first.id, third.id], action: 'approve' })).json()).toEqual({ changed: 2 });
    expect((await call('POST', url, owner, { ids: [second.id], action: 'reject' })).json()).toEqual({ changed: 1 });
    // Already decided: a second moderator's late click changes nothing.
    expect((await call('POST', url, owner, { ids: [second.id, first.id], action: 'reject' })).json()).toEqual({ changed: 0 });

    const page = await postsOf(memorial, ida);
    expect(page.posts.map((p) => p.id).sort()).toEqual([first.id, third.id].sort());
    expect(page.waiting).toEqual([]);
    expect(page.candles).toBe(0);

    expect((await call('POST', url, owner, { ids: [third.id], action: 'hide' })).json()).toEqual({ changed: 1 });
    expect((await postsOf(memorial)).posts.map((p) => p.id)).toEqual([first.id]);
    expect((await queue(memorial, owner, 'hidden')).map((p) => p.id)).toEqual([third.id]);
    expect((await call('POST', url, owner, { ids: [third.id], action: 'approve' })).json()).toEqual({ changed: 1 });
    // A rejected post is never shown, not even by approving it afterwards.
    expect((await call('POST', url, owner, { ids: [second.id], action: 'approve' })).json()).toEqual({ changed: 0 });
    const [row] = await t.database.db.select().from(memorialPosts).where(eq(memorialPosts.id, second.id));
    expect(row).toMatchObject({ status: 'rejected', decidedBy: owner.id, visitorHash: null });
  });

  it('gives visitors’ pages a new version when a post is shown or taken down or the posting rule changes, not when one is rejected', async () => {
    const { memorial, owner } = await cast();
    const version = async () => (await t.database.db.select({ v: memorials.updatedAt }).from(memorials).where(eq(memorials.id, memorial.id)))[0]!.v.getTime();
    const [a, b] = [
      (await post(visitor(), `/api/memorials/${memorial.id}/guestbook`, { name: 'Ole', message: 'Hej' })).json<Post>(),
      (await post(visitor(), `/api/memorials/${memorial.id}/guestbook`, { name: 'Per', message: 'Hej' })).json<Post>(),
    ];
    const before = await version();
    await call('POST', `/api/memorials/${memorial.id}/posts/moderate`, owner, { ids: [a.id], action: 'reject' });
    expect(await version()).toBe(before);
    await call('POST', `/api/memorials/${memorial.id}/posts/moderate`, owner, { ids: [b.id], action: 'approve' });
    const approved = await version();
    expect(approved).toBeGreaterThan(before);
    await call('POST', `/api/memorials/${memorial.id}/posts/moderate`, owner, { ids: [b.id], action: 'hide' });
    const hidden = await version();
    expect(hidden).toBeGreaterThan(approved);
    // The page's forms follow who may post.
    await call('PATCH', `/api/memorials/${memorial.id}/post-settings`, owner, { whoMayPost: 'users' });
    expect(await version()).toBeGreaterThan(hidden);
  });

  it('cannot reach another memorial’s posts', async () => {
    const ours = await cast();
    const theirs = await cast();
    const foreign = (await post(visitor(), `/api/memorials/${theirs.memorial.id}/guestbook`, { name: 'Ole', message: 'Hej' })).json<Post>();
    const response = await call('POST', `/api/memorials/${ours.memorial.id}/posts/moderate`, ours.owner, { ids: [foreign.id], action: 'approve' });
    expect(response.json()).toEqual({ changed: 0 });
    expect((await queue(theirs.memorial, theirs.owner)).map((p) => p.id)).toEqual([foreign.id]);
  });

  it('tells every administrator at once, except the one who wrote', async () => {
    const { memorial, owner, coadmin } = await cast();
    await post(visitor(), `/api/memorials/${memorial.id}/guestbook`, { name: 'Ole', message: 'Tak for de gode år.' });
    await post({ cookie: coadmin.cookie }, `/api/memorials/${memorial.id}/tributes`, { message: 'Fra os alle.' });

    const ownerNotes = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(ownerNotes.map((n) => [n.title, n.body, n.link])).toEqual(
      expect.arrayContaining([
        [`Ny hilsen i gæstebogen på mindesiden for ${memorial.name}`, 'Ole: Tak for de gode år.', `/memorial/${memorial.slug}/admin`],
        [`Nye mindeord på mindesiden for ${memorial.name}`, `${coadmin.fullName}: Fra os alle.`, `/memorial/${memorial.slug}/admin`],
      ]),
    );
    expect(ownerNotes).toHaveLength(2);
    const coadminNotes = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, coadmin.id)));
    expect(coadminNotes.map((n) => n.kind)).toEqual(['post-guestbook']);
    const count = await call('GET', '/api/notifications/unread-count', owner);
    expect(count.json()).toEqual({ unreadCount: 2 });
  });

  it('marks a post’s notifications read for every administrator once it is decided, one at a time or together', async () => {
    const { memorial, owner, coadmin } = await cast();
    const url = `/api/memorials/${memorial.id}/posts/moderate`;
    const unread = async (who: Caller) => (await call('GET', '/api/notifications/unread-count', who)).json<{ unreadCount: number }>().unreadCount;
    const ids: string[] = [];
    for (const name of ['Ole', 'Grete', 'Bent']) {
      const response = await post(visitor(), `/api/memorials/${memorial.id}/guestbook`, { name, message: 'Tak for de gode år.' });
      ids.push(response.json<Post>().id);
    }
    expect([await unread(owner), await unread(coadmin)]).toEqual([3, 3]);

    // The co-admin approves one: it stops counting on the owner's bell too.
    expect((await call('POST', url, coadmin, { ids: [ids[0]], action: 'approve' })).json()).toEqual({ changed: 1 });
    expect([await unread(owner), await unread(coadmin)]).toEqual([2, 2]);
    // The owner rejects the other two at once.
    expect((await call('POST', url, owner, { ids: ids.slice(1), action: 'reject' })).json()).toEqual({ changed: 2 });
    expect([await unread(owner), await unread(coadmin)]).toEqual([0, 0]);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notes.map((n) => n.readAt !== null)).toEqual([true, true, true]);
  });
});

describe('rate limits', () => {
  it('cuts one address off with a Danish message while other visitors go on posting', async () => {
    const { memorial } = await cast();
    const flood = visitor();
    for (let i = 0; i < PER_IP; i++) expect((await post(flood, `/api/memorials/${memorial.id}/candles`, { name: `Lys ${i}` })).statusCode).toBe(201);
    const cut = await post(flood, `/api/memorials/${memorial.id}/candles`, { name: 'Et lys for meget' });
    expect(cut.statusCode).toBe(429);
    expect(cut.json().message).toMatch(/^For mange forsøg\. Prøv igen om/);
    expect((await post(visitor(), `/api/memorials/${memorial.id}/candles`, { name: 'En anden' })).statusCode).toBe(201);
  });

  it('protects one memorial from a flood from many addresses, and not the others', async () => {
    const { memorial } = await cast();
    const other = await cast();
    for (let i = 0; i < PER_MEMORIAL; i++) expect((await post(visitor(), `/api/memorials/${memorial.id}/candles`, { name: `Lys ${i}` })).statusCode).toBe(201);
    expect((await post(visitor(), `/api/memorials/${memorial.id}/candles`, { name: 'For meget' })).statusCode).toBe(429);
    expect((await post(visitor(), `/api/memorials/${other.memorial.id}/candles`, { name: 'Andetsteds' })).statusCode).toBe(201);
  });
});
