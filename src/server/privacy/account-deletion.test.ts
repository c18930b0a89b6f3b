/**
 * A person deletes their own account (/gdpr-data-request, issue 26) on a real database, with real
 * files and real e-mail: the plan, the e-mailed link (refused to someone else, used twice, replaced
 * or expired), a memorial handed to a co-admin and one deleted with its files, posts anonymised or
 * deleted, the account gone from every table, or kept as a nameless row where invoices must stay,
 * the log without personal data, and the receipt.
 */
import { eq, is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../../tests/support/smtp-capture';
import { type Cast, castMemorial, signedInPerson, type Person } from '../../../tests/support/memorial-cast';
import { createReseller, createUser, DEFAULT_PASSWORD } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import {
  ACCOUNT_DELETION_URL,
  ANONYMOUS_NAME,
  type DeletionPlan,
  type DeletionPreview,
  type DeletionReceipt,
  type DeletionRequestBody,
  accountDeletionTokenUrl,
  deletionMessages,
} from '../../shared/account-deletion';
import type { Memorial } from '../../shared/memorials';
import * as schema from '../db/schema';
import { hashToken } from '../lib/tokens';
import { accountDeletions, invoices, memorialMembers, memorialPosts, memorials, orders, subscriptions, users } from '../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A family member who owns two memorials (one with a co-admin) and lit a candle on a third. */
async function family() {
  const shared: Cast = await castMemorial(t, { name: 'Karen Holm' });
  const owner: Person = shared.owner;
  const alone = (await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie: owner.cookie }, payload: { name: 'Svend Holm' } })).json<Memorial>();
  const other = await castMemorial(t, { name: 'Ruth Berg' });
  const candle = await t.request({ method: 'POST', url: `/api/memorials/${other.memorial.id}/candles`, headers: { cookie: owner.cookie }, payload: { name: 'Anna Holm', message: 'Tak for alt' } });
  expect(candle.statusCode, candle.body).toBe(201);
  // A file of the memorial that is to be deleted, where the gallery keeps its files.
  await t.app.deps.storage.put(`memorials/${alone.id}/media/foto/original.jpg`, Buffer.from('jpeg'), { contentType: 'image/jpeg' });
  return { shared, owner, alone, other };
}

const choicesFor = (f: Awaited<ReturnType<typeof family>>, posts: DeletionRequestBody['posts'] = 'anonymise'): DeletionRequestBody => ({
  memorials: [
    { memorialId: f.shared.memorial.id, handTo: f.shared.coadmin.id },
    { memorialId: f.alone.id, handTo: null },
  ],
  posts,
});

async function askForLink(person: Person, choices: DeletionRequestBody): Promise<string> {
  const response = await t.request({ method: 'POST', url: ACCOUNT_DELETION_URL, headers: { cookie: person.cookie }, payload: choices });
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json()).toMatchObject({ sentTo: person.email });
  await t.app.deps.jobs.drain();
  const mail = await t.mail.waitFor((m) => m.to.includes(person.email) && m.subject === 'Bekræft, at din konto hos Mindested skal slettes');
  t.mail.messages.splice(t.mail.messages.indexOf(mail), 1);
  const link = linkIn(mail, '/gdpr-data-request/slet/');
  return decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));
}

const confirm = (person: { cookie: string }, token: string) => t.request({ method: 'POST', url: accountDeletionTokenUrl(token), headers: { cookie: person.cookie } });

/** Every row of every table that points at the account through a foreign key. */
async function rowsPointingAt(userId: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of Object.values(schema as Record<string, unknown>)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    for (const key of config.foreignKeys) {
      const reference = key.reference();
      if (reference.foreignTable !== users) continue;
      const rows = await t.database.db.select().from(table).where(eq(reference.columns[0]!, userId));
      if (rows.length > 0) found.push(`${config.name}.${reference.columns[0]!.name}`);
    }
  }
  return found.sort();
}

