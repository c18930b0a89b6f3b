/** A user's reseller record as the header sees it (SPEC.md §6). Free of zod: the header loads with every page. */
export const RESELLER_STATUSES = ['pending', 'approved', 'suspended'] as const;

/** GET /api/resellers/me: the signed-in user's reseller record; 404 when there is none. */
export interface ResellerMe {
  id: string;
  companyName: string;
  status: (typeof RESELLER_STATUSES)[number];
}
export const RESELLER_STALE_MS = 5 * 60_000;
