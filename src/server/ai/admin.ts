/**
 * Staff's view of the tries (/admin/ai): every state, the provider's words and the cost-relevant
 * facts, and "Kør igen", which starts a new try of the same input for the order without using one
 * of the family's. A refund is the money's own (POST /api/admin/orders/{id}/refund).
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AI_MESSAGES, AI_STATUSES, type AiStatus } from '../../shared/ai';
import type { AdminGeneration, adminGenerationsQuery, adminGenerationsResponse } from '../../shared/ai-api';
import { aiGenerations, memorials, orders } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, notFound } from '../lib/errors';
import type { StaffActionRecorder } from '../staff/audit';
import { aiOffer } from './providers';
import { insertTry, lockPaidOrder } from './tries';

const LISTED = 200;

export async function listTries(deps: Deps, query: z.infer<typeof adminGenerationsQuery>): Promise<z.infer<typeof adminGenerationsResponse>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(aiGenerations.status, query.status));
  if (query.kind) filters.push(eq(aiGenerations.kind, query.kind));
  const generations = await triesForStaff(deps, filters.length ? and(...filters) : undefined, LISTED);
  const tally = await deps.db.select({ status: aiGenerations.status, n: count() }).from(aiGenerations).groupBy(aiGenerations.status);
  const counts = Object.fromEntries(AI_STATUSES.map((status) => [status, 0])) as Record<AiStatus, number>;
  for (const row of tally) counts[row.status] = row.n;
  return { generations, counts, offered: aiOffer(deps.ai) };
}

async function triesForStaff(deps: Deps, where: SQL | undefined, limit: number): Promise<AdminGeneration[]> {
  const rows = await deps.db
    .select({ generation: aiGenerations, memorial: { id: memorials.id, slug: memorials.slug, name: memorials.name }, order: { id: orders.id, number: orders.number, status: orders.status } })
    .from(aiGenerations)
    .innerJoin(memorials, eq(memorials.id, aiGenerations.memorialId))
    .innerJoin(orders, eq(orders.id, aiGenerations.orderId))
    .where(where)
    .orderBy(desc(aiGenerations.createdAt))
    .limit(limit);
  return rows.map(({ generation, memorial, order }) => presentForStaff(generation, memorial, order));
}

function presentForStaff(
  row: typeof aiGenerations.$inferSelect,
  memorial: AdminGeneration['memorial'],
  order: AdminGeneration['order'],
): AdminGeneration {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    memorial,
    order,
    provider: row.provider,
    model: row.model,
    predictionId: row.predictionId,
    attempts: row.attempts,
    polls: row.polls,
    providerSeconds: row.providerSeconds,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    lastError: row.lastError,
    providerStatus: row.providerStatus,
    providerResponse: row.providerResponse,
    rerunOf: row.rerunOf,
  };
}

export async function rerunTry(deps: Deps, actor: { id: string; record: StaffActionRecorder }, generationId: string): Promise<AdminGeneration> {
  const id = await deps.db.transaction(async (tx) => {
    const [old] = await tx.select().from(aiGenerations).where(eq(aiGenerations.id, generationId));
    if (!old) throw notFound(AI_MESSAGES.notFound);
    const provider = old.kind === 'greeting' ? deps.ai.video : old.kind === 'lyrics' ? deps.ai.lyrics : deps.ai.music;
    if (!provider) throw new HttpError(409, old.kind === 'greeting' ? AI_MESSAGES.greetingNotOffered : AI_MESSAGES.songNotOffered);
    await lockPaidOrder(tx, old.orderId, old.memorialId, old.kind);
    const fresh = await insertTry(deps, tx, { orderId: old.orderId, memorialId: old.memorialId, kind: old.kind, input: old.input, provider, createdBy: old.createdBy, byStaff: true, rerunOf: old.id });
    await actor.record(tx, { action: 'ai.rerun', subject: `order:${old.orderId}`, details: { generationId: old.id, newGenerationId: fresh.id } });
    return fresh.id;
  });
  deps.jobs.wake();
  const [fresh] = await triesForStaff(deps, eq(aiGenerations.id, id), 1);
  return fresh!;
}
