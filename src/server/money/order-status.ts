/**
 * The steps of an order (decision 0025). Each step is an UPDATE guarded by the state it comes from,
 * so two webhooks, a webhook and the success page, or two staff members cannot take it twice: the
 * second finds nothing to change and returns null. A step's effects (Premium's period, the invoice,
 * a referrer's commission, the buyer's e-mail, a paid plaque's laser job) happen in the same
 * transaction as the step.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ORDER_NEXT, type OrderStatus, PHYSICAL_ORDER_KINDS, type PaymentMethod } from '../../shared/money';
import type { Config } from '../config';
import type { Tx } from '../db/connection';
import { orderEvents, orders, plans, premiumPeriods, resellerCommissions, resellers } from '../db/schema';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { laserJobForPaidOrder } from '../production/paid-plaque';
import { cancelTriesOfOrder } from '../ai/cancel';
import { invoicesOfOrder, invoicingProblem, issueCreditNote, issueInvoice, markInvoicePaid } from './invoices';
import { orderStepMail } from './mail';
import { nextPeriodStart } from './premium';

export type OrderRow = typeof orders.$inferSelect;

interface StepContext {
  config: Config;
  now: Date;
  /** The staff member who took the step; null for the buyer, Stripe or the system. */
  actorId: string | null;
  note?: string | null;
}

async function step(tx: Tx, order: Pick<OrderRow, 'id'>, from: readonly OrderStatus[], to: OrderStatus, context: StepContext, extra: Partial<OrderRow> = {}) {
  const [changed] = await tx
    .update(orders)
    .set({ status: to, updatedAt: context.now, ...extra })
    .where(and(eq(orders.id, order.id), inArray(orders.status, [...from])))
    .returning();
  if (!changed) return null;
  await tx.insert(orderEvents).values({ orderId: changed.id, status: to, actorId: context.actorId, note: context.note ?? null, at: context.now });
  await enqueue(tx, SEND_MAIL, orderStepMail(context.config, changed, context.note ?? null), context.now);
  return changed;
}

/** The first step: the order is placed and waits for payment (its event and the buyer's e-mail). */
export async function placed(tx: Tx, order: OrderRow, context: StepContext): Promise<void> {
  await tx.insert(orderEvents).values({ orderId: order.id, status: 'pending_payment', actorId: context.actorId, at: context.now });
  await enqueue(tx, SEND_MAIL, orderStepMail(context.config, order, null), context.now);
}

const MONTHS = { month: 1, year: 12 } as const;

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** Premium paid one period at a time (MobilePay, a transfer) or for good: its period, after any running one. */
async function grantPeriod(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.details.kind !== 'premium' || !order.memorialId) return;
  const [plan] = await tx.select({ interval: plans.interval }).from(plans).where(eq(plans.slug, order.details.planSlug));
  const next = await nextPeriodStart(tx, order.memorialId, now);
  if (next === 'for-good') return;
  const periodic = plan?.interval === 'month' || plan?.interval === 'year';
  // For good starts now, whatever is still running; a period starts where the running one ends.
  const start = periodic ? next : now;
  const endsAt = periodic ? addMonths(start, MONTHS[plan.interval as 'month' | 'year']) : null;
  await tx
    .insert(premiumPeriods)
    .values({ memorialId: order.memorialId, startsAt: start, endsAt, orderId: order.id, source: `order:${order.id}` })
    .onConflictDoNothing();
}

/** A partner's paid purchase earns its referrer commission on the amount without moms. */
async function earnCommission(tx: Tx, order: OrderRow): Promise<void> {
  if (!order.resellerId) return;
  const [partner] = await tx.select({ referredBy: resellers.referredBy }).from(resellers).where(eq(resellers.id, order.resellerId));
  if (!partner?.referredBy) return;
  const [referrer] = await tx
    .select({ basisPoints: resellers.commissionBasisPoints, status: resellers.status })
    .from(resellers)
    .where(eq(resellers.id, partner.referredBy));
  if (!referrer || referrer.status !== 'approved' || referrer.basisPoints === 0) return;
  const net = order.totalOre - Math.round((order.totalOre * 25) / 125);
  const amountOre = Math.round((net * referrer.basisPoints) / 10_000);
  if (amountOre > 0) await tx.insert(resellerCommissions).values({ resellerId: partner.referredBy, partnerId: order.resellerId, amountOre, source: `order:${order.id}` });
}

