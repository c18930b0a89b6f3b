/**
 * The production floor's words (issue 23): the warehouse's scans and the laser's jobs, shared by
 * the back office's pages and the server. Requests and answers of the production calls live here too.
 */
import { codeFromInput } from './qr-code';
import './zod-locale';

/** In: received into stock (produced → in_stock). Out: sent to a reseller (in_stock → shipped). */
export const WAREHOUSE_DIRECTIONS = ['in', 'out'] as const;
export type WarehouseDirection = (typeof WAREHOUSE_DIRECTIONS)[number];

/** accepted: moved; already: it was already where the scan would put it; refused: nothing changed. */
export const WAREHOUSE_OUTCOMES = ['accepted', 'already', 'refused'] as const;
export type WarehouseOutcome = (typeof WAREHOUSE_OUTCOMES)[number];

export const LASER_JOB_STATUSES = ['waiting', 'engraving', 'done', 'failed'] as const;
export type LaserJobStatus = (typeof LASER_JOB_STATUSES)[number];

export const LASER_JOB_STATUS_LABELS: Record<LaserJobStatus, string> = {
  waiting: 'Venter',
  engraving: 'Graveres',
  done: 'Færdig',
  failed: 'Fejlet',
};

/** What a package's label encodes: the package's page, so a phone that scans it opens the package. */
export const packageLabelPath = (id: string) => `/admin/qr-packages/${id}`;

export type FloorScan = { kind: 'code'; code: string } | { kind: 'package'; id: string };

const PACKAGE_LABEL = /\/admin\/qr-packages\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

/**
 * What a scanner, a camera or a person typed at the packing table: a code (bare, with hyphens, or
 * as the address its symbol encodes) or a package's label. Null for anything else: a mistyped code
 * fails its check character here, before any look-up.
 */
export function readFloorScan(input: string): FloorScan | null {
  const trimmed = input.trim();
  const label = PACKAGE_LABEL.exec(trimmed);
  if (label) return { kind: 'package', id: label[1]!.toLowerCase() };
  const code = codeFromInput(trimmed);
  return code ? { kind: 'code', code } : null;
}
