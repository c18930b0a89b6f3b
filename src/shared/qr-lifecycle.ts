/**
 * A code's life (PRODUCT.md "QR codes"), the words a family and the back office see for it, and the
 * requests and answers of the QR calls (SPEC.md §7). The rules of who may move a code where live on
 * the server (server/qr/lifecycle.ts).
 */
import { z } from 'zod';
import './zod-locale';

export const QR_STATUSES = ['created', 'produced', 'in_stock', 'shipped', 'claimed', 'linked', 'void'] as const;
export type QrStatus = (typeof QR_STATUSES)[number];

/** A package moves through the warehouse steps only; its codes go on to families one by one. */
export const QR_PACKAGE_STATUSES = ['created', 'produced', 'in_stock', 'shipped'] as const;
export type QrPackageStatus = (typeof QR_PACKAGE_STATUSES)[number];

export const QR_STATUS_LABELS: Record<QrStatus, string> = {
  created: 'Oprettet',
  produced: 'Produceret',
  in_stock: 'På lager',
  shipped: 'Sendt til forhandler',
  claimed: 'Låst til din konto',
  linked: 'Tilknyttet mindeside',
  void: 'Kasseret',
};

/** The same states as the back office speaks of them: the code is locked to someone's account, not "yours". */
export const STAFF_QR_STATUS_LABELS: Record<QrStatus, string> = { ...QR_STATUS_LABELS, claimed: 'Låst til en konto' };

export const qrCodeParams = z.object({ code: z.string().min(1).max(100) });

const linkedMemorial = z.object({ id: z.string(), slug: z.string(), name: z.string() });

/** A code as its holder sees it on /profile: never another person's data. */
export const ownedQrCode = z.object({
  code: z.string(),
  status: z.enum(QR_STATUSES),
  statusLabel: z.string(),
  claimedAt: z.string().nullable(),
  memorials: z.array(linkedMemorial),
});
export type OwnedQrCode = z.infer<typeof ownedQrCode>;

export const qrCodeListResponse = z.array(ownedQrCode);

export const linkQrBody = z.object({
  /** The memorial's id or slug; a second one makes a shared stone (the dual page). */
  memorial: z.string().min(1).max(200),
  secondMemorial: z.string().min(1).max(200).optional(),
});
export type LinkQrBody = z.infer<typeof linkQrBody>;

/** Staff moving a code a warehouse step on, or voiding it. */
export const qrTransitionBody = z.object({ to: z.enum(QR_STATUSES), note: z.string().trim().max(500).optional() });

export const createQrPackageBody = z.object({
  name: z.string().trim().min(1, 'Giv pakken et navn.').max(120, 'Navnet må højst være 120 tegn.'),
  size: z
    .number({ error: 'Skriv hvor mange koder pakken skal have.' })
    .int('Antallet skal være et helt tal.')
    .min(1, 'En pakke skal have mindst 1 kode.')
    .max(10_000, 'En pakke kan højst have 10.000 koder.'),
  resellerId: z.uuid('Forhandleren findes ikke.').nullable().default(null),
});
export type CreateQrPackageBody = z.infer<typeof createQrPackageBody>;

export const qrPackageResponse = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  resellerId: z.string().nullable(),
  status: z.enum(QR_PACKAGE_STATUSES),
  createdAt: z.string(),
});

/**
 * Where a scanned code leads (GET /api/qr-codes/{code}/scan): its memorial, setting up my own
 * code, activating a free one, an explanation for someone else's, or "Ugyldig QR-kode".
 */
export const scanResult = z.discriminatedUnion('next', [
  z.object({ next: z.literal('memorial'), code: z.string(), path: z.string() }),
  z.object({ next: z.literal('setup'), code: z.string() }),
  z.object({ next: z.literal('activate'), code: z.string() }),
  z.object({ next: z.literal('taken'), code: z.string() }),
  z.object({ next: z.literal('invalid') }),
]);
export type ScanResult = z.infer<typeof scanResult>;
