/**
 * Who may see and edit a memorial: the schemas of the members calls (/api/memorials/{id}/members
 * and /owner). The "Adgang" form validates with addMemberBody, and the server parses with it too.
 * People are added by an account they already have; e-mail invitations come with issue 6.
 */
import './zod-locale';
import { z } from 'zod';
import { EMAIL_MAX, USERNAME_MIN } from './constants';
import { MEMBER_ROLES } from './memorials';

/** The roles an owner hands out; there is one owner, and that role moves only by a hand-over. */
export const GRANTABLE_ROLES = ['coadmin', 'viewer'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const memberMessages = {
  personMissing: 'Skriv brugernavnet eller e-mailadressen på den, der skal have adgang.',
  personShort: `Skriv mindst ${USERNAME_MIN} tegn.`,
  personLong: 'Det er for langt til at være et brugernavn eller en e-mailadresse.',
  roleMissing: 'Vælg, hvad personen må.',
} as const;

const grantableRole = z.enum(GRANTABLE_ROLES, memberMessages.roleMissing);

export const addMemberBody = z.strictObject({
  usernameOrEmail: z
    .string(memberMessages.personMissing)
    .trim()
    .min(1, memberMessages.personMissing)
    .min(USERNAME_MIN, memberMessages.personShort)
    .max(EMAIL_MAX, memberMessages.personLong),
  role: grantableRole,
});
export type AddMemberInput = z.input<typeof addMemberBody>;
export type AddMemberBody = z.output<typeof addMemberBody>;

export const changeMemberRoleBody = z.strictObject({ role: grantableRole });

export const transferOwnershipBody = z.strictObject({ userId: z.uuid('Vælg en af mindesidens medadministratorer.') });

export const memberParams = z.object({ id: z.string().min(1).max(120), userId: z.uuid('Ukendt person.') });

export const memberResponse = z.object({
  userId: z.string(),
  fullName: z.string(),
  username: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** When the person got access (ISO time). */
  since: z.string(),
});
export type Member = z.output<typeof memberResponse>;

export const membersResponse = z.object({ members: z.array(memberResponse) });
export type MembersList = z.output<typeof membersResponse>;
