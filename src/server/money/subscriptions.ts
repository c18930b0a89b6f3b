/**
 * Managing a Premium subscription (card): stop at the period's end, or carry on, or (when staff
 * refund one of its periods) end now. Stripe is told first; our row follows, and the webhook that
 * Stripe then sends only confirms it.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Tx } from '../db/connection';
import { subscriptions } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import { adminAccess } from '../memorials/members';
import { requireStripe } from './checkout';

export const SUBSCRIPTION_NOT_FOUND = 'Abonnementet findes ikke.';

async function manageable(db: Db, userId: string, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  try {
    await adminAccess(db, row.memorialId, userId, { forChange: false });
  } catch {
    throw notFound(SUBSCRIPTION_NOT_FOUND);
  }
  return row;
}

/**
 * When a row written from Stripe's own answer counts as having happened: the end of its second.
 * Stripe stamps events in whole seconds, and an event stamped in the second of the answer was made
 * before the answer came back (the cancel that a "carry on" just undid); stripe-events.ts applies
 * an event only when it is at least as new as the row, so with the answer's own millisecond such
 * an event, arriving late, put the undone cancel back.
 */
export const asOfItsSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000 + 999);

export async function setCancelAtPeriodEnd(deps: Deps, userId: string, id: string, cancelAtPeriodEnd: boolean): Promise<string> {
  const row = await manageable(deps.db, userId, id);
  const stripe = requireStripe(deps.config);
  const updated = await stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: cancelAtPeriodEnd });
  // Stripe's answer is as new as anything it has sent: an older event arriving later must not undo it.
  await deps.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: updated.cancel_at_period_end, status: updated.status, lastEventAt: asOfItsSecond(deps.now()) })
    .where(eq(subscriptions.id, row.id));
  return row.memorialId;
}

/**
 * Ends the subscription at Stripe now, so it charges no more: a period of it was refunded. False
 * when it had ended already (then there is nothing to stop, and asking again is harmless).
 */
export async function endSubscriptionNow(config: Config, stripeSubscriptionId: string, comment: string): Promise<boolean> {
  const stripe = requireStripe(config);
  const subscription = await stripe.subscriptions.retrieve(stripeSubscriptionId);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return false;
  await stripe.subscriptions.cancel(stripeSubscriptionId, { cancellation_details: { comment: comment.slice(0, 500) } });
  return true;
}

/** Our row follows Stripe's answer at once; the customer.subscription.deleted event confirms it. */
export async function markSubscriptionEnded(tx: Tx, stripeSubscriptionId: string, at: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: false, lastEventAt: asOfItsSecond(at) })
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
}
