/**
 * The back office's door (PRODUCT.md "People and roles"): every /api/admin/… call names the staff
 * roles that may use it, and a staff member whose second factor is required must have passed it in
 * this session. The client's admin guard (SPEC.md §4) only decides what to show; this decides.
 */
import type { FastifyRequest } from 'fastify';
import { type StaffRole, staffMessages } from '../../shared/staff';
import { type SessionRow, type UserRow, sessionFor, sessionToken } from '../auth/sessions';
import type { Deps } from '../deps';
import { forbidden, unauthorized } from '../lib/errors';

export interface StaffCaller {
  user: UserRow & { role: StaffRole };
  session: SessionRow;
}

export interface StaffDoorOptions {
  /** The two-factor calls themselves: reachable before the second factor, or no one could pass it. */
  beforeTwoFactor?: boolean;
  /** What a signed-in person of another role is told, when the call can say it better than the default. */
  refusal?: string;
}

/** Who calls, if they are signed in with one of `allowed` and have passed the second factor; else 401/403 in Danish. */
export async function requireStaff(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  request: FastifyRequest,
  allowed: readonly StaffRole[],
  options: StaffDoorOptions = {},
): Promise<StaffCaller> {
  const found = await sessionFor(deps.db, deps.now(), sessionToken(request));
  if (!found) throw unauthorized('Du er ikke logget ind.');
  const { user, session } = found;
  if (!(allowed as readonly string[]).includes(user.role)) throw forbidden(options.refusal ?? staffMessages.notStaff);
  if (!options.beforeTwoFactor && mustVerify(deps, session)) throw forbidden(staffMessages.twoFactorRequired);
  return { user: user as StaffCaller['user'], session };
}

/** Whether this session still owes the second factor. */
export function mustVerify(deps: Pick<Deps, 'config'>, session: SessionRow): boolean {
  return deps.config.TWO_FACTOR_REQUIRED && session.twoFactorVerifiedAt === null;
}

/** Every staff role: for what all of the back office may see (the dashboard, their own two-factor). */
export const ANY_STAFF: readonly StaffRole[] = ['admin', 'support', 'production'];
