/**
 * Stripe Checkout for an order (card or MobilePay), and reading a session back from Stripe's own
 * record so the success page can settle a payment whose webhook has not arrived (decision 0025).
 * Premium bought by card monthly or yearly is a Stripe subscription; MobilePay takes no recurring
 * payments through Stripe, so it pays one period, and the lifetime price is one payment either
 * way. An invoice (an order placed for bank transfer) paid by card instead pays that invoice's
 * period once: the buyer chose to pay one invoice, not to be charged again every period.
 */
import type Stripe from 'stripe';
import { moneyMessages } from '../../shared/money-api';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { orderLines, orders, plans } from '../db/schema';
import { HttpError } from '../lib/errors';
import { eq } from 'drizzle-orm';
import { stripeFor } from './stripe';

type OrderRow = typeof orders.$inferSelect;

export function requireStripe(config: Config): Stripe {
  const stripe = stripeFor(config);
  if (!stripe) throw new HttpError(409, moneyMessages.stripeMissing);
  return stripe;
}

/** Where the buyer comes back to: Premium to /subscription/success, anything else to the invoice page's. */
function returnPaths(order: OrderRow) {
  const success = order.kind === 'premium' ? '/subscription/success' : '/invoice-payment-success';
  const cancel = order.kind === 'premium' ? '/subscription' : '/orders';
  return { success: `${success}?session_id={CHECKOUT_SESSION_ID}`, cancel };
}

export async function startCheckout(db: Db, config: Config, order: OrderRow, method: 'card' | 'mobilepay'): Promise<Stripe.Checkout.Session> {
  const stripe = requireStripe(config);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  let interval: 'month' | 'year' | null = null;
  if (order.details.kind === 'premium' && method === 'card' && order.paymentMethod === 'card') {
    const [plan] = await db.select({ interval: plans.interval }).from(plans).where(eq(plans.slug, order.details.planSlug));
    if (plan?.interval === 'month' || plan?.interval === 'year') interval = plan.interval;
  }
  const paths = returnPaths(order);
  const metadata = { orderId: order.id, orderNumber: String(order.number) };
  const session = await stripe.checkout.sessions.create(
    {
      mode: interval ? 'subscription' : 'payment',
      allowed_payment_method_types: [method],
      line_items: lines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: 'dkk',
          unit_amount: line.unitPriceOre,
          product_data: { name: line.description },
          ...(interval ? { recurring: { interval } } : {}),
        },
      })),
      client_reference_id: order.id,
      customer_email: order.buyerEmail,
      metadata,
      ...(interval ? { subscription_data: { metadata: { ...metadata, memorialId: order.memorialId ?? '' } } } : { payment_intent_data: { metadata } }),
      success_url: `${config.BASE_URL}${paths.success}`,
      cancel_url: `${config.BASE_URL}${paths.cancel}`,
      locale: 'da',
    },
    // One session per order and method: a second press of "Betal" is sent to the same one.
    { idempotencyKey: `checkout:${order.id}:${method}` },
  );
  await db.update(orders).set({ stripeSessionId: session.id, updatedAt: new Date() }).where(eq(orders.id, order.id));
  return session;
}

export async function retrieveSession(config: Config, sessionId: string): Promise<Stripe.Checkout.Session | null> {
  const stripe = requireStripe(config);
  try {
    return await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
}
