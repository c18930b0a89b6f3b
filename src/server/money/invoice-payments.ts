/**
 * Which payment paid a Stripe invoice. Since API version 2025-03-31 an invoice no longer names its
 * payment intent: its `payments` list does, and Stripe includes that list only when asked for it
 * (`expand: ['payments']`), so an invoice.paid event never carries it. The webhook reads it from
 * Stripe before applying the event (outside the transaction, so no lock waits on the network).
 */
import type Stripe from 'stripe';
import type { Config } from '../config';
import { stripeFor } from './stripe';

/** The invoice with its payments, as Stripe's API answers it; as it was when Stripe is not set up. */
export async function withPayments(config: Config, invoice: Stripe.Invoice): Promise<Stripe.Invoice> {
  const stripe = stripeFor(config);
  if (invoice.payments || !invoice.id || !stripe) return invoice;
  const { payments } = await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
  return { ...invoice, payments };
}

/** The payment intent of the invoice's paid payment; null when none is known (nothing was charged). */
export function paymentIntentOf(invoice: Stripe.Invoice): string | null {
  const paid = invoice.payments?.data.find((payment) => payment.status === 'paid' && payment.payment.type === 'payment_intent');
  const intent = paid?.payment.payment_intent;
  return intent == null ? null : typeof intent === 'string' ? intent : intent.id;
}
