/**
 * A person deletes their own account (/gdpr-data-request, GDPR article 17; issue 26). They choose
 * what becomes of each memorial they own (handed to a co-admin, or deleted with its files) and of
 * their candles, greetings and memories (anonymised or deleted); an e-mailed link, opened while
 * signed in as the same person, confirms. Then, in one transaction: the memorials move or go, the
 * posts are anonymised or go, every other row that points at the account is removed or let go of as
 * its foreign key says, and the account row is deleted, or, where the bookkeeping law keeps orders
 * and invoices pointing at it, emptied of everything that names the person. The request's row stays
 * as the log, in counts; the person gets a receipt by e-mail.
 */
import { and, count, eq, inArray, isNotNull, isNull, notInArray, or } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  ANONYMOUS_NAME,
  DELETION_LINK_HOURS,
  type DeletionPlan,
  type DeletionPreview,
  type DeletionReceipt,
  type DeletionRequestBody,
  type DeletionRequestSent,
  accountDeletionPage,
  deletionMessages,
} from '../../shared/account-deletion';
import type { Db, Tx } from '../db/connection';
import {
  accountDeletions,
  contactMessages,
  invoices,
  memorialInvitations,
  memorialMembers,
  memorialPosts,
  memorials,
  orders,
  resellers,
  subscriptions,
  users,
} from '../db/schema';
import type { Deps } from '../deps';
import type { UserRow } from '../auth/sessions';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { hashToken, newToken } from '../lib/tokens';
import { folderOfPhoto } from '../posts/photo';
import type { StoredPostPhoto } from '../db/schema/posts';
import { deletionLinkMail, deletionReceiptMail } from './account-deletion-mail';
import { ACCOUNT_REFERENCES } from './account-references';
import { purgeMemorial } from './purges';

const HOUR_MS = 60 * 60_000;
/** A subscription Stripe may still charge: not ended, and not set to end with its period. */
const ENDED_SUBSCRIPTION = ['canceled', 'incomplete_expired'];

/** Why this account cannot delete itself here, or null. */
async function refusalFor(db: Db | Tx, user: Pick<UserRow, 'id' | 'role'>): Promise<string | null> {
  // A reseller's codes and a staff member's work are the business's records: closed by us, by hand.
  if (user.role !== 'user') return deletionMessages.refusedRole;
  const [reseller] = await db.select({ id: resellers.id }).from(resellers).where(eq(resellers.userId, user.id)).limit(1);
  if (reseller) return deletionMessages.refusedRole;
  const [running] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), notInArray(subscriptions.status, ENDED_SUBSCRIPTION), eq(subscriptions.cancelAtPeriodEnd, false)))
    .limit(1);
  return running ? deletionMessages.subscriptionRunning : null;
}

/** The memorials the person owns and has not deleted, with the co-admins each could go to. */
async function ownedMemorials(db: Db | Tx, userId: string) {
  const owned = await db
    .select({ id: memorials.id, name: memorials.name, slug: memorials.slug })
    .from(memorialMembers)
    .innerJoin(memorials, eq(memorials.id, memorialMembers.memorialId))
    .where(and(eq(memorialMembers.userId, userId), eq(memorialMembers.role, 'owner'), isNull(memorials.deletedAt)))
    .orderBy(memorials.name);
  const coAdmins =
    owned.length === 0
      ? []
      : await db
          .select({ memorialId: memorialMembers.memorialId, userId: users.id, fullName: users.fullName })
          .from(memorialMembers)
          .innerJoin(users, eq(users.id, memorialMembers.userId))
          .where(and(inArray(memorialMembers.memorialId, owned.map((memorial) => memorial.id)), eq(memorialMembers.role, 'coadmin')))
          .orderBy(users.fullName);
  return owned.map((memorial) => ({
    ...memorial,
    coAdmins: coAdmins.filter((admin) => admin.memorialId === memorial.id).map(({ userId, fullName }) => ({ userId, fullName })),
  }));
}

const countOf = async (db: Db | Tx, table: PgTable, where: ReturnType<typeof eq>) => {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
};

export async function deletionPlan(deps: Pick<Deps, 'db'>, user: UserRow): Promise<DeletionPlan> {
  const [refusal, owned, coAdministered, posts, invoiceCount] = await Promise.all([
    refusalFor(deps.db, user),
    ownedMemorials(deps.db, user.id),
    countOf(deps.db, memorialMembers, and(eq(memorialMembers.userId, user.id), eq(memorialMembers.role, 'coadmin'))!),
    countOf(deps.db, memorialPosts, eq(memorialPosts.authorId, user.id)),
    countOf(deps.db, invoices, eq(invoices.userId, user.id)),
  ]);
  return { refusal, owned, coAdministered, posts, invoices: invoiceCount };
}

/**
 * The choices must name every memorial the person owns, once, and only those, and hand each only to
 * one of its co-admins: checked when the link is asked for and again when it is used, since a
 * co-admin may have left or a memorial been made in between.
 */
