/**
 * The rules of memorials: who may read and change one, addresses that stay unique, and deletion
 * that can be undone for RESTORE_DAYS. Routes (routes.ts) only parse, call and present.
 */
import { type SQL, and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { MemorialChanges, MemorialFields } from '../../shared/memorials-api';
import type { MediaItem } from '../../shared/media';
import { RESTORE_DAYS, type MemberRole, type Memorial, type MemorialSummary } from '../../shared/memorials';
import { parseCode } from '../../shared/qr-code';
import type { Db, Tx } from '../db/connection';
import { preparedQuery } from '../db/prepared';
import { memorialMedia, memorialMembers, memorials, qrCodes } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../lib/errors';
import { listMedia } from '../media/present';
import { checkThemeChoice } from '../money/premium-gates';
import { isPremium } from '../money/premium';
import { asVisitorsSeeIt, flagHiddenMedia, flagHiddenSongs } from '../../shared/premium';
import type { PublishedGreeting } from '../../shared/ai';
import type { Song } from '../../shared/music';
import { publishedGreeting } from '../ai/published';
import { listSongs } from '../music/present';
import { claimAddress, retireAddress, retiredLike } from './addresses';
import { sanitizeLifeStory } from './life-story';
import { baseSlug, isUsableSlug, privateSlug, slugCandidate } from './slug';
import type { FoundMemorial, MemorialRow } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;
const SLUG_INDEX = 'memorials_slug_key';
/** One message for "does not exist" and "not yours to see": a private memorial reveals nothing. */
export const MEMORIAL_NOT_FOUND = 'Mindesiden findes ikke, eller du har ikke adgang til den.';
/** A memorial that anyone with its address could see is gone: said so, not passed off as never having been. */
export const MEMORIAL_DELETED = 'Mindesiden er slettet og kan ikke længere ses.';

const EDITORS: MemberRole[] = ['owner', 'coadmin'];

/** The database row's columns for the fields a family sets (the resting place is spread out). */
function columnsFor(fields: Partial<MemorialFields>) {
  const { restingPlace, lifeStory, ...rest } = fields;
  return {
    ...rest,
    ...(lifeStory !== undefined ? { lifeStory: sanitizeLifeStory(lifeStory) } : {}),
    ...(restingPlace
      ? {
          cemetery: restingPlace.cemetery,
          graveSection: restingPlace.section,
          graveNumber: restingPlace.graveNumber,
          graveLatitude: restingPlace.latitude,
          graveLongitude: restingPlace.longitude,
        }
      : {}),
  };
}

/**
 * The memorial as `role` may see it: its administrators get everything, with what visitors do not
 * see without Premium flagged; anyone else gets it as visitors do (shared/premium.ts).
 */
/** What a memorial page shows besides the memorial's own row. */
export interface MemorialParts {
  media: MediaItem[];
  premium: boolean;
  music: Song[];
  greeting: PublishedGreeting | null;
}

const NO_PARTS: MemorialParts = { media: [], premium: false, music: [], greeting: null };

async function partsOf(db: Db | Tx, memorialId: string, now: Date): Promise<MemorialParts> {
  return {
    media: await listMedia(db, memorialId),
    premium: await isPremium(db, memorialId, now),
    music: await listSongs(db, memorialId),
    greeting: await publishedGreeting(db, memorialId),
  };
}

export function presentMemorial(row: MemorialRow, role: MemberRole | null, { media, premium, music, greeting }: MemorialParts): Memorial {
  const editor = role !== null && EDITORS.includes(role);
  const memorial: Memorial = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    birthDate: row.birthDate,
    deathDate: row.deathDate,
    birthPlace: row.birthPlace,
    deathPlace: row.deathPlace,
    restingPlace: { cemetery: row.cemetery, section: row.graveSection, graveNumber: row.graveNumber, latitude: row.graveLatitude, longitude: row.graveLongitude },
    epitaph: row.epitaph,
    lifeStory: row.lifeStory,
    timeline: row.timeline,
    theme: row.theme,
    layout: row.layout,
    privacy: row.privacy,
    premium,
    media: flagHiddenMedia(media, premium),
    music: flagHiddenSongs(music, premium),
    greeting,
    portraitId: row.portraitMediaId,
    coverId: row.coverMediaId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    viewer: { role, canEdit: editor },
  };
  return editor ? memorial : asVisitorsSeeIt(memorial);
}

