/**
 * The rules of a memorial's members: who may see the list, add people who already have an
 * account, change a role, remove someone, and hand the ownership on. The owner may do all of it;
 * a co-admin may add and remove viewers and leave; a viewer only reads the page. Routes
 * (members-routes.ts) only parse, call and present.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { AddMemberBody, GrantableRole, Member } from '../../shared/members-api';
import type { MemberRole } from '../../shared/memorials';
import type { Db, Tx } from '../db/connection';
import { memorialMembers, memorials, users } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, badRequest, forbidden, isUniqueViolation, notFound } from '../lib/errors';
import { MEMORIAL_NOT_FOUND, findMemorial } from './service';

export const ACCOUNT_NOT_FOUND =
  'Vi kan ikke finde en konto med det brugernavn eller den e-mail. Tjek stavningen – personen skal have en konto hos Mindested for at kunne få adgang.';
export const NOT_A_MEMBER = 'Personen har ikke adgang til mindesiden.';
const ADMINS_ONLY = 'Kun mindesidens ejer og medadministratorer kan se og ændre, hvem der har adgang.';
const OWNER_ONLY = 'Kun ejeren af mindesiden kan gøre dette.';
const DELETED = 'Mindesiden er slettet. Gendan den først.';

/** Owner first, then co-admins, then viewers: the order people read the list in. */
const ROLE_ORDER: Record<MemberRole, number> = { owner: 0, coadmin: 1, viewer: 2 };

interface Access {
  memorialId: string;
  role: MemberRole;
}

/**
 * The memorial and the caller's role on it, for the owner and co-admins only. Outsiders get the
 * answers readMemorial gives them: a private memorial is "not found", a visible one "not allowed".
 */
export async function adminAccess(
  db: Db | Tx,
  idOrSlug: string,
  userId: string,
  { forChange, refusal = ADMINS_ONLY }: { forChange: boolean; /** What a member who is not an administrator is told. */ refusal?: string },
): Promise<Access> {
  const found = await findMemorial(db, idOrSlug, userId);
  if (!found || (found.row.privacy === 'private' && found.role === null)) throw notFound(MEMORIAL_NOT_FOUND);
  if (found.role === null || found.role === 'viewer') {
    if (found.row.deletedAt) throw notFound(MEMORIAL_NOT_FOUND);
    throw forbidden(refusal);
  }
  if (forChange && found.row.deletedAt) throw badRequest(DELETED);
  return { memorialId: found.row.id, role: found.role };
}

/**
 * For a change: the memorial's row is locked for the rest of the transaction, so two changes to
 * its members (two hand-overs at once, say) run one after the other, and the caller's role is
 * read again after the lock, when nobody can change it under us.
 */
export async function lockForChange(tx: Tx, idOrSlug: string, userId: string): Promise<Access> {
  const { memorialId } = await adminAccess(tx, idOrSlug, userId, { forChange: true });
  await tx.select({ id: memorials.id }).from(memorials).where(eq(memorials.id, memorialId)).for('update');
  const role = await roleOf(tx, memorialId, userId);
  if (role === null || role === 'viewer') throw forbidden(ADMINS_ONLY);
  return { memorialId, role };
}

export async function roleOf(db: Db | Tx, memorialId: string, userId: string): Promise<MemberRole | null> {
  const [row] = await db
    .select({ role: memorialMembers.role })
    .from(memorialMembers)
    .where(and(eq(memorialMembers.memorialId, memorialId), eq(memorialMembers.userId, userId)));
  return row?.role ?? null;
}

const memberColumns = {
  userId: memorialMembers.userId,
  fullName: users.fullName,
  username: users.username,
  role: memorialMembers.role,
  createdAt: memorialMembers.createdAt,
};

const present = (row: { userId: string; fullName: string; username: string; role: MemberRole; createdAt: Date }): Member => ({
  userId: row.userId,
  fullName: row.fullName,
  username: row.username,
  role: row.role,
  since: row.createdAt.toISOString(),
});

async function memberOf(db: Db | Tx, memorialId: string, userId: string): Promise<Member> {
  const [row] = await db
    .select(memberColumns)
    .from(memorialMembers)
    .innerJoin(users, eq(users.id, memorialMembers.userId))
    .where(and(eq(memorialMembers.memorialId, memorialId), eq(memorialMembers.userId, userId)));
  if (!row) throw notFound(NOT_A_MEMBER);
  return present(row);
}

/** Everyone with access to a memorial: owner, co-admins, then viewers, each by name. */
export async function listMembers(deps: Deps, idOrSlug: string, userId: string): Promise<Member[]> {
  const { memorialId } = await adminAccess(deps.db, idOrSlug, userId, { forChange: false });
  const rows = await deps.db
    .select(memberColumns)
    .from(memorialMembers)
    .innerJoin(users, eq(users.id, memorialMembers.userId))
    .where(eq(memorialMembers.memorialId, memorialId));
  return rows
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.fullName.localeCompare(b.fullName, 'da'))
    .map(present);
}