function checkChoices(owned: Awaited<ReturnType<typeof ownedMemorials>>, choices: DeletionRequestBody, refuse: { mismatch: () => HttpError; notCoAdmin: () => HttpError }) {
  const { mismatch } = refuse;
  const chosen = new Map(choices.memorials.map((choice) => [choice.memorialId, choice.handTo]));
  if (chosen.size !== choices.memorials.length || chosen.size !== owned.length) throw mismatch();
  for (const memorial of owned) {
    if (!chosen.has(memorial.id)) throw mismatch();
    const handTo = chosen.get(memorial.id);
    if (handTo && !memorial.coAdmins.some((admin) => admin.userId === handTo)) throw refuse.notCoAdmin();
  }
}

export async function requestDeletion(deps: Deps, user: UserRow, choices: DeletionRequestBody): Promise<DeletionRequestSent> {
  const refusal = await refusalFor(deps.db, user);
  if (refusal) throw forbidden(refusal);
  checkChoices(await ownedMemorials(deps.db, user.id), choices, {
    mismatch: () => badRequest(deletionMessages.memorialMissing, 'memorials'),
    notCoAdmin: () => badRequest(deletionMessages.notCoAdmin, 'memorials'),
  });
  const token = newToken(deps.randomBytes);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + DELETION_LINK_HOURS * HOUR_MS);
  await deps.db.transaction(async (tx) => {
    // Only the newest e-mail's link works: the person may have chosen differently since.
    await tx
      .update(accountDeletions)
      .set({ replacedAt: now, choices: null })
      .where(and(eq(accountDeletions.userId, user.id), isNull(accountDeletions.doneAt), isNull(accountDeletions.replacedAt)));
    await tx.insert(accountDeletions).values({ tokenHash: hashToken(token), userId: user.id, choices, createdAt: now, expiresAt });
    await enqueue(tx, SEND_MAIL, deletionLinkMail({ to: user.email, name: user.fullName, link: `${deps.config.BASE_URL}${accountDeletionPage(token)}` }), now);
  });
  deps.jobs.wake();
  return { sentTo: user.email, expiresAt: expiresAt.toISOString() };
}

type DeletionRow = typeof accountDeletions.$inferSelect;

/**
 * The link's row, if it may be used by this person now. Someone else's link is "unknown" (it says
 * nothing of whose it is); a used one says so, whoever opens it, since its account is gone.
 */
