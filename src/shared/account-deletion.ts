/**
 * A person deletes their own account from /gdpr-data-request (GDPR article 17; issue 26). They
 * choose, for each memorial they own, a co-admin to hand it to or that it is deleted with its
 * photos, and whether their candles, greetings and memories are anonymised or deleted; an e-mailed
 * link, opened while signed in as the same person, confirms it. The server and the pages share
 * these schemas, the limits and the words.
 */
import './zod-locale';
import { z } from 'zod';

/** GET: what a deletion would touch (the plan); POST: ask for it, which sends the link. */
export const ACCOUNT_DELETION_URL = '/api/gdpr/account-deletion';
/** GET: what a link will do; POST: do it. */
export const accountDeletionTokenUrl = (token: string) => `${ACCOUNT_DELETION_URL}/${encodeURIComponent(token)}`;
/** The page the e-mailed link opens. */
export const accountDeletionPage = (token: string) => `/gdpr-data-request/slet/${encodeURIComponent(token)}`;

/** How long the e-mailed link works. */
export const DELETION_LINK_HOURS = 24;
/** Links a person may ask for in a day: each sends an e-mail. */
export const DELETION_REQUESTS_PER_DAY = 5;
/** Bogføringsloven § 10: accounting records are kept five years from the end of the financial year. */
export const BOOKKEEPING_YEARS = 5;

/** The name an anonymised candle, greeting or memory is shown with. */
export const ANONYMOUS_NAME = 'Anonym';

export const POST_CHOICES = ['anonymise', 'delete'] as const;
export type PostChoice = (typeof POST_CHOICES)[number];

export const deletionMessages = {
  memorialMissing: 'Vælg, hvad der skal ske med hver af dine mindesider.',
  postsMissing: 'Vælg, om dine lys, hilsner og minder skal anonymiseres eller slettes.',
  notCoAdmin: 'Mindesiden kan kun gives videre til en af dens medadministratorer.',
  refusedRole: 'Konti for forhandlere og medarbejdere lukkes ikke her. Skriv til os, så lukker vi kontoen og beholder det, loven kræver.',
  subscriptionRunning: 'Du har et abonnement, der stadig kører. Opsig det først under Abonnement, så du ikke bliver trukket igen, og kom så tilbage hertil.',
  changedSince: 'Dine mindesider har ændret sig, siden du bad om linket. Bed om et nyt link på siden om dine data, og vælg igen.',
  linkUnknown: 'Linket findes ikke. Måske er det skrevet forkert, eller også hører det til en anden konto.',
  linkUsed: 'Linket er allerede brugt, og kontoen er slettet.',
  linkExpired: `Linket er udløbet. Det virker i ${DELETION_LINK_HOURS} timer. Bed om et nyt på siden om dine data.`,
  linkReplaced: 'Du har bedt om et nyere link. Brug linket i den seneste e-mail.',
} as const;

/** One memorial the person owns, and the co-admins it could go to. */
export const ownedMemorial = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  coAdmins: z.array(z.object({ userId: z.uuid(), fullName: z.string() })),
});
export type OwnedMemorial = z.infer<typeof ownedMemorial>;

/** GET ACCOUNT_DELETION_URL. */
export const deletionPlan = z.object({
  /** Why this account cannot be deleted here (a reseller's or a staff member's), or null. */
  refusal: z.string().nullable(),
  owned: z.array(ownedMemorial),
  /** Memorials they help administer: their access simply ends. */
  coAdministered: z.number().int(),
  /** Their candles, greetings and memories on any memorial. */
  posts: z.number().int(),
  /** Invoices kept for BOOKKEEPING_YEARS, with the name and address on them. */
  invoices: z.number().int(),
});
export type DeletionPlan = z.infer<typeof deletionPlan>;

/** POST ACCOUNT_DELETION_URL: every owned memorial named once; handTo null deletes it. */
export const deletionRequestBody = z.strictObject({
  memorials: z.array(z.strictObject({ memorialId: z.uuid(deletionMessages.memorialMissing), handTo: z.uuid(deletionMessages.notCoAdmin).nullable() })).max(500),
  posts: z.enum(POST_CHOICES, deletionMessages.postsMissing),
});
export type DeletionRequestBody = z.infer<typeof deletionRequestBody>;

/** 202 to the POST: the link went to this address. */
export const deletionRequestSent = z.object({ sentTo: z.string(), expiresAt: z.iso.datetime() });
export type DeletionRequestSent = z.infer<typeof deletionRequestSent>;

/** GET accountDeletionTokenUrl: what confirming will do, named as the person chose it. */
export const deletionPreview = z.object({
  expiresAt: z.iso.datetime(),
  memorials: z.array(z.object({ name: z.string(), handToName: z.string().nullable() })),
  posts: z.enum(POST_CHOICES),
  postCount: z.number().int(),
  invoices: z.number().int(),
});
export type DeletionPreview = z.infer<typeof deletionPreview>;

/** 200 to the confirming POST, and the receipt e-mail's facts: counts only, no names. */
export const deletionReceipt = z.object({
  memorialsHandedOver: z.number().int(),
  memorialsDeleted: z.number().int(),
  postsAnonymised: z.number().int(),
  postsDeleted: z.number().int(),
  invoicesKept: z.number().int(),
});
export type DeletionReceipt = z.infer<typeof deletionReceipt>;
