/**
 * E-mail to memorial administrators about new posts. The notifications table is the outbox: a row
 * with a post_id and no mailed_at is still to be e-mailed. leavePost writes those rows in the one
 * statement that keeps All Saints' evening fast; everything about e-mail happens here, later:
 *
 * - sweepPostMails (every job-runner tick, every instance): the rows of people who chose
 *   "immediate" are claimed (FOR UPDATE SKIP LOCKED, then marked mailed in the same transaction)
 *   and become ONE mail per person, queued as a SEND_MAIL job in that transaction. People who
 *   chose "off" have their rows settled without mail; "digest" rows wait for the digest.
 * - sendPostDigest (the POST_DIGEST job, queued once a day by lib/daily.ts): the same for people
 *   who chose the daily digest, with an unsubscribe link. A second run finds nothing left.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PostKind, PostStatus } from '../../shared/posts-api';
import type { Tx } from '../db/connection';
import { inTurn } from '../db/in-turn';
import { memorialMembers, memorialPosts, memorials, notifications, postDecisionTokens, users } from '../db/schema';
import type { Deps } from '../deps';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { hashToken, newToken } from '../lib/tokens';
import { LISTED_PER_MEMORIAL, type MailedMemorial, type MailedPost, postLetter } from './post-mail-letter';
import { unsubscribeToken } from './unsubscribe-token';

/** The daily job's kind (lib/daily.ts queues it with `{ day }`). */
export const POST_DIGEST = 'posts.digest';

/** A decision link works this long: long enough for a family that reads mail once a week. */
export const DECISION_TOKEN_DAYS = 14;

/**
 * An immediate mail waits until a person's new posts have been quiet this long, so a visitor who
 * lights a candle and then writes a greeting makes one mail, not two…
 */
export const QUIET_MS = 10_000;
/**
 * …but never longer than this: on All Saints' evening, when candles come by the hundred and it is
 * never quiet, each administrator gets at most one mail per this interval, listing them all.
 */
export const MAX_WAIT_MS = 5 * 60_000;

/** People handled per transaction: keeps each one short, however many are due. */
const PEOPLE_PER_BATCH = 50;

interface Claimed {
  userId: string;
  postId: string;
}

/** Rows of `people` still unmailed, locked and marked mailed. Rows another instance holds are skipped. */
async function claimRows(tx: Tx, at: Date, people: string[]): Promise<Claimed[]> {
  if (people.length === 0) return [];
  const result = (await tx.execute(sql`
    update ${notifications} set mailed_at = ${at.toISOString()}::timestamptz
    where id in (
      select id from ${notifications}
      where mailed_at is null and post_id is not null
        and user_id in (${sql.join(people.map((id) => sql`${id}::uuid`), sql`, `)})
      for update skip locked
    )
    returning user_id, post_id`)) as unknown as { rows: { user_id: string; post_id: string }[] };
  return result.rows.map((row) => ({ userId: row.user_id, postId: row.post_id }));
}

/**
 * Turns claimed rows into one queued mail per person, with fresh decision links for each waiting
 * post listed. Posts someone already rejected or hid, and memorials the person no longer looks
 * after (or that were deleted), are left out; a person with nothing left gets no mail.
 */
