/** The family's view of their AI extras: what is offered, the facts a song may use, the orders and their tries. */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { AI_LYRICS_DRAFTS_PER_ORDER, AI_TRIES_PER_ORDER, SONG_FACTS } from '../../shared/ai';
import type { AiOverview } from '../../shared/ai-api';
import { aiGenerations, memorialMedia, orders } from '../db/schema';
import type { Deps } from '../deps';
import { requireEditor } from '../memorials/service';
import { mediaUrl } from '../media/present';
import { songFacts } from './prompts';
import { aiOffer } from './providers';
import { presentGeneration } from './present-generation';
import { triesUsed } from './tries';

/** The smallest photo version wide enough for a choice card. */
function cardUrl(variants: { key: string; width: number; format: string }[]): string | null {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  const pick = sorted.find((variant) => variant.width >= 320 && variant.format !== 'avif') ?? sorted.at(-1);
  return pick ? mediaUrl(pick.key) : null;
}

export async function aiOverview(deps: Deps, memorialKey: string, userId: string): Promise<AiOverview> {
  const { row: memorial } = await requireEditor(deps.db, memorialKey, userId);
  const facts = songFacts(memorial);
  const photos = await deps.db
    .select()
    .from(memorialMedia)
    .where(and(eq(memorialMedia.memorialId, memorial.id), eq(memorialMedia.kind, 'photo')))
    .orderBy(memorialMedia.position, memorialMedia.createdAt);
  const orderRows = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.memorialId, memorial.id), inArray(orders.kind, ['animated_greeting', 'song']), inArray(orders.status, ['pending_payment', 'paid', 'refunded'])))
    .orderBy(desc(orders.createdAt));
  const tries = orderRows.length
    ? await deps.db
        .select()
        .from(aiGenerations)
        .where(and(inArray(aiGenerations.orderId, orderRows.map((order) => order.id)), isNull(aiGenerations.deletedAt)))
        .orderBy(desc(aiGenerations.createdAt))
    : [];
  return {
    memorial: { id: memorial.id, slug: memorial.slug, name: memorial.name },
    offered: aiOffer(deps.ai),
    facts: SONG_FACTS.map((key) => ({ key, text: facts[key] })),
    portraits: photos.flatMap((photo) => {
      const url = cardUrl(photo.variants);
      return url ? [{ mediaId: photo.id, url, alt: photo.caption || `Billede af ${memorial.name}` }] : [];
    }),
    orders: await Promise.all(
      orderRows.map(async (order) => {
        const work = order.kind === 'animated_greeting' ? 'greeting' : 'song';
        const usable = order.status === 'paid';
        return {
          orderId: order.id,
          number: order.number,
          kind: order.kind as 'animated_greeting' | 'song',
          status: order.status,
          triesLeft: usable ? Math.max(0, AI_TRIES_PER_ORDER - (await triesUsed(deps.db, order.id, [work]))) : 0,
          draftsLeft: usable && work === 'song' ? Math.max(0, AI_LYRICS_DRAFTS_PER_ORDER - (await triesUsed(deps.db, order.id, ['lyrics']))) : 0,
          generations: tries.filter((row) => row.orderId === order.id).map(presentGeneration),
        };
      }),
    ),
  };
}
