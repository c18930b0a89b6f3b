import { formatPrice, type Plan } from '@/shared/pricing';

const INTERVAL_TEXT: Record<Plan['interval'], string> = {
  once: 'engangsbeløb',
  month: 'pr. måned',
  year: 'pr. år',
};

/** A plan's price as a person reads it: "Gratis", or "490,00 kr." with "pr. år" beside it. */
export function planPrice(plan: Pick<Plan, 'priceOre' | 'interval'>): { amount: string; interval: string | null } {
  if (plan.priceOre === 0) return { amount: 'Gratis', interval: null };
  return { amount: formatPrice(plan.priceOre), interval: INTERVAL_TEXT[plan.interval] };
}
