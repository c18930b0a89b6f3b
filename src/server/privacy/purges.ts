/**
 * What /privacy ("Hvor længe vi gemmer oplysningerne") and /cookies promise about how long things
 * are kept, done by the code: each rule is one function that removes what is due as of a moment
 * and says how much it removed. The server runs them once a day (PURGE_RUNS, lib/daily.ts); the
 * limits' addresses go on every maintenance tick instead, because the page promises "under an hour"
 * for them; `npm run cli -- purge --now <time>` runs them all at once (runAllPurges).
 */
import { PURGE_ARCHIVES, purgeExpiredArchives } from '../archive/memorial-background';
import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { CONSENT_VALIDITY_MONTHS } from '../../shared/consent';
import { RESTORE_DAYS } from '../../shared/memorials';
import type { Tx } from '../db/connection';
import { consentRecords, contactMessages, memorialPosts, memorials, qrCodes, rateLimits, sessions } from '../db/schema';
import type { Deps } from '../deps';
import type { DailyRun } from '../lib/daily';
import type { JobHandler } from '../lib/jobs';
import { purgeRemovedTreePeople } from '../family-tree/purge';
import { folderOfPhoto } from '../posts/photo';
import { tryMoveCode } from '../qr/lifecycle';
import { retireAddress } from '../memorials/addresses';
import { sweepAbandonedUploads } from '../lib/uploads-in-progress';

const DAY_MS = 24 * 60 * 60_000;

/** A sender's messages to us are kept this long after their latest one (/privacy). */
export const CONTACT_KEPT_YEARS = 2;

export type PurgeDeps = Pick<Deps, 'db' | 'storage' | 'config'> & Partial<Pick<Deps, 'memorialChanged'>>;

export interface PurgedMemorials {
  memorials: number;
  /** Files removed from the storage: gallery items and memory photos, every variant counted. */
  files: number;
  /** QR codes that opened a purged memorial and now open nothing (or only their other memorial). */
  codesReleased: number;
}

const monthsBefore = (at: Date, months: number) => {
  const before = new Date(at);
  before.setUTCMonth(before.getUTCMonth() - months);
  return before;
};

/**
 * A deleted memorial can be restored for RESTORE_DAYS (memorials/service.ts answers 410 after);
 * after that it is deleted for ever, as the edit page's delete section says: its files, then its
 * row, whose foreign keys take members, media rows, posts (with their notifications and e-mail
 * decision links), statistics and invitations with it.
 */
export async function purgeDeletedMemorials(deps: PurgeDeps, at: Date): Promise<PurgedMemorials> {
  const cutoff = new Date(at.getTime() - RESTORE_DAYS * DAY_MS);
  const due = await deps.db
    .select({ id: memorials.id })
    .from(memorials)
    .where(and(isNotNull(memorials.deletedAt), sql`${memorials.deletedAt} < ${cutoff.toISOString()}::timestamptz`));
  const purged: PurgedMemorials = { memorials: 0, files: 0, codesReleased: 0 };
  for (const { id } of due) {
    const done = await purgeMemorial(deps, id, at, cutoff);
    if (!done) continue;
    purged.memorials += 1;
    purged.files += done.files;
    purged.codesReleased += done.codesReleased;
  }
  return purged;
}

/**
 * One deleted memorial, deleted before `deletedBefore`, gone for ever: the daily purge's step, and
 * an account deletion's (account-deletion.ts) for the memorials its owner chose to delete at once.
 * Null when the memorial is not (or no longer) due: restored, or purged by someone else meanwhile.
 */
export async function purgeMemorial(deps: PurgeDeps, id: string, at: Date, deletedBefore: Date): Promise<{ files: number; codesReleased: number } | null> {
  // Files first: if the rows went first and removing the files failed, nothing would point to the
  // files any more and no later run could find them. This way a failure leaves the row, and
  // tomorrow's run tries again. Nothing can add files meanwhile: a deleted memorial takes no
  // uploads, and once due it cannot be restored.
  const files = await deps.storage.deletePrefix(`memorials/${id}/`);
  const released = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ deletedAt: memorials.deletedAt, slug: memorials.slug, privacy: memorials.privacy }).from(memorials).where(eq(memorials.id, id)).for('update');
    if (!row?.deletedAt || row.deletedAt >= deletedBefore) return null;
    const released = await releaseCodes(tx, id, at);
    // Its address stays taken and says "deleted" to whoever comes by it (memorials/addresses.ts);
    // the deletion of the row lets go of the memorial. A private memorial's random address was
    // known only to its members, and keeping it would keep a trace of a page no one else saw.
    if (row.privacy !== 'private') await retireAddress(tx, id, row.slug, at);
    await tx.delete(memorials).where(eq(memorials.id, id));
    return released;
  });
  if (released === null) return null;
  deps.memorialChanged?.(id);
  return { files, codesReleased: released };
}