describe('the plan', () => {
  it('names the memorials the person owns with their co-admins, and counts their posts and invoices', async () => {
    const f = await family();
    const response = await t.request({ method: 'GET', url: ACCOUNT_DELETION_URL, headers: { cookie: f.owner.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const plan = response.json<DeletionPlan>();
    expect(plan).toMatchObject({ refusal: null, coAdministered: 0, posts: 1, invoices: 0 });
    expect(plan.owned.map((memorial) => [memorial.name, memorial.coAdmins.map((admin) => admin.fullName)])).toEqual([
      ['Karen Holm', [f.shared.coadmin.fullName]],
      ['Svend Holm', []],
    ]);
  });

  it('is refused to a visitor, and says why staff, resellers and a running subscription cannot delete here', async () => {
    expect((await t.request({ method: 'GET', url: ACCOUNT_DELETION_URL })).statusCode).toBe(401);
    const staff = await createUser(t.database.db, { role: 'support' });
    const staffPlan = await t.request({ method: 'GET', url: ACCOUNT_DELETION_URL, headers: { cookie: await signIn(t, staff) } });
    expect(staffPlan.json<DeletionPlan>().refusal).toBe(deletionMessages.refusedRole);

    const dealer = await createUser(t.database.db);
    await createReseller(t.database.db, { userId: dealer.id });
    const dealerCookie = await signIn(t, dealer);
    expect((await t.request({ method: 'GET', url: ACCOUNT_DELETION_URL, headers: { cookie: dealerCookie } })).json<DeletionPlan>().refusal).toBe(deletionMessages.refusedRole);
    const refused = await t.request({ method: 'POST', url: ACCOUNT_DELETION_URL, headers: { cookie: dealerCookie }, payload: { memorials: [], posts: 'delete' } });
    expect(refused.statusCode).toBe(403);

    const f = await family();
    await t.database.db.insert(subscriptions).values({
      memorialId: f.alone.id,
      userId: f.owner.id,
      planSlug: 'premium-maaned',
      stripeSubscriptionId: `sub_${f.alone.id}`,
      status: 'active',
      lastEventAt: t.clock.now(),
    });
    expect((await t.request({ method: 'GET', url: ACCOUNT_DELETION_URL, headers: { cookie: f.owner.cookie } })).json<DeletionPlan>().refusal).toBe(
      deletionMessages.subscriptionRunning,
    );
    // Set to end with its period, Stripe charges no more: then the account may go.
    await t.database.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, f.owner.id));
    expect((await t.request({ method: 'GET', url: ACCOUNT_DELETION_URL, headers: { cookie: f.owner.cookie } })).json<DeletionPlan>().refusal).toBeNull();
  });
});

describe('asking for the link', () => {
  it('wants a choice for every owned memorial, and only a co-admin to hand one to', async () => {
    const f = await family();
    const ask = (payload: object) => t.request({ method: 'POST', url: ACCOUNT_DELETION_URL, headers: { cookie: f.owner.cookie }, payload });
    const missing = await ask({ memorials: [{ memorialId: f.alone.id, handTo: null }], posts: 'delete' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: deletionMessages.memorialMissing });
    const notTheirs = await ask({ ...choicesFor(f), memorials: [...choicesFor(f).memorials, { memorialId: f.other.memorial.id, handTo: null }] });
    expect(notTheirs.statusCode).toBe(400);
    const toAViewer = await ask({ ...choicesFor(f), memorials: [{ memorialId: f.shared.memorial.id, handTo: f.shared.viewer.id }, { memorialId: f.alone.id, handTo: null }] });
    expect(toAViewer.statusCode).toBe(400);
    expect(toAViewer.json()).toMatchObject({ message: deletionMessages.notCoAdmin });
    const noPostsChoice = await ask({ memorials: choicesFor(f).memorials });
    expect(noPostsChoice.statusCode).toBe(400);
    // Nothing was sent, and nothing changed.
    await t.app.deps.jobs.drain();
    expect(t.mail.messages.some((m) => m.to.includes(f.owner.email))).toBe(false);
    expect((await t.database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, f.owner.id))).length).toBe(0);
  });

  it('sends a link that only its own person can open, only the newest works, and for a day', async () => {
    const f = await family();
    const first = await askForLink(f.owner, choicesFor(f));
    const preview = await t.request({ method: 'GET', url: accountDeletionTokenUrl(first), headers: { cookie: f.owner.cookie } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<DeletionPreview>()).toMatchObject({
      memorials: [
        { name: 'Karen Holm', handToName: f.shared.coadmin.fullName },
        { name: 'Svend Holm', handToName: null },
      ],
      posts: 'anonymise',
      postCount: 1,
      invoices: 0,
    });
    // Someone else signed in is told nothing of whose link it is, and deletes nothing.
    for (const response of [
      await t.request({ method: 'GET', url: accountDeletionTokenUrl(first), headers: { cookie: f.shared.coadmin.cookie } }),
      await confirm(f.shared.coadmin, first),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: deletionMessages.linkUnknown });
    }
    expect((await t.request({ method: 'POST', url: accountDeletionTokenUrl(first) })).statusCode).toBe(401);
    expect((await confirm(f.owner, 'ikke-et-link')).statusCode).toBe(404);

    const second = await askForLink(f.owner, { ...choicesFor(f), posts: 'delete' });
    const replaced = await confirm(f.owner, first);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json()).toMatchObject({ message: deletionMessages.linkReplaced });

    t.clock.advance(24 * 60 * 60_000 + 1);
    const expired = await confirm(f.owner, second);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ message: deletionMessages.linkExpired });
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie: f.owner.cookie } })).statusCode).toBe(200);
  });

  it('refuses when the memorials changed since the link was sent, and changes nothing', async () => {
    const f = await family();
    const token = await askForLink(f.owner, choicesFor(f));
    // The co-admin it was to go to leaves.
    await t.database.db.delete(memorialMembers).where(eq(memorialMembers.userId, f.shared.coadmin.id));
    const changed = await confirm(f.owner, token);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ message: deletionMessages.changedSince });
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, f.owner.id))).toHaveLength(1);
    expect((await t.database.db.select().from(memorials).where(eq(memorials.id, f.alone.id)))[0]?.deletedAt).toBeNull();
  });
});

