/**
 * The family's and the reseller's money calls (PRODUCT.md "Money", decision 0025). The browser
 * validates its forms with these schemas and the server parses every request with the same ones.
 * A request names what is bought, never an amount: the server prices it.
 *
 *   GET    /api/catalogue                            catalogueResponse (Premium's plans, products)
 *   GET    /api/user/premium-status                  premiumStatusResponse; 401 visitor
 *   POST   /api/orders                               orderBody → 201 orderCreated (the same key again: 200, the same order)
 *   GET    /api/orders                               ordersResponse (the buyer's own)
 *   GET    /api/orders/{id}                          orderDetail; 404 another's
 *   POST   /api/orders/{id}/cancel                   → orderDetail (an order still waiting for payment; its open invoice is credited)
 *   POST   /api/orders/{id}/checkout                 checkoutBody → checkoutResponse (pay an open order by card or MobilePay)
 *   GET    /api/checkout/{sessionId}                 checkoutResult (asks Stripe, so a missed webhook is caught up)
 *   GET    /api/invoices/{id}                        invoiceDetail; 404 another's
 *   GET    /api/invoices/{id}/pdf                    application/pdf
 *   POST   /api/subscriptions/{id}/cancel            → premiumMemorial (stops at the period's end)
 *   POST   /api/subscriptions/{id}/resume            → premiumMemorial
 *   GET    /api/plaque-proof?product=…&memorialId=…&line=…   image/png, the plaque as the laser cuts it
 *   POST   /api/stripe/webhook                       Stripe's signed events; 400 for anything unverifiable
 */
import { z } from 'zod';
import './zod-locale';
import { FULL_NAME_MAX } from './constants';
import { isValidCvr, normalizeCvr } from './cvr';
import { INVOICE_STATUSES, ORDER_KINDS, ORDER_STATUSES, PAYMENT_METHODS, PREMIUM_PLAN_SLUGS } from './money';
import { PLAN_INTERVALS } from './pricing';

export const moneyMessages = {
  stripeMissing: 'Betaling med kort og MobilePay er ikke sat op endnu. Vælg bankoverførsel, så sender vi en faktura.',
  invoicingMissing: 'Fakturering er ikke sat op endnu, så vi kan ikke udstede en faktura. Kontakt os, så hjælper vi.',
  notYours: 'Mindesiden findes ikke, eller du kan ikke købe til den.',
  unknownProduct: 'Varen findes ikke eller sælges ikke længere.',
  mobilePayRecurring: 'MobilePay kan ikke trække et abonnement automatisk. Vælg Premium for en periode ad gangen, Premium for altid eller kort.',
  alreadyLifetime: 'Mindesiden har allerede Premium for altid.',
  deliveryName: 'Skriv modtagerens navn.',
  deliveryAddress: 'Skriv vej og husnummer.',
  postcode: 'Et postnummer har 4 cifre.',
  town: 'Skriv byen.',
  cvrFormat: 'Et CVR-nummer har 8 cifre.',
  cvrInvalid: 'CVR-nummeret findes ikke. Tjek cifrene.',
  notPayable: 'Ordren kan ikke betales: den er allerede betalt eller annulleret.',
  resellersOnly: 'Kun godkendte forhandlere kan købe QR-pakker.',
  plaqueNeedsCode: 'Mindesiden har endnu ingen QR-kode, der kan graveres. Tilknyt en kode først, eller bestil en ekstra QR-kode.',
} as const;

const money = z.number().int();

export const cataloguePlan = z.object({
  slug: z.enum(PREMIUM_PLAN_SLUGS),
  name: z.string(),
  description: z.string(),
  priceOre: money,
  interval: z.enum(PLAN_INTERVALS),
});

export const catalogueProduct = z.object({
  slug: z.string(),
  kind: z.enum(ORDER_KINDS),
  name: z.string(),
  description: z.string(),
  priceOre: money,
  /** A plaque's material and size; a package's number of codes. */
  material: z.string().nullable(),
  widthMm: z.number().nullable(),
  heightMm: z.number().nullable(),
  codes: z.number().nullable(),
});

export const catalogueResponse = z.object({
  premium: z.array(cataloguePlan),
  /** Only an approved reseller is shown the QR packages. */
  products: z.array(catalogueProduct),
  /** Whether card and MobilePay can be offered at all (STRIPE_SECRET_KEY is set). */
  cardPayments: z.boolean(),
  /** Whether invoices can be issued (seller and bank details are set). */
  invoicing: z.boolean(),
});

/** One of the family's memorials as /subscription shows it. */
export const premiumMemorial = z.object({
  memorialId: z.string(),
  name: z.string(),
  slug: z.string(),
  premium: z.boolean(),
  /** The end of the period paid for; null while none is, or when it is for good. */
  premiumUntil: z.string().nullable(),
  forGood: z.boolean(),
  subscription: z
    .object({
      id: z.string(),
      planSlug: z.string(),
      status: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
    })
    .nullable(),
  /** An order for Premium waiting for its bank transfer. */
  pendingOrderId: z.string().nullable(),
  /** Whether this user may buy or manage it (the owner or an administrator of the memorial). */
  canManage: z.boolean(),
});

