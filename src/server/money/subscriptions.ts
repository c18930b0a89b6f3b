/**
 * Managing a Premium subscription (card): stop at the period's end, or carry on. Stripe is told
 * first; our row follows, and the webhook that Stripe then sends only confirms it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
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

export async function setCancelAtPeriodEnd(deps: Deps, userId: string, id: string, cancelAtPeriodEnd: boolean): Promise<string> {
  const row = await manageable(deps.db, userId, id);
  const stripe = requireStripe(deps.config);
  const updated = await stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: cancelAtPeriodEnd });
  await deps.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: updated.cancel_at_period_end, status: updated.status })
    .where(eq(subscriptions.id, row.id));
  return row.memorialId;
}
