/**
 * The back office's people (/admin/users, /admin/users/{id}): the search, an account as staff see
 * it, the actions on it, and the audit log's entries in Danish words. Both sides parse with these.
 */
import { z } from 'zod';
import { roles } from './auth';
import { MEMBER_ROLES } from './memorials';
import { QR_STATUSES } from './qr-lifecycle';
import { RESELLER_STATUSES } from './resellers';
import { ROLE_LABELS } from './staff';
import { staffActionWords } from './staff-actions';

export const PEOPLE_PAGE_SIZE = 25;
/**
 * Counted exactly up to here, and listed in the alphabet; a search matching more says "over 1.000"
 * and lists the newest first (40 pages of names is not a list anyone reads; they type more).
 */
export const PEOPLE_COUNT_CAP = 1_000;
/** Longer than any name, username or address; a pasted novel is not a search. */
export const PEOPLE_QUERY_MAX = 200;
export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;

export const peopleSearchQuery = z.object({
  q: z.string().trim().max(PEOPLE_QUERY_MAX).optional().default(''),
  role: z.enum(roles).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export type PeopleSearch = z.output<typeof peopleSearchQuery>;

export const personSummary = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  memorialCount: z.number().int(),
});
export type PersonSummary = z.infer<typeof personSummary>;

export const peopleSearchResponse = z.object({
  users: z.array(personSummary),
  /** How many match, at most PEOPLE_COUNT_CAP. */
  total: z.number().int(),
  /** More than PEOPLE_COUNT_CAP match: type more to narrow the search. */
  totalIsCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PeopleSearchResult = z.infer<typeof peopleSearchResponse>;

export const staffActionEntry = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  at: z.string(),
});
export type StaffActionEntry = z.infer<typeof staffActionEntry>;

export const accountView = z.object({
  user: personSummary.extend({ updatedAt: z.string() }),
  memorials: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), role: z.enum(MEMBER_ROLES), deleted: z.boolean() })),
  qrCodes: z.array(z.object({ code: z.string(), status: z.enum(QR_STATUSES), claimedAt: z.string().nullable(), memorialId: z.string().nullable() })),
  reseller: z
    .object({
      id: z.string(),
      companyName: z.string(),
      cvr: z.string(),
      status: z.enum(RESELLER_STATUSES),
      createdAt: z.string(),
      approvedAt: z.string().nullable(),
    })
    .nullable(),
  /** The account's open sessions; never their tokens or hashes. */
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string(), twoFactorVerified: z.boolean() })),
  twoFactor: z.object({ isSetUp: z.boolean(), confirmedAt: z.string().nullable() }),
  history: z.array(staffActionEntry),
});
export type AccountView = z.infer<typeof accountView>;

export const accountParams = z.object({ id: z.uuid('Personen findes ikke.') });
export const roleBody = z.object({ role: z.enum(roles) });
export type RoleBody = z.infer<typeof roleBody>;

export const peopleMessages = {
  notFound: 'Personen findes ikke.',
  lastAdmin: 'Mindested skal altid have mindst én aktiv administrator. Gør en anden til administrator først.',
  notYourself: 'Du kan ikke lukke din egen konto.',
  disabled: 'Kontoen er lukket. Åbn den igen, før du sender den et link.',
} as const;

/** One line for an entry: "Ændrede rollen fra Bruger til Support". */
export function describeAction(entry: Pick<StaffActionEntry, 'action' | 'details'>): string {
  // The words the dashboard uses too (staff-actions.ts), as a line of their own.
  const { done } = staffActionWords(entry.action);
  const label = done.charAt(0).toUpperCase() + done.slice(1);
  if (entry.action === 'user.role') {
    const { from, to } = entry.details as { from?: keyof typeof ROLE_LABELS; to?: keyof typeof ROLE_LABELS };
    if (from && to && ROLE_LABELS[from] && ROLE_LABELS[to]) return `${label} fra ${ROLE_LABELS[from]} til ${ROLE_LABELS[to]}`;
  }
  if (entry.action === 'user.sessions-ended' && typeof entry.details.count === 'number') {
    return `${label} (${entry.details.count === 1 ? 'én session' : `${entry.details.count} sessioner`})`;
  }
  return label;
}