/**
 * Paid, by Stripe's word or a transfer staff saw arrive. Returns the order, or null when it was not
 * waiting for payment (already paid by an earlier event, or cancelled).
 */
export async function markPaid(
  tx: Tx,
  order: Pick<OrderRow, 'id'>,
  context: StepContext & { method: PaymentMethod; paymentIntentId?: string | null; subscriptionId?: string | null },
): Promise<OrderRow | null> {
  const paid = await step(tx, order, ['pending_payment'], 'paid', context, {
    paidAt: context.now,
    paymentMethod: context.method,
    ...(context.paymentIntentId ? { stripePaymentIntentId: context.paymentIntentId } : {}),
    ...(context.subscriptionId ? { stripeSubscriptionId: context.subscriptionId } : {}),
  });
  if (!paid) return null;
  // A Stripe subscription's periods come from its own paid invoices (stripe-events.ts), renewals included.
  if (!paid.stripeSubscriptionId) await grantPeriod(tx, paid, context.now);
  const open = (await invoicesOfOrder(tx, paid.id)).find((invoice) => invoice.kind === 'invoice' && invoice.status === 'open');
  if (open) await markInvoicePaid(tx, open, context.now, context.method);
  else if (!invoicingProblem(context.config, context.method)) await issueInvoice(tx, context.config, paid, { paidAt: context.now, now: context.now });
  await earnCommission(tx, paid);
  // A plaque goes to the laser's queue with its payment, or neither happens (decision 0029).
  await laserJobForPaidOrder(tx, paid, { actorId: context.actorId, now: context.now });
  return paid;
}

/** Whether staff may take `to` from the order's state: production steps only for things we make. */
export function staffMayStep(order: Pick<OrderRow, 'kind' | 'status'>, to: OrderStatus): boolean {
  if (!ORDER_NEXT[order.status].includes(to)) return false;
  if (to === 'in_production' || to === 'shipped' || to === 'delivered') return PHYSICAL_ORDER_KINDS.includes(order.kind);
  return to === 'cancelled';
}

export async function advance(tx: Tx, order: OrderRow, to: 'in_production' | 'shipped' | 'delivered', context: StepContext): Promise<OrderRow | null> {
  if (!staffMayStep(order, to)) return null;
  return step(tx, order, [order.status], to, context);
}

/** An unpaid order is called off; an invoice sent for it is credited, as bookkeeping requires. */
export async function cancel(tx: Tx, order: OrderRow, context: StepContext): Promise<OrderRow | null> {
  const cancelled = await step(tx, order, ['pending_payment'], 'cancelled', context);
  if (!cancelled) return null;
  for (const invoice of await invoicesOfOrder(tx, order.id)) {
    if (invoice.kind === 'invoice' && invoice.status === 'open') await issueCreditNote(tx, invoice, { now: context.now, refunded: false });
  }
  return cancelled;
}

/**
 * The money went back (Stripe's refund, or staff's transfer back): the order is refunded, its paid
 * invoice credited, the Premium it bought no longer counts, and an AI try it pays for is stopped.
 */
export async function refunded(tx: Tx, order: Pick<OrderRow, 'id'>, context: StepContext): Promise<OrderRow | null> {
  const done = await step(tx, order, ['paid', 'in_production', 'shipped', 'delivered'], 'refunded', context);
  if (!done) return null;
  for (const invoice of await invoicesOfOrder(tx, done.id)) {
    if (invoice.kind === 'invoice' && invoice.status === 'paid') await issueCreditNote(tx, invoice, { now: context.now, refunded: true });
  }
  await cancelTriesOfOrder(tx, done.id, context.now);
  await tx
    .update(premiumPeriods)
    .set({ revokedAt: context.now })
    .where(and(eq(premiumPeriods.orderId, done.id), isNull(premiumPeriods.revokedAt)));
  // The ledger keeps what was earned and adds its reversal, so the partner page's sums stay true.
  const earned = await tx.select().from(resellerCommissions).where(eq(resellerCommissions.source, `order:${done.id}`));
  for (const row of earned) {
    await tx.insert(resellerCommissions).values({ resellerId: row.resellerId, partnerId: row.partnerId, amountOre: -row.amountOre, source: `refund:order:${done.id}` });
  }
  return done;
}
