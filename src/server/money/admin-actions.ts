/**
 * The back office's money actions, each in one transaction with its audit entry: moving an order
 * along, a bank transfer received, a refund (through Stripe for card and MobilePay, with a credit
 * note either way), and a price change (new purchases only: order lines keep the price paid).
 */
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/money';
import { adminMoneyMessages } from '../../shared/money-admin';
import { plans, products, orders } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, notFound } from '../lib/errors';
import type { StaffActionRecorder } from '../staff/audit';
import { requireStripe } from './checkout';
import { ORDER_NOT_FOUND } from './orders';
import { advance, cancel, markPaid, refunded } from './order-status';
import { endSubscriptionNow, markSubscriptionEnded } from './subscriptions';

interface Actor {
  deps: Deps;
  actorId: string;
  record: StaffActionRecorder;
}

async function lockedOrder(tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0], id: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

export async function stepOrder({ deps, actorId, record }: Actor, id: string, to: 'in_production' | 'shipped' | 'delivered' | 'cancelled', note: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    const context = { config: deps.config, now: deps.now(), actorId, note: note || null };
    const done = to === 'cancelled' ? await cancel(tx, order, context) : await advance(tx, order, to, context);
    if (!done) throw new HttpError(409, adminMoneyMessages.stepDoesNotFollow);
    await record(tx, { action: 'order.status', targetUserId: order.userId, subject: `order:${order.id}`, details: { number: order.number, from: order.status, to, note } });
  });
}

export async function markTransferReceived({ deps, actorId, record }: Actor, id: string): Promise<void> {
  const paid = await deps.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    if (order.paymentMethod !== 'bank_transfer') throw new HttpError(409, adminMoneyMessages.notBankTransfer);
    const paid = await markPaid(tx, order, { config: deps.config, now: deps.now(), actorId, method: 'bank_transfer' });
    if (!paid) throw new HttpError(409, adminMoneyMessages.stepDoesNotFollow);
    await record(tx, { action: 'order.mark-paid', targetUserId: order.userId, subject: `order:${order.id}`, details: { number: order.number, totalOre: order.totalOre } });
    return order;
  });
  // Premium may have begun: this server's visitors see the memorial's page change at once (the
  // page cache reads Premium with the version, so every other server within its second).
  if (paid.memorialId) deps.memorialChanged(paid.memorialId);
}

const REFUNDABLE: readonly OrderStatus[] = ['paid', 'in_production', 'shipped', 'delivered'];
const NO_PAYMENT_AT_STRIPE = 'Betalingen kan ikke findes hos Stripe. Refunder den i Stripes oversigt; ordren følger med, når Stripe melder det.';

/**
 * A refund. Card and MobilePay go back through Stripe first, with a key for this order: pressed
 * twice, or retried after a crash, it refunds once. A refunded period of a running subscription
 * also ends the subscription now, before the money goes back, so it charges no more and a retry
 * after a failed refund finds it ended already.
 */
export async function refundOrder({ deps, actorId, record }: Actor, id: string, reason: string): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (!REFUNDABLE.includes(order.status)) throw new HttpError(409, adminMoneyMessages.notRefundable);
  let subscriptionEnded = false;
  if (order.paymentMethod !== 'bank_transfer') {
    if (!order.stripePaymentIntentId) throw new HttpError(409, NO_PAYMENT_AT_STRIPE);
    if (order.stripeSubscriptionId) subscriptionEnded = await endSubscriptionNow(deps.config, order.stripeSubscriptionId, `Refunderet: ${reason}`);
    await requireStripe(deps.config).refunds.create(
      { payment_intent: order.stripePaymentIntentId, metadata: { orderId: order.id } },
      { idempotencyKey: `refund:${order.id}` },
    );
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockedOrder(tx, id);
    const now = deps.now();
    const done = await refunded(tx, locked, { config: deps.config, now, actorId, note: reason });
    // Stripe's webhook may have been first: the refund stands either way, and the log says who asked.
    if (!done && locked.status !== 'refunded') throw new HttpError(409, adminMoneyMessages.notRefundable);
    if (subscriptionEnded) await markSubscriptionEnded(tx, order.stripeSubscriptionId!, now);
    await record(tx, {
      action: 'order.refund',
      targetUserId: order.userId,
      subject: `order:${order.id}`,
      details: { number: order.number, totalOre: order.totalOre, reason, ...(subscriptionEnded ? { subscriptionEnded: order.stripeSubscriptionId } : {}) },
    });
  });
  // The Premium it bought, if any, is revoked: the memorial's page changes at once here too.
  if (order.memorialId) deps.memorialChanged(order.memorialId);
}

export async function changePrice({ deps, record }: Actor, kind: 'plan' | 'product', slug: string, priceOre: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const table = kind === 'plan' ? plans : products;
    const [before] = await tx.select({ priceOre: table.priceOre }).from(table).where(eq(table.slug, slug)).for('update');
    if (!before) throw notFound('Prisen findes ikke.');
    await tx.update(table).set({ priceOre, updatedAt: deps.now() }).where(eq(table.slug, slug));
    await record(tx, { action: 'price.change', subject: `${kind}:${slug}`, details: { from: before.priceOre, to: priceOre } });
  });
}