/**
 * qr_codes refuses to lose a memorial from under a code (onDelete restrict): the stone's code is
 * taken off the memorial as an unlink would (docs/decisions/0015), one step in its event log with
 * no actor (the system). A code that opened only this memorial goes back to `claimed`, still held
 * by its family, who may link it to a new page; a shared stone's code keeps opening the other.
 */
async function releaseCodes(tx: Tx, memorialId: string, at: Date): Promise<number> {
  const codes = await tx
    .select()
    .from(qrCodes)
    .where(or(eq(qrCodes.memorialId, memorialId), eq(qrCodes.secondMemorialId, memorialId)))
    .for('update');
  const detail = { purgedMemorialId: memorialId, note: `Mindesiden blev slettet for altid ${RESTORE_DAYS} dage efter, at den blev slettet.` };
  for (const code of codes) {
    const other = code.memorialId === memorialId ? code.secondMemorialId : code.memorialId;
    const moved = await tryMoveCode(tx, {
      code: code.code,
      from: code.status,
      to: other ? 'linked' : 'claimed',
      actorId: null,
      at,
      set: { memorialId: other, secondMemorialId: null },
      detail,
    });
    // The rows are locked: this cannot happen, and if it did the memorial's row must stay.
    if (!moved) throw new Error(`QR code ${code.code} moved while its memorial was purged`);
  }
  return codes.length;
}

/**
 * "Afviser familien et indlæg, slettes det": a rejected post is listed to the family under "Afvist"
 * until the next daily run, then removed. Its photo's files went when it was rejected
 * (posts/service.ts moderate); one still named here (a removal that failed) goes now.
 */
export async function purgeRejectedPosts(deps: PurgeDeps, at: Date): Promise<number> {
  const rejected = and(eq(memorialPosts.status, 'rejected'), lte(memorialPosts.decidedAt, at));
  const withPhotos = await deps.db.select({ photo: memorialPosts.photo }).from(memorialPosts).where(and(rejected, isNotNull(memorialPosts.photo)));
  for (const { photo } of withPhotos) if (photo) await deps.storage.deletePrefix(folderOfPhoto(photo));
  const removed = await deps.db.delete(memorialPosts).where(rejected).returning({ id: memorialPosts.id });
  return removed.length;
}

/**
 * The limits' counters hold an IP address (or an account name) in their key, kept "only as long as
 * the limit applies" (/privacy): a window has ended once RATE_LIMIT_WINDOW_MINUTES (every limit's
 * window) has passed since it began, and an ended window counts nothing (lib/rate-limit.ts starts
 * it afresh), so removing it changes no answer.
 */
export async function purgeLimitRows(deps: Pick<PurgeDeps, 'db' | 'config'>, at: Date): Promise<number> {
  const ended = new Date(at.getTime() - deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000);
  const removed = await deps.db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} <= ${ended.toISOString()}::timestamptz`)
    .returning({ key: rateLimits.key });
  return removed.length;
}

/**
 * Messages to us are kept CONTACT_KEPT_YEARS after the sender's latest one, "so we can see the
 * thread if you write again": a sender is the e-mail address (stored in lower case), and all their
 * threads go together once the newest message in any of them (theirs or our reply) is that old.
 */
export async function purgeContactMessages(deps: Pick<PurgeDeps, 'db'>, at: Date): Promise<number> {
  const cutoff = monthsBefore(at, CONTACT_KEPT_YEARS * 12);
  const quietSenders = deps.db
    .select({ email: contactMessages.email })
    .from(contactMessages)
    .groupBy(contactMessages.email)
    .having(sql`max(${contactMessages.lastActivityAt}) < ${cutoff.toISOString()}::timestamptz`);
  const removed = await deps.db.delete(contactMessages).where(inArray(contactMessages.email, quietSenders)).returning({ id: contactMessages.id });
  return removed.length;
}

/**
 * A consent to optional cookies lasts CONSENT_VALIDITY_MONTHS, then we ask again (/cookies), and its
 * record goes. The record of the necessary cookies is kept as long as the account exists; a visitor
 * without an account has only the browser's visitor cookie, which lasts as long as a consent, so
 * their record goes after the same months.
 */
export async function purgeConsentRecords(deps: Pick<PurgeDeps, 'db'>, at: Date): Promise<number> {
  const cutoff = monthsBefore(at, CONSENT_VALIDITY_MONTHS);
  const removed = await deps.db
    .delete(consentRecords)
    .where(
      and(
        sql`${consentRecords.recordedAt} < ${cutoff.toISOString()}::timestamptz`,
        or(ne(consentRecords.purpose, 'necessary'), isNull(consentRecords.userId)),
      ),
    )
    .returning({ id: consentRecords.id });
  return removed.length;
}

/**
 * "Login: din session udløber efter 30 dage": an expired session opens nothing already
 * (auth/sessions.ts), and its row, which says who was signed in when, goes with it.
 */
export async function purgeExpiredSessions(deps: Pick<PurgeDeps, 'db'>, at: Date): Promise<number> {
  const removed = await deps.db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= ${at.toISOString()}::timestamptz`)
    .returning({ userId: sessions.userId });
  return removed.length;
}

