/**
 * What Stripe's events do here (decision 0025). Each event is applied once, in one transaction with
 * its record in stripe_events, and only through state-guarded steps, so the same event twice changes
 * nothing and events in any order settle to the same state. The success page's reconciliation
 * (reconcile.ts) calls the same functions with Stripe's own record of the session.
 */
import { and, eq, isNull, lte } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { PaymentMethod } from '../../shared/money';
import type { Config } from '../config';
import type { Tx } from '../db/connection';
import { orderLines, orders, plans, premiumPeriods, stripeEvents, stripeRefundedPayments, subscriptions } from '../db/schema';
import { isUniqueViolation } from '../lib/errors';
import { paymentIntentOf } from './invoice-payments';
import { type OrderRow, markPaid, refunded } from './order-status';

export interface EventContext {
  config: Config;
  now: Date;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);
const fromUnix = (seconds: number) => new Date(seconds * 1000);

async function orderById(tx: Tx, id: string | null | undefined): Promise<OrderRow | null> {
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await tx.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

const methodOf = (session: Stripe.Checkout.Session): PaymentMethod =>
  [...(session.allowed_payment_method_types ?? []), ...(session.payment_method_types ?? [])].includes('mobilepay') ? 'mobilepay' : 'card';

/** A Checkout session is paid: its order is, and a subscription it started is recorded. */
export async function sessionPaid(tx: Tx, context: EventContext, session: Stripe.Checkout.Session): Promise<OrderRow | null> {
  if (session.payment_status !== 'paid') return null;
  const order = await orderById(tx, session.metadata?.orderId ?? session.client_reference_id);
  if (!order) return null;
  const subscriptionId = idOf(session.subscription);
  await markPaid(tx, order, { ...context, actorId: null, method: methodOf(session), paymentIntentId: idOf(session.payment_intent), subscriptionId });
  if (subscriptionId) await recordSubscription(tx, order, subscriptionId, context.now);
  await refundIfStripeDid(tx, context, order.id);
  return order;
}

async function recordSubscription(tx: Tx, order: OrderRow, stripeSubscriptionId: string, at: Date): Promise<void> {
  if (!order.memorialId || order.details.kind !== 'premium') return;
  await tx
    .insert(subscriptions)
    .values({ memorialId: order.memorialId, userId: order.userId, planSlug: order.details.planSlug, stripeSubscriptionId, status: 'active', lastEventAt: new Date(0), createdAt: at })
    .onConflictDoNothing();
}

/**
 * A subscription's invoice is paid: the period it pays for is added to the ledger once (by the
 * invoice's id). The first one is the original order's payment; each renewal becomes an order of
 * its own, paid, with its own invoice, so every period has one. Each keeps the payment that paid
 * it (`invoice.payments`, which the caller has read from Stripe: events leave them out), so staff
 * can refund the period and Stripe's charge.refunded finds it.
 */
export async function subscriptionInvoicePaid(tx: Tx, context: EventContext, invoice: Stripe.Invoice): Promise<void> {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!subscriptionId || !invoice.id) return;
  const original = await orderById(tx, details?.metadata?.orderId);
  if (!original || !original.memorialId || original.details.kind !== 'premium') return;
  const period = invoice.lines.data[0]?.period;
  if (!period) return;
  const source = `stripe-invoice:${invoice.id}`;
  const [already] = await tx.select({ id: premiumPeriods.id }).from(premiumPeriods).where(eq(premiumPeriods.source, source));
  if (already) return;

  const paymentIntentId = paymentIntentOf(invoice);
  let paidBy = original;
  if (invoice.billing_reason === 'subscription_create') {
    await markPaid(tx, original, { ...context, actorId: null, method: 'card', paymentIntentId, subscriptionId });
    // Checkout's own event may have marked it paid first; its session names no payment for a subscription.
    if (paymentIntentId) {
      await tx
        .update(orders)
        .set({ stripePaymentIntentId: paymentIntentId })
        .where(and(eq(orders.id, original.id), isNull(orders.stripePaymentIntentId)));
    }
  } else {
    paidBy = await renewalOrder(tx, context, original, invoice, subscriptionId, paymentIntentId);
  }
  await recordSubscription(tx, original, subscriptionId, context.now);
  await tx
    .insert(premiumPeriods)
    .values({ memorialId: original.memorialId, startsAt: fromUnix(period.start), endsAt: fromUnix(period.end), orderId: paidBy.id, source })
    .onConflictDoNothing();
  await tx
    .update(subscriptions)
    .set({ currentPeriodEnd: fromUnix(period.end) })
    .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
  await refundIfStripeDid(tx, context, paidBy.id);
}