/** The first free address for a new memorial: base, base-2, base-3 … */
async function freeSlug(db: Db | Tx, base: string): Promise<string> {
  const taken = new Set([
    ...(await db.select({ slug: memorials.slug }).from(memorials).where(or(eq(memorials.slug, base), sql`${memorials.slug} like ${`${base}-%`}`))).map((r) => r.slug),
    ...(await retiredLike(db, base)),
  ]);
  for (let attempt = 0; ; attempt++) {
    const candidate = slugCandidate(base, attempt);
    if (!taken.has(candidate) && isUsableSlug(candidate)) return candidate;
  }
}

export async function createMemorial(deps: Deps, userId: string, fields: MemorialFields): Promise<Memorial> {
  await checkThemeChoice(deps.db, null, fields.theme, deps.now());
  const base = baseSlug(fields.name, fields.birthDate, fields.deathDate);
  // Two families creating "Karen Jensen 1941–2023" at the same moment: the unique index decides,
  // and the one that lost tries the next suffix.
  for (let tries = 0; tries < 5; tries++) {
    try {
      const created = await deps.db.transaction(async (tx) => {
        const slug = fields.privacy === 'private' ? privateSlug(base, deps.randomBytes) : await freeSlug(tx, base);
        const now = deps.now();
        const [row] = await tx
          .insert(memorials)
          .values({ ...columnsFor(fields), name: fields.name, slug, createdBy: userId, createdAt: now, updatedAt: now })
          .returning();
        await tx.insert(memorialMembers).values({ memorialId: row!.id, userId, role: 'owner', createdAt: now });
        return presentMemorial(row!, 'owner', NO_PARTS);
      });
      deps.memorialChanged(created.id);
      return created;
    } catch (error) {
      if (!isUniqueViolation(error, SLUG_INDEX)) throw error;
    }
  }
  throw new HttpError(503, 'Mindesiden kunne ikke oprettes lige nu. Prøv igen om et øjeblik.');
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The memorial a linked QR code opens (the first, for a shared stone), when `key` is a code: a
 * stone's address may name the memorial by its code (SPEC.md: /memorial/{id} is "id or code").
 */
export async function memorialIdForCode(db: Db | Tx, key: string): Promise<string | null> {
  const code = parseCode(key);
  if (!code) return null;
  const [row] = await db.select({ memorialId: qrCodes.memorialId }).from(qrCodes).where(and(eq(qrCodes.code, code), eq(qrCodes.status, 'linked')));
  return row?.memorialId ?? null;
}

/** By id, the way every candle and greeting finds its memorial: built and prepared once. */
const memorialById = preparedQuery((db) =>
  db
    .select({ row: memorials, role: memorialMembers.role })
    .from(memorials)
    .leftJoin(memorialMembers, and(eq(memorialMembers.memorialId, memorials.id), eq(memorialMembers.userId, sql.placeholder('userId'))))
    .where(eq(memorials.id, sql.placeholder('id')))
    .limit(1)
    .prepare('memorial_by_id'),
);

/**
 * A memorial by id, slug or linked QR code, deleted or not, with the reader's role on it. A key
 * that reads as a code is a code and nothing else: no address may have that shape (slug.ts), so
 * a stone's scan can only ever open the memorial its code is linked to (docs/decisions/0021).
 */
export async function findMemorial(db: Db | Tx, idOrSlug: string, userId: string | null): Promise<FoundMemorial | null> {
  const key = idOrSlug.toLowerCase();
  const by = async (where: SQL) => {
    const [found] = await db
      .select({ row: memorials, role: memorialMembers.role })
      .from(memorials)
      .leftJoin(memorialMembers, and(eq(memorialMembers.memorialId, memorials.id), eq(memorialMembers.userId, userId ?? sql`null`)))
      .where(where)
      .limit(1);
    return found ? { row: found.row, role: found.role ?? null } : null;
  };
  if (UUID.test(key)) {
    const [found] = await memorialById(db).execute({ id: key, userId });
    return found ? { row: found.row, role: found.role ?? null } : null;
  }
  const where = await memorialWhere(db, key);
  return where ? by(where) : null;
}

/**
 * How every look-up reads a memorial's key (lower case): an id, a code (the memorial it is linked
 * to, or none), or else an address. Null when a code is linked to nothing.
 */
export async function memorialWhere(db: Db | Tx, key: string): Promise<SQL | null> {
  if (UUID.test(key)) return eq(memorials.id, key);
  if (parseCode(key)) {
    const linked = await memorialIdForCode(db, key);
    return linked ? eq(memorials.id, linked) : null;
  }
  return eq(memorials.slug, key);
}

/**
 * A memorial's updated_at is its version: the visitors' page cache (page-cache.ts) serves the page
 * made for the version it finds. So every change moves it strictly forward, even two changes in
 * the same millisecond, and a change to the gallery moves it too (touchMemorial).
 */
export const nextVersion = (now: Date) => sql<Date>`greatest(${now.toISOString()}::timestamptz, ${memorials.updatedAt} + interval '1 millisecond')`;

export async function touchMemorial(tx: Db | Tx, memorialId: string, now: Date): Promise<void> {
  await tx.update(memorials).set({ updatedAt: nextVersion(now) }).where(eq(memorials.id, memorialId));
}

/**
 * What a reader may see: public and unlisted memorials are open to anyone with the address; a
 * private one only to its members, and anyone else gets the same "not found", so nothing is
 * revealed. A deleted memorial only to its owner and co-admins, who may restore it; to anyone
 * else who could see it before, "deleted" (410).
 */
export async function visibleMemorial(deps: Deps, idOrSlug: string, userId: string | null): Promise<FoundMemorial> {
  return visibleOrNotFound(await findMemorial(deps.db, idOrSlug, userId), { saysDeleted: true });
}

/**
 * visibleMemorial's rule, for a memorial found another way (recent.ts, a media file's). A file of
 * a deleted memorial is simply not found (`saysDeleted` false): it is the page that says why.
 */
export function visibleOrNotFound(found: FoundMemorial | null, options: { saysDeleted?: boolean } = {}): FoundMemorial {
  if (!found) throw notFound(MEMORIAL_NOT_FOUND);
  const { row, role } = found;
  const editor = role !== null && EDITORS.includes(role);
  if (row.privacy === 'private' && role === null) throw notFound(MEMORIAL_NOT_FOUND);
  if (row.deletedAt && !editor) throw options.saysDeleted ? new HttpError(410, MEMORIAL_DELETED) : notFound(MEMORIAL_NOT_FOUND);
  return found;
}

/** The memorial with its gallery and music, for a reader who may see it (visibleMemorial). */
export async function readMemorial(deps: Deps, idOrSlug: string, userId: string | null): Promise<Memorial> {
  const { row, role } = await visibleMemorial(deps, idOrSlug, userId);
  return presentMemorial(row, role, await partsOf(deps.db, row.id, deps.now()));
}

/** Loads a memorial for a change and checks the user may make it; outsiders learn nothing. */
async function forChange(tx: Db | Tx, idOrSlug: string, userId: string, allowed: MemberRole[]) {
  const found = await findMemorial(tx, idOrSlug, userId);
  if (!found || (found.row.privacy === 'private' && found.role === null)) throw notFound(MEMORIAL_NOT_FOUND);
  if (found.role === null || !allowed.includes(found.role)) {
    throw forbidden(allowed.length === 1 ? 'Kun ejeren af mindesiden kan gøre dette.' : 'Kun mindesidens administratorer kan ændre den.');
  }
  return found;
}

/** A memorial an owner or co-admin is about to change (not a deleted one). */
export async function requireEditor(db: Db | Tx, idOrSlug: string, userId: string) {
  const found = await forChange(db, idOrSlug, userId, EDITORS);
  if (found.row.deletedAt) throw badRequest('Mindesiden er slettet. Gendan den først.');
  return found;
}

/**
 * The address a memorial has after a change: the one asked for, and for a private memorial with
 * a random end (slug.ts privateSlug), given anew when it becomes private or its address changes.
 * A memorial made public again keeps its address; the family may choose a readable one then.
 */
function addressAfterChange(deps: Deps, row: MemorialRow, slug: string | undefined, privacy: MemorialRow['privacy'] | undefined): string {
  const requested = slug !== undefined && slug !== row.slug ? slug : undefined;
  const becomesPrivate = privacy === 'private' && row.privacy !== 'private';
  if ((privacy ?? row.privacy) !== 'private' || (!requested && !becomesPrivate)) return requested ?? row.slug;
  return privateSlug(requested ?? row.slug, deps.randomBytes);
}

export async function updateMemorial(deps: Deps, idOrSlug: string, userId: string, changes: MemorialChanges): Promise<Memorial> {
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const { row, role } = await forChange(tx, idOrSlug, userId, EDITORS);
      if (row.deletedAt) throw badRequest('Mindesiden er slettet. Gendan den først.');
      const birthDate = changes.birthDate !== undefined ? changes.birthDate : row.birthDate;
      const deathDate = changes.deathDate !== undefined ? changes.deathDate : row.deathDate;
      if (birthDate && deathDate && birthDate > deathDate) throw badRequest('Dødsdatoen kan ikke ligge før fødselsdatoen.', 'deathDate');
      const { slug, portraitId, coverId, ...fields } = changes;
      for (const [field, mediaId] of [['portraitId', portraitId], ['coverId', coverId]] as const) {
        if (!mediaId) continue;
        const [photo] = await tx.select({ kind: memorialMedia.kind }).from(memorialMedia).where(and(eq(memorialMedia.id, mediaId), eq(memorialMedia.memorialId, row.id)));
        if (photo?.kind !== 'photo') throw badRequest('Vælg et billede fra mindesidens galleri.', field);
      }
      if (slug !== undefined && slug !== row.slug && !isUsableSlug(slug)) throw badRequest('Den adresse kan ikke bruges. Vælg en anden.', 'slug');
      // Keeping a Premium theme chosen while the memorial had Premium is no new choice.
      if (fields.theme !== undefined && fields.theme !== row.theme) await checkThemeChoice(tx, row.id, fields.theme, deps.now());
      const nextSlug = addressAfterChange(deps, row, slug, fields.privacy);
      if (nextSlug !== row.slug) {
        await claimAddress(tx, row.id, nextSlug);
        await retireAddress(tx, row.id, row.slug, deps.now());
      }
      const [next] = await tx
        .update(memorials)
        .set({
          ...columnsFor(fields),
          ...(nextSlug !== row.slug ? { slug: nextSlug } : {}),
          ...(portraitId !== undefined ? { portraitMediaId: portraitId } : {}),
          ...(coverId !== undefined ? { coverMediaId: coverId } : {}),
          updatedAt: nextVersion(deps.now()),
        })
        .where(eq(memorials.id, row.id))
        .returning();
      return presentMemorial(next!, role, await partsOf(tx, row.id, deps.now()));
    });
    deps.memorialChanged(updated.id);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error, SLUG_INDEX)) throw conflict('Adressen er allerede i brug. Vælg en anden.');
    throw error;
  }
}

