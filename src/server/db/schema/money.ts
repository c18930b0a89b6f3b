import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INVOICE_STATUSES, ORDER_KINDS, ORDER_STATUSES, PAYMENT_METHODS } from '../../../shared/money';
import type { InvoiceDocumentJson } from '../../../shared/invoice';
import type { OrderDetails } from '../../../shared/money';
import { memorials } from './memorials';
import { resellers } from './resellers';
import { users } from './users';

/**
 * What is sold besides Premium's plans: plaques by material and size, extra codes, the AI extras,
 * and QR packages for resellers. Prices in øre incl. 25 % moms, edited by staff (decision 0025).
 */
export const products = pgTable('products', {
  slug: text('slug').primaryKey(),
  kind: text('kind', { enum: ORDER_KINDS }).notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceOre: integer('price_ore').notNull(),
  /** A plaque's material and size in mm, a package's number of codes. */
  attributes: jsonb('attributes').$type<{ material?: string; widthMm?: number; heightMm?: number; codes?: number }>().notNull().default({}),
  /** Sold only to approved resellers (QR packages at wholesale). */
  forResellers: boolean('for_resellers').notNull().default(false),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check('products_price_positive', sql`${t.priceOre} > 0`)]);

/** A purchase: Premium, a plaque, codes, an AI extra or a reseller's package (decision 0025). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number the buyer and staff say ("Ordre 1042"). */
    number: bigserial('number', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending_payment'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    resellerId: uuid('reseller_id').references(() => resellers.id, { onDelete: 'restrict' }),
    memorialId: uuid('memorial_id').references(() => memorials.id, { onDelete: 'set null' }),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    /** The browser's key for one press of "Betal": a second press finds this order. */
    idempotencyKey: text('idempotency_key').notNull(),
    totalOre: integer('total_ore').notNull(),
    /** The buyer as the invoice names them, copied at purchase. */
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerCompany: text('buyer_company'),
    buyerCvr: text('buyer_cvr'),
    /** Where a physical thing goes; null for Premium and the AI extras. */
    deliveryName: text('delivery_name'),
    deliveryAddress: text('delivery_address'),
    deliveryPostcode: text('delivery_postcode'),
    deliveryTown: text('delivery_town'),
    details: jsonb('details').$type<OrderDetails>().notNull(),
    stripeSessionId: text('stripe_session_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_stripe_session_key').on(t.stripeSessionId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_reseller_idx').on(t.resellerId).where(sql`${t.resellerId} is not null`),
    index('orders_payment_intent_idx').on(t.stripePaymentIntentId).where(sql`${t.stripePaymentIntentId} is not null`),
    check('orders_total_positive', sql`${t.totalOre} > 0`),
  ],
);

/** What an order holds, with the price each was bought at (a later price change leaves it). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'plan:premium-aar' or 'product:plade-staal-5'. */
    item: text('item').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceOre: integer('unit_price_ore').notNull(),
    totalOre: integer('total_ore').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), check('order_lines_quantity_positive', sql`${t.quantity} > 0`)],
);

/** Each step of an order with its time and who took it (null: the buyer, Stripe or the system). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** A tracking number when shipped, a reason when cancelled or refunded. */
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/**
 * Premium as a ledger of paid periods (decision 0025): a memorial is Premium while a period covers
 * now; `ends_at` null is for good. `source` names what paid for it, once: 'order:<id>' or
 * 'stripe-invoice:<id>', so the same payment reported twice adds nothing.
 */
export const premiumPeriods = pgTable(
  'premium_periods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    /** Set when the payment behind it was refunded: the period no longer counts. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('premium_periods_source_key').on(t.source), index('premium_periods_memorial_idx').on(t.memorialId, t.endsAt)],
);

/** A Stripe subscription (card) for a memorial's Premium: what the family manages on /subscription. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planSlug: text('plan_slug').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id').notNull(),
    /** Stripe's own word: active, past_due, canceled, … */
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** The newest Stripe event applied: an older one arriving late changes nothing. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_stripe_key').on(t.stripeSubscriptionId), index('subscriptions_memorial_idx').on(t.memorialId)],
);

/**
 * Invoices and credit notes. Numbers come from invoice_counter in the issuing transaction, so they
 * never skip or repeat (decision 0025). `document` is what the PDF shows, copied when issued.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The buyer: another user's invoice answers 404. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    creditsInvoiceId: uuid('credits_invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    totalOre: integer('total_ore').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    document: jsonb('document').$type<InvoiceDocumentJson>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    index('invoices_status_idx').on(t.status, t.issuedAt),
  ],
);

/** One row: the last invoice number issued. Locked by each issuer for the length of its transaction. */
export const invoiceCounter = pgTable(
  'invoice_counter',
  {
    id: integer('id').primaryKey(),
    last: integer('last').notNull(),
  },
  (t) => [check('invoice_counter_one_row', sql`${t.id} = 1`)],
);

/** Stripe events already applied, recorded with their effect: the same event twice changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each webhook delivery received, by the signature that verified it (decision 0025). Stripe signs
 * every attempt anew, its retries included, so the same signature twice is a replay of one request,
 * refused; the primary key makes that hold across servers. Rows whose signature is older than the
 * library's tolerance are pruned: such a delivery is refused as stale anyway.
 */
export const stripeWebhookDeliveries = pgTable(
  'stripe_webhook_deliveries',
  {
    /** HMAC-SHA256 of `timestamp.body` under the endpoint's secret: the header's valid v1 signature. */
    signature: text('signature').primaryKey(),
    /** The header's timestamp. */
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stripe_webhook_deliveries_signed_idx').on(t.signedAt)],
);

/**
 * Payments Stripe reported refunded in full, by payment intent. Stripe does not promise the order
 * of its events: a refund reported before the payment's own event is kept here, and the payment is
 * refunded as soon as it is recorded, so either order ends the same.
 */
export const stripeRefundedPayments = pgTable('stripe_refunded_payments', {
  paymentIntentId: text('payment_intent_id').primaryKey(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
});