/**
 * Gives an existing account access. The owner may add co-admins and viewers; a co-admin only
 * viewers (a co-admin may not make more people able to edit). The answer tells whether an account
 * exists, so the route limits how often one person may ask.
 */
export async function addMember(deps: Deps, idOrSlug: string, actorId: string, { usernameOrEmail, role }: AddMemberBody): Promise<Member> {
  try {
    return await deps.db.transaction(async (tx) => {
      const access = await lockForChange(tx, idOrSlug, actorId);
      if (role === 'coadmin' && access.role !== 'owner') throw forbidden('Kun ejeren kan gøre andre til medadministrator.');
      // Usernames are unique whatever their case (users_username_lower_key); e-mails are stored lower-cased.
      const [person] = await tx
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(or(sql`lower(${users.username}) = lower(${usernameOrEmail})`, eq(users.email, usernameOrEmail.toLowerCase())))
        .limit(1);
      if (!person) throw new HttpError(404, ACCOUNT_NOT_FOUND, { field: 'usernameOrEmail' });
      if ((await roleOf(tx, access.memorialId, person.id)) !== null) throw alreadyMember(person.fullName);
      await tx.insert(memorialMembers).values({ memorialId: access.memorialId, userId: person.id, role, createdAt: deps.now() });
      return memberOf(tx, access.memorialId, person.id);
    });
  } catch (error) {
    // Lock or not, the primary key is the last word on "already a member".
    if (isUniqueViolation(error)) throw alreadyMember(null);
    throw error;
  }
}

function alreadyMember(fullName: string | null): HttpError {
  return new HttpError(409, `${fullName ?? 'Personen'} har allerede adgang til mindesiden.`, { field: 'usernameOrEmail' });
}

/** The owner moves someone between co-admin and viewer. The owner's own role moves only by a hand-over. */
export async function changeMemberRole(deps: Deps, idOrSlug: string, actorId: string, targetId: string, role: GrantableRole): Promise<Member> {
  return deps.db.transaction(async (tx) => {
    const access = await lockForChange(tx, idOrSlug, actorId);
    if (access.role !== 'owner') throw forbidden(OWNER_ONLY);
    const current = await roleOf(tx, access.memorialId, targetId);
    if (current === null) throw notFound(NOT_A_MEMBER);
    if (current === 'owner') throw badRequest('Ejerens rolle kan ikke ændres her. Overdrag ejerskabet til en medadministrator i stedet.');
    await tx
      .update(memorialMembers)
      .set({ role })
      .where(and(eq(memorialMembers.memorialId, access.memorialId), eq(memorialMembers.userId, targetId)));
    return memberOf(tx, access.memorialId, targetId);
  });
}

/**
 * Takes someone's access away. The owner may remove anyone but themselves (a memorial always has
 * an owner); a co-admin may remove viewers, and may leave.
 */
export async function removeMember(deps: Deps, idOrSlug: string, actorId: string, targetId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const access = await lockForChange(tx, idOrSlug, actorId);
    const target = await roleOf(tx, access.memorialId, targetId);
    if (target === null) throw notFound(NOT_A_MEMBER);
    if (target === 'owner') {
      throw access.role === 'owner'
        ? badRequest('Ejeren kan ikke fjerne sig selv. Overdrag ejerskabet til en medadministrator først.')
        : forbidden(OWNER_ONLY);
    }
    if (access.role === 'coadmin' && target === 'coadmin' && targetId !== actorId) {
      throw forbidden('Kun ejeren kan fjerne en medadministrator.');
    }
    await tx.delete(memorialMembers).where(and(eq(memorialMembers.memorialId, access.memorialId), eq(memorialMembers.userId, targetId)));
  });
}

/**
 * The owner hands the memorial to one of its co-admins and stays on as co-admin. The old owner
 * is demoted before the new one is promoted: memorial_members_one_owner_key allows one owner at
 * every moment, not only at the end of the transaction.
 */
export async function transferOwnership(deps: Deps, idOrSlug: string, actorId: string, newOwnerId: string): Promise<Member[]> {
  await deps.db.transaction(async (tx) => {
    const access = await lockForChange(tx, idOrSlug, actorId);
    if (access.role !== 'owner') throw forbidden('Kun ejeren kan overdrage ejerskabet.');
    if (newOwnerId === actorId) throw badRequest('Du er allerede ejer af mindesiden.', 'userId');
    const target = await roleOf(tx, access.memorialId, newOwnerId);
    if (target === null) throw notFound(NOT_A_MEMBER);
    if (target !== 'coadmin') throw badRequest('Ejerskabet kan kun overdrages til en medadministrator. Gør personen til medadministrator først.', 'userId');
    const member = (userId: string) => and(eq(memorialMembers.memorialId, access.memorialId), eq(memorialMembers.userId, userId));
    await tx.update(memorialMembers).set({ role: 'coadmin' }).where(member(actorId));
    await tx.update(memorialMembers).set({ role: 'owner' }).where(member(newOwnerId));
  });
  return listMembers(deps, idOrSlug, actorId);
}
