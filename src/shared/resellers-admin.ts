/**
 * The back office's resellers (PRODUCT.md "Back office": resellers, approve, suspend): the list of
 * applications and resellers (/admin/resellers) and one reseller (/admin/resellers/{id}), with the
 * decisions an admin takes there. Admins only; each decision e-mails the applicant and is written
 * to the audit log.
 *
 *   GET  /api/admin/resellers                   resellersQuery → resellersListResponse
 *   GET  /api/admin/resellers/{id}              resellerDetail
 *   POST /api/admin/resellers/{id}/approve      approveBody → resellerDetail
 *   POST /api/admin/resellers/{id}/reject       reasonBody → resellerDetail
 *   POST /api/admin/resellers/{id}/suspend      reasonBody → resellerDetail
 *   POST /api/admin/resellers/{id}/reinstate    → resellerDetail
 *   POST /api/admin/resellers/{id}/commission   commissionBody → resellerDetail
 *   POST /api/admin/resellers/{id}/setup-link   a new setup link for an approved visitor's application → resellerDetail
 *
 * Packages for a reseller are made and moved with the QR package calls (POST /api/admin/qr-packages
 * with resellerId, POST /api/admin/qr-packages/{id}/status).
 */
import { z } from 'zod';
import './zod-locale';
import { RESELLER_STATUSES } from './resellers';
import { RESELLER_CODE_STATES, resellerFacts, resellerPackage, resellerRecord } from './resellers-api';
import { staffActionEntry } from './people';

export const RESELLERS_PAGE_SIZE = 25;

export const resellersQuery = z.object({
  /** Company name, CVR, contact, e-mail or town. */
  q: z.string().trim().max(120).optional(),
  status: z.enum(RESELLER_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ResellersQuery = z.input<typeof resellersQuery>;

export const resellerSummary = resellerFacts.extend({
  /** False while a visitor's application waits for its account. */
  hasAccount: z.boolean(),
});
export type ResellerSummary = z.infer<typeof resellerSummary>;

export const resellersListResponse = z.object({
  resellers: z.array(resellerSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many applications wait, whatever the filter: the list's heading says it. */
  pending: z.number().int(),
});
export type ResellersList = z.infer<typeof resellersListResponse>;

export const resellerDetail = z.object({
  reseller: resellerRecord.extend({
    hasAccount: z.boolean(),
    termsVersion: z.string().nullable(),
    termsAcceptedAt: z.string().nullable(),
    referralCode: z.string(),
  }),
  account: z.object({ id: z.string(), username: z.string(), fullName: z.string() }).nullable(),
  /** An approved visitor's application: when its setup link was sent, and whether it is spent or expired. */
  setupLink: z.object({ sentAt: z.string(), expiresAt: z.string(), used: z.boolean() }).nullable(),
  referredBy: z.object({ id: z.string(), companyName: z.string() }).nullable(),
  partners: z.number().int(),
  packages: z.array(resellerPackage),
  counts: z.record(z.enum(RESELLER_CODE_STATES), z.number().int()),
  history: z.array(staffActionEntry),
});
export type ResellerDetail = z.infer<typeof resellerDetail>;

export const resellerParams = z.object({ id: z.uuid('Forhandleren findes ikke.') });

/** A rate typed as "10", "12,5" or "12.5" %; stored as basis points. */
export const commissionInput = z
  .number({ error: 'Skriv provisionen i procent, fx 10.' })
  .int()
  .min(0, 'Provisionen kan ikke være negativ.')
  .max(10_000, 'Provisionen kan højst være 100 %.');

export const approveBody = z.object({ commissionBasisPoints: commissionInput.optional() });
export const reasonBody = z.object({
  reason: z.string().trim().min(1, 'Skriv en begrundelse. Forhandleren får den at se.').max(1000, 'Begrundelsen må højst være 1000 tegn.'),
});
export type ReasonBody = z.input<typeof reasonBody>;
export const commissionBody = z.object({ commissionBasisPoints: commissionInput });

export const resellerAdminMessages = {
  notFound: 'Forhandleren findes ikke.',
  notPending: 'Kun en ansøgning, der venter eller er afslået, kan godkendes.',
  notPendingReject: 'Kun en ansøgning, der venter, kan afslås.',
  notApproved: 'Kun en godkendt forhandler kan suspenderes.',
  notSuspended: 'Kun en suspenderet forhandler kan genoptages.',
  hasAccount: 'Forhandleren har allerede en konto.',
  notApprovedLink: 'Et link til at oprette kontoen sendes først, når ansøgningen er godkendt.',
  /** A visitor's application whose address now has an account that runs another reseller. */
  accountTaken: 'Kontoen med ansøgningens e-mailadresse hører allerede til en anden forhandler. Bed ansøgeren om en anden adresse.',
} as const;

/** "12,5 %" from basis points. */
export const formatCommission = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString('da-DK', { minimumFractionDigits: 0, maximumFractionDigits: 2 })} %`;
