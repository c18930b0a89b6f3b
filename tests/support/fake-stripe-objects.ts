/**
 * The shapes of the objects the fake Stripe answers and puts in its events, in the API version the
 * official library pins (`Stripe.API_VERSION`). Each is the library's own type narrowed to the
 * fields the fake fills in (`Pick`), so a field the pinned version renamed or moved fails the type
 * check here instead of in a payment. Fields the fake leaves out are Stripe's extras that Mindested
 * does not read (tax, discounts, shipping, Connect, …).
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

export type Interval = 'month' | 'year';
export type PaymentMethodType = 'card' | 'mobilepay';

export interface List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'allowed_payment_method_types'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_email'
  | 'expires_at'
  | 'invoice'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'subscription'
  | 'success_url'
  | 'url'
>;

export type Price = Pick<
  Stripe.Price,
  'id' | 'object' | 'active' | 'billing_scheme' | 'created' | 'currency' | 'livemode' | 'metadata' | 'product' | 'recurring' | 'type' | 'unit_amount'
>;

/** Since API version 2025-03-31 the current period lives on each item, not on the subscription. */
export type SubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  'id' | 'object' | 'created' | 'current_period_start' | 'current_period_end' | 'metadata' | 'quantity' | 'subscription'
> & { price: Price };

export type Subscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'cancellation_details'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'ended_at'
  | 'latest_invoice'
  | 'livemode'
  | 'metadata'
  | 'start_date'
  | 'status'
> & { items: List<SubscriptionItem> };

export type InvoiceLineItem = Pick<
  Stripe.InvoiceLineItem,
  'id' | 'object' | 'amount' | 'currency' | 'description' | 'invoice' | 'livemode' | 'metadata' | 'parent' | 'period' | 'quantity' | 'subtotal'
> & {
  // On the wire `unit_amount_decimal` is a decimal string; the library turns it into its Decimal.
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
};

/**
 * Since API version 2025-03-31 an invoice names its subscription in `parent.subscription_details`
 * and its payments in `payments` (only when expanded), no longer in `subscription`/`payment_intent`.
 */
export type Invoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_email'
  | 'livemode'
  | 'metadata'
  | 'number'
  | 'parent'
  | 'period_end'
  | 'period_start'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'total'
> & { lines: List<InvoiceLineItem> };

export type InvoicePayment = Pick<
  Stripe.InvoicePayment,
  'id' | 'object' | 'amount_paid' | 'amount_requested' | 'created' | 'currency' | 'invoice' | 'is_default' | 'livemode' | 'payment' | 'status' | 'status_transitions'
>;

export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'allowed_payment_method_types'
  | 'amount'
  | 'amount_received'
  | 'capture_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'latest_charge'
  | 'livemode'
  | 'metadata'
  | 'payment_method_types'
  | 'status'
>;

export type Charge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'captured'
  | 'created'
  | 'currency'
  | 'customer'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'payment_method_details'
  | 'refunded'
  | 'status'
>;

export type Refund = Pick<
  Stripe.Refund,
  'id' | 'object' | 'amount' | 'charge' | 'created' | 'currency' | 'metadata' | 'payment_intent' | 'reason' | 'status'
>;

/** Anything the fake keeps and answers by id. */
export type FakeObject = CheckoutSession | Subscription | Invoice | InvoicePayment | PaymentIntent | Charge | Refund;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id in Stripe's style: its object's prefix and random letters (`pi_3Qx…`). */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${[...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/**
 * The end of `count` periods from `anchor` (seconds): calendar months in UTC, kept on the anchor's
 * day and clamped to a shorter month's last day (31 January → 28 February → 31 March), as Stripe bills.
 */
export function addPeriods(anchor: number, interval: Interval, count: number): number {
  const start = new Date(anchor * 1000);
  const month = start.getUTCMonth() + (interval === 'month' ? count : 12 * count);
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return (
    Date.UTC(start.getUTCFullYear(), month, Math.min(start.getUTCDate(), lastDay), start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()) /
    1000
  );
}

export const list = <T>(data: T[], url: string): List<T> => ({ object: 'list', data, has_more: false, url });

/** What a subscription invoice line says, as Stripe writes it ("1 × Premium (at 49.00 / month)"). */
export function lineDescription(name: string, quantity: number, unitAmount: number, interval: Interval): string {
  return `${quantity} × ${name} (at ${(unitAmount / 100).toFixed(2)} / ${interval})`;
}