/**
 * A renewal is an order that begins paid: made, then taken through the same step as any payment
 * (markPaid), so it gets its event, its paid invoice and the buyer's e-mail like every other.
 */
async function renewalOrder(
  tx: Tx,
  context: EventContext,
  original: OrderRow,
  invoice: Stripe.Invoice,
  subscriptionId: string,
  paymentIntentId: string | null,
): Promise<OrderRow> {
  const planSlug = original.details.kind === 'premium' ? original.details.planSlug : 'premium-maaned';
  const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.slug, planSlug));
  const amount = invoice.amount_paid;
  const [order] = await tx
    .insert(orders)
    .values({
      kind: 'premium',
      userId: original.userId,
      memorialId: original.memorialId,
      paymentMethod: 'card',
      idempotencyKey: `stripe-invoice:${invoice.id}`,
      totalOre: amount,
      buyerName: original.buyerName,
      buyerEmail: original.buyerEmail,
      buyerCompany: original.buyerCompany,
      buyerCvr: original.buyerCvr,
      details: original.details,
      stripeSubscriptionId: subscriptionId,
      createdAt: context.now,
      updatedAt: context.now,
    })
    .returning();
  await tx.insert(orderLines).values({ orderId: order!.id, item: `plan:${planSlug}`, description: `${plan?.name ?? 'Premium'} (fornyelse)`, quantity: 1, unitPriceOre: amount, totalOre: amount });
  return (await markPaid(tx, order!, { ...context, actorId: null, method: 'card', paymentIntentId, subscriptionId }))!;
}

/**
 * Stripe's view of a subscription, unless a newer event has been applied already. Stripe promises
 * no order: an event that comes before the session's or invoice's makes the row itself, from the
 * order its metadata names, so what it says is not lost.
 */
export async function subscriptionChanged(tx: Tx, context: EventContext, subscription: Stripe.Subscription, eventAt: Date): Promise<void> {
  const order = await orderById(tx, subscription.metadata?.orderId);
  if (order) await recordSubscription(tx, order, subscription.id, context.now);
  const periodEnd = subscription.items?.data[0]?.current_period_end;
  await tx
    .update(subscriptions)
    .set({
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      ...(periodEnd ? { currentPeriodEnd: fromUnix(periodEnd) } : {}),
      lastEventAt: eventAt,
    })
    .where(and(eq(subscriptions.stripeSubscriptionId, subscription.id), lte(subscriptions.lastEventAt, eventAt)));
}

/**
 * Money went back through Stripe (from our back office or Stripe's dashboard): the order is
 * refunded. The refund is kept by its payment too, for a payment whose own event has not come yet.
 */
export async function chargeRefunded(tx: Tx, context: EventContext, charge: Stripe.Charge): Promise<void> {
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId || !charge.refunded) return;
  await tx.insert(stripeRefundedPayments).values({ paymentIntentId, refundedAt: context.now }).onConflictDoNothing();
  const [order] = await tx.select().from(orders).where(eq(orders.stripePaymentIntentId, paymentIntentId));
  if (order) await refunded(tx, order, { ...context, actorId: null });
}

/** A payment just recorded that Stripe had already reported refunded: the order is refunded now. */
async function refundIfStripeDid(tx: Tx, context: EventContext, orderId: string): Promise<void> {
  const [row] = await tx
    .select({ order: orders })
    .from(orders)
    .innerJoin(stripeRefundedPayments, eq(stripeRefundedPayments.paymentIntentId, orders.stripePaymentIntentId))
    .where(eq(orders.id, orderId));
  if (row) await refunded(tx, row.order, { ...context, actorId: null });
}

/** Applies `event` once; false when it had been applied before. */
export async function applyStripeEvent(tx: Tx, context: EventContext, event: Stripe.Event): Promise<boolean> {
  try {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type, receivedAt: context.now }).onConflictDoNothing().returning();
    if (!fresh) return false;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  const at = fromUnix(event.created);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      await sessionPaid(tx, context, event.data.object);
      break;
    case 'invoice.paid':
      await subscriptionInvoicePaid(tx, context, event.data.object);
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await subscriptionChanged(tx, context, event.data.object, at);
      break;
    case 'charge.refunded':
      await chargeRefunded(tx, context, event.data.object);
      break;
    default:
      // Events we do not act on are still recorded: Stripe stops resending what we answered.
      break;
  }
  return true;
}
