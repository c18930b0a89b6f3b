/**
 * The fake Stripe's account: what it holds (Checkout Sessions, subscriptions, invoices, payments,
 * refunds) and what happens to it, each change recorded as the Stripe Events a webhook endpoint
 * enabled for them receives. No HTTP here: the API (fake-stripe-api.ts), the buyer's page and the
 * test's controls (fake-stripe.ts) all change the account through these methods, and decide
 * themselves whether and when the events are delivered.
 */
import Stripe from 'stripe';
import {
  type Charge,
  type CheckoutSession,
  type FakeObject,
  type Interval,
  type Invoice,
  type InvoicePayment,
  type PaymentIntent,
  type PaymentMethodType,
  type Refund,
  type Subscription,
  addPeriods,
  list,
  newId,
} from './fake-stripe-objects';
import { type PaymentInput, buildInvoice, buildPayment, buildSubscription, subscriptionTotal } from './fake-stripe-builders';
import { type Params, StripeApiError, onlyKnown, optionalBoolean, optionalEnum, optionalInteger, optionalString, readMetadata } from './fake-stripe-params';
import { type FakeLineItem, readCancellationDetails, readCheckoutRequest } from './fake-stripe-requests';

export type { FakeLineItem } from './fake-stripe-requests';

/** A Checkout Session as the fake keeps it: Stripe's object and what Stripe keeps beside it. */
export interface FakeCheckout {
  session: CheckoutSession;
  lineItems: FakeLineItem[];
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
  /** The method the buyer paid with, once paid. */
  paidWith: PaymentMethodType | null;
}

/** `event.request`: the API request that caused an event, or nulls for what Stripe did by itself. */
export interface EventOrigin {
  id: string | null;
  idempotency_key: string | null;
}

export const AUTOMATIC: EventOrigin = { id: null, idempotency_key: null };

export interface Completion {
  checkout: FakeCheckout;
  /** The payment that took the money (for a subscription, its first invoice's); null when nothing was charged. */
  paymentIntentId: string | null;
  chargeId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  events: Stripe.Event[];
}

/** Billing state Stripe keeps for a subscription that its object does not show. */
interface Billing {
  interval: Interval;
  periodsBilled: number;
  lineItems: FakeLineItem[];
  customerEmail: string | null;
  paidWith: PaymentMethodType;
}

export class FakeStripeAccount {
  readonly sessions = new Map<string, FakeCheckout>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  /** Every event created, oldest first. */
  readonly events: Stripe.Event[] = [];
  private readonly invoicePayments = new Map<string, InvoicePayment>();
  private readonly billing = new Map<string, Billing>();
  private invoiceCount = 0;
  private readonly invoicePrefix = newId('x', 8).slice(2).toUpperCase();

  constructor(
    private readonly clock: () => Date,
    /** The buyer's page of a session (its `url`). */
    private readonly pageUrl: (sessionId: string) => string,
  ) {}

  private now(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  // ---- Checkout Sessions ----

  createCheckout(params: Params): CheckoutSession {
    const now = this.now();
    const request = readCheckoutRequest(params, now);
    const amount = request.lineItems.reduce((sum, item) => sum + item.quantity * item.unitAmount, 0);
    const id = newId('cs_test', 58);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      allowed_payment_method_types: request.allowed,
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: request.cancelUrl,
      client_reference_id: request.clientReferenceId,
      created: now,
      currency: request.currency,
      customer: null,
      customer_email: request.customerEmail,
      expires_at: request.expiresAt,
      invoice: null,
      livemode: false,
      locale: request.locale,
      metadata: request.metadata,
      mode: request.mode,
      payment_intent: null,
      payment_method_types: request.methods,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: request.successUrl,
      url: this.pageUrl(id),
    };
    this.sessions.set(id, {
      session,
      lineItems: request.lineItems,
      subscriptionMetadata: request.subscriptionMetadata,
      paymentIntentMetadata: request.paymentIntentMetadata,
      paidWith: null,
    });
    return session;
  }

  checkout(id: string): FakeCheckout {
    const checkout = this.sessions.get(id);
    if (!checkout) throw noSuch('checkout.session', id);
    return checkout;
  }

  expireCheckout(id: string, origin: EventOrigin): { session: CheckoutSession; events: Stripe.Event[] } {
    const { session } = this.checkout(id);
    if (session.status !== 'open') {
      throw new StripeApiError(400, `Only Checkout Sessions with a status in ["open"] can be expired; this one is ${session.status}.`, 'checkout_session_not_open');
    }
    session.status = 'expired';
    session.url = null;
    return { session, events: [this.emit('checkout.session.expired', session, origin)] };
  }

