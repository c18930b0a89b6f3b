/**
 * A paid plaque order becomes a laser job in the same transaction as the payment step
 * (money/order-status.ts markPaid calls this), so there is never a paid plaque the floor does not
 * know of, nor a job for an order whose payment rolled back. The job copies the face the family
 * approved: the product's material and size (with the proof's own defaults, server/money/routes.ts)
 * and the order's lines and code. Made once per order: the unique index laser_jobs_order_key turns
 * a second payment event (a webhook replayed, the success page and the webhook at once) into
 * nothing.
 *
 * This file imports nothing from money/, which imports it: laser-jobs.ts, which moves orders along
 * through money/order-status.ts, builds on it the other way.
 */
import { eq } from 'drizzle-orm';
import { PLAQUE_MATERIALS, type PlaqueMaterial } from '../../shared/plaque';
import type { Tx } from '../db/connection';
import { type LaserJobRow, laserJobEvents, laserJobs, type orders, products } from '../db/schema';

type JobFace = Pick<LaserJobRow, 'code' | 'material' | 'widthMm' | 'heightMm' | 'lines'>;

/** Inserts a job and its first event ('waiting'); null when the order has one already. */
export async function insertLaserJob(tx: Tx, face: JobFace, who: { orderId: string | null; actorId: string | null; now: Date }): Promise<LaserJobRow | null> {
  const [job] = await tx
    .insert(laserJobs)
    .values({ ...face, orderId: who.orderId, createdBy: who.actorId, createdAt: who.now })
    .onConflictDoNothing()
    .returning();
  if (!job) return null;
  await tx.insert(laserJobEvents).values({ jobId: job.id, status: 'waiting', attempt: job.attempt, actorId: who.actorId, at: who.now });
  return job;
}

const asMaterial = (value: string | undefined): PlaqueMaterial => (PLAQUE_MATERIALS as readonly string[]).includes(value ?? '') ? (value as PlaqueMaterial) : 'staal';

/**
 * The job for a plaque order just paid; nothing for any other kind. An order placed before the
 * plaque's code was kept with it (details.code null) has no face to copy: staff make its job by
 * hand on /admin/laser-engraving.
 */
export async function laserJobForPaidOrder(tx: Tx, order: Pick<typeof orders.$inferSelect, 'id' | 'kind' | 'details'>, context: { actorId: string | null; now: Date }): Promise<LaserJobRow | null> {
  if (order.kind !== 'plaque' || order.details.kind !== 'plaque' || !order.details.code) return null;
  const [product] = await tx.select({ attributes: products.attributes }).from(products).where(eq(products.slug, order.details.productSlug));
  const attributes = product?.attributes ?? {};
  return insertLaserJob(
    tx,
    {
      code: order.details.code,
      material: asMaterial(attributes.material),
      widthMm: attributes.widthMm ?? 50,
      heightMm: attributes.heightMm ?? 50,
      lines: order.details.lines,
    },
    { orderId: order.id, actorId: context.actorId, now: context.now },
  );
}
