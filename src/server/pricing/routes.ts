import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { offeredPlans } from '../../shared/pricing';
import { plansResponse } from '../../shared/pricing-api';
import { aiOffer } from '../ai/providers';
import { plans } from '../db/schema';
import type { Deps } from '../deps';

export function pricingRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/plans', { schema: { response: { 200: plansResponse } } }, async (_request, reply) => {
    const rows = await deps.db
      .select({
        slug: plans.slug,
        name: plans.name,
        description: plans.description,
        priceOre: plans.priceOre,
        interval: plans.interval,
        features: plans.features,
        highlighted: plans.highlighted,
      })
      .from(plans)
      .where(eq(plans.active, true))
      .orderBy(asc(plans.sortOrder), asc(plans.slug));
    // Prices change rarely and are the same for everyone; a minute in any cache is harmless.
    reply.header('cache-control', 'public, max-age=60');
    return { plans: offeredPlans(rows, aiOffer(deps.ai)) };
  });
}
