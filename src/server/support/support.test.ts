import { dataRequestAnswerBy } from '../../shared/contact';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_ANSWER_THANKS, SUPPORT_PAGE_SIZE, supportLinkWords } from '../../shared/support';
import { staffMessages } from '../../shared/staff';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { linkIn } from '../../../tests/support/smtp-capture';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { contactMessages, staffActions, supportReplies, supportReplyTokens } from '../db/schema';

let t: TestApp;
let admin: { id: string; fullName: string; cookie: string };
let support: { id: string; fullName: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CONTACT_PER_IP: '3', CONTACT_EMAIL: 'hjaelp@mindested.test' });
  const a = await createUser(t.database.db, { role: 'admin', fullName: 'Anne Admin' });
  const s = await createUser(t.database.db, { role: 'support', fullName: 'Søren Støtte' });
  admin = { id: a.id, fullName: a.fullName, cookie: await signIn(t, a) };
  support = { id: s.id, fullName: s.fullName, cookie: await signIn(t, s) };
});
afterAll(() => t.close());

const MINUTE = 60_000;
let sequence = 0;

/** A contact message as POST /api/contact stores it, a minute after the one before. */
async function contactMessage(overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  t.clock.advance(MINUTE);
  sequence += 1;
  const [row] = await t.database.db
    .insert(contactMessages)
    .values({
      name: `Afsender ${sequence}`,
      email: `afsender${sequence}@eksempel.dk`,
      subject: `Spørgsmål ${sequence}`,
      message: `Hej. Jeg har et spørgsmål om vores QR-kode, nummer ${sequence}.`,
      createdAt: t.clock.now(),
      lastActivityAt: t.clock.now(),
      ...overrides,
    })
    .returning();
  return row!;
}

