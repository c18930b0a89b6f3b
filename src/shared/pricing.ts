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