async function usableDeletion(db: Db | Tx, token: string, userId: string, now: Date, { lock }: { lock: boolean }): Promise<DeletionRow & { choices: DeletionRequestBody }> {
  const query = db.select().from(accountDeletions).where(eq(accountDeletions.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(deletionMessages.linkUnknown);
  if (row.doneAt) throw new HttpError(410, deletionMessages.linkUsed);
  if (row.userId !== userId) throw notFound(deletionMessages.linkUnknown);
  if (row.replacedAt || !row.choices) throw new HttpError(410, deletionMessages.linkReplaced);
  if (row.expiresAt <= now) throw new HttpError(410, deletionMessages.linkExpired);
  return { ...row, choices: row.choices };
}

export async function previewDeletion(deps: Pick<Deps, 'db' | 'now'>, user: UserRow, token: string): Promise<DeletionPreview> {
  const row = await usableDeletion(deps.db, token, user.id, deps.now(), { lock: false });
  const owned = await ownedMemorials(deps.db, user.id);
  const { posts, invoices: invoiceCount } = await deletionPlan(deps, user);
  return {
    expiresAt: row.expiresAt.toISOString(),
    memorials: row.choices.memorials.map(({ memorialId, handTo }) => {
      const memorial = owned.find((each) => each.id === memorialId);
      // A memorial deleted since the link was sent: confirming will say the choices changed.
      return { name: memorial?.name ?? '', handToName: handTo ? (memorial?.coAdmins.find((admin) => admin.userId === handTo)?.fullName ?? null) : null };
    }),
    posts: row.choices.posts,
    postCount: posts,
    invoices: invoiceCount,
  };
}

/**
 * Does the deletion the link was sent for. The memorials' files and the deleted posts' photos are
 * removed after the commit (storage is not in the transaction); a failure there leaves the memorial
 * deleted, which the daily purge finishes.
 */
export async function confirmDeletion(deps: Deps, user: UserRow, token: string): Promise<DeletionReceipt> {
  const at = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const request = await usableDeletion(tx, token, user.id, at, { lock: true });
    const [account] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!account) throw notFound(deletionMessages.linkUnknown);
    const refusal = await refusalFor(tx, account);
    if (refusal) throw forbidden(refusal);
    const owned = await ownedMemorials(tx, user.id);
    // A co-admin who left, a memorial made or deleted since: the person chooses again.
    const changed = () => conflict(deletionMessages.changedSince);
    checkChoices(owned, request.choices, { mismatch: changed, notCoAdmin: changed });

    const receipt: DeletionReceipt = { memorialsHandedOver: 0, memorialsDeleted: 0, postsAnonymised: 0, postsDeleted: 0, invoicesKept: 0 };
    const toPurge: string[] = [];
    for (const { memorialId, handTo } of request.choices.memorials) {
      if (handTo) {
        // The owner's row goes first: one owner at every moment (memorial_members_one_owner_key).
        await tx.delete(memorialMembers).where(and(eq(memorialMembers.memorialId, memorialId), eq(memorialMembers.userId, user.id)));
        await tx.update(memorialMembers).set({ role: 'owner' }).where(and(eq(memorialMembers.memorialId, memorialId), eq(memorialMembers.userId, handTo)));
        receipt.memorialsHandedOver += 1;
      } else {
        await tx.update(memorials).set({ deletedAt: at }).where(eq(memorials.id, memorialId));
        toPurge.push(memorialId);
        receipt.memorialsDeleted += 1;
      }
    }
    // Memorials the person owned and had deleted already, waiting out their restore days: no one
    // could restore them once the owner is gone, so they go now too.
    const waiting = await tx
      .select({ id: memorials.id })
      .from(memorialMembers)
      .innerJoin(memorials, eq(memorials.id, memorialMembers.memorialId))
      .where(and(eq(memorialMembers.userId, user.id), eq(memorialMembers.role, 'owner'), isNotNull(memorials.deletedAt)));
    toPurge.push(...waiting.map((memorial) => memorial.id));

    const mine = eq(memorialPosts.authorId, user.id);
    let photos: StoredPostPhoto[] = [];
    if (request.choices.posts === 'delete') {
      const removed = await tx.delete(memorialPosts).where(mine).returning({ photo: memorialPosts.photo });
      photos = removed.flatMap((post) => (post.photo ? [post.photo] : []));
      receipt.postsDeleted = removed.length;
    } else {
      const anonymised = await tx.update(memorialPosts).set({ name: ANONYMOUS_NAME, authorId: null, visitorHash: null }).where(mine).returning({ id: memorialPosts.id });
      receipt.postsAnonymised = anonymised.length;
    }
    // What they wrote to us, and invitations sent to their address: they name the person.
    await tx.delete(contactMessages).where(or(eq(contactMessages.userId, user.id), eq(contactMessages.email, account.email)));
    await tx.delete(memorialInvitations).where(and(eq(memorialInvitations.email, account.email), isNull(memorialInvitations.acceptedAt)));

    receipt.invoicesKept = await countOf(tx, invoices, eq(invoices.userId, user.id));
    const kept = receipt.invoicesKept + (await countOf(tx, orders, eq(orders.userId, user.id)));
    // The log: this row, in counts. Every other request of theirs loses its choices too.
    await tx.update(accountDeletions).set({ choices: null }).where(eq(accountDeletions.userId, user.id));
    await tx.update(accountDeletions).set({ doneAt: at, receipt, userId: null }).where(eq(accountDeletions.id, request.id));
    if (kept === 0) {
      await tx.delete(users).where(eq(users.id, user.id));
    } else {
      await letGoOfAccount(tx, user.id);
      // Orders and invoices must point at a buyer for as long as the law keeps them (their own
      // copy of name and address is the record); the account row keeps nothing else of the person.
      await tx
        .update(users)
        .set({
          fullName: 'Slettet konto',
          username: `slettet-${user.id}`,
          email: `slettet-${user.id}@slettet.invalid`,
          passwordHash: '',
          disabledAt: at,
          postMails: 'off',
          anniversaryReminders: false,
          updatedAt: at,
        })
        .where(eq(users.id, user.id));
    }
    await enqueue(tx, SEND_MAIL, deletionReceiptMail({ to: account.email, name: account.fullName, receipt }), at);
    return { receipt, toPurge, photos };
  });
  deps.jobs.wake();

  for (const id of done.toPurge) {
    try {
      await purgeMemorial(deps, id, at, new Date(at.getTime() + 1));
    } catch (error) {
      deps.log.error({ err: error, memorialId: id }, 'A memorial of a deleted account could not be purged; the daily purge will');
    }
  }
  for (const photo of done.photos) {
    await deps.storage.deletePrefix(folderOfPhoto(photo)).catch((error: unknown) => deps.log.error({ err: error }, 'A deleted post photo could not be removed'));
  }
  return done.receipt;
}

/**
 * What deleting the account row would do, done while the row stays: rows that cascade go, and
 * references that would be set null are. Read from the schema, like the data download, so a table
 * added later is let go of without anyone remembering it here; orders and invoices (restrict) stay.
 */
async function letGoOfAccount(tx: Tx, userId: string) {
  for (const { table, column, key, onDelete } of ACCOUNT_REFERENCES) {
    if (onDelete === 'cascade') await tx.delete(table).where(eq(column, userId));
    else if (onDelete === 'set null') await tx.update(table).set({ [key]: null }).where(eq(column, userId));
  }
}