export interface PurgeReport extends PurgedMemorials {
  rejectedPosts: number;
  removedTreePeople: number;
  limitRows: number;
  contactMessages: number;
  consentRecords: number;
  expiredSessions: number;
  memorialArchives: number;
  /** Folders of uploads a killed server left half-stored (lib/uploads-in-progress.ts). */
  abandonedUploads: number;
}

/** Every purge as of `at`, for the CLI (an operator, or a test from outside). */
export async function runAllPurges(deps: PurgeDeps, at: Date): Promise<PurgeReport> {
  return {
    ...(await purgeDeletedMemorials(deps, at)),
    rejectedPosts: await purgeRejectedPosts(deps, at),
    removedTreePeople: await purgeRemovedTreePeople(deps, at),
    limitRows: await purgeLimitRows(deps, at),
    contactMessages: await purgeContactMessages(deps, at),
    consentRecords: await purgeConsentRecords(deps, at),
    expiredSessions: await purgeExpiredSessions(deps, at),
    memorialArchives: await purgeExpiredArchives(deps, at),
    abandonedUploads: await sweepAbandonedUploads(deps, at),
  };
}

export const PURGE_MEMORIALS = 'privacy.purge-memorials';
export const PURGE_REJECTED_POSTS = 'privacy.purge-rejected-posts';
export const PURGE_TREE_PEOPLE = 'privacy.purge-removed-tree-people';
export const PURGE_CONTACT_MESSAGES = 'privacy.purge-contact-messages';
export const PURGE_CONSENT_RECORDS = 'privacy.purge-consent-records';
export const PURGE_EXPIRED_SESSIONS = 'privacy.purge-expired-sessions';

/** At 4 in the night, Danish time: after the jobs' own prune (3), before anyone's morning. */
export const PURGE_RUNS: DailyRun[] = [
  { name: 'purge-memorials', kind: PURGE_MEMORIALS, hour: 4 },
  { name: 'purge-rejected-posts', kind: PURGE_REJECTED_POSTS, hour: 4 },
  { name: 'purge-removed-tree-people', kind: PURGE_TREE_PEOPLE, hour: 4 },
  { name: 'purge-contact-messages', kind: PURGE_CONTACT_MESSAGES, hour: 4 },
  { name: 'purge-consent-records', kind: PURGE_CONSENT_RECORDS, hour: 4 },
  { name: 'purge-expired-sessions', kind: PURGE_EXPIRED_SESSIONS, hour: 4 },
  { name: 'purge-memorial-archives', kind: PURGE_ARCHIVES, hour: 4 },
];

/**
 * The job handlers of PURGE_RUNS. `deps` is asked for when a job runs (app.ts builds the job runner
 * before the rest of its deps). Each logs what it removed, zero included: the log shows it ran.
 */
export function purgeJobs(deps: () => PurgeDeps & Pick<Deps, 'now' | 'log'>): Record<string, JobHandler> {
  const job = (name: string, purge: (d: PurgeDeps, at: Date) => Promise<number | PurgedMemorials>): JobHandler => async () => {
    const d = deps();
    const result = await purge(d, d.now());
    d.log.info({ purge: name, ...(typeof result === 'number' ? { removed: result } : result) }, `purge: ${name}`);
  };
  return {
    [PURGE_MEMORIALS]: job('deleted memorials', purgeDeletedMemorials),
    [PURGE_REJECTED_POSTS]: job('rejected posts', purgeRejectedPosts),
    [PURGE_TREE_PEOPLE]: job('removed family tree people', purgeRemovedTreePeople),
    [PURGE_CONTACT_MESSAGES]: job('contact messages', purgeContactMessages),
    [PURGE_CONSENT_RECORDS]: job('consent records', purgeConsentRecords),
    [PURGE_EXPIRED_SESSIONS]: job('expired sessions', purgeExpiredSessions),
    [PURGE_ARCHIVES]: job('expired memorial archives', purgeExpiredArchives),
  };
}