  /** Open sessions whose `expires_at` has passed expire, as Stripe expires them (with the account's clock). */
  expireOverdue(): Stripe.Event[] {
    const now = this.now();
    return [...this.sessions.values()]
      .filter(({ session }) => session.status === 'open' && now >= session.expires_at)
      .flatMap(({ session }) => this.expireCheckout(session.id, AUTOMATIC).events);
  }

  /** The buyer pays: what Stripe does when its Checkout page's "Pay" succeeds. */
  completeCheckout(id: string, method?: PaymentMethodType): Completion {
    const checkout = this.checkout(id);
    const { session } = checkout;
    if (session.status !== 'open') throw new StripeApiError(400, `Checkout Session ${id} is ${session.status}, not open.`, 'checkout_session_not_open');
    const paidWith = method ?? (session.payment_method_types[0] as PaymentMethodType);
    if (!session.payment_method_types.includes(paidWith)) {
      throw new StripeApiError(400, `Checkout Session ${id} does not take ${paidWith}.`, 'payment_method_unactivated');
    }
    checkout.paidWith = paidWith;
    const amount = session.amount_total ?? 0;
    session.status = 'complete';
    session.payment_status = amount === 0 ? 'no_payment_required' : 'paid';
    session.url = null;

    if (session.mode === 'payment') {
      const payment =
        amount === 0
          ? null
          : this.charge({ amount, currency: session.currency!, metadata: checkout.paymentIntentMetadata, customer: null, description: null, method: paidWith });
      session.payment_intent = payment?.paymentIntent.id ?? null;
      return {
        checkout,
        paymentIntentId: payment?.paymentIntent.id ?? null,
        chargeId: payment?.charge.id ?? null,
        subscriptionId: null,
        invoiceId: null,
        events: [this.emit('checkout.session.completed', session, AUTOMATIC)],
      };
    }

    const customer = newId('cus', 14);
    const start = this.now();
    const interval = checkout.lineItems[0]!.interval!;
    const subscription = buildSubscription({
      lineItems: checkout.lineItems,
      currency: session.currency!,
      customer,
      start,
      interval,
      metadata: checkout.subscriptionMetadata,
    });
    this.subscriptions.set(subscription.id, subscription);
    this.billing.set(subscription.id, {
      interval,
      periodsBilled: 1,
      lineItems: checkout.lineItems,
      customerEmail: session.customer_email,
      paidWith,
    });
    const { invoice, paymentIntentId, chargeId } = this.billPeriod(subscription, 'subscription_create', start, start);
    session.customer = customer;
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    // Stripe's order when Checkout starts a subscription; Stripe does not promise it, so the server
    // must settle to the same state whichever comes first.
    const events = [
      this.emit('customer.subscription.created', subscription, AUTOMATIC),
      this.emit('invoice.paid', invoice, AUTOMATIC),
      this.emit('checkout.session.completed', session, AUTOMATIC),
    ];
    return { checkout, paymentIntentId, chargeId, subscriptionId: subscription.id, invoiceId: invoice.id, events };
  }

  // ---- Subscriptions ----