export async function deleteMemorial(deps: Deps, idOrSlug: string, userId: string): Promise<void> {
  const memorialId = await deps.db.transaction(async (tx) => {
    const { row } = await forChange(tx, idOrSlug, userId, ['owner']);
    if (!row.deletedAt) await tx.update(memorials).set({ deletedAt: deps.now() }).where(eq(memorials.id, row.id));
    return row.id;
  });
  deps.memorialChanged(memorialId);
}

export async function restoreMemorial(deps: Deps, idOrSlug: string, userId: string): Promise<Memorial> {
  const restored = await deps.db.transaction(async (tx) => {
    const { row, role } = await forChange(tx, idOrSlug, userId, ['owner']);
    if (!row.deletedAt) return presentMemorial(row, role, await partsOf(tx, row.id, deps.now()));
    if (deps.now().getTime() - row.deletedAt.getTime() > RESTORE_DAYS * DAY_MS) {
      throw new HttpError(410, `Mindesiden blev slettet for mere end ${RESTORE_DAYS} dage siden og kan ikke længere gendannes.`);
    }
    const [back] = await tx.update(memorials).set({ deletedAt: null, updatedAt: nextVersion(deps.now()) }).where(eq(memorials.id, row.id)).returning();
    return presentMemorial(back!, role, await partsOf(tx, row.id, deps.now()));
  });
  deps.memorialChanged(restored.id);
  return restored;
}

/** The memorials a user administers, newest first; deleted ones while they can be restored. */
export async function listOwnMemorials(deps: Deps, userId: string): Promise<MemorialSummary[]> {
  const oldestRestorable = new Date(deps.now().getTime() - RESTORE_DAYS * DAY_MS);
  const rows = await deps.db
    .select({ row: memorials, role: memorialMembers.role })
    .from(memorialMembers)
    .innerJoin(memorials, eq(memorials.id, memorialMembers.memorialId))
    .where(and(eq(memorialMembers.userId, userId), or(isNull(memorials.deletedAt), gt(memorials.deletedAt, oldestRestorable))))
    .orderBy(sql`${memorials.createdAt} desc`);
  return rows
    .filter(({ role }) => EDITORS.includes(role))
    .map(({ row, role }) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      birthDate: row.birthDate,
      deathDate: row.deathDate,
      privacy: row.privacy,
      role,
      deletedAt: row.deletedAt?.toISOString() ?? null,
      restorableUntil: row.deletedAt ? new Date(row.deletedAt.getTime() + RESTORE_DAYS * DAY_MS).toISOString() : null,
    }));
}