export const premiumStatusResponse = z.object({
  /** Whether any of the user's memorials has Premium now. */
  premium: z.boolean(),
  memorials: z.array(premiumMemorial),
});

const line = z.string().trim().max(60);
export const deliveryAddress = z.object({
  name: z.string().trim().min(2, moneyMessages.deliveryName).max(FULL_NAME_MAX),
  address: z.string().trim().min(3, moneyMessages.deliveryAddress).max(160),
  postcode: z.string().trim().regex(/^\d{4}$/, moneyMessages.postcode),
  town: z.string().trim().min(2, moneyMessages.town).max(80),
});

/** For a business buyer: the invoice names the company and its CVR. */
export const businessBuyer = z
  .object({
    company: z.string().trim().max(160).default(''),
    cvr: z
      .string()
      .transform(normalizeCvr)
      .refine((v) => v === '' || /^\d{8}$/.test(v), moneyMessages.cvrFormat)
      .refine((v) => v === '' || isValidCvr(v), moneyMessages.cvrInvalid)
      .default(''),
  })
  .default({ company: '', cvr: '' });

export const orderItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('premium'), memorialId: z.string().uuid(), planSlug: z.enum(PREMIUM_PLAN_SLUGS) }),
  z.object({ kind: z.literal('plaque'), memorialId: z.string().uuid(), productSlug: z.string().max(60), lines: z.array(line).max(3), delivery: deliveryAddress }),
  z.object({ kind: z.literal('extra_codes'), memorialId: z.string().uuid(), quantity: z.number().int().min(1).max(10), delivery: deliveryAddress }),
  // Ordered and paid now; made when the AI extras are built (their production is not here yet).
  z.object({ kind: z.enum(['animated_greeting', 'song']), memorialId: z.string().uuid() }),
  z.object({ kind: z.literal('qr_package'), productSlug: z.string().max(60), quantity: z.number().int().min(1).max(20), delivery: deliveryAddress }),
]);
export type OrderItem = z.infer<typeof orderItem>;

export const orderBody = z.object({
  /** Made by the form when it opens: a second press of "Betal" sends the same key and finds the same order. */
  idempotencyKey: z.string().min(8).max(80),
  paymentMethod: z.enum(PAYMENT_METHODS),
  item: orderItem,
  buyer: businessBuyer,
});
export type OrderBody = z.input<typeof orderBody>;

export const orderLine = z.object({ description: z.string(), quantity: z.number().int(), unitPriceOre: money, totalOre: money });

export const orderSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  totalOre: money,
  title: z.string(),
  memorialName: z.string().nullable(),
  createdAt: z.string(),
});

export const invoiceSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  kind: z.enum(['invoice', 'credit_note']),
  status: z.enum(INVOICE_STATUSES),
  totalOre: money,
  issuedAt: z.string(),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
});

export const orderDetail = orderSummary.extend({
  /** The memorial it was bought for (a plaque's, Premium's, an AI extra's); null for a reseller's package. */
  memorialId: z.string().nullable(),
  lines: z.array(orderLine),
  events: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), note: z.string().nullable() })),
  delivery: z.object({ name: z.string(), address: z.string(), postcode: z.string(), town: z.string() }).nullable(),
  /** The engraving's lines for a plaque. */
  engraving: z.array(z.string()).nullable(),
  invoices: z.array(invoiceSummary),
  /** Why no invoice exists yet for a paid order, in Danish; null when there is one or none is due. */
  invoiceProblem: z.string().nullable(),
});

export const ordersResponse = z.object({ orders: z.array(orderSummary) });

export const orderCreated = z.object({
  order: orderSummary,
  /** Card or MobilePay: Stripe Checkout's page to send the browser to. */
  checkoutUrl: z.string().nullable(),
  /** Bank transfer: the invoice to show at /invoice-payment/{id}. */
  invoiceId: z.string().nullable(),
});

export const checkoutBody = z.object({ paymentMethod: z.enum(['card', 'mobilepay']) });
export const checkoutResponse = z.object({ checkoutUrl: z.string() });

export const checkoutResult = z.object({
  /** Only what the server knows: "paid" once Stripe's own record or its signed webhook says so. */
  paid: z.boolean(),
  order: orderSummary,
  /** The memorial Premium is now for, for the success page's link. */
  memorial: z.object({ name: z.string(), slug: z.string() }).nullable(),
  invoiceId: z.string().nullable(),
});

export const invoiceDetail = invoiceSummary.extend({
  orderId: z.string(),
  orderNumber: z.number().int(),
  lines: z.array(orderLine),
  netOre: money,
  momsOre: money,
  /** For an open invoice: where to transfer to. */
  bank: z.object({ regNumber: z.string(), accountNumber: z.string(), iban: z.string() }).nullable(),
  paymentTerms: z.string(),
  sellerName: z.string(),
  /** Whether card and MobilePay can be offered for it. */
  cardPayments: z.boolean(),
});

export const idParams = z.object({ id: z.string().uuid() });
export const sessionParams = z.object({ sessionId: z.string().min(3).max(200) });

export const plaqueProofQuery = z.object({
  product: z.string().max(60),
  memorialId: z.string().uuid(),
  line: z.union([line, z.array(line).max(3)]).optional(),
});
