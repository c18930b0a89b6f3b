/**
 * A large memorial's archive, made in the background (shared/memorial-archive.ts says why): the
 * request is a row and a job written in one transaction (lib/jobs.ts, the outbox), the job streams
 * the ZIP straight into the storage (memorials/<id>/archive/<archive>.zip, never whole in memory)
 * and, in the transaction that marks it ready, queues the e-mail to the person who asked. The file
 * is kept ARCHIVE_KEPT_DAYS for the memorial's administrators to download and then removed by the
 * daily purge; it goes at once with the memorial's own folder when the memorial is purged.
 *
 * A job that fails is retried by the queue with back-off; what went wrong is kept on the row for
 * staff. One still waiting after ARCHIVE_STALE_MINUTES is shown to the family as failed, and they
 * may ask again. Two instances never make one archive at once (the queue's SKIP LOCKED); a job that
 * runs again after a crash writes the same key again.
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import { danishLongDate } from '../../shared/danish-dates';
import { ARCHIVE_KEPT_DAYS, ARCHIVE_MESSAGES, ARCHIVE_STALE_MINUTES, type BackgroundArchive } from '../../shared/memorial-archive';
import { memorialTitle } from '../../shared/memorials';
import { letter } from '../auth/mail';
import type { Db } from '../db/connection';
import { memorialArchives, memorials, users } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, notFound } from '../lib/errors';
import { type JobHandler, enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { archiveAccess, archiveContent } from './memorial-content';
import { memorialArchiveZip, memorialPageUrl } from './memorial-zip';

export const MAKE_ARCHIVE = 'memorial-archive.make';
export const PURGE_ARCHIVES = 'privacy.purge-memorial-archives';

const DAY_MS = 24 * 60 * 60_000;

type Row = typeof memorialArchives.$inferSelect;

/** The row as the family sees it: a waiting one gone stale is a failed one. */
export function presentArchive(row: Row, now: Date): BackgroundArchive {
  const stale = row.state === 'waiting' && now.getTime() - row.requestedAt.getTime() > ARCHIVE_STALE_MINUTES * 60_000;
  return {
    state: stale ? 'failed' : row.state,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    bytes: row.bytes,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** The memorial's newest background archive, or null. */
export async function latestArchive(db: Db, memorialId: string): Promise<Row | null> {
  const [row] = await db.select().from(memorialArchives).where(eq(memorialArchives.memorialId, memorialId)).orderBy(desc(memorialArchives.requestedAt)).limit(1);
  return row ?? null;
}

/** Asks for the archive; one already on its way (not stale) is answered instead of a second. */
export async function requestArchive(deps: Deps, idOrSlug: string, userId: string): Promise<BackgroundArchive> {
  const memorialId = await archiveAccess(deps.db, idOrSlug, userId);
  const now = deps.now();
  const latest = await latestArchive(deps.db, memorialId);
  if (latest && presentArchive(latest, now).state === 'waiting') return presentArchive(latest, now);
  const row = await deps.db.transaction(async (tx) => {
    const id = crypto.randomUUID();
    const [inserted] = await tx
      .insert(memorialArchives)
      .values({ id, memorialId, requestedBy: userId, storageKey: `memorials/${memorialId}/archive/${id}.zip`, requestedAt: now })
      .returning();
    await enqueue(tx, MAKE_ARCHIVE, { archiveId: id }, now);
    return inserted!;
  });
  deps.jobs.wake();
  return presentArchive(row, now);
}

/** The finished archive an administrator may download now; 404 in Danish when there is none. */
export async function readyArchive(deps: Deps, idOrSlug: string, userId: string): Promise<{ row: Row; slug: string }> {
  const memorialId = await archiveAccess(deps.db, idOrSlug, userId);
  const latest = await latestArchive(deps.db, memorialId);
  if (!latest || latest.state !== 'ready' || !latest.expiresAt || latest.expiresAt <= deps.now()) throw notFound(ARCHIVE_MESSAGES.notReady);
  const [memorial] = await deps.db.select({ slug: memorials.slug }).from(memorials).where(eq(memorials.id, memorialId));
  return { row: latest, slug: memorial!.slug };
}

function readyMail({ to, name, memorialName, link, expiresAt }: { to: string; name: string; memorialName: string; link: string; expiresAt: Date }) {
  const until = danishLongDate(expiresAt);
  return letter({
    to,
    subject: `Arkivet af mindesiden for ${memorialName} er klar`,
    name,
    before: [
      `Arkivet af mindesiden for ${memorialName}, som du bestilte, er klar til at blive hentet.`,
      `Log ind, og hent det under "Hent mindesiden som arkiv" på mindesidens redigeringsside. Det kan hentes til og med ${until}; derefter sletter vi filen, men du kan altid bestille et nyt.`,
    ],
    button: { text: 'Hent arkivet', link },
    after: 'Pak ZIP-filen ud, og åbn index.html. Så kan mindesiden ses på din egen computer, også uden internet.',
  });
}

async function markFailed(deps: Pick<Deps, 'db'>, id: string, error: string) {
  await deps.db.update(memorialArchives).set({ state: 'failed', error }).where(eq(memorialArchives.id, id));
}

/** The job: makes the archive into the storage as the person who asked, then tells them. */
export function makeArchiveJob(deps: () => Deps): JobHandler {
  return async (payload) => {
    const d = deps();
    const { archiveId } = payload as { archiveId: string };
    const [row] = await d.db.select().from(memorialArchives).where(eq(memorialArchives.id, archiveId));
    if (!row || row.state !== 'waiting') return;
    if (!row.requestedBy) return markFailed(d, row.id, 'the account that asked was deleted');
    let content;
    try {
      content = await archiveContent(d, row.memorialId, row.requestedBy);
    } catch (error) {
      // No longer an administrator (or the memorial is gone): nothing to make, nobody to tell.
      if (error instanceof HttpError && error.statusCode < 500) return markFailed(d, row.id, `refused: ${error.message}`);
      throw error;
    }
    const madeAt = d.now();
    try {
      const zip = memorialArchiveZip(d, content, { madeAt, pageUrl: memorialPageUrl(d, content.memorial.slug) });
      const { bytes } = await d.storage.put(row.storageKey, zip, { contentType: 'application/zip' });
      const [account] = await d.db.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, row.requestedBy));
      const readyAt = d.now();
      const expiresAt = new Date(readyAt.getTime() + ARCHIVE_KEPT_DAYS * DAY_MS);
      await d.db.transaction(async (tx) => {
        await tx.update(memorialArchives).set({ state: 'ready', bytes, readyAt, expiresAt, error: null }).where(eq(memorialArchives.id, row.id));
        if (account) {
          const link = `${d.config.BASE_URL}/edit-memorial/${encodeURIComponent(content.memorial.slug)}#arkiv`;
          await enqueue(tx, SEND_MAIL, readyMail({ to: account.email, name: account.fullName, memorialName: memorialTitle(content.memorial), link, expiresAt }), readyAt);
        }
      });
      d.jobs.wake();
    } catch (error) {
      // Kept for staff; the queue tries again with back-off.
      await d.db.update(memorialArchives).set({ error: error instanceof Error ? error.message : String(error) }).where(eq(memorialArchives.id, row.id));
      throw error;
    }
  };
}

/** Finished archives past their days: the file goes, the row stays as 'expired'. Returns how many. */
export async function purgeExpiredArchives(deps: Pick<Deps, 'db' | 'storage'>, at: Date): Promise<number> {
  const due = await deps.db
    .select({ id: memorialArchives.id, key: memorialArchives.storageKey })
    .from(memorialArchives)
    .where(and(eq(memorialArchives.state, 'ready'), lte(memorialArchives.expiresAt, at)));
  for (const { id, key } of due) {
    // The file first: a failure leaves the row 'ready', and tomorrow's run tries again.
    await deps.storage.delete(key);
    await deps.db.update(memorialArchives).set({ state: 'expired' }).where(eq(memorialArchives.id, id));
  }
  return due.length;
}