async function queueMails(deps: Deps, tx: Tx, at: Date, claimed: Claimed[], kind: 'immediate' | 'digest'): Promise<number> {
  if (claimed.length === 0) return 0;
  const postIds = [...new Set(claimed.map((row) => row.postId))];
  const userIds = [...new Set(claimed.map((row) => row.userId))];
  const [posts, people, roles] = await inTurn(
    () => tx
      .select({
        id: memorialPosts.id,
        kind: memorialPosts.kind,
        status: memorialPosts.status,
        name: memorialPosts.name,
        message: memorialPosts.message,
        createdAt: memorialPosts.createdAt,
        memorialId: memorials.id,
        memorialName: memorials.name,
        slug: memorials.slug,
        deletedAt: memorials.deletedAt,
      })
      .from(memorialPosts)
      .innerJoin(memorials, eq(memorials.id, memorialPosts.memorialId))
      .where(inArray(memorialPosts.id, postIds)),
    () => tx.select().from(users).where(inArray(users.id, userIds)),
    () => tx
      .select({ userId: memorialMembers.userId, memorialId: memorialMembers.memorialId })
      .from(memorialMembers)
      .where(and(inArray(memorialMembers.userId, userIds), inArray(memorialMembers.role, ['owner', 'coadmin']))),
  );
  const postById = new Map(posts.map((post) => [post.id, post]));
  const isAdmin = new Set(roles.map((role) => `${role.userId}:${role.memorialId}`));
  const base = deps.config.BASE_URL;
  const expiresAt = new Date(at.getTime() + DECISION_TOKEN_DAYS * 24 * 60 * 60_000);
  let queued = 0;

  for (const person of people) {
    // Per memorial, in the order the posts came in.
    const byMemorial = new Map<string, { name: string; slug: string; posts: NonNullable<ReturnType<typeof postById.get>>[] }>();
    for (const row of claimed) {
      if (row.userId !== person.id) continue;
      const post = postById.get(row.postId);
      if (!post || post.deletedAt || !isAdmin.has(`${person.id}:${post.memorialId}`)) continue;
      if (post.status !== 'pending' && post.status !== 'approved') continue;
      const group = byMemorial.get(post.memorialId) ?? { name: post.memorialName, slug: post.slug, posts: [] };
      group.posts.push(post);
      byMemorial.set(post.memorialId, group);
    }
    if (byMemorial.size === 0) continue;

    const tokens: (typeof postDecisionTokens.$inferInsert)[] = [];
    const link = (postId: string, action: 'approve' | 'reject') => {
      const token = newToken(deps.randomBytes);
      tokens.push({ tokenHash: hashToken(token), postId, userId: person.id, action, createdAt: at, expiresAt });
      return `${base}/post-decision/${token}`;
    };
    const mailed: MailedMemorial[] = [...byMemorial.values()].map((group) => {
      // Waiting ones first (they need the reader), each kind of list oldest first.
      const sorted = [...group.posts].sort((a, b) => Number(a.status !== 'pending') - Number(b.status !== 'pending') || a.createdAt.getTime() - b.createdAt.getTime());
      const listed = sorted.slice(0, LISTED_PER_MEMORIAL);
      return {
        name: group.name,
        adminLink: `${base}/memorial/${group.slug}/admin`,
        more: sorted.length - listed.length,
        posts: listed.map(
          (post): MailedPost => ({
            kind: post.kind as PostKind,
            status: post.status as PostStatus,
            name: post.name,
            message: post.message,
            createdAt: post.createdAt,
            links: post.status === 'pending' ? { approve: link(post.id, 'approve'), reject: link(post.id, 'reject') } : null,
          }),
        ),
      };
    });
    if (tokens.length > 0) await tx.insert(postDecisionTokens).values(tokens);
    const unsubscribe = kind === 'digest' ? unsubscribeToken(person) : null;
    const message = postLetter({
      to: person.email,
      name: person.fullName,
      kind,
      memorials: mailed,
      profileLink: `${base}/profile?tab=email`,
      ...(unsubscribe ? { unsubscribeLink: `${base}/unsubscribe/${unsubscribe}`, oneClickUnsubscribe: `${base}/api/unsubscribe/${unsubscribe}` } : {}),
    });
    await enqueue(tx, SEND_MAIL, message, at);
    queued += 1;
  }
  return queued;
}

/** People with unmailed rows who chose `choice`; for "immediate", only those whose posts are due (QUIET_MS, MAX_WAIT_MS). */
async function duePeople(tx: Tx, at: Date, choice: 'immediate' | 'digest'): Promise<string[]> {
  const due =
    choice === 'immediate'
      ? sql`having max(n.created_at) <= ${new Date(at.getTime() - QUIET_MS).toISOString()}::timestamptz or min(n.created_at) <= ${new Date(at.getTime() - MAX_WAIT_MS).toISOString()}::timestamptz`
      : sql``;
  const result = (await tx.execute(sql`
    select n.user_id from ${notifications} n join ${users} u on u.id = n.user_id
    where n.mailed_at is null and n.post_id is not null and u.post_mails = ${choice}
    group by n.user_id ${due}
    limit ${PEOPLE_PER_BATCH}`)) as unknown as { rows: { user_id: string }[] };
  return result.rows.map((row) => row.user_id);
}

async function sendBatch(deps: Deps, choice: 'immediate' | 'digest'): Promise<{ more: boolean; mails: number }> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const people = await duePeople(tx, at, choice);
    const claimed = await claimRows(tx, at, people);
    // A full batch may have left people for the next; none claimed means another instance holds them.
    return { more: people.length === PEOPLE_PER_BATCH && claimed.length > 0, mails: await queueMails(deps, tx, at, claimed, choice) };
  });
}

/**
 * The immediate mails that are due, and the rows of people who want none settled. Cheap when there
 * is nothing to do: the partial index notifications_unmailed_idx holds only the outbox.
 * Resolves with how many mails were queued.
 */
export async function sweepPostMails(deps: Deps): Promise<number> {
  const at = deps.now();
  await deps.db.execute(sql`
    update ${notifications} n set mailed_at = ${at.toISOString()}::timestamptz
    from ${users} u
    where u.id = n.user_id and u.post_mails = 'off' and n.mailed_at is null and n.post_id is not null`);
  let mails = 0;
  for (;;) {
    const batch = await sendBatch(deps, 'immediate');
    mails += batch.mails;
    if (!batch.more) return mails;
  }
}

/** The daily digest: one mail per person who chose it and has anything new. Resolves with how many were queued. */
export async function sendPostDigest(deps: Deps): Promise<number> {
  let mails = 0;
  for (;;) {
    const batch = await sendBatch(deps, 'digest');
    mails += batch.mails;
    if (!batch.more) return mails;
  }
}
