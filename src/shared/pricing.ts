/**
 * Plans and prices (/pricing). Prices live in the database in øre, incl. 25 % moms (PRODUCT.md
 * "Money"). Free of zod, so any page may show a price; the call's schema is in pricing-api.ts.
 */
export const PLAN_INTERVALS = ['once', 'month', 'year'] as const;

export interface Plan {
  slug: string;
  name: string;
  description: string;
  /** Price in øre incl. moms; 0 is free. */
  priceOre: number;
  interval: (typeof PLAN_INTERVALS)[number];
  features: string[];
  highlighted: boolean;
}

const kroner = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1.499,00 kr." (PRODUCT.md's price format). */
export function formatPrice(ore: number): string {
  return `${kroner.format(ore / 100)} kr.`;
}

/** A plan, or a plan's feature, that is an AI extra (decision 0033). */
const AI_EXTRA = /\bAI\b|animere/i;

/** Said of a subscription instead of a description that promises an AI extra this installation lacks. */
export const SUBSCRIPTION_PLAIN = 'Plads til alle billederne og filmene, når galleriet vokser. Stop når I vil – intet bliver slettet.';

/**
 * The plans as /pricing may sell them on this installation: the AI extras only where a provider
 * makes them (GET /api/plans decides, from the server's configuration). Without one, a plan that is
 * only an AI extra is left out, and every other loses the features that promise one; its
 * description, if it does too, gives way to a plain one (a subscription's) or to none.
 */
export function offeredPlans(plans: Plan[], offer: { greeting: boolean; song: boolean }): Plan[] {
  if (offer.greeting || offer.song) return plans.filter((plan) => offer.greeting || !/animere/i.test(plan.name));
  return plans.flatMap((plan) => {
    if (AI_EXTRA.test(plan.name)) return [];
    const description = AI_EXTRA.test(plan.description) ? (plan.interval === 'once' ? '' : SUBSCRIPTION_PLAIN) : plan.description;
    return [{ ...plan, description, features: plan.features.filter((feature) => !AI_EXTRA.test(feature)) }];
  });
}
