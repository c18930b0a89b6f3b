/**
 * The success pages ask here, and only what Stripe's own record says counts: a session Stripe calls
 * paid is settled with the same steps as its webhook (stripe-events.ts), so a missed or late webhook
 * is caught up when the buyer comes back, and an early visit to the page shows "not yet".
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { checkoutResult } from '../../shared/money-api';
import { memorials, orders } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import { retrieveSession, requireStripe } from './checkout';
import { ORDER_NOT_FOUND, summaries } from './orders';
import { invoicesOfOrder } from './invoices';
import { sessionPaid, subscriptionInvoicePaid } from './stripe-events';

export async function reconcileSession(deps: Deps, userId: string, sessionId: string): Promise<z.infer<typeof checkoutResult>> {
  const session = await retrieveSession(deps.config, sessionId);
  const orderId = session?.metadata?.orderId ?? session?.client_reference_id;
  const [order] = orderId && /^[0-9a-f-]{36}$/.test(orderId) ? await deps.db.select().from(orders).where(eq(orders.id, orderId)) : [];
  if (!session || !order || order.userId !== userId) throw notFound(ORDER_NOT_FOUND);

  if (session.payment_status === 'paid' && order.status === 'pending_payment') {
    const context = { config: deps.config, now: deps.now() };
    const subscriptionId = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
    const firstInvoice = subscriptionId ? await firstSubscriptionInvoice(deps, subscriptionId) : null;
    await deps.db.transaction(async (tx) => {
      await sessionPaid(tx, context, session);
      if (firstInvoice) await subscriptionInvoicePaid(tx, context, firstInvoice);
    });
  }

  const [fresh] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  const [summary] = await summaries(deps.db, [fresh!]);
  const [memorial] = fresh!.memorialId ? await deps.db.select({ name: memorials.name, slug: memorials.slug }).from(memorials).where(eq(memorials.id, fresh!.memorialId)) : [];
  const invoice = (await invoicesOfOrder(deps.db, fresh!.id)).find((row) => row.kind === 'invoice');
  const paid = fresh!.status !== 'pending_payment' && fresh!.status !== 'cancelled';
  return { paid, order: summary!, memorial: memorial ?? null, invoiceId: invoice?.id ?? null };
}

async function firstSubscriptionInvoice(deps: Deps, subscriptionId: string) {
  const stripe = requireStripe(deps.config);
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const invoiceId = typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : subscription.latest_invoice?.id;
  if (!invoiceId) return null;
  const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  return invoice.status === 'paid' ? invoice : null;
}
