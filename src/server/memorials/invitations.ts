/**
 * Co-admin invitations by e-mail (PRODUCT.md "Roles", "Links sent by e-mail"). The owner invites an
 * address; the link /invitation/{token} lets whoever holds it accept with the account they are
 * signed in with, or make an account for the invited address (the one path besides a QR code that
 * creates an account). A link is single-use: spending it is one conditional update, in the same
 * transaction as the membership it gives, so two presses of "Tag imod" give one membership.
 * Routes (invitations-routes.ts) only parse, call and present.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { RegisterBody } from '../../shared/auth';
import { INVITATION_TTL_MS, type Invitation, type InvitationAccepted, type InvitationView } from '../../shared/invitations-api';
import type { Db, Tx } from '../db/connection';
import { memorialInvitations, memorialMembers, memorials, users } from '../db/schema';
import type { Deps } from '../deps';
import { letter } from '../auth/mail';
import { hashPassword } from '../auth/passwords';
import { duplicateError, takenFields } from '../auth/service';
import { type UserRow, createSession } from '../auth/sessions';
import { HttpError, forbidden, isUniqueViolation, notFound } from '../lib/errors';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL, type MailMessage } from '../lib/mail';
import { hashToken, newToken } from '../lib/tokens';
import { lockForChange, roleOf } from './members';

const OWNER_ONLY = 'Kun ejeren af mindesiden kan invitere medadministratorer.';
const INVITATION_NOT_FOUND = 'Invitationen findes ikke, eller den er allerede taget imod eller trukket tilbage.';
const LINK_UNKNOWN = 'Linket til invitationen er ikke gyldigt. Tjek at hele adressen fra e-mailen er med, eller bed om en ny invitation.';
const MEMORIAL_GONE = 'Mindesiden er slettet, så invitationen kan ikke bruges. Tal med den, der inviterede dig.';

type InvitationRow = typeof memorialInvitations.$inferSelect;

/** A still-open invitation: not used, not withdrawn, not expired. */
const open = (now: Date) =>
  and(isNull(memorialInvitations.acceptedAt), isNull(memorialInvitations.withdrawnAt), gt(memorialInvitations.expiresAt, now));

const inviterName = (name: string | null) => name ?? 'ejeren af mindesiden';

function stateOf(row: InvitationRow, now: Date): InvitationView['state'] {
  if (row.acceptedAt) return 'used';
  if (row.withdrawnAt) return 'withdrawn';
  if (row.expiresAt <= now) return 'expired';
  return 'valid';
}

/** Why a link no longer works, and what to do about it (PRODUCT.md "Links sent by e-mail"). */
function whyNot(state: InvitationView['state'], inviter: string | null): string | null {
  const who = inviterName(inviter);
  switch (state) {
    case 'used':
      return 'Invitationen er allerede taget imod. Du finder mindesiden på profilen for den konto, der tog imod den.';
    case 'expired':
      return `Invitationen er udløbet, da den kun virker i 7 dage. Bed ${who} om at sende en ny.`;
    case 'withdrawn':
      return `Invitationen gælder ikke længere. Den er trukket tilbage eller erstattet af en nyere, så se efter den nyeste e-mail fra Mindested, eller bed ${who} om en ny invitation.`;
    case 'valid':
      return null;
  }
}

function invitationMail({ to, name, inviter, memorialName, link }: { to: string; name: string | null; inviter: string; memorialName: string; link: string }): MailMessage {
  return letter({
    to,
    subject: `${inviter} inviterer dig til at hjælpe med mindesiden for ${memorialName}`,
    name: name ?? '',
    // Without an account we do not know the person's name; the address alone is a cold greeting.
    greeting: name ? `Kære ${name}` : 'Hej',
    before: [
      `${inviter} har inviteret dig til at være medadministrator af mindesiden for ${memorialName} på Mindested.`,
      'Som medadministrator kan du rette i mindesiden, lægge billeder ind og godkende de hilsner og lys, som besøgende efterlader.',
      'Åbn linket for at tage imod invitationen. Har du ikke en konto hos Mindested, kan du oprette en undervejs. Linket virker i 7 dage og kan kun bruges én gang.',
    ],
    button: { text: 'Se invitationen', link },
    after: 'Kender du ikke afsenderen, eller har du ikke lyst til at være med, kan du se bort fra denne e-mail.',
  });
}

