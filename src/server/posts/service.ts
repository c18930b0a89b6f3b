/**
 * The rules for what visitors leave on a memorial (PRODUCT.md "What visitors leave, and
 * moderation"): who may post what, what waits for approval, who sees what, and the moderators'
 * steps. Routes (routes.ts) only parse, call and present.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { type MODERATION_ACTIONS, PUBLIC_POSTS_PER_KIND, type Post, type PostKind, type PostSettings, type PostStatus, type PublicPosts } from '../../shared/posts-api';
import { memorialMembers, memorialPosts, memorials, notifications, uploadsInProgress } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, forbidden, unauthorized } from '../lib/errors';
import type { IncomingFile } from '../media/service';
import { nextVersion, requireEditor, touchMemorial, visibleMemorial, visibleOrNotFound } from '../memorials/service';
import { discard, folderOfPhoto, presentPostPhoto, removePostPhoto, storePostPhoto } from './photo';

type PostRow = typeof memorialPosts.$inferSelect;
type Action = (typeof MODERATION_ACTIONS)[number];

/** The step each action takes, and from where: a hidden post may be shown again; a rejected one never. */
const STEPS: Record<Action, { from: PostStatus[]; to: PostStatus }> = {
  approve: { from: ['pending', 'hidden'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  hide: { from: ['approved'], to: 'hidden' },
};

/** How many posts the page shows; older ones wait for paging, which no memorial needs yet. */
const PAGE_POSTS = 500;

const WHAT: Record<PostKind, string> = {
  candle: 'Nyt lys',
  guestbook: 'Ny hilsen i gæstebogen',
  memory: 'Nyt minde',
  tribute: 'Nye mindeord',
};

export const NOBODY_MAY_POST = 'Mindesiden tager ikke imod lys og hilsner lige nu.';
export const USERS_MAY_POST = 'Log ind for at tænde et lys eller skrive på mindesiden.';
export const FAMILY_ONLY = 'Kun familiens egne konti kan skrive mindeord.';

export function presentPost(row: PostRow): Post {
  return { id: row.id, kind: row.kind, name: row.name, message: row.message, photo: presentPostPhoto(row.photo), status: row.status, createdAt: row.createdAt.toISOString() };
}

export interface Poster {
  user: { id: string; fullName: string } | null;
  visitorHash: string;
  ip: string;
}

/**
 * Leaves a post: counted against the address and the memorial first, then checked against the
 * memorial's own rule for who may post. A filled-in honeypot gets the answer a person would, and
 * nothing is kept. A memory's photo is only read and re-encoded after all of that, so a flood or
 * a closed memorial costs no image work; if the post is then not stored, neither is the photo.
 */
export async function leavePost(
  deps: Deps,
  idOrSlug: string,
  kind: PostKind,
  input: { name?: string; message: string | null; website: string; photo?: IncomingFile | null },
  poster: Poster,
): Promise<Post> {
  const windowMs = deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  await deps.lookupLimiter.consume({ key: `post-ip:${poster.ip}`, max: deps.config.RATE_LIMIT_POSTS_PER_IP, windowMs });
  // A visitor's memorial as read within the last second (memorials/recent.ts); a signed-in
  // person's with their role on it, for tributes and private memorials.
  const { row: memorial, role } = poster.user ? await visibleMemorial(deps, idOrSlug, poster.user.id) : visibleOrNotFound(await deps.recentMemorials.find(idOrSlug), { saysDeleted: true });
  if (memorial.deletedAt) throw badRequest('Mindesiden er slettet.');
  // Per memorial as well: a flood from many addresses must not bury one family's page.
  await deps.lookupLimiter.consume({ key: `post-memorial:${memorial.id}`, max: deps.config.RATE_LIMIT_POSTS_PER_MEMORIAL, windowMs });
  if (memorial.whoMayPost === 'nobody') throw forbidden(NOBODY_MAY_POST);
  if (memorial.whoMayPost === 'users' && !poster.user) throw unauthorized(USERS_MAY_POST);
  if (kind === 'tribute' && (!poster.user || role === null)) throw forbidden(FAMILY_ONLY);

  const name = input.name ?? poster.user?.fullName ?? '';
  const status: PostStatus = kind === 'candle' && memorial.candlesAutoApprove ? 'approved' : 'pending';
  const at = deps.now();
  if (input.website) {
    // Read to the end and dropped: the request must be read before it is answered.
    if (input.photo) await discard(input.photo.stream);
    return { id: randomUUID(), kind, name, message: input.message, photo: null, status: 'pending', createdAt: at.toISOString() };
  }
  if (input.photo && kind !== 'memory') throw badRequest('Kun et minde kan have et billede.', 'photo');
  const photo = input.photo ? await storePostPhoto(deps, memorial.id, input.photo) : null;

  // The post, a notification for every administrator but the one who wrote it, for a candle that
  // burns at once a new version of the visitors' page, and for a memory's photo its folder crossed
  // out of the uploads in progress: one statement, so one round trip and one commit on All Saints'
  // evening, and all of it or nothing.
  const excerpt = input.message ? `: ${input.message.length > 140 ? `${input.message.slice(0, 139)}…` : input.message}` : '';
  const authorId = poster.user?.id ?? null;
  const result = (await deps.db
    .execute(
      sql`
    with post as (
      insert into ${memorialPosts} (memorial_id, kind, status, name, message, photo, author_id, visitor_hash, created_at)
      values (${memorial.id}, ${kind}, ${status}, ${name}, ${input.message}, ${photo ? JSON.stringify(photo) : null}::jsonb, ${authorId}, ${status === 'pending' ? poster.visitorHash : null}, ${at.toISOString()}::timestamptz)
      returning id, kind, status, name, message, created_at
    ), told as (
      insert into ${notifications} (user_id, kind, title, body, link, post_id, created_at)
      select user_id, ${`post-${kind}`}, ${`${WHAT[kind]} på mindesiden for ${memorial.name}`}, ${`${name}${excerpt}`}, ${`/memorial/${memorial.slug}/admin`}, (select id from post), ${at.toISOString()}::timestamptz
      from ${memorialMembers}
      where memorial_id = ${memorial.id} and role in ('owner', 'coadmin') and user_id is distinct from ${authorId}::uuid
    ), touched as (
      update ${memorials} set updated_at = ${nextVersion(at)} where id = ${memorial.id} and ${status === 'approved'}
    )${photo ? sql`, photo_kept as (delete from ${uploadsInProgress} where folder = ${folderOfPhoto(photo)})` : sql``}
    select id, kind, status, name, message, created_at from post`,
    )
    .catch(async (error: unknown) => {
      // Nothing points at the photo's files: they go too.
      if (photo) await removePostPhoto(deps, photo);
      throw error;
    })) as unknown as { rows: { id: string; kind: PostKind; status: PostStatus; name: string; message: string | null; created_at: string | Date }[] };
  const row = result.rows[0]!;
  const created: Post = { id: row.id, kind: row.kind, status: row.status, name: row.name, message: row.message, photo: presentPostPhoto(photo), createdAt: new Date(row.created_at).toISOString() };
  if (created.status === 'approved') deps.memorialChanged(memorial.id);
  return created;
}

/**
 * The page's posts for one reader: the approved ones, newest first, and the reader's own that are
 * still waiting (by account, or by this browser's visitor id). Nobody sees anyone else's waiting
 * post, nor a rejected or hidden one.
 */
export async function readPosts(deps: Deps, idOrSlug: string, reader: { userId: string | null; visitorHash: string | null }) {
  const { row: memorial } = await visibleMemorial(deps, idOrSlug, reader.userId);
  const mine = [
    ...(reader.userId ? [eq(memorialPosts.authorId, reader.userId)] : []),
    ...(reader.visitorHash ? [eq(memorialPosts.visitorHash, reader.visitorHash)] : []),
  ];
  const [approved, waiting, [candles]] = await Promise.all([
    deps.db
      .select()
      .from(memorialPosts)
      .where(and(eq(memorialPosts.memorialId, memorial.id), eq(memorialPosts.status, 'approved')))
      .orderBy(desc(memorialPosts.createdAt))
      .limit(PAGE_POSTS),
    mine.length
      ? deps.db
          .select()
          .from(memorialPosts)
          .where(and(eq(memorialPosts.memorialId, memorial.id), eq(memorialPosts.status, 'pending'), or(...mine)))
          .orderBy(desc(memorialPosts.createdAt))
      : Promise.resolve([]),
    deps.db
      .select({ n: count() })
      .from(memorialPosts)
      .where(and(eq(memorialPosts.memorialId, memorial.id), eq(memorialPosts.kind, 'candle'), eq(memorialPosts.status, 'approved'))),
  ]);
  return { posts: approved.map(presentPost), waiting: waiting.map(presentPost), candles: candles?.n ?? 0, whoMayPost: memorial.whoMayPost };
}

/**
 * The posts every visitor sees, for the page made once per version of the memorial (page-cache.ts):
 * the newest approved ones of each kind, enough for the first screenful and a first "Vis flere"
 * (the app asks for the rest when it takes the page over), and the candle count.
 */
export async function publicPosts(deps: Deps, memorialId: string): Promise<PublicPosts> {
  const { posts, candles, whoMayPost } = await readPosts(deps, memorialId, { userId: null, visitorHash: null });
  const taken: Partial<Record<PostKind, number>> = {};
  const first = posts.filter((post) => (taken[post.kind] = (taken[post.kind] ?? 0) + 1) <= PUBLIC_POSTS_PER_KIND);
  return { memorialId, posts: first, candles, whoMayPost };
}

/** The moderators' list of posts in one state, oldest first (the order they came in). */
export async function moderationList(deps: Deps, idOrSlug: string, userId: string, status: PostStatus) {
  const { row: memorial } = await requireEditor(deps.db, idOrSlug, userId);
  const rows = await deps.db
    .select()
    .from(memorialPosts)
    .where(and(eq(memorialPosts.memorialId, memorial.id), eq(memorialPosts.status, status)))
    .orderBy(asc(memorialPosts.createdAt));
  return rows.map((row) => ({ ...presentPost(row), memorialId: row.memorialId }));
}

/**
 * Approves, rejects or hides posts of one memorial, one or many at once. A post not in a state the
 * step may leave (already decided, or another memorial's) is passed over: two moderators deciding
 * the same post at once do not undo each other. The notifications about a post that changed are
 * marked read for every administrator: what is handled no longer counts on anyone's bell. Returns
 * how many changed.
 */
export async function moderate(deps: Deps, idOrSlug: string, userId: string, ids: string[], action: Action): Promise<number> {
  const { row: memorial } = await requireEditor(deps.db, idOrSlug, userId);
  const step = STEPS[action];
  const at = deps.now();
  const deciding = and(eq(memorialPosts.memorialId, memorial.id), inArray(memorialPosts.id, ids), inArray(memorialPosts.status, step.from));
  const { changed, dropped } = await deps.db.transaction(async (tx) => {
    // A rejected post is never shown again (STEPS): its photo's files are removed, and first read
    // here, locked, because the update below forgets them.
    const photos = action === 'reject' ? await tx.select({ photo: memorialPosts.photo }).from(memorialPosts).where(and(deciding, isNotNull(memorialPosts.photo))).for('update') : [];
    const rows = await tx
      .update(memorialPosts)
      .set({ status: step.to, decidedAt: at, decidedBy: userId, visitorHash: null, ...(action === 'reject' ? { photo: null } : {}) })
      .where(deciding)
      .returning({ id: memorialPosts.id });
    // A decided post is handled for everyone: its notifications stop counting on every moderator's bell.
    if (rows.length > 0) {
      await tx
        .update(notifications)
        .set({ readAt: at })
        .where(and(inArray(notifications.postId, rows.map((row) => row.id)), isNull(notifications.readAt)));
    }
    // What visitors see changed (a post shown or taken down): a new version of the page.
    if (rows.length > 0 && action !== 'reject') await touchMemorial(tx, memorial.id, at);
    return { changed: rows.length, dropped: photos.flatMap((row) => (row.photo ? [row.photo] : [])) };
  });
  if (changed > 0 && action !== 'reject') deps.memorialChanged(memorial.id);
  // After the commit: a file without a row is only wasted space, a row without its file a broken card.
  await Promise.all(dropped.map((photo) => removePostPhoto(deps, photo)));
  return changed;
}

export async function readPostSettings(deps: Deps, idOrSlug: string, userId: string): Promise<PostSettings> {
  const { row } = await requireEditor(deps.db, idOrSlug, userId);
  return { candlesAutoApprove: row.candlesAutoApprove, whoMayPost: row.whoMayPost };
}

export async function changePostSettings(deps: Deps, idOrSlug: string, userId: string, change: Partial<PostSettings>): Promise<PostSettings> {
  const { row } = await requireEditor(deps.db, idOrSlug, userId);
  if (change.candlesAutoApprove === undefined && change.whoMayPost === undefined) return { candlesAutoApprove: row.candlesAutoApprove, whoMayPost: row.whoMayPost };
  // Who may post changes the forms every visitor's page shows: a new version of it.
  const [updated] = await deps.db
    .update(memorials)
    .set({ ...change, updatedAt: nextVersion(deps.now()) })
    .where(eq(memorials.id, row.id))
    .returning();
  deps.memorialChanged(row.id);
  return { candlesAutoApprove: updated!.candlesAutoApprove, whoMayPost: updated!.whoMayPost };
}
