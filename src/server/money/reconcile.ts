/**
 * The success pages ask here, and only what Stripe's own record says counts: a session Stripe calls
 * paid is settled with the same steps as its webhook (stripe-events.ts), so a missed or late webhook
 * is caught up when the buyer comes back, and an early visit to the page shows "not yet". For a
 * subscription that means two of Stripe's events: the session's and its first invoice's. Either may
 * be the one lost, so the invoice is read from Stripe whenever the order has no period of its own
 * yet, even when the session's event had already marked the order paid.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { checkoutResult } from '../../shared/money-api';
import { memorials, orders, premiumPeriods } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import { retrieveSession, requireStripe } from './checkout';
import { ORDER_NOT_FOUND, summaries } from './orders';
import { invoicesOfOrder } from './invoices';
import type { OrderRow } from './order-status';
import { sessionPaid, subscriptionInvoicePaid } from './stripe-events';

const idOf = (value: string | { id?: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : (value.id ?? null));

export async function reconcileSession(deps: Deps, userId: string, sessionId: string): Promise<z.infer<typeof checkoutResult>> {
  const session = await retrieveSession(deps.config, sessionId);
  const orderId = session?.metadata?.orderId ?? session?.client_reference_id;
  const [order] = orderId && /^[0-9a-f-]{36}$/.test(orderId) ? await deps.db.select().from(orders).where(eq(orders.id, orderId)) : [];
  if (!session || !order || order.userId !== userId) throw notFound(ORDER_NOT_FOUND);

  const subscriptionId = idOf(session.subscription);
  if (session.payment_status === 'paid' && (order.status === 'pending_payment' || (subscriptionId && (await periodMissing(deps, order))))) {
    const context = { config: deps.config, now: deps.now() };
    const invoice = subscriptionId ? await paidSubscriptionInvoice(deps, session, subscriptionId) : null;
    await deps.db.transaction(async (tx) => {
      await sessionPaid(tx, context, session);
      // The same idempotent step as invoice.paid's: a period already added is not added again.
      if (invoice) await subscriptionInvoicePaid(tx, context, invoice);
    });
  }

  const [fresh] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  const [summary] = await summaries(deps.db, [fresh!]);
  const [memorial] = fresh!.memorialId ? await deps.db.select({ name: memorials.name, slug: memorials.slug }).from(memorials).where(eq(memorials.id, fresh!.memorialId)) : [];
  const invoice = (await invoicesOfOrder(deps.db, fresh!.id)).find((row) => row.kind === 'invoice');
  const paid = fresh!.status !== 'pending_payment' && fresh!.status !== 'cancelled';
  return { paid, order: summary!, memorial: memorial ?? null, invoiceId: invoice?.id ?? null };
}

/** A paid subscription order whose first period is not in the ledger: its invoice.paid was lost or is late. */
async function periodMissing(deps: Deps, order: OrderRow): Promise<boolean> {
  if (order.status !== 'paid' || order.kind !== 'premium') return false;
  const [period] = await deps.db.select({ id: premiumPeriods.id }).from(premiumPeriods).where(eq(premiumPeriods.orderId, order.id)).limit(1);
  return !period;
}

/**
 * What Stripe knows of the subscription's payment: the session's own invoice, or else the
 * subscription's latest, with its payments; null until Stripe calls it paid.
 */
async function paidSubscriptionInvoice(deps: Deps, session: Stripe.Checkout.Session, subscriptionId: string): Promise<Stripe.Invoice | null> {
  const stripe = requireStripe(deps.config);
  let invoiceId = idOf(session.invoice);
  if (!invoiceId) invoiceId = idOf((await stripe.subscriptions.retrieve(subscriptionId)).latest_invoice);
  if (!invoiceId) return null;
  const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  return invoice.status === 'paid' ? invoice : null;
}
