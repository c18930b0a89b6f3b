import { z } from 'zod';
import { PLAN_INTERVALS, type Plan } from './pricing';

/** GET /api/plans. */
export const plan = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  priceOre: z.number().int().min(0),
  interval: z.enum(PLAN_INTERVALS),
  features: z.array(z.string()),
  highlighted: z.boolean(),
}) satisfies z.ZodType<Plan>;

export const plansResponse = z.object({ plans: z.array(plan) });
