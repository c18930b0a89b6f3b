/** A user's reseller record as the header sees it (SPEC.md §6). Free of zod: the header loads with every page. */
export const RESELLER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type ResellerStatus = (typeof RESELLER_STATUSES)[number];

export const RESELLER_STATUS_LABELS: Record<ResellerStatus, string> = {
  pending: 'Afventer godkendelse',
  approved: 'Godkendt',
  rejected: 'Afslået',
  suspended: 'Suspenderet',
};

/** What kind of business applies: funeral homes and stone dealers are the two PRODUCT.md names. */
export const RESELLER_KINDS = ['funeral_home', 'stone_dealer', 'other'] as const;
export type ResellerKind = (typeof RESELLER_KINDS)[number];
export const RESELLER_KIND_LABELS: Record<ResellerKind, string> = {
  funeral_home: 'Bedemand',
  stone_dealer: 'Stenhugger eller stenhandler',
  other: 'Anden virksomhed',
};

/**
 * The version of /reseller-terms an applicant accepts; stored with the application. Change it
 * with the terms' text, so every record says which text its reseller agreed to. A day (YYYY-MM-DD):
 * the page shows it as its date.
 */
export const RESELLER_TERMS_VERSION = '2026-11-28';

/** GET /api/resellers/me: the signed-in user's reseller record; 404 when there is none. */
export interface ResellerMe {
  id: string;
  companyName: string;
  status: ResellerStatus;
}
export const RESELLER_STALE_MS = 5 * 60_000;

/** Only an approved reseller wears the header's "Aktiv" badge: an application or a suspension is not active. */
export const isActiveReseller = (reseller: ResellerMe | null) => reseller?.status === 'approved';
