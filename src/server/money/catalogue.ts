/**
 * What is for sale and at which price, read from the database on each purchase (decision 0025):
 * the browser names a plan or a product, never an amount.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PREMIUM_PLAN_SLUGS, type PremiumPlanSlug } from '../../shared/money';
import type { Db, Tx } from '../db/connection';
import { plans, products } from '../db/schema';

export type ProductRow = typeof products.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

export async function premiumPlans(db: Db | Tx): Promise<(PlanRow & { slug: PremiumPlanSlug })[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(and(eq(plans.active, true), inArray(plans.slug, [...PREMIUM_PLAN_SLUGS])))
    .orderBy(asc(plans.sortOrder));
  return rows as (PlanRow & { slug: PremiumPlanSlug })[];
}

export async function premiumPlan(db: Db | Tx, slug: PremiumPlanSlug): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(and(eq(plans.slug, slug), eq(plans.active, true)));
  return row ?? null;
}

/** Active products, those for resellers only when asked for. */
export async function activeProducts(db: Db | Tx, { forResellers }: { forResellers: boolean }): Promise<ProductRow[]> {
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder));
  return forResellers ? rows : rows.filter((row) => !row.forResellers);
}

export async function activeProduct(db: Db | Tx, slug: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(and(eq(products.slug, slug), eq(products.active, true)));
  return row ?? null;
}

/** The AI extras are sold only where a provider makes them (decision 0033); everything else always. */
export function offeredHere(kind: ProductRow['kind'], offer: { greeting: boolean; song: boolean }): boolean {
  if (kind === 'animated_greeting') return offer.greeting;
  if (kind === 'song') return offer.song;
  return true;
}
