/**
 * The support inbox (/admin/support) and the sender's answer page (/support/reply/{token}): every
 * request and answer of their calls, and the words both sides use.
 */
import { z } from 'zod';
import './zod-locale';

export const SUPPORT_STATUSES = ['new', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** The inbox's tabs: new is waiting for us, answered is waiting for the sender, closed is done. */
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = { new: 'Nye', answered: 'Besvarede', closed: 'Lukkede' };

export const SUPPORT_ASSIGNED = ['me', 'none', 'any'] as const;
export type SupportAssigned = (typeof SUPPORT_ASSIGNED)[number];
export const SUPPORT_ASSIGNED_LABELS: Record<SupportAssigned, string> = { me: 'Mine', none: 'Uden ansvarlig', any: 'Alle' };

export const SUPPORT_PAGE_SIZE = 25;
export const SUPPORT_REPLY_MAX = 5000;
/** How long the link in our reply works: a family may take a while to answer. */
export const SUPPORT_REPLY_LINK_DAYS = 14;

const threadId = z.uuid('Sagen findes ikke.');
export const supportThreadParams = z.object({ id: threadId });

export const supportListQuery = z.object({
  status: z.enum([...SUPPORT_STATUSES, 'all'], 'Vælg nye, besvarede, lukkede eller alle.').default('all'),
  assigned: z.enum(SUPPORT_ASSIGNED, 'Vælg mine, uden ansvarlig eller alle.').default('any'),
  page: z.coerce.number('Siden skal være et tal.').int('Siden skal være et helt tal.').min(1, 'Siden skal være 1 eller mere.').max(10_000, 'Siden findes ikke.').default(1),
});
export type SupportListQuery = z.input<typeof supportListQuery>;

const person = z.object({ id: z.string(), fullName: z.string() });
export type SupportPerson = z.infer<typeof person>;

export const supportThreadSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  /** For a request about personal data: the day it must be answered by (shared/contact.ts). */
  answerBy: z.string().nullable(),
  /** The first words of the first message, on one line. */
  preview: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  assignee: person.nullable(),
  replyCount: z.number().int(),
  lastActivityAt: z.string(),
  /** The newest message is the sender's: it is our turn. */
  waitingForUs: z.boolean(),
});
export type SupportThreadSummary = z.infer<typeof supportThreadSummary>;

export const supportListResponse = z.object({
  threads: z.array(supportThreadSummary),
  /** Threads per status under the same assignee filter: the tabs' numbers. */
  counts: z.object({ new: z.number().int(), answered: z.number().int(), closed: z.number().int() }),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type SupportList = z.infer<typeof supportListResponse>;

export const supportMessage = z.object({
  id: z.string(),
  author: z.enum(['sender', 'staff']),
  /** The sender's name, or the staff member's (null when that account is gone). */
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const supportThread = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  /** For a request about personal data: the day it must be answered by (shared/contact.ts). */
  answerBy: z.string().nullable(),
  status: z.enum(SUPPORT_STATUSES),
  assignee: person.nullable(),
  /** The sender's account, when they were signed in as they wrote. */
  userId: z.string().nullable(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  /** The first message, then every reply, oldest first. */
  messages: z.array(supportMessage),
  /** Who the thread can be given to: support staff and admins whose accounts are open. */
  assignable: z.array(person),
});
export type SupportThread = z.infer<typeof supportThread>;

/** Our reply, and the sender's answer through the link: the same rules. */
export const supportReplyBody = z.object({
  body: z
    .string('Skriv et svar.')
    .trim()
    .min(1, 'Skriv et svar.')
    .max(SUPPORT_REPLY_MAX, `Svaret må højst være ${SUPPORT_REPLY_MAX} tegn.`),
});
export type SupportReplyInput = z.input<typeof supportReplyBody>;

export const supportAssignBody = z.object({ userId: z.uuid('Vælg en medarbejder.').nullable() });
export type SupportAssignInput = z.infer<typeof supportAssignBody>;

/** Close a thread, or reopen it: 'new' puts it back among those waiting for us. 'answered' comes only with a reply. */
export const supportStatusBody = z.object({ status: z.enum(['closed', 'new'], 'Vælg lukket eller ny.') });
export type SupportStatusInput = z.infer<typeof supportStatusBody>;

/** The link's words when it cannot be used, with the way forward (PRODUCT.md "Links sent by e-mail"). */
export const supportLinkWords = {
  unknown: 'Linket er ikke gyldigt. Tjek at hele adressen fra e-mailen er med, eller skriv til os via kontaktformularen.',
  used: 'Linket er allerede brugt: dit svar er kommet frem. Vores næste svar har et nyt link, eller du kan skrive til os via kontaktformularen.',
  expired: `Linket er udløbet, da det kun virker i ${SUPPORT_REPLY_LINK_DAYS} dage. Skriv til os via kontaktformularen, så hjælper vi dig videre.`,
} as const;

/** /support/reply/{token}: the link's token as a path segment; anything that cannot be one is an unknown link. */
export const supportReplyTokenParams = z.object({
  token: z.string(supportLinkWords.unknown).min(20, supportLinkWords.unknown).max(100, supportLinkWords.unknown).regex(/^[\w-]+$/, supportLinkWords.unknown),
});

/** What the sender sees on the answer page: their own words and ours, oldest first. */
export const publicSupportThread = z.object({
  name: z.string(),
  subject: z.string(),
  messages: z.array(z.object({ from: z.enum(['sender', 'mindested']), body: z.string(), createdAt: z.string() })),
});
export type PublicSupportThread = z.infer<typeof publicSupportThread>;

export const supportAnswerResponse = z.object({ message: z.string() });
export const SUPPORT_ANSWER_THANKS = 'Tak for dit svar. Det er nu hos os, og vi svarer dig på e-mail, så snart vi kan.';
