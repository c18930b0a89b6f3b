/**
 * The production floor's words (issue 23): the warehouse's scans and the laser's jobs, shared by
 * the back office's pages and the server. Requests and answers of the production calls live here too.
 */
import { z } from 'zod';
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

/*
 * The warehouse's calls (production/warehouse.ts), for production staff and admins:
 *
 *   POST /api/admin/warehouse/scans             warehouseScanBody → warehouseScan (a refusal too: it is a scan)
 *   POST /api/admin/warehouse/scans/{id}/undo   → warehouseUndo (409 when it cannot be undone, and why)
 *   GET  /api/admin/warehouse/scans?direction=  → warehouseScansResponse (the caller's scans today)
 *   GET  /api/admin/warehouse/resellers         → warehouseResellersResponse (whom codes may go out to)
 *   GET  /api/admin/qr-packages/{id}/label.pdf  the label to stick on a package's box
 */

export const warehouseMessages = {
  chooseReseller: 'Vælg forhandleren, koderne skal sendes til.',
  emptyInput: 'Scan eller skriv en kode.',
  notYours: 'Du kan kun fortryde dine egne scanninger.',
  notLast: 'Kun din seneste godkendte scanning kan fortrydes.',
  alreadyUndone: 'Scanningen er allerede fortrudt.',
  notFound: 'Scanningen findes ikke.',
} as const;

/** What the scanner typed is kept as typed, up to the column's 200 characters. */
export const WAREHOUSE_INPUT_MAX = 200;

export const warehouseScanBody = z
  .object({
    input: z.string().max(WAREHOUSE_INPUT_MAX, 'Det scannede er for langt til at være en kode.').refine((input) => input.trim() !== '', warehouseMessages.emptyInput),
    direction: z.enum(WAREHOUSE_DIRECTIONS, { error: 'Vælg ind på lager eller ud til forhandler.' }),
    resellerId: z.uuid('Forhandleren findes ikke.').optional(),
  })
  .refine((body) => body.direction === 'in' || body.resellerId !== undefined, { message: warehouseMessages.chooseReseller, path: ['resellerId'] });
export type WarehouseScanBody = z.infer<typeof warehouseScanBody>;

/**
 * What this person has done today in one direction: accepted scans that are not undone, and the
 * codes they moved (a package's label moves all its codes at once, so the two differ).
 */
export const warehouseCount = z.object({ scans: z.number().int(), codes: z.number().int() });
export type WarehouseCount = z.infer<typeof warehouseCount>;

export const warehouseScan = z.object({
  id: z.number().int(),
  direction: z.enum(WAREHOUSE_DIRECTIONS),
  outcome: z.enum(WAREHOUSE_OUTCOMES),
  /** Danish, naming the code (XXXXX-XXXXX) or the package, and why when refused. */
  message: z.string(),
  input: z.string(),
  code: z.string().nullable(),
  package: z.object({ id: z.string(), name: z.string() }).nullable(),
  resellerName: z.string().nullable(),
  moved: z.number().int(),
  at: z.string(),
  undoneAt: z.string().nullable(),
});
export type WarehouseScan = z.infer<typeof warehouseScan>;

export const warehouseScanResponse = warehouseScan.extend({ count: warehouseCount });
export type WarehouseScanResponse = z.infer<typeof warehouseScanResponse>;

export const warehouseScanParams = z.object({ id: z.coerce.number({ error: warehouseMessages.notFound }).int(warehouseMessages.notFound).positive(warehouseMessages.notFound).max(Number.MAX_SAFE_INTEGER, warehouseMessages.notFound) });

export const warehouseUndoResponse = z.object({
  scan: warehouseScan,
  /** How many codes went back (a code moved on since the scan stays where it is now). */
  movedBack: z.number().int(),
  message: z.string(),
  count: warehouseCount,
});
export type WarehouseUndoResponse = z.infer<typeof warehouseUndoResponse>;

export const warehouseScansQuery = z.object({ direction: z.enum(WAREHOUSE_DIRECTIONS, { error: 'Vælg ind på lager eller ud til forhandler.' }) });

/** The newest first, at most this many: the page's list of the last scans. */
export const WAREHOUSE_RECENT_SCANS = 50;

export const warehouseScansResponse = z.object({
  scans: z.array(warehouseScan),
  count: warehouseCount,
  /** The caller's last accepted scan today, whichever direction, while it may still be undone. */
  undoable: warehouseScan.nullable(),
});
export type WarehouseScansResponse = z.infer<typeof warehouseScansResponse>;

export const warehouseResellersResponse = z.object({
  resellers: z.array(z.object({ id: z.string(), companyName: z.string(), town: z.string() })),
});
export type WarehouseResellers = z.infer<typeof warehouseResellersResponse>;
