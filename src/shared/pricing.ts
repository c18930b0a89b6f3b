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

/**
 * What a plan in the database promises that is not built yet: music, the family tree and anything
 * made with AI (the animated greeting included). The plans' rows (prices included) stay as they
 * are, ready for the day these are built; until then /pricing shows only what a family actually
 * gets. Premium's themes, and room for every photo and film, are enforced (shared/premium.ts).
 */
const NOT_BUILT_YET = /musik|stamtræ|\bAI\b|animere/i;

/** Said of a subscription instead of a description that promises what is not built yet. */
export const SUBSCRIPTION_PLAIN = 'Plads til alle billederne og filmene, når galleriet vokser. Stop når I vil – intet bliver slettet.';

/**
 * The plans as /pricing may sell them today: a plan that is only something not built yet is left
 * out, and every other loses the features that promise such things; its description, if it does
 * too, gives way to a plain one (a subscription's) or to none.
 */
export function sellablePlans(plans: Plan[]): Plan[] {
  return plans.flatMap((plan) => {
    if (NOT_BUILT_YET.test(plan.name)) return [];
    const description = NOT_BUILT_YET.test(plan.description) ? (plan.interval === 'once' ? '' : SUBSCRIPTION_PLAIN) : plan.description;
    return [{ ...plan, description, features: plan.features.filter((feature) => !NOT_BUILT_YET.test(feature)) }];
  });
}