describe('confirming', () => {
  it('hands one memorial on, deletes the other with its files, anonymises the posts and removes the account from every table', async () => {
    const f = await family();
    const token = await askForLink(f.owner, choicesFor(f));
    const done = await confirm(f.owner, token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<DeletionReceipt>()).toEqual({ memorialsHandedOver: 1, memorialsDeleted: 1, postsAnonymised: 1, postsDeleted: 0, invoicesKept: 0 });
    expect(done.headers['set-cookie']).toMatch(/mindested_session=;|Expires=Thu, 01 Jan 1970/);

    // The co-admin owns the first memorial now.
    const members = await t.database.db.select().from(memorialMembers).where(eq(memorialMembers.memorialId, f.shared.memorial.id));
    expect(members.find((member) => member.userId === f.shared.coadmin.id)?.role).toBe('owner');
    // The second is gone with its files; its address says so.
    expect(await t.database.db.select().from(memorials).where(eq(memorials.id, f.alone.id))).toHaveLength(0);
    expect(await t.app.deps.storage.head(`memorials/${f.alone.id}/media/foto/original.jpg`)).toBeNull();
    expect((await t.request({ method: 'GET', url: `/api/memorials/${f.alone.slug}` })).statusCode).toBe(410);
    // The candle stays on the other family's page, with no name.
    const [candle] = await t.database.db.select().from(memorialPosts).where(eq(memorialPosts.memorialId, f.other.memorial.id));
    expect(candle).toMatchObject({ name: ANONYMOUS_NAME, authorId: null, message: 'Tak for alt' });

    // The account is gone: no row anywhere points at it, its session is over, its password opens nothing.
    expect(await t.database.db.select().from(users).where(eq(users.id, f.owner.id))).toHaveLength(0);
    expect(await rowsPointingAt(f.owner.id)).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie: f.owner.cookie } })).statusCode).toBe(401);
    const login = await t.request({ method: 'POST', url: '/api/login', payload: { username: f.owner.username, password: DEFAULT_PASSWORD } });
    expect(login.statusCode).toBe(401);

    // The log keeps counts and when, nothing of the person.
    const [log] = await t.database.db.select().from(accountDeletions).where(eq(accountDeletions.tokenHash, hashToken(token)));
    expect(log).toMatchObject({ userId: null, choices: null, receipt: { memorialsHandedOver: 1, memorialsDeleted: 1, postsAnonymised: 1 } });
    expect(log!.doneAt).not.toBeNull();

    // The receipt, by e-mail.
    await t.app.deps.jobs.drain();
    const receipt = await t.mail.waitFor((m) => m.to.includes(f.owner.email) && m.subject === 'Din konto hos Mindested er slettet');
    expect(receipt.text).toContain('1 mindeside er givet videre til den medadministrator, du valgte.');
    expect(receipt.text).toContain('1 mindeside er slettet med billeder, videoer og musik.');
    expect(receipt.text).not.toContain('Karen Holm');

    // The link again, by anyone: used.
    const again = await confirm(f.shared.coadmin, token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ message: deletionMessages.linkUsed });
  });

  it('keeps orders and invoices for the bookkeeping law on a nameless account, and deletes the posts when asked', async () => {
    const person = await signedInPerson(t, 'Poul Faktura');
    const other = await castMemorial(t, { name: 'Erna Faktura' });
    const greeting = await t.request({ method: 'POST', url: `/api/memorials/${other.memorial.id}/candles`, headers: { cookie: person.cookie }, payload: { name: 'Poul', message: 'Hvil i fred' } });
    expect(greeting.statusCode, greeting.body).toBe(201);
    const [order] = await t.database.db
      .insert(orders)
      .values({
        kind: 'premium',
        status: 'paid',
        userId: person.id,
        paymentMethod: 'card',
        idempotencyKey: `key-${person.id}`,
        totalOre: 49_900,
        buyerName: person.fullName,
        buyerEmail: person.email,
        details: {} as never,
      })
      .returning();
    await t.database.db.insert(invoices).values({
      number: 900_000 + Math.floor(Math.random() * 90_000),
      kind: 'invoice',
      orderId: order!.id,
      userId: person.id,
      status: 'paid',
      totalOre: 49_900,
      issuedAt: t.clock.now(),
      dueAt: t.clock.now(),
      document: {} as never,
    });

    const token = await askForLink(person, { memorials: [], posts: 'delete' });
    const done = await confirm(person, token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<DeletionReceipt>()).toEqual({ memorialsHandedOver: 0, memorialsDeleted: 0, postsAnonymised: 0, postsDeleted: 1, invoicesKept: 1 });

    expect(await t.database.db.select().from(memorialPosts).where(eq(memorialPosts.memorialId, other.memorial.id))).toHaveLength(0);
    const [stub] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(stub).toMatchObject({ fullName: 'Slettet konto', username: `slettet-${person.id}`, email: `slettet-${person.id}@slettet.invalid` });
    expect(stub!.disabledAt).not.toBeNull();
    // Only the bookkeeping points at it.
    expect(await rowsPointingAt(person.id)).toEqual(['invoices.user_id', 'orders.user_id']);
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie: person.cookie } })).statusCode).toBe(401);

    await t.app.deps.jobs.drain();
    const receipt = await t.mail.waitFor((m) => m.to.includes(person.email) && m.subject === 'Din konto hos Mindested er slettet');
    expect(receipt.text).toContain('1 faktura gemmer vi i 5 år fra udgangen af regnskabsåret, som bogføringsloven kræver.');
  });
});
