/**
 * How the fake Stripe makes its objects (fake-stripe-objects.ts's shapes) when a buyer pays: the
 * payment and its charge, the subscription with its items and prices, each period's invoice.
 */
import type { Charge, Interval, Invoice, InvoicePayment, PaymentIntent, PaymentMethodType, Subscription, SubscriptionItem } from './fake-stripe-objects';
import { addPeriods, lineDescription, list, newId } from './fake-stripe-objects';
import type { FakeLineItem } from './fake-stripe-requests';

export interface PaymentInput {
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  customer: string | null;
  description: string | null;
  method: PaymentMethodType;
  now: number;
}

/** A succeeded PaymentIntent and its charge. */
export function buildPayment(input: PaymentInput): { paymentIntent: PaymentIntent; charge: Charge } {
  const { now } = input;
  const paymentIntent: PaymentIntent = {
    id: newId('pi'),
    object: 'payment_intent',
    allowed_payment_method_types: [input.method],
    amount: input.amount,
    amount_received: input.amount,
    capture_method: 'automatic_async',
    created: now,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    latest_charge: null,
    livemode: false,
    metadata: { ...input.metadata },
    payment_method_types: [input.method],
    status: 'succeeded',
  };
  const charge: Charge = {
    id: newId('ch'),
    object: 'charge',
    amount: input.amount,
    amount_captured: input.amount,
    amount_refunded: 0,
    captured: true,
    created: now,
    currency: input.currency,
    customer: input.customer,
    livemode: false,
    metadata: { ...input.metadata },
    paid: true,
    payment_intent: paymentIntent.id,
    payment_method_details: { type: input.method },
    refunded: false,
    status: 'succeeded',
  };
  paymentIntent.latest_charge = charge.id;
  return { paymentIntent, charge };
}

export function buildSubscription(input: {
lineItems: FakeLineItem[];
currency: string;
customer: string;
start: number;
interval: Interval;
metadata: Record<string, string>;
}): Subscription {
const { lineItems, currency, customer, start, interval } = input;
  const id = newId('sub');
  const items: SubscriptionItem[] = lineItems.map((item) => ({
    id: newId('si', 14),
    object: 'subscription_item',
    created: start,
    current_period_start: start,
    current_period_end: addPeriods(start, interval, 1),
    metadata: {},
    quantity: item.quantity,
    subscription: id,
    price: {
      id: newId('price'),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created: start,
      currency: item.currency,
      livemode: false,
      metadata: {},
      product: newId('prod', 14),
      recurring: { interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
      type: 'recurring',
      unit_amount: item.unitAmount,
    },
  }));
  const subscription: Subscription = {
    id,
    object: 'subscription',
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency,
    customer,
    description: null,
    ended_at: null,
    items: list(items, `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    metadata: { ...input.metadata },
    start_date: start,
    status: 'active',
  };
  return subscription;
}

/** What one period of the subscription costs. */
export function subscriptionTotal(subscription: Subscription): number {
  return subscription.items.data.reduce((sum, item) => sum + item.price.unit_amount! * (item.quantity ?? 1), 0);
}

/**
 * The paid invoice of the subscription's current period. Stripe's invoice header covers the period
 * *before* it (`period_start`/`period_end`: creation time twice for the first invoice); the period
 * paid for is each line's `period`.
 */
export function buildInvoice(input: {
  subscription: Subscription;
  /** Each item's product name, in the items' order. */
  names: string[];
  interval: Interval;
  reason: 'subscription_create' | 'subscription_cycle';
  headerStart: number;
  headerEnd: number;
  now: number;
  customerEmail: string | null;
  number: string;
  /** The payment that paid it; null when nothing was due. */
  paymentIntentId: string | null;
}): { invoice: Invoice; invoicePayment: InvoicePayment | null } {
  const { subscription, now } = input;
  const id = newId('in');
  const lines = subscription.items.data.map((item, index) => {
    const amount = item.price.unit_amount! * (item.quantity ?? 1);
    return {
      id: newId('il'),
      object: 'line_item' as const,
      amount,
      currency: subscription.currency,
      description: lineDescription(input.names[index]!, item.quantity ?? 1, item.price.unit_amount!, input.interval),
      invoice: id,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
      },
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: {
        type: 'price_details' as const,
        price_details: { price: item.price.id, product: item.price.product as string },
        unit_amount_decimal: String(item.price.unit_amount),
      },
      quantity: item.quantity ?? 1,
      subtotal: amount,
    };
  });
  const total = subscriptionTotal(subscription);
  const invoice: Invoice = {
    id,
    object: 'invoice',
    amount_due: total,
    amount_paid: total,
    amount_remaining: 0,
    attempt_count: input.paymentIntentId ? 1 : 0,
    attempted: true,
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency,
    customer: subscription.customer as string,
    customer_email: input.customerEmail,
    livemode: false,
    metadata: {},
    number: input.number,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
    period_start: input.headerStart,
    period_end: input.headerEnd,
    status: 'paid',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: now, voided_at: null },
    subtotal: total,
    total,
    lines: list(lines, `/v1/invoices/${id}/lines`),
  };
  const invoicePayment: InvoicePayment | null = input.paymentIntentId
    ? {
        id: newId('inpay'),
        object: 'invoice_payment',
        amount_paid: total,
        amount_requested: total,
        created: now,
        currency: subscription.currency,
        invoice: id,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: input.paymentIntentId },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: now },
      }
    : null;
  return { invoice, invoicePayment };
}
