/**
 * Telling a replayed webhook request from Stripe's own retry (decision 0025). Stripe signs each
 * delivery attempt anew, with its own timestamp, so two requests under the same signature are one
 * request sent twice: the second is refused. Each verified delivery's signature is recorded in the
 * transaction that applies its event (its primary key settles two copies arriving at two servers at
 * once), and signatures older than the library's tolerance are pruned, since the library refuses
 * those as stale before we look.
 */
import { createHmac } from 'node:crypto';
import { inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection';
import { stripeWebhookDeliveries } from '../db/schema';
import { isUniqueViolation } from '../lib/errors';

export interface SignedDelivery {
  signature: string;
  signedAt: Date;
}

/**
 * The delivery's own signature: HMAC-SHA256 of `timestamp.body` under our secret, which is the v1
 * signature the library has just verified. Computed rather than read from the header, so a replay
 * that reorders or pads the header's entries is still the same delivery. Call only after verifying.
 */
export function signedDelivery(body: Buffer, header: string, secret: string): SignedDelivery {
  const timestamp = /(?:^|,)\s*t=(\d+)/.exec(header)?.[1] ?? '0';
  const signature = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return { signature, signedAt: new Date(Number(timestamp) * 1000) };
}

/** Records the delivery; false when it had been received before (a replay). */
export async function firstReceipt(tx: Tx, delivery: SignedDelivery): Promise<boolean> {
  try {
    const [row] = await tx.insert(stripeWebhookDeliveries).values(delivery).onConflictDoNothing().returning({ signature: stripeWebhookDeliveries.signature });
    return Boolean(row);
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The library's tolerance: a signature older than this is refused as stale, so need not be kept. */
export const TOLERANCE_SECONDS = 300;

/**
 * Forgets signatures the library would refuse as stale anyway. Rows another server is deleting at
 * the same moment are skipped, not waited for, so two prunes never block or deadlock each other.
 */
export async function pruneDeliveries(db: Db, receivedAt: number): Promise<void> {
  const cutoff = new Date(receivedAt - TOLERANCE_SECONDS * 1000);
  const stale = db
    .select({ signature: stripeWebhookDeliveries.signature })
    .from(stripeWebhookDeliveries)
    .where(lt(stripeWebhookDeliveries.signedAt, cutoff))
    .limit(1000)
    .for('update', { skipLocked: true });
  await db.delete(stripeWebhookDeliveries).where(inArray(stripeWebhookDeliveries.signature, stale));
}
