/**
 * The words and states of money (PRODUCT.md "Money", decision 0025), free of zod so any page may
 * use them; the calls' schemas are in money-api.ts.
 */

/** An order's life: pending_payment → paid → in_production → shipped → delivered, or cancelled / refunded. */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'in_production', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Afventer betaling',
  paid: 'Betalt',
  in_production: 'I produktion',
  shipped: 'Afsendt',
  delivered: 'Leveret',
  cancelled: 'Annulleret',
  refunded: 'Refunderet',
};

/**
 * Which step may follow which. Premium and anything without a physical thing to make ends at
 * "paid" (order-status.ts skips production for them); a refund may follow any paid step.
 */
export const ORDER_NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['in_production', 'refunded'],
  in_production: ['shipped', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

export const PAYMENT_METHODS = ['card', 'mobilepay', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Kort',
  mobilepay: 'MobilePay',
  bank_transfer: 'Bankoverførsel',
};

/** What an order buys. Premium is an order too, so payment, invoices and refunds have one path. */
export const ORDER_KINDS = ['premium', 'plaque', 'extra_codes', 'animated_greeting', 'song', 'qr_package'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  premium: 'Premium',
  plaque: 'QR-plade',
  extra_codes: 'Ekstra QR-koder',
  animated_greeting: 'Animeret hilsen',
  song: 'Sang med AI',
  qr_package: 'QR-pakke',
};

/** Kinds with a thing to make and send: only these go on to production, shipping and delivery. */
export const PHYSICAL_ORDER_KINDS: readonly OrderKind[] = ['plaque', 'extra_codes', 'qr_package'];

/** Premium's plans by slug (rows in `plans`); a lifetime plan is paid once and never ends. */
export const PREMIUM_PLAN_SLUGS = ['premium-maaned', 'premium-aar', 'premium-livstid'] as const;
export type PremiumPlanSlug = (typeof PREMIUM_PLAN_SLUGS)[number];

/** How many days a bank transfer invoice gives; Danish small businesses' usual "netto 8 dage". */
export const INVOICE_DUE_DAYS = 8;
export const PAYMENT_TERMS = `Netto ${INVOICE_DUE_DAYS} dage`;

export const INVOICE_STATUSES = ['open', 'paid', 'credited'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Ikke betalt',
  paid: 'Betalt',
  credited: 'Krediteret',
};

/** What an order is for, beyond its lines: kept with the order as the buyer chose it. */
export type OrderDetails =
  | { kind: 'premium'; planSlug: PremiumPlanSlug }
  | { kind: 'plaque'; productSlug: string; lines: string[]; code: string | null }
  | { kind: 'extra_codes'; productSlug: string; quantity: number }
  | { kind: 'animated_greeting' | 'song'; productSlug: string }
  | { kind: 'qr_package'; productSlug: string; quantity: number; codes: number };
