/**
 * E-mail to a memorial's administrators about new posts, on a real database and a real SMTP
 * capture: the immediate mail (one per person per sweep, listing every new post, never to the
 * author), people who want the digest or nothing, the digest (once a day however often its job
 * runs), the unsubscribe link, the decision links in every state, and e-mail choices on /profile.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import type { CapturedMail } from '../../../tests/support/smtp-capture';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { MailPreferences, PostDecision } from '../../shared/post-mail-api';
import type { Post, PostMailChoice } from '../../shared/posts-api';
import { memorialMembers, memorialPosts, memorials, notifications, postDecisionTokens, users } from '../db/schema';
import { enqueue } from '../lib/jobs';
import { DECISION_TOKEN_DAYS, MAX_WAIT_MS, POST_DIGEST, QUIET_MS, sweepPostMails } from './post-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_POSTS_PER_IP: '1000', RATE_LIMIT_POSTS_PER_MEMORIAL: '1000' });
});
afterAll(() => t.close());
beforeEach(() => {
  t.mail.messages.length = 0;
});

const deps = () => t.app.deps;

async function leave(memorialId: string, kind: 'candles' | 'guestbook', body: { name: string; message: string | null }, cookie?: string) {
  const response = await t.request({ method: 'POST', url: `/api/memorials/${memorialId}/${kind}`, payload: body, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}

async function choose(userId: string, postMails: PostMailChoice) {
  await t.database.db.update(users).set({ postMails }).where(eq(users.id, userId));
}

/** Lets the posts go quiet, sweeps, and sends what was queued. */
async function sweepAndSend(): Promise<number> {
  t.clock.advance(QUIET_MS + 1000);
  const queued = await sweepPostMails(deps());
  await deps().jobs.drain();
  return queued;
}

const mailTo = (email: string) => t.mail.messages.filter((mail) => mail.to.includes(email));

/** The decision links of a mail, in the order listed: [{ approve, reject }]. */
function decisionLinks(mail: CapturedMail) {
  const approve = [...mail.text.matchAll(/^Godkend: (\S+)$/gm)].map((m) => m[1]!);
  const reject = [...mail.text.matchAll(/^Afvis: (\S+)$/gm)].map((m) => m[1]!);
  return approve.map((link, i) => ({ approve: link, reject: reject[i]! }));
}

const tokenOf = (link: string) => link.split('/post-decision/')[1]!;
const readLink = (link: string) => t.request({ method: 'GET', url: `/api/post-decisions/${tokenOf(link)}` });
const useLink = (link: string) => t.request({ method: 'POST', url: `/api/post-decisions/${tokenOf(link)}` });

const statusOf = async (postId: string) => (await t.database.db.select().from(memorialPosts).where(eq(memorialPosts.id, postId)))[0]!.status;