  subscription(id: string): Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw noSuch('subscription', id);
    return subscription;
  }

  /** Bills the subscription's current period and pays the invoice at once, as a card subscription is. */
  private billPeriod(subscription: Subscription, reason: 'subscription_create' | 'subscription_cycle', headerStart: number, headerEnd: number) {
    const billing = this.billing.get(subscription.id)!;
    const total = subscriptionTotal(subscription);
    const payment =
      total === 0
        ? null
        : this.charge({
            amount: total,
            currency: subscription.currency,
            metadata: {},
            customer: subscription.customer as string,
            description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
            method: billing.paidWith,
          });
    const { invoice, invoicePayment } = buildInvoice({
      subscription,
      names: billing.lineItems.map((item) => item.name),
      interval: billing.interval,
      reason,
      headerStart,
      headerEnd,
      now: this.now(),
      customerEmail: billing.customerEmail,
      number: `${this.invoicePrefix}-${String(++this.invoiceCount).padStart(4, '0')}`,
      paymentIntentId: payment?.paymentIntent.id ?? null,
    });
    this.invoices.set(invoice.id, invoice);
    if (invoicePayment) this.invoicePayments.set(invoice.id, invoicePayment);
    subscription.latest_invoice = invoice.id;
    return { invoice, paymentIntentId: payment?.paymentIntent.id ?? null, chargeId: payment?.charge.id ?? null };
  }

  updateSubscription(id: string, params: Params, origin: EventOrigin): { subscription: Subscription; events: Stripe.Event[] } {
    const subscription = this.subscription(id);
    onlyKnown(params, ['cancel_at_period_end', 'metadata', 'cancellation_details', 'expand']);
    const cancelAtPeriodEnd = optionalBoolean(params, 'cancel_at_period_end');
    if (subscription.status === 'canceled' && cancelAtPeriodEnd !== undefined) {
      throw new StripeApiError(400, 'A canceled subscription can only update its cancellation_details and metadata.', 'resource_canceled');
    }
    const previous: Partial<Subscription> = {};
    const remember = <K extends keyof Subscription>(key: K) => {
      if (!(key in previous)) previous[key] = structuredClone(subscription[key]);
    };
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      remember('cancel_at_period_end');
      remember('cancel_at');
      remember('canceled_at');
      remember('cancellation_details');
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      // Since API version 2025-03-31 stopping at the period's end also sets `cancel_at` to it.
      subscription.cancel_at = cancelAtPeriodEnd ? subscription.items.data[0]!.current_period_end : null;
      subscription.canceled_at = cancelAtPeriodEnd ? this.now() : null;
      subscription.cancellation_details = {
        ...subscription.cancellation_details!,
        reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
      };
    }
    const metadata = readMetadata(params, 'metadata');
    if (metadata) {
      remember('metadata');
      for (const [key, value] of Object.entries(metadata)) {
        if (value === '') delete subscription.metadata[key];
        else subscription.metadata[key] = value;
      }
    }
    const details = readCancellationDetails(params);
    if (details) {
      remember('cancellation_details');
      subscription.cancellation_details = { ...subscription.cancellation_details!, ...details };
    }
    const events = Object.keys(previous).length ? [this.emit('customer.subscription.updated', subscription, origin, previous)] : [];
    return { subscription, events };
  }

  cancelSubscription(id: string, params: Params, origin: EventOrigin): { subscription: Subscription; events: Stripe.Event[] } {
    const subscription = this.subscription(id);
    onlyKnown(params, ['cancellation_details', 'expand']);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, `Subscription ${id} has already been canceled.`, 'resource_canceled');
    }
    const now = this.now();
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancel_at: null,
      cancellation_details: { ...subscription.cancellation_details!, ...readCancellationDetails(params), reason: 'cancellation_requested' },
    });
    return { subscription, events: [this.emit('customer.subscription.deleted', subscription, origin)] };
  }

  /**
   * The subscription's period ends: the next one is billed and paid, or, when it was set to stop
   * at the period's end, the subscription ends.
   */
  renewSubscription(id: string): Stripe.Event[] {
    const subscription = this.subscription(id);
    if (subscription.status !== 'active') throw new Error(`Subscription ${id} is ${subscription.status}; only an active one renews.`);
    const billing = this.billing.get(id)!;
    const { current_period_start: oldStart, current_period_end: oldEnd } = subscription.items.data[0]!;
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: 'canceled', ended_at: oldEnd });
      return [this.emit('customer.subscription.deleted', subscription, AUTOMATIC)];
    }
    const previous: Partial<Subscription> = { items: structuredClone(subscription.items), latest_invoice: subscription.latest_invoice };
    billing.periodsBilled += 1;
    const newEnd = addPeriods(subscription.billing_cycle_anchor, billing.interval, billing.periodsBilled);
    for (const item of subscription.items.data) {
      item.current_period_start = oldEnd;
      item.current_period_end = newEnd;
    }
    const { invoice } = this.billPeriod(subscription, 'subscription_cycle', oldStart, oldEnd);
    return [this.emit('customer.subscription.updated', subscription, AUTOMATIC, previous), this.emit('invoice.paid', invoice, AUTOMATIC)];
  }

  // ---- Payments and refunds ----

  private charge(input: Omit<PaymentInput, 'now'>): { paymentIntent: PaymentIntent; charge: Charge } {
    const payment = buildPayment({ ...input, now: this.now() });
    this.paymentIntents.set(payment.paymentIntent.id, payment.paymentIntent);
    this.charges.set(payment.charge.id, payment.charge);
    return payment;
  }

  refund(params: Params, origin: EventOrigin): { refund: Refund; events: Stripe.Event[] } {
    onlyKnown(params, ['payment_intent', 'charge', 'amount', 'metadata', 'reason', 'expand']);
    const paymentIntentId = optionalString(params, 'payment_intent');
    const chargeId = optionalString(params, 'charge');
    if (!paymentIntentId === !chargeId) {
      throw new StripeApiError(400, 'Exactly one of the following params should be provided for this request: payment_intent or charge.', 'parameter_missing');
    }
    let charge: Charge | undefined;
    if (paymentIntentId) {
      const paymentIntent = this.paymentIntents.get(paymentIntentId);
      if (!paymentIntent) throw noSuch('payment_intent', paymentIntentId, 'payment_intent');
      charge = this.charges.get(paymentIntent.latest_charge as string);
    } else {
      charge = this.charges.get(chargeId!);
      if (!charge) throw noSuch('charge', chargeId!, 'charge');
    }
    if (!charge) throw new StripeApiError(400, `PaymentIntent ${paymentIntentId} has no charge to refund.`, 'charge_not_refundable');
    const unrefunded = charge.amount - charge.amount_refunded;
    if (unrefunded === 0) throw new StripeApiError(400, `Charge ${charge.id} has already been refunded.`, 'charge_already_refunded', 'charge');
    const amount = optionalInteger(params, 'amount') ?? unrefunded;
    if (amount <= 0) throw new StripeApiError(400, 'Invalid positive integer', 'parameter_invalid_integer', 'amount');
    if (amount > unrefunded) {
      throw new StripeApiError(
        400,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${unrefunded}).`,
        'amount_too_large',
        'amount',
      );
    }
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: this.now(),
      currency: charge.currency,
      metadata: readMetadata(params, 'metadata') ?? {},
      payment_intent: charge.payment_intent as string,
      reason: optionalEnum(params, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return { refund, events: [this.emit('charge.refunded', charge, origin)] };
  }

  // ---- Reading ----

  /** One object of one kind by its id, or Stripe's 404. */
  find<T extends FakeObject>(map: ReadonlyMap<string, T>, noun: string, id: string): T {
    const object = map.get(id);
    if (!object) throw noSuch(noun, id);
    return object;
  }

  /** Any object the fake holds, by its id. */
  private byId(id: string): FakeObject | undefined {
    return (
      this.sessions.get(id)?.session ??
      this.subscriptions.get(id) ??
      this.invoices.get(id) ??
      this.paymentIntents.get(id) ??
      this.charges.get(id) ??
      this.refunds.get(id)
    );
  }

  /**
   * A copy of `object` as the API answers it, with each `expand` path (`subscription`,
   * `subscription.latest_invoice`, an invoice's includable `payments`) replaced by its object.
   */
  present(object: FakeObject, expand: string[]): Record<string, unknown> {
    const copy = structuredClone(object) as unknown as Record<string, unknown>;
    for (const path of expand) {
      let node = copy;
      for (const field of path.split('.')) {
        let value = node[field];
        if (field === 'payments' && node.object === 'invoice') {
          const payment = this.invoicePayments.get(node.id as string);
          value = node[field] = list(payment ? [structuredClone(payment)] : [], `/v1/invoices/${node.id as string}/payments`);
        } else if (typeof value === 'string' && this.byId(value)) {
          value = node[field] = structuredClone(this.byId(value)) as unknown as Record<string, unknown>;
        } else if (value === null && field in node) {
          break;
        } else if (typeof value !== 'object' || value === null) {
          throw new StripeApiError(400, `This property cannot be expanded (${path}).`, 'parameter_invalid_string', 'expand');
        }
        node = value as Record<string, unknown>;
      }
    }
    return copy;
  }

  // ---- Events ----

  private emit(type: Stripe.Event.Type, object: FakeObject, origin: EventOrigin, previous?: object): Stripe.Event {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.now(),
      // A snapshot, as Stripe's: later changes to the object do not reach an event already made.
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: structuredClone(previous) } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: origin,
      type,
    };
    // The payload holds the fields of fake-stripe-objects.ts's shapes, not every field Stripe's has.
    this.events.push(event as unknown as Stripe.Event);
    return event as unknown as Stripe.Event;
  }
}

function noSuch(noun: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, `No such ${noun}: '${id}'`, 'resource_missing', param);
}