const presentInvitation = (row: { id: string; email: string; invitedBy: string | null; createdAt: Date; expiresAt: Date }): Invitation => ({
  id: row.id,
  email: row.email,
  invitedBy: row.invitedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** For the owner only; the memorial's row is locked for the rest of the transaction (lockForChange). */
async function ownerLock(tx: Tx, idOrSlug: string, userId: string) {
  const access = await lockForChange(tx, idOrSlug, userId);
  if (access.role !== 'owner') throw forbidden(OWNER_ONLY);
  return access.memorialId;
}

const ALREADY: Record<'owner' | 'coadmin' | 'viewer', (name: string) => string> = {
  owner: (name) => `${name} er ejer af mindesiden.`,
  coadmin: (name) => `${name} er allerede medadministrator af mindesiden.`,
  viewer: (name) => `${name} har allerede adgang som læser. Gør personen til medadministrator i listen over personer med adgang.`,
};

/**
 * Invites an address to become co-admin and mails the link. An open invitation to the same address
 * is withdrawn, so only the newest link works (the person reads the newest mail first).
 */
export async function inviteCoadmin(deps: Deps, idOrSlug: string, actor: UserRow, email: string): Promise<Invitation> {
  const token = newToken(deps.randomBytes);
  const invitation = await deps.db.transaction(async (tx) => {
    const memorialId = await ownerLock(tx, idOrSlug, actor.id);
    const [account] = await tx.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.email, email));
    if (account) {
      const role = await roleOf(tx, memorialId, account.id);
      if (account.id === actor.id) throw new HttpError(409, 'Det er din egen e-mailadresse, og du er selv ejer af mindesiden.', { field: 'email' });
      if (role) throw new HttpError(409, ALREADY[role](account.fullName), { field: 'email' });
    }
    const now = deps.now();
    await tx
      .update(memorialInvitations)
      .set({ withdrawnAt: now })
      .where(and(eq(memorialInvitations.memorialId, memorialId), eq(memorialInvitations.email, email), open(now)));
    const [row] = await tx
      .insert(memorialInvitations)
      .values({ memorialId, email, tokenHash: hashToken(token), invitedBy: actor.id, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
      .returning();
    const [memorial] = await tx.select({ name: memorials.name }).from(memorials).where(eq(memorials.id, memorialId));
    await enqueue(
      tx,
      SEND_MAIL,
      invitationMail({ to: email, name: account?.fullName ?? null, inviter: actor.fullName, memorialName: memorial!.name, link: `${deps.config.BASE_URL}/invitation/${token}` }),
      now,
    );
    return row!;
  });
  deps.jobs.wake();
  return presentInvitation({ ...invitation, invitedBy: actor.fullName });
}

/** The open invitations of a memorial, newest first: for its owner. */
export async function listInvitations(deps: Deps, idOrSlug: string, actorId: string): Promise<Invitation[]> {
  return deps.db.transaction(async (tx) => {
    const memorialId = await ownerLock(tx, idOrSlug, actorId);
    const rows = await tx
      .select({
        id: memorialInvitations.id,
        email: memorialInvitations.email,
        invitedBy: users.fullName,
        createdAt: memorialInvitations.createdAt,
        expiresAt: memorialInvitations.expiresAt,
      })
      .from(memorialInvitations)
      .leftJoin(users, eq(users.id, memorialInvitations.invitedBy))
      .where(and(eq(memorialInvitations.memorialId, memorialId), open(deps.now())))
      .orderBy(desc(memorialInvitations.createdAt));
    return rows.map(presentInvitation);
  });
}

/** The owner withdraws an open invitation; its link then says so. */
export async function withdrawInvitation(deps: Deps, idOrSlug: string, actorId: string, invitationId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const memorialId = await ownerLock(tx, idOrSlug, actorId);
    const withdrawn = await tx
      .update(memorialInvitations)
      .set({ withdrawnAt: deps.now() })
      .where(and(eq(memorialInvitations.id, invitationId), eq(memorialInvitations.memorialId, memorialId), open(deps.now())))
      .returning({ id: memorialInvitations.id });
    if (withdrawn.length === 0) throw notFound(INVITATION_NOT_FOUND);
  });
}

async function invitationByToken(db: Db | Tx, token: string) {
  const [found] = await db
    .select({ invitation: memorialInvitations, memorialName: memorials.name, memorialDeleted: memorials.deletedAt, inviter: users.fullName })
    .from(memorialInvitations)
    .innerJoin(memorials, eq(memorials.id, memorialInvitations.memorialId))
    .leftJoin(users, eq(users.id, memorialInvitations.invitedBy))
    .where(eq(memorialInvitations.tokenHash, hashToken(token)));
  if (!found) throw notFound(LINK_UNKNOWN);
  return found;
}