describe('the immediate mail', () => {
  let cast: Cast;
  beforeAll(async () => {
    cast = await castMemorial(t);
  });

  it('waits until the posts go quiet, then sends one mail per administrator listing them all, in HTML and text', async () => {
    const candle = await leave(cast.memorial.id, 'candles', { name: 'Ida', message: 'Vi savner dig' });
    const greeting = await leave(cast.memorial.id, 'guestbook', { name: 'Ole', message: 'Tak for de gode år.\nDu var altid der.' });
    // The visitor may still be writing: nothing goes yet.
    expect(await sweepPostMails(deps())).toBe(0);

    expect(await sweepAndSend()).toBe(2);
    const [toOwner] = mailTo(cast.owner.email);
    const [toCoadmin] = mailTo(cast.coadmin.email);
    expect(mailTo(cast.owner.email)).toHaveLength(1);
    expect(mailTo(cast.coadmin.email)).toHaveLength(1);
    expect(mailTo(cast.viewer.email)).toHaveLength(0);
    expect(toOwner!.subject).toBe(`2 nye hilsner og lys på mindesiden for ${cast.memorial.name}`);
    expect(toOwner!.text).toContain(`Kære ${cast.owner.fullName}`);
    expect(toOwner!.text).toContain('Lys tændt af Ida');
    expect(toOwner!.text).toContain('  Vi savner dig');
    expect(toOwner!.text).toContain('Hilsen fra Ole');
    expect(toOwner!.text).toContain(`http://localhost:5000/memorial/${cast.memorial.slug}/admin`);
    expect(toOwner!.text).toContain('http://localhost:5000/profile?tab=email');
    expect(toOwner!.text).not.toContain('/unsubscribe/');
    expect(toOwner!.html).toContain('Hilsen fra Ole');
    expect(toOwner!.html).toContain('>Godkend</a>');
    expect(toOwner!.html).toContain('>Afvis</a>');
    expect(toCoadmin!.text).toContain(`Kære ${cast.coadmin.fullName}`);

    // One approve and one reject link per waiting post and person, each different, stored hashed.
    const links = decisionLinks(toOwner!);
    expect(links).toHaveLength(2);
    const everyToken = [...links, ...decisionLinks(toCoadmin!)].flatMap((l) => [tokenOf(l.approve), tokenOf(l.reject)]);
    expect(new Set(everyToken).size).toBe(8);
    const stored = await t.database.db.select().from(postDecisionTokens).where(eq(postDecisionTokens.postId, candle.id));
    expect(stored).toHaveLength(4);
    expect(stored.map((row) => row.tokenHash)).not.toContain(tokenOf(links[0]!.approve));
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(DECISION_TOKEN_DAYS * 24 * 60 * 60_000);
    expect(greeting.status).toBe('pending');

    // Mailed once: a second sweep has nothing.
    expect(await sweepAndSend()).toBe(0);
  });

  it('never tells the author of their own post', async () => {
    await leave(cast.memorial.id, 'guestbook', { name: 'Bent', message: 'Vi tænker på dig.' }, cast.coadmin.cookie);
    expect(await sweepAndSend()).toBe(1);
    expect(mailTo(cast.owner.email)).toHaveLength(1);
    expect(mailTo(cast.owner.email)[0]!.subject).toBe(`Ny hilsen i gæstebogen på mindesiden for ${cast.memorial.name}`);
    expect(mailTo(cast.coadmin.email)).toHaveLength(0);
  });

  it('lists a candle that burns at once without links', async () => {
    await t.database.db.update(memorials).set({ candlesAutoApprove: true }).where(eq(memorials.id, cast.memorial.id));
    await leave(cast.memorial.id, 'candles', { name: 'Lise', message: null });
    await sweepAndSend();
    const [mail] = mailTo(cast.owner.email);
    expect(mail!.subject).toBe(`Nyt lys på mindesiden for ${cast.memorial.name}`);
    expect(mail!.text).toContain('Lys tændt af Lise');
    expect(mail!.text).toContain('Vises allerede på mindesiden.');
    expect(decisionLinks(mail!)).toHaveLength(0);
    expect(mail!.html).not.toContain('>Godkend</a>');
    await t.database.db.update(memorials).set({ candlesAutoApprove: false }).where(eq(memorials.id, cast.memorial.id));
  });

  it('on a busy evening sends one mail per person every few minutes, not one per candle', async () => {
    const busy = await castMemorial(t);
    await choose(busy.coadmin.id, 'off');
    // A candle every nine seconds for six minutes: it never goes quiet, so only the longest wait
    // lets a mail go (after five minutes, with the 34 candles so far), and the last six follow
    // once it is quiet.
    for (let i = 1; i <= 40; i += 1) {
      await leave(busy.memorial.id, 'candles', { name: `Gæst ${i}`, message: null });
      t.clock.advance(9_000);
      await sweepPostMails(deps());
    }
    expect(MAX_WAIT_MS).toBe(300_000);
    await deps().jobs.drain();
    expect(mailTo(busy.owner.email)).toHaveLength(1);
    const [first] = mailTo(busy.owner.email);
    expect(first!.subject).toBe(`34 nye hilsner og lys på mindesiden for ${busy.memorial.name}`);
    expect(decisionLinks(first!)).toHaveLength(20);
    expect(first!.text).toContain('… og 14 mere. Se dem alle her: ');

    expect(await sweepAndSend()).toBe(1);
    const [, second] = mailTo(busy.owner.email);
    expect(second!.subject).toBe(`6 nye hilsner og lys på mindesiden for ${busy.memorial.name}`);
    expect([...second!.text.matchAll(/Lys tændt af (Gæst \d+)/g)].map((m) => m[1])).toEqual(['Gæst 35', 'Gæst 36', 'Gæst 37', 'Gæst 38', 'Gæst 39', 'Gæst 40']);
    // Links only for what was listed: 26 posts, two links each.
    const tokens = await t.database.db.select().from(postDecisionTokens).where(eq(postDecisionTokens.userId, busy.owner.id));
    expect(tokens).toHaveLength(52);
  });

  it('caps the list at 20 with "og N mere" and the admin page', async () => {
    const many = await castMemorial(t);
    await choose(many.coadmin.id, 'off');
    for (let i = 1; i <= 23; i += 1) await leave(many.memorial.id, 'candles', { name: `Nabo ${i}`, message: null });
    expect(await sweepAndSend()).toBe(1);
    const [mail] = mailTo(many.owner.email);
    expect(mail!.subject).toBe(`23 nye hilsner og lys på mindesiden for ${many.memorial.name}`);
    expect(decisionLinks(mail!)).toHaveLength(20);
    expect(mail!.text).toContain(`… og 3 mere. Se dem alle her: http://localhost:5000/memorial/${many.memorial.slug}/admin`);
    expect(mail!.html).toContain('… og 3 mere.');
  });

  it('shows what a visitor wrote as text, never as markup', async () => {
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    await leave(cast.memorial.id, 'guestbook', { name: '<b>Ond</b> & co', message: script });
    await sweepAndSend();
    const [mail] = mailTo(cast.owner.email);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).not.toContain('<b>Ond</b>');
    expect(mail!.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail!.html).toContain('Hilsen fra &lt;b&gt;Ond&lt;/b&gt; &amp; co');
    expect(mail!.text).toContain(script);
  });
});

