/**
 * The approve and reject links in an administrator's e-mail (/post-decision/{token}). The token is
 * the authority, so no login is needed, but it counts only while its person is still the
 * memorial's owner or co-admin. Reading a link (GET) never decides: mail scanners follow links.
 * Deciding (POST) uses the token and its twin for the other choice in one conditional update, so
 * of two clicks at once only one decides, and then the post is moderated by posts/service.ts's
 * own rule, which passes over a post another administrator decided first.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DecisionAction, DecisionState, PostDecision } from '../../shared/post-mail-api';
import { memorialMembers, memorialPosts, memorials, postDecisionTokens, users } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { moderate } from '../posts/service';

export const UNKNOWN_LINK = 'Linket kendes ikke. Måske er det ikke kommet helt med, da det blev kopieret fra e-mailen. Prøv at åbne det direkte fra e-mailen, eller log ind og find hilsenen på mindesiden.';

async function load(deps: Deps, token: string) {
  const [row] = await deps.db
    .select({ token: postDecisionTokens, post: memorialPosts, memorial: { id: memorials.id, name: memorials.name, slug: memorials.slug, deletedAt: memorials.deletedAt } })
    .from(postDecisionTokens)
    .innerJoin(memorialPosts, eq(memorialPosts.id, postDecisionTokens.postId))
    .innerJoin(memorials, eq(memorials.id, memorialPosts.memorialId))
    .where(eq(postDecisionTokens.tokenHash, hashToken(token)));
  if (!row) throw notFound(UNKNOWN_LINK);
  const [member] = await deps.db
    .select({ role: memorialMembers.role })
    .from(memorialMembers)
    .where(and(eq(memorialMembers.memorialId, row.memorial.id), eq(memorialMembers.userId, row.token.userId)));
  const isAdmin = !row.memorial.deletedAt && (member?.role === 'owner' || member?.role === 'coadmin');
  return { ...row, isAdmin };
}

type Loaded = Awaited<ReturnType<typeof load>>;

async function present(deps: Deps, loaded: Loaded, state: DecisionState): Promise<PostDecision> {
  // Read again: the post may have been decided a moment ago, by this link or another.
  const [post] = await deps.db.select().from(memorialPosts).where(eq(memorialPosts.id, loaded.post.id));
  const current = post ?? loaded.post;
  const [decider] = current.decidedBy ? await deps.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, current.decidedBy)) : [];
  return {
    state,
    action: loaded.token.action,
    post: {
      kind: current.kind,
      name: current.name,
      message: current.message,
      status: current.status,
      createdAt: current.createdAt.toISOString(),
      decidedBy: decider?.fullName ?? null,
      decidedAt: current.decidedAt?.toISOString() ?? null,
    },
    memorial: { name: loaded.memorial.name, slug: loaded.memorial.slug },
  };
}

/** Where the link stands, before anything is done with it. */
function stateOf(deps: Deps, loaded: Loaded): DecisionState {
  if (loaded.token.usedAt) return 'used';
  if (!loaded.isAdmin) return 'not-admin';
  if (loaded.post.status !== 'pending') return 'decided';
  if (loaded.token.expiresAt <= deps.now()) return 'expired';
  return 'ready';
}

export async function readDecision(deps: Deps, token: string): Promise<PostDecision> {
  const loaded = await load(deps, token);
  return present(deps, loaded, stateOf(deps, loaded));
}

export async function decide(deps: Deps, token: string): Promise<PostDecision> {
  const loaded = await load(deps, token);
  const state = stateOf(deps, loaded);
  if (state !== 'ready') return present(deps, loaded, state);
  const at = deps.now();
  // This link and the person's other link(s) for the post are used together; the row locks make a
  // second click (on this link or its twin) wait and then find nothing left to use.
  const used = await deps.db
    .update(postDecisionTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(postDecisionTokens.postId, loaded.post.id),
        eq(postDecisionTokens.userId, loaded.token.userId),
        isNull(postDecisionTokens.usedAt),
        sql`exists (select 1 from ${postDecisionTokens} t where t.token_hash = ${loaded.token.tokenHash} and t.used_at is null and t.expires_at > ${at.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ tokenHash: postDecisionTokens.tokenHash });
  if (!used.some((row) => row.tokenHash === loaded.token.tokenHash)) return present(deps, loaded, 'used');
  const action: DecisionAction = loaded.token.action;
  // The moderators' own step: it checks again that the person may decide, and changes nothing if
  // another administrator got there first.
  const changed = await moderate(deps, loaded.memorial.id, loaded.token.userId, [loaded.post.id], action);
  return present(deps, loaded, changed > 0 ? 'done' : 'decided');
}

