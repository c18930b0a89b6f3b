/**
 * The production floor's words (issue 23): the warehouse's scans and the laser's jobs, shared by
 * the back office's pages and the server. Requests and answers of the production calls live here too.
 */
import { z } from 'zod';
import { staffActionEntry } from './people';
import { codeFromInput } from './qr-code';
import { QR_PACKAGE_STATUSES, QR_STATUSES } from './qr-lifecycle';
import { RESELLER_STATUSES } from './resellers';
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

// ---------------------------------------------------------------------------------------------
// Codes and packages in the back office (issue 23 items 1, 2 and 4): /admin/qr, /admin/qr-scanner,
// /admin/qr-packages, /admin/qr-packages/{id} and /admin/qr-packages/{id}/qr-codes.
//
//   GET  /api/admin/qr-codes/{code}                 a code as typed, pasted or scanned → qrCodeView
//   POST /api/admin/qr-codes/{code}/void            voidCodeBody → qrCodeView
//   GET  /api/admin/qr-packages                     qrPackagesQuery → qrPackagesList
//   GET  /api/admin/qr-packages/{id}                qrPackageDetail
//   GET  /api/admin/qr-packages/{id}/qr-codes       packageCodesQuery → packageCodesPage
//   GET  /api/admin/production/resellers            the resellers the floor may pick → floorResellers
// ---------------------------------------------------------------------------------------------

/** What a person typed, as a refusal repeats it: trimmed, and cut short if it is long. */
export function typedForMessage(typed: string): string {
  const text = typed.trim().replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** The refusal of a code that is not ours (unknown, or mistyped so its check character fails); it names what was typed. */
export const unknownCodeMessage = (typed: string) => `Vi kender ingen QR-kode „${typedForMessage(typed)}“. Tjek at den er skrevet rigtigt.`;

/** A code as typed (with hyphens or spaces), or the address its symbol encodes (the router takes 100 characters at most). */
export const codeLookupParams = z.object({ code: z.string().trim().min(1, 'Skriv en QR-kode.').max(100, 'Det skrevne er for langt til at være en QR-kode.') });

const named = z.object({ id: z.string(), name: z.string() });

export const qrCodeEventEntry = z.object({
  id: z.number().int(),
  /** Empty for the code's making. */
  from: z.enum(QR_STATUSES).nullable(),
  to: z.enum(QR_STATUSES),
  /** Who took the step; empty when the account is gone (or for steps no person took). */
  actor: named.nullable(),
  at: z.string(),
  /** The reason or note given with the step (a void's reason, a step's note). */
  note: z.string().nullable(),
  /** The rest the step recorded (its package, its warehouse scan, its memorials). */
  detail: z.record(z.string(), z.unknown()),
});
export type QrCodeEventEntry = z.infer<typeof qrCodeEventEntry>;

export const qrCodeView = z.object({
  code: z.string(),
  status: z.enum(QR_STATUSES),
  createdAt: z.string(),
  package: z.object({ id: z.string(), name: z.string(), status: z.enum(QR_PACKAGE_STATUSES) }).nullable(),
  reseller: named.nullable(),
  /** The account the code is locked to: staff may see who it is. */
  holder: named.extend({ email: z.string(), claimedAt: z.string().nullable() }).nullable(),
  memorials: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), deleted: z.boolean() })),
  /** The reseller's latest hand-over of the code to a family; withdrawnAt is set when it was taken back. */
  handover: z
    .object({ familyName: z.string(), email: z.string().nullable(), givenAt: z.string(), givenBy: z.string().nullable(), withdrawnAt: z.string().nullable() })
    .nullable(),
  /** Every step of the code's life, oldest first. */
  events: z.array(qrCodeEventEntry),
  /** Why this code cannot be voided now (a family holds it, it is voided already), or null when it can. */
  voidRefusal: z.string().nullable(),
});
export type QrCodeView = z.infer<typeof qrCodeView>;

export const VOID_REASON_MIN = 3;
export const VOID_REASON_MAX = 500;

export const voidCodeBody = z.object({
  reason: z
    .string({ error: 'Skriv hvorfor koden kasseres.' })
    .trim()
    .min(VOID_REASON_MIN, `Skriv hvorfor koden kasseres (mindst ${VOID_REASON_MIN} tegn).`)
    .max(VOID_REASON_MAX, `Begrundelsen må højst være ${VOID_REASON_MAX} tegn.`),
});
export type VoidCodeBody = z.input<typeof voidCodeBody>;

/** How many codes are in each state: every state present, zeros included. */
export const qrStateCounts = z.record(z.enum(QR_STATUSES), z.number().int());
export type QrStateCounts = z.infer<typeof qrStateCounts>;

export const QR_PACKAGES_PAGE_SIZE = 25;
/** The list's reseller filter for packages made for direct sale (no reseller). */
export const DIRECT_SALE = 'direct';

export const qrPackagesQuery = z.object({
  /** Part of the package's name or its reseller's. */
  q: z.string().trim().max(120, 'Søgningen må højst være 120 tegn.').optional(),
  /** A reseller's id, or DIRECT_SALE. */
  reseller: z.union([z.uuid('Forhandleren findes ikke.'), z.literal(DIRECT_SALE)]).optional(),
  status: z.enum(QR_PACKAGE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type QrPackagesQuery = z.input<typeof qrPackagesQuery>;

export const qrPackageSummary = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  resellerId: z.string().nullable(),
  resellerName: z.string().nullable(),
  status: z.enum(QR_PACKAGE_STATUSES),
  createdAt: z.string(),
  /** When the package last moved a step; empty while it is as it was made. */
  statusChangedAt: z.string().nullable(),
  counts: qrStateCounts,
});
export type QrPackageSummary = z.infer<typeof qrPackageSummary>;

export const qrPackagesList = z.object({
  packages: z.array(qrPackageSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type QrPackagesList = z.infer<typeof qrPackagesList>;

export const qrPackageDetail = z.object({
  package: qrPackageSummary.extend({ createdBy: named.nullable() }),
  /** The package's next warehouse step, or null once it is shipped. */
  nextStep: z.enum(QR_PACKAGE_STATUSES).nullable(),
  /** Who took the package to the printer (the production queue), if anyone has. */
  production: z.object({ startedBy: named.nullable(), startedAt: z.string() }).nullable(),
  /** What staff have done to the package (the audit log), newest first. */
  history: z.array(staffActionEntry),
});
export type QrPackageDetail = z.infer<typeof qrPackageDetail>;

export const QR_PACKAGE_CODES_PAGE_SIZE = 50;

export const packageCodesQuery = z.object({
  status: z.enum(QR_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type PackageCodesQuery = z.input<typeof packageCodesQuery>;

export const packageCodeRow = z.object({
  code: z.string(),
  status: z.enum(QR_STATUSES),
  /** The account the code is locked to, once a family has it. */
  holder: named.nullable(),
  memorials: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string() })),
});
export type PackageCodeRow = z.infer<typeof packageCodeRow>;

export const packageCodesPage = z.object({
  codes: z.array(packageCodeRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PackageCodesPage = z.infer<typeof packageCodesPage>;

/** The resellers the production floor may choose: approved ones (a new package, shipping out), and any that has packages (the list's filter). */
export const floorResellers = z.object({
  resellers: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(RESELLER_STATUSES) })),
});
export type FloorResellers = z.infer<typeof floorResellers>;