describe('people who want the digest, or nothing', () => {
  it('settles "off" without mail, leaves "digest" for the digest, which goes once a day however often it runs', async () => {
    const cast = await castMemorial(t);
    await choose(cast.owner.id, 'off');
    await choose(cast.coadmin.id, 'digest');
    await leave(cast.memorial.id, 'guestbook', { name: 'Ole', message: 'Tak for alt.' });
    await leave(cast.memorial.id, 'candles', { name: 'Ida', message: null });
    expect(await sweepAndSend()).toBe(0);
    expect(t.mail.messages).toHaveLength(0);
    const rows = await t.database.db.select().from(notifications).innerJoin(memorialPosts, eq(memorialPosts.id, notifications.postId)).where(eq(memorialPosts.memorialId, cast.memorial.id));
    expect(rows.filter((r) => r.notifications.userId === cast.owner.id).every((r) => r.notifications.mailedAt)).toBe(true);
    expect(rows.filter((r) => r.notifications.userId === cast.coadmin.id).every((r) => r.notifications.mailedAt === null)).toBe(true);

    // The day's job, queued twice (a retry, or two instances racing): one mail.
    const day = '2026-11-01';
    await enqueue(t.database.db, POST_DIGEST, { day }, t.clock.now());
    await enqueue(t.database.db, POST_DIGEST, { day }, t.clock.now());
    await deps().jobs.drain();
    const digests = mailTo(cast.coadmin.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe(`Dagens hilsner og lys på mindesiden for ${cast.memorial.name}`);
    expect(digests[0]!.text).toContain('Her er dagens overblik over det nye på mindesiden');
    expect(digests[0]!.text).toMatch(/Afmeld den daglige e-mail: http:\/\/localhost:5000\/unsubscribe\/[\w-]+/);
    expect(digests[0]!.html).toContain('Afmeld den daglige e-mail</a>');
    expect(decisionLinks(digests[0]!)).toHaveLength(2);
    // The mail program's own unsubscribe button (RFC 8058).
    expect(digests[0]!.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:5000\/api\/unsubscribe\/[\w-]+>$/);
    expect(digests[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('queues the digest once a day from 07:00 Danish time, whichever instance ticks', async () => {
    const cast = await castMemorial(t);
    await choose(cast.owner.id, 'digest');
    await choose(cast.coadmin.id, 'off');
    await leave(cast.memorial.id, 'candles', { name: 'Morgenlys', message: null });
    // Move to 06:59 and then 07:00 in Copenhagen (UTC+1 in November) on a later day.
    const now = t.clock.now();
    const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 2, 5, 59));
    t.clock.advance(target.getTime() - now.getTime());
    deps().jobs.start(20);
    try {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(mailTo(cast.owner.email)).toHaveLength(0);
      t.clock.advance(60_000);
      await t.mail.waitFor((mail) => mail.to.includes(cast.owner.email), 5000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailTo(cast.owner.email)).toHaveLength(1);
    } finally {
      await deps().jobs.stop();
    }
  });
});

describe('the unsubscribe link', () => {
  it('shows whose digest it stops, and stops it on a press or a mail program’s one-click POST', async () => {
    const cast = await castMemorial(t);
    await choose(cast.owner.id, 'digest');
    await choose(cast.coadmin.id, 'off');
    await leave(cast.memorial.id, 'guestbook', { name: 'Ole', message: 'Tak.' });
    await enqueue(t.database.db, POST_DIGEST, { day: 'x' }, t.clock.now());
    await deps().jobs.drain();
    const [digest] = mailTo(cast.owner.email);
    const token = /\/unsubscribe\/([\w-]+)/.exec(digest!.text)![1]!;

    const shown = await t.request({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ fullName: cast.owner.fullName, email: expect.stringMatching(/^.•••.@eksempel\.dk$|@/), postMails: 'digest' });
    expect(shown.json().email).not.toBe(cast.owner.email);
    const [before] = await t.database.db.select({ postMails: users.postMails }).from(users).where(eq(users.id, cast.owner.id));
    expect(before!.postMails).toBe('digest');

    const pressed = await t.request({ method: 'POST', url: `/api/unsubscribe/${token}` });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.json().postMails).toBe('off');

    await choose(cast.owner.id, 'digest');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const [after] = await t.database.db.select({ postMails: users.postMails }).from(users).where(eq(users.id, cast.owner.id));
    expect(after!.postMails).toBe('off');

    const forged = `${token.slice(0, 32)}${'A'.repeat(token.length - 32)}`;
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.request({ method, url: `/api/unsubscribe/${forged}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toContain('Linket virker ikke længere');
    }
  });
});

describe('the decision links', () => {
  async function mailed() {
    const cast = await castMemorial(t);
    const candle = await leave(cast.memorial.id, 'candles', { name: 'Ida', message: 'Hvil i fred' });
    t.clock.advance(1000);
    const greeting = await leave(cast.memorial.id, 'guestbook', { name: 'Ole', message: '<script>alert(1)</script>' });
    await sweepAndSend();
    const [candleLinks, greetingLinks] = decisionLinks(mailTo(cast.owner.email)[0]!);
    const [coCandle, coGreeting] = decisionLinks(mailTo(cast.coadmin.email)[0]!);
    t.mail.messages.length = 0;
    return { cast, candle, greeting, owner: { candle: candleLinks!, greeting: greetingLinks! }, coadmin: { candle: coCandle!, greeting: coGreeting! } };
  }

  it('shows the post on a GET and decides nothing; a POST decides once, and the link and its twin are then used', async () => {
    const { cast, candle, greeting, owner } = await mailed();
    const read = await readLink(owner.greeting.approve);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.json<PostDecision>()).toEqual({
      state: 'ready',
      action: 'approve',
      post: { kind: 'guestbook', name: 'Ole', message: '<script>alert(1)</script>', status: 'pending', createdAt: greeting.createdAt, decidedBy: null, decidedAt: null },
      memorial: { name: cast.memorial.name, slug: cast.memorial.slug },
    });
    expect(await statusOf(greeting.id)).toBe('pending');

    const done = await useLink(owner.greeting.approve);
    expect(done.json<PostDecision>()).toMatchObject({ state: 'done', action: 'approve', post: { status: 'approved', decidedBy: cast.owner.fullName } });
    expect(await statusOf(greeting.id)).toBe('approved');
    // The visitors' page shows it.
    const page = await t.request({ method: 'GET', url: `/api/memorials/${cast.memorial.id}/posts` });
    expect(page.json<{ posts: Post[] }>().posts.map((p) => p.id)).toEqual([greeting.id]);

    expect((await useLink(owner.greeting.approve)).json<PostDecision>().state).toBe('used');
    expect((await readLink(owner.greeting.approve)).json<PostDecision>().state).toBe('used');
    // The twin: rejecting after approving is not possible from the e-mail.
    expect((await useLink(owner.greeting.reject)).json<PostDecision>()).toMatchObject({ state: 'used', post: { status: 'approved' } });
    expect(await statusOf(greeting.id)).toBe('approved');

    const rejected = await useLink(owner.candle.reject);
    expect(rejected.json<PostDecision>()).toMatchObject({ state: 'done', action: 'reject', post: { status: 'rejected' } });
    expect(await statusOf(candle.id)).toBe('rejected');
  });

  it('says so when another administrator decided first', async () => {
    const { cast, greeting, owner, coadmin } = await mailed();
    expect((await useLink(coadmin.greeting.reject)).json<PostDecision>().state).toBe('done');
    const read = (await readLink(owner.greeting.approve)).json<PostDecision>();
    expect(read).toMatchObject({ state: 'decided', post: { status: 'rejected', decidedBy: cast.coadmin.fullName } });
    expect((await useLink(owner.greeting.approve)).json<PostDecision>().state).toBe('decided');
    expect(await statusOf(greeting.id)).toBe('rejected');
  });

  it('marks the decided post’s notifications read for every administrator, from the e-mail’s link too', async () => {
    const { cast, greeting, candle, coadmin } = await mailed();
    const aboutPost = (postId: string) => t.database.db.select().from(notifications).where(eq(notifications.postId, postId));
    expect((await aboutPost(greeting.id)).map((n) => n.readAt)).toEqual([null, null]);
    expect((await useLink(coadmin.greeting.approve)).json<PostDecision>().state).toBe('done');
    const read = await aboutPost(greeting.id);
    expect(read.map((n) => n.userId).sort()).toEqual([cast.owner.id, cast.coadmin.id].sort());
    expect(read.every((n) => n.readAt !== null)).toBe(true);
    // The candle, not decided, still counts.
    expect((await aboutPost(candle.id)).map((n) => n.readAt)).toEqual([null, null]);
  });

  it('decides once when both links are pressed at the same moment', async () => {
    const { greeting, owner } = await mailed();
    const answers = await Promise.all([useLink(owner.greeting.approve), useLink(owner.greeting.reject)]);
    const states = answers.map((a) => a.json<PostDecision>().state).sort();
    expect(states).toEqual(['done', 'used']);
    expect(['approved', 'rejected']).toContain(await statusOf(greeting.id));
  });

  it('refuses an expired link, a forged one, and one whose person is no longer an administrator', async () => {
    const { cast, candle, greeting, owner, coadmin } = await mailed();
    await t.database.db.delete(memorialMembers).where(and(eq(memorialMembers.memorialId, cast.memorial.id), eq(memorialMembers.userId, cast.coadmin.id)));
    expect((await readLink(coadmin.greeting.approve)).json<PostDecision>().state).toBe('not-admin');
    expect((await useLink(coadmin.greeting.approve)).json<PostDecision>().state).toBe('not-admin');
    expect(await statusOf(greeting.id)).toBe('pending');

    const forged = await t.request({ method: 'POST', url: `/api/post-decisions/${'x'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toMatch(/^Linket kendes ikke/);
    expect((await t.request({ method: 'GET', url: '/api/post-decisions/kort' })).statusCode).toBe(400);

    t.clock.advance((DECISION_TOKEN_DAYS + 1) * 24 * 60 * 60_000);
    expect((await readLink(owner.candle.approve)).json<PostDecision>().state).toBe('expired');
    expect((await useLink(owner.candle.approve)).json<PostDecision>().state).toBe('expired');
    expect(await statusOf(candle.id)).toBe('pending');
  });
});

describe('e-mail choices on /profile', () => {
  it('reads and changes them for the signed-in person only', async () => {
    const cast = await castMemorial(t);
    const url = '/api/profile/mail-preferences';
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const first = await t.request({ method: 'GET', url, headers: { cookie: cast.owner.cookie } });
    expect(first.json<MailPreferences>()).toEqual({ postMails: 'immediate', anniversaryReminders: false });

    const changed = await t.request({ method: 'PATCH', url, headers: { cookie: cast.owner.cookie }, payload: { postMails: 'digest' } });
    expect(changed.json<MailPreferences>()).toEqual({ postMails: 'digest', anniversaryReminders: false });
    const again = await t.request({ method: 'PATCH', url, headers: { cookie: cast.owner.cookie }, payload: { anniversaryReminders: true } });
    expect(again.json<MailPreferences>()).toEqual({ postMails: 'digest', anniversaryReminders: true });
    expect((await t.request({ method: 'PATCH', url, headers: { cookie: cast.owner.cookie }, payload: { postMails: 'weekly' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url, headers: { cookie: cast.coadmin.cookie } })).json<MailPreferences>().postMails).toBe('immediate');
  });
});