/** What the invitation page shows, for anyone holding the link. */
export async function readInvitation(deps: Deps, token: string): Promise<InvitationView> {
  const found = await invitationByToken(deps.db, token);
  const { invitation } = found;
  // A deleted memorial cannot take new co-admins; its invitations read as withdrawn, with why.
  const state = found.memorialDeleted && stateOf(invitation, deps.now()) === 'valid' ? 'withdrawn' : stateOf(invitation, deps.now());
  const [account] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
  return {
    state,
    message: found.memorialDeleted && state === 'withdrawn' ? MEMORIAL_GONE : whyNot(state, found.inviter),
    memorialName: found.memorialName,
    inviterName: found.inviter,
    email: invitation.email,
    accountExists: Boolean(account),
  };
}

/**
 * Spends the link inside the caller's transaction. The conditional update is the guard against
 * using one link twice at once: on PostgreSQL the second update waits for the first's row lock,
 * then finds acceptedAt set and changes nothing.
 */
async function spend(tx: Tx, deps: Deps, token: string, userId: string | null) {
  const now = deps.now();
  const [spent] = await tx
    .update(memorialInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(memorialInvitations.tokenHash, hashToken(token)), open(now)))
    .returning();
  if (!spent) {
    // Read through the transaction: the embedded database has one connection, which it holds.
    const found = await invitationByToken(tx, token);
    throw new HttpError(410, whyNot(stateOf(found.invitation, now), found.inviter) ?? LINK_UNKNOWN);
  }
  // Locked like every other change to the memorial's members (members.ts), and read after the lock.
  const [memorial] = await tx
    .select({ id: memorials.id, slug: memorials.slug, name: memorials.name, deletedAt: memorials.deletedAt })
    .from(memorials)
    .where(eq(memorials.id, spent.memorialId))
    .for('update');
  if (!memorial || memorial.deletedAt) throw new HttpError(410, MEMORIAL_GONE);
  return { invitation: spent, memorial };
}

/** Makes someone co-admin: a viewer is raised, a co-admin stays, and the owner is never demoted. */
async function makeCoadmin(tx: Tx, deps: Deps, memorialId: string, userId: string): Promise<void> {
  const role = await roleOf(tx, memorialId, userId);
  if (role === null) await tx.insert(memorialMembers).values({ memorialId, userId, role: 'coadmin', createdAt: deps.now() });
  else if (role === 'viewer') {
    await tx
      .update(memorialMembers)
      .set({ role: 'coadmin' })
      .where(and(eq(memorialMembers.memorialId, memorialId), eq(memorialMembers.userId, userId), eq(memorialMembers.role, 'viewer')));
  }
}

/**
 * The signed-in person takes the invitation, whichever address their account has: the link went
 * to the invited inbox, and a family member may well have their account under another address.
 */
export async function acceptInvitation(deps: Deps, token: string, user: UserRow): Promise<InvitationAccepted> {
  return deps.db.transaction(async (tx) => {
    const { memorial } = await spend(tx, deps, token, user.id);
    await makeCoadmin(tx, deps, memorial.id, user.id);
    return { memorialId: memorial.id, slug: memorial.slug, memorialName: memorial.name };
  });
}

/**
 * Makes an account for the invited address, signs it in and makes it co-admin, all in one
 * transaction: a taken username leaves the link unspent for another try. The checks and hashing
 * are registration's own (auth/service.ts).
 */
export async function registerByInvitation(deps: Deps, token: string, input: Pick<Required<RegisterBody>, 'fullName' | 'username' | 'password'>) {
  const { invitation, inviter } = await invitationByToken(deps.db, token);
  // A spent or old link says so before anything about the chosen username.
  const state = stateOf(invitation, deps.now());
  if (state !== 'valid') throw new HttpError(410, whyNot(state, inviter)!);
  const duplicates = await takenFields(deps, input.username, invitation.email);
  if (duplicates.length > 0) throw duplicateError(duplicates);
  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({ fullName: input.fullName, username: input.username, email: invitation.email, passwordHash }).returning();
      const { memorial } = await spend(tx, deps, token, user!.id);
      await makeCoadmin(tx, deps, memorial.id, user!.id);
      const session = await createSession(tx, deps, user!.id);
      return { user: user!, session, accepted: { memorialId: memorial.id, slug: memorial.slug, memorialName: memorial.name } };
    });
  } catch (error) {
    // Two registrations with the same name at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw duplicateError(await takenFields(deps, input.username, invitation.email));
    throw error;
  }
}
