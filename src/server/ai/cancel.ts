/**
 * A refunded order makes nothing more: its try in the queue or at the provider is stopped. The
 * turn moves on with it, so the try's queued step finds nothing to do. What was made stays with
 * the family (a refund for a poor result should not take the memorial's greeting from the page).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/connection';
import { aiGenerations } from '../db/schema';

export async function cancelTriesOfOrder(tx: Tx, orderId: string, now: Date): Promise<void> {
  await tx
    .update(aiGenerations)
    .set({ status: 'cancelled', finishedAt: now, turn: sql`${aiGenerations.turn} + 1`, lastError: 'Bestillingen blev refunderet.' })
    .where(and(eq(aiGenerations.orderId, orderId), inArray(aiGenerations.status, ['queued', 'running'])));
}
