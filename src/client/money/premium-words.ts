/** How /subscription says where a memorial's Premium stands, in one line. */
import type { PremiumMemorial } from './use-money';
import { danishDay } from './format';

/** A Stripe subscription in one of these has ended: nothing is left to stop or resume. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** The subscription that can still be stopped or resumed, if there is one. */
export function managedSubscription(memorial: PremiumMemorial) {
  const { subscription } = memorial;
  return subscription && !ENDED.has(subscription.status) ? subscription : null;
}

export function premiumLine(memorial: PremiumMemorial): string {
  if (memorial.forGood) return 'Premium for altid';
  const subscription = managedSubscription(memorial);
  const end = subscription?.currentPeriodEnd ?? memorial.premiumUntil;
  if (subscription?.cancelAtPeriodEnd && end) return `Stopper ${danishDay(end)}`;
  if (memorial.premium && end) return subscription ? `Premium til ${danishDay(end)}, fornyes automatisk` : `Premium til ${danishDay(end)}`;
  if (memorial.premium) return 'Premium';
  return 'Gratis plan';
}