const get = (url: string, cookie: string | undefined) => t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | undefined, payload: unknown) => t.request({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const list = (cookie: string, query = '') => get(`/api/admin/support${query}`, cookie);
const reply = (id: string, body: string, cookie = support.cookie) => post(`/api/admin/support/${id}/replies`, cookie, { body });

/** Our reply to a thread, and the token in the e-mail it sent. */
async function replyAndReadLink(id: string, to: string, body = 'Tak for din besked. Prøv at scanne koden igen.') {
  t.clock.advance(MINUTE);
  const response = await reply(id, body);
  expect(response.statusCode).toBe(201);
  await t.app.deps.jobs.drain();
  const mail = await t.mail.waitFor((m) => m.to.includes(to) && m.text.includes(body));
  t.mail.messages.splice(t.mail.messages.indexOf(mail), 1);
  const link = linkIn(mail, '/support/reply/');
  return { mail, link, token: link.split('/support/reply/')[1]! };
}

const answer = (token: string, body: string, remoteAddress = `10.3.0.${++sequence % 250}`) =>
  t.request({ method: 'POST', url: `/api/support/reply/${token}`, payload: { body }, remoteAddress });

describe('the inbox list', () => {
  it('lists threads newest activity first, with tab counts, the assignee filter, and paging', async () => {
    const first = await contactMessage({ message: `Første  linje\n\nanden linje ${'og mere tekst '.repeat(30)}` });
    const second = await contactMessage({ assignedTo: support.id });
    const closed = await contactMessage({ status: 'closed' });
    const answered = await contactMessage({ status: 'answered', assignedTo: admin.id });
    await t.database.db.insert(supportReplies).values({ messageId: answered.id, author: 'staff', staffId: admin.id, body: 'Svar', createdAt: t.clock.now() });

    const all = await list(support.cookie, '?status=all');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    const ids = body.threads.map((thread: { id: string }) => thread.id);
    expect(ids.indexOf(answered.id)).toBeLessThan(ids.indexOf(closed.id));
    expect(ids.indexOf(closed.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(body.counts).toEqual({ new: expect.any(Number), answered: expect.any(Number), closed: expect.any(Number) });
    expect(body.total).toBe(body.counts.new + body.counts.answered + body.counts.closed);

    const one = body.threads.find((thread: { id: string }) => thread.id === first.id);
    expect(one.preview.startsWith('Første linje anden linje og mere tekst')).toBe(true);
    expect(one.preview.length).toBeLessThanOrEqual(141);
    expect(one.preview.endsWith('…')).toBe(true);
    expect(one).toMatchObject({ status: 'new', assignee: null, replyCount: 0, waitingForUs: true, email: first.email, name: first.name });
    const ours = body.threads.find((thread: { id: string }) => thread.id === answered.id);
    expect(ours).toMatchObject({ status: 'answered', assignee: { id: admin.id, fullName: 'Anne Admin' }, replyCount: 1, waitingForUs: false });

    const mine = (await list(support.cookie, '?status=new&assigned=me')).json();
    expect(mine.threads.map((thread: { id: string }) => thread.id)).toEqual([second.id]);
    expect(mine.counts).toEqual({ new: 1, answered: 0, closed: 0 });
    const unassigned = (await list(support.cookie, '?status=all&assigned=none')).json();
    expect(unassigned.threads.map((thread: { id: string }) => thread.id)).toContain(first.id);
    expect(unassigned.threads.map((thread: { id: string }) => thread.id)).not.toContain(second.id);
    const closedTab = (await list(support.cookie, '?status=closed')).json();
    expect(closedTab.threads.every((thread: { status: string }) => thread.status === 'closed')).toBe(true);
    expect(closedTab.total).toBe(closedTab.counts.closed);

    for (let i = 0; i < SUPPORT_PAGE_SIZE; i++) await contactMessage();
    const page1 = (await list(admin.cookie, '?status=new&page=1')).json();
    const page2 = (await list(admin.cookie, '?status=new&page=2')).json();
    expect(page1.threads).toHaveLength(SUPPORT_PAGE_SIZE);
    expect(page2.page).toBe(2);
    expect(page2.threads.length).toBe(page1.total - SUPPORT_PAGE_SIZE);
    expect(page2.threads.map((thread: { id: string }) => thread.id)).toContain(first.id);

    // A request about personal data carries its deadline, a month after it came; a question none.
    const request = await contactMessage({ kind: 'data_request', subject: 'Anmodning om mine data' });
    const requested = (await list(admin.cookie, '?status=new')).json().threads.find((thread: { id: string }) => thread.id === request.id);
    expect(requested.answerBy).toBe(dataRequestAnswerBy(request.createdAt).toISOString());
    expect((await get(`/api/admin/support/${request.id}`, admin.cookie)).json().answerBy).toBe(requested.answerBy);
    expect(one.answerBy).toBeNull();

    const bad = await list(admin.cookie, '?status=spam');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Vælg nye, besvarede, lukkede eller alle.');
  });
});

describe('replying', () => {
  it('stores the reply, marks the thread answered and e-mails the sender a working answer link, all written as text', async () => {
    const sender = await createUser(t.database.db);
    const message = await contactMessage({
      name: 'Inger <b>Holm</b>',
      email: 'inger@eksempel.dk',
      userId: sender.id,
      message: 'Hvorfor virker koden ikke? <script>alert("x")</script>\nMvh Inger',
    });
    const replyBody = 'Kære Inger. <script>alert(1)</script> Prøv igen nu.\n\nDet burde virke.';
    const { mail, link, token } = await replyAndReadLink(message.id, 'inger@eksempel.dk', replyBody);

    expect(link).toMatch(/^http:\/\/localhost:5000\/support\/reply\/[\w-]{43}$/);
    expect(mail.subject).toBe(`Svar fra Mindested: ${message.subject}`);
    expect(mail.headers['reply-to']).toContain('hjaelp@mindested.test');
    expect(mail.text).toContain('Kære Inger <b>Holm</b>');
    expect(mail.text).toContain(replyBody);
    expect(mail.text).toContain('> Hvorfor virker koden ikke? <script>alert("x")</script>');
    expect(mail.text).toContain('Søren\nMindested');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Holm');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Hvorfor virker koden ikke? &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>Mvh Inger');
    expect(mail.html).toContain('Svar på beskeden</a>');

    // Only the token's hash is kept, for 14 days.
    const tokens = await t.database.db.select().from(supportReplyTokens).where(eq(supportReplyTokens.messageId, message.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).not.toContain(token);
    expect(tokens[0]!.expiresAt.getTime() - tokens[0]!.createdAt.getTime()).toBe(14 * 24 * 60 * MINUTE);

    const thread = (await get(`/api/admin/support/${message.id}`, support.cookie)).json();
    expect(thread.status).toBe('answered');
    expect(thread.userId).toBe(sender.id);
    expect(thread.messages).toEqual([
      expect.objectContaining({ author: 'sender', authorName: 'Inger <b>Holm</b>', body: message.message }),
      expect.objectContaining({ author: 'staff', authorName: 'Søren Støtte', body: replyBody }),
    ]);
    expect(thread.assignable).toEqual(expect.arrayContaining([{ id: support.id, fullName: 'Søren Støtte' }, { id: admin.id, fullName: 'Anne Admin' }]));

    const [action] = await t.database.db.select().from(staffActions).where(and(eq(staffActions.action, 'support.reply'), eq(staffActions.subject, `contact-message:${message.id}`)));
    expect(action).toMatchObject({ actorId: support.id, actorName: 'Søren Støtte', targetUserId: sender.id, ip: '127.0.0.1' });
    expect(action!.at).toEqual(t.clock.now());

    // The link opens the thread so far, as text.
    const opened = await get(`/api/support/reply/${token}`, undefined);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      name: 'Inger <b>Holm</b>',
      subject: message.subject,
      messages: [
        { from: 'sender', body: message.message, createdAt: message.createdAt.toISOString() },
        { from: 'mindested', body: replyBody, createdAt: expect.any(String) },
      ],
    });
  });

  it('refuses an empty or too long reply with a Danish message, and an unknown thread', async () => {
    const message = await contactMessage();
    for (const [body, text] of [
      ['   ', 'Skriv et svar.'],
      ['x'.repeat(5001), 'Svaret må højst være 5000 tegn.'],
    ] as const) {
      const response = await reply(message.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: text, field: 'body' });
    }
    expect((await t.database.db.select().from(supportReplies).where(eq(supportReplies.messageId, message.id))).length).toBe(0);
    const missing = await reply('00000000-0000-4000-8000-000000000000', 'Hej');
    expect(missing.statusCode).toBe(404);
    expect((await get('/api/admin/support/ikke-en-sag', support.cookie)).json().message).toBe('Sagen findes ikke.');
  });
});

describe('the sender answers through the link', () => {
  it('joins the thread and puts it back among the new ones, once', async () => {
    const message = await contactMessage({ email: 'ole@eksempel.dk', name: 'Ole' });
    const { token } = await replyAndReadLink(message.id, 'ole@eksempel.dk');
    await post(`/api/admin/support/${message.id}/status`, support.cookie, { status: 'closed' });

    t.clock.advance(MINUTE);
    const sent = await answer(token, '  Tak, nu virker den! <img src=x onerror=alert(1)>  ');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ message: SUPPORT_ANSWER_THANKS });

    const thread = (await get(`/api/admin/support/${message.id}`, support.cookie)).json();
    expect(thread.status).toBe('new');
    expect(thread.lastActivityAt).toBe(t.clock.now().toISOString());
    expect(thread.messages.map((m: { author: string }) => m.author)).toEqual(['sender', 'staff', 'sender']);
    expect(thread.messages[2]).toMatchObject({ authorName: 'Ole', body: 'Tak, nu virker den! <img src=x onerror=alert(1)>' });
    const listed = (await list(support.cookie, '?status=new')).json().threads.find((row: { id: string }) => row.id === message.id);
    expect(listed).toMatchObject({ waitingForUs: true, replyCount: 2 });
    expect((await list(support.cookie, '?status=new')).json().threads[0].id).toBe(message.id);

    const again = await answer(token, 'En gang til');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(supportLinkWords.used);
    expect((await get(`/api/support/reply/${token}`, undefined)).statusCode).toBe(410);
    expect((await get(`/api/admin/support/${message.id}`, support.cookie)).json().messages).toHaveLength(3);

    // Our next reply's mail quotes the answer and carries a new link, which works.
    const next = await replyAndReadLink(message.id, 'ole@eksempel.dk', 'Dejligt at høre.');
    expect(next.mail.text).toContain('> Tak, nu virker den!');
    expect(next.token).not.toBe(token);
    expect((await answer(next.token, 'Tak for hjælpen.')).statusCode).toBe(201);
  });

  it('spends the links of older e-mails once the sender has answered through one', async () => {
    const message = await contactMessage({ email: 'gerda@eksempel.dk' });
    const older = await replyAndReadLink(message.id, 'gerda@eksempel.dk', 'Første svar.');
    const newer = await replyAndReadLink(message.id, 'gerda@eksempel.dk', 'Andet svar.');
    expect((await answer(newer.token, 'Svar på det andet.')).statusCode).toBe(201);
    const stale = await answer(older.token, 'Svar på det første.');
    expect(stale.statusCode).toBe(410);
    expect(stale.json().message).toBe(supportLinkWords.used);
  });

  it('lets only one of two answers sent at the same moment through', async () => {
    const message = await contactMessage({ email: 'samtidig@eksempel.dk' });
    const { token } = await replyAndReadLink(message.id, 'samtidig@eksempel.dk');
    const results = await Promise.all([answer(token, 'Første'), answer(token, 'Anden')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 410]);
    expect((await t.database.db.select().from(supportReplies).where(and(eq(supportReplies.messageId, message.id), eq(supportReplies.author, 'sender')))).length).toBe(1);
  });

  it('refuses a forged link and an expired one, in Danish', async () => {
    const forged = 'a'.repeat(43);
    const response = await get(`/api/support/reply/${forged}`, undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(supportLinkWords.unknown);
    expect((await answer(forged, 'Hej')).statusCode).toBe(400);
    expect((await get('/api/support/reply/kort', undefined)).json().message).toBe(supportLinkWords.unknown);

    const message = await contactMessage({ email: 'sen@eksempel.dk' });
    const { token } = await replyAndReadLink(message.id, 'sen@eksempel.dk');
    t.clock.advance(14 * 24 * 60 * MINUTE);
    const expired = await answer(token, 'Undskyld, jeg svarer først nu.');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(supportLinkWords.expired);
    expect((await get(`/api/support/reply/${token}`, undefined)).json().message).toBe(supportLinkWords.expired);
  });

  it('refuses an empty answer, and is rate-limited per address', async () => {
    const message = await contactMessage({ email: 'travl@eksempel.dk' });
    const { token } = await replyAndReadLink(message.id, 'travl@eksempel.dk');
    expect((await answer(token, ' ', '10.3.9.9')).json()).toEqual({ message: 'Skriv et svar.', field: 'body' });
    for (let i = 0; i < 3; i++) await answer('b'.repeat(43), 'Hej', '10.3.9.9');
    const limited = await answer(token, 'Hej igen', '10.3.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^For mange forsøg\./);
  });
});

describe('assigning, closing and reopening', () => {
  it('gives a thread only to support staff or admins, and records it', async () => {
    const message = await contactMessage();
    const production = await createUser(t.database.db, { role: 'production' });
    const user = await createUser(t.database.db);
    const disabled = await createUser(t.database.db, { role: 'support', disabledAt: t.clock.now() });
    for (const someone of [production, user, disabled]) {
      const refused = await post(`/api/admin/support/${message.id}/assign`, admin.cookie, { userId: someone.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'Sagen kan kun gives til en medarbejder i support eller en administrator med en åben konto.', field: 'userId' });
    }

    const given = await post(`/api/admin/support/${message.id}/assign`, admin.cookie, { userId: support.id });
    expect(given.statusCode).toBe(200);
    expect(given.json().assignee).toEqual({ id: support.id, fullName: 'Søren Støtte' });
    expect((await post(`/api/admin/support/${message.id}/assign`, admin.cookie, { userId: support.id })).statusCode).toBe(200);
    const cleared = await post(`/api/admin/support/${message.id}/assign`, support.cookie, { userId: null });
    expect(cleared.json().assignee).toBeNull();

    const actions = await t.database.db.select().from(staffActions).where(and(eq(staffActions.action, 'support.assign'), eq(staffActions.subject, `contact-message:${message.id}`)));
    expect(actions.map((a) => [a.actorId, a.targetUserId, a.details])).toEqual(
      expect.arrayContaining([
        [admin.id, support.id, { from: null, to: support.id, toName: 'Søren Støtte' }],
        [support.id, null, { from: support.id, to: null, toName: null }],
      ]),
    );
    expect(actions).toHaveLength(2);
  });

  it('closes and reopens a thread, each recorded', async () => {
    const message = await contactMessage();
    const closed = await post(`/api/admin/support/${message.id}/status`, support.cookie, { status: 'closed' });
    expect(closed.json().status).toBe('closed');
    const reopened = await post(`/api/admin/support/${message.id}/status`, support.cookie, { status: 'new' });
    expect(reopened.json().status).toBe('new');
    expect((await post(`/api/admin/support/${message.id}/status`, support.cookie, { status: 'lukket' })).statusCode).toBe(400);
    const actions = await t.database.db.select().from(staffActions).where(eq(staffActions.subject, `contact-message:${message.id}`));
    expect(actions.map((a) => a.action).sort()).toEqual(['support.close', 'support.reopen']);
    expect(actions.every((a) => a.actorId === support.id && a.ip === '127.0.0.1')).toBe(true);
  });
});

describe('who may use the inbox', () => {
  it('refuses visitors, users, production staff and an admin who has not passed the second factor, changing nothing', async () => {
    const message = await contactMessage();
    const user = await createUser(t.database.db);
    const production = await createUser(t.database.db, { role: 'production' });
    const unverified = await createUser(t.database.db, { role: 'admin' });
    const callers: [string | undefined, number, string | undefined][] = [
      [undefined, 401, 'Du er ikke logget ind.'],
      [await signIn(t, user), 403, 'Kun support og administratorer har adgang til supportindbakken.'],
      [await signIn(t, production), 403, 'Kun support og administratorer har adgang til supportindbakken.'],
      [await signIn(t, unverified, { twoFactorVerified: false }), 403, staffMessages.twoFactorRequired],
    ];
    for (const [cookie, status, text] of callers) {
      for (const response of [
        await get('/api/admin/support', cookie),
        await get(`/api/admin/support/${message.id}`, cookie),
        await post(`/api/admin/support/${message.id}/replies`, cookie, { body: 'Hej' }),
        await post(`/api/admin/support/${message.id}/assign`, cookie, { userId: null }),
        await post(`/api/admin/support/${message.id}/status`, cookie, { status: 'closed' }),
      ]) {
        expect(response.statusCode).toBe(status);
        expect(response.json().message).toBe(text);
      }
    }
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(row!.status).toBe('new');
    expect((await t.database.db.select().from(supportReplies).where(eq(supportReplies.messageId, message.id))).length).toBe(0);
    expect((await t.database.db.select().from(staffActions).where(eq(staffActions.subject, `contact-message:${message.id}`))).length).toBe(0);
  });

  it('lets a message from the contact form reach the inbox, its sender still getting the receipt', async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Bente', email: 'bente@eksempel.dk', subject: 'Hjælp', message: 'Jeg kan ikke finde min mors mindeside.' },
      remoteAddress: '10.3.7.7',
    });
    expect(sent.statusCode).toBe(201);
    await t.app.deps.jobs.drain();
    await t.mail.waitFor((m) => m.to.includes('bente@eksempel.dk') && m.subject === 'Vi har modtaget din besked');
    const found = (await list(admin.cookie, '?status=new')).json().threads.find((thread: { email: string }) => thread.email === 'bente@eksempel.dk');
    expect(found).toMatchObject({ name: 'Bente', subject: 'Hjælp', status: 'new', waitingForUs: true });
  });
});
