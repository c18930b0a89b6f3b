/**
 * The family's tries (owner and co-admins): a greeting, a draft of lyrics, a song, each against a
 * paid order of its kind for this memorial. The order's row is locked while its tries are counted,
 * so two presses (or two instances) cannot take the last try twice; a unique index lets one try run
 * at a time. The try is written with its first job in one transaction (the outbox).
 */
import { and, count, eq, inArray, not } from 'drizzle-orm';
import type { z } from 'zod';
import { AI_LYRICS_DRAFTS_PER_ORDER, AI_MESSAGES, AI_TRIES_PER_ORDER, type AiWorkKind } from '../../shared/ai';
import type { Generation, greetingBody, lyricsBody, songBody } from '../../shared/ai-api';
import type { Db, Tx } from '../db/connection';
import { type GenerationInput, type GenerationRow, aiGenerations, memorialMedia, orders } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, badRequest, isUniqueViolation, notFound } from '../lib/errors';
import { requireEditor } from '../memorials/service';
import type { MemorialRow } from '../memorials/types';
import { presentGeneration } from './present-generation';
import { PORTRAIT_MAX_PX } from './prompts';
import { songFacts } from './prompts';
import type { ChatProvider, PredictionProvider } from './provider-types';
import { queueFirstStep } from './steps';

type OrderKind = 'animated_greeting' | 'song';
const ORDER_KIND: Record<AiWorkKind, OrderKind> = { greeting: 'animated_greeting', lyrics: 'song', song: 'song' };

/** A paid order of the right kind for this memorial, locked until the transaction ends. */
export async function lockPaidOrder(tx: Tx, orderId: string, memorialId: string, kind: AiWorkKind) {
  const [order] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.memorialId, memorialId))).for('update');
  if (!order) throw notFound(AI_MESSAGES.orderNotFound);
  if (order.kind !== ORDER_KIND[kind]) throw badRequest(AI_MESSAGES.wrongOrderKind, 'orderId');
  if (order.status === 'refunded') throw new HttpError(409, AI_MESSAGES.orderRefunded);
  if (order.status !== 'paid') throw new HttpError(409, AI_MESSAGES.orderNotPaid);
  return order;
}

/** The family's tries of a kind on an order that count: a failed or stopped one does not. */
export async function triesUsed(db: Db | Tx, orderId: string, kinds: AiWorkKind[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(aiGenerations)
    .where(
      and(
        eq(aiGenerations.orderId, orderId),
        inArray(aiGenerations.kind, kinds),
        eq(aiGenerations.byStaff, false),
        not(inArray(aiGenerations.status, ['failed', 'cancelled'])),
      ),
    );
  return row?.n ?? 0;
}

interface NewTry {
  orderId: string;
  memorialId: string;
  kind: AiWorkKind;
  input: GenerationInput;
  provider: PredictionProvider | ChatProvider;
  createdBy: string | null;
  byStaff?: boolean;
  rerunOf?: string | null;
}

/** Writes the try and queues its first step; a try already running on the order is refused. */
export async function insertTry(deps: Deps, tx: Tx, fields: NewTry): Promise<GenerationRow> {
  const now = deps.now();
  try {
    // A savepoint: the unique index's refusal must not spoil the caller's transaction.
    return await tx.transaction(async (inner) => {
      const [row] = await inner
        .insert(aiGenerations)
        .values({
          orderId: fields.orderId,
          memorialId: fields.memorialId,
          kind: fields.kind,
          input: fields.input,
          createdBy: fields.createdBy,
          byStaff: fields.byStaff ?? false,
          rerunOf: fields.rerunOf ?? null,
          provider: fields.provider.name,
          model: fields.provider.model,
          createdAt: now,
        })
        .returning();
      await queueFirstStep(inner, row!, now);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'ai_generations_one_running_per_order')) throw new HttpError(409, AI_MESSAGES.busy);
    throw error;
  }
}

async function startTry(deps: Deps, memorialKey: string, userId: string, kind: AiWorkKind, orderId: string, make: (memorial: MemorialRow, tx: Tx) => Promise<GenerationInput>) {
  const provider = kind === 'greeting' ? deps.ai.video : kind === 'lyrics' ? deps.ai.lyrics : deps.ai.music;
  const offered = kind === 'greeting' ? deps.ai.video : deps.ai.lyrics && deps.ai.music;
  if (!provider || !offered) throw new HttpError(409, kind === 'greeting' ? AI_MESSAGES.greetingNotOffered : AI_MESSAGES.songNotOffered);
  const { row: memorial } = await requireEditor(deps.db, memorialKey, userId);
  const row = await deps.db.transaction(async (tx) => {
    await lockPaidOrder(tx, orderId, memorial.id, kind);
    if (kind === 'lyrics') {
      if ((await triesUsed(tx, orderId, ['lyrics'])) >= AI_LYRICS_DRAFTS_PER_ORDER) throw new HttpError(409, AI_MESSAGES.noDraftsLeft);
    } else if ((await triesUsed(tx, orderId, [kind])) >= AI_TRIES_PER_ORDER) throw new HttpError(409, AI_MESSAGES.noTriesLeft);
    const input = await make(memorial, tx);
    return insertTry(deps, tx, { orderId, memorialId: memorial.id, kind, input, provider, createdBy: userId });
  });
  deps.jobs.wake();
  return presentGeneration(row);
}

/**
 * The stored version of a gallery photo the portrait is sent as: a JPEG about 1000 px wide, which
 * the gallery already keeps upright and without metadata, so the job sends its bytes as they are
 * and resizes nothing (steps.ts); a photo without one is converted there.
 */
async function portraitKey(tx: Tx, memorialId: string, mediaId: string): Promise<string> {
  const [photo] = await tx.select().from(memorialMedia).where(and(eq(memorialMedia.id, mediaId), eq(memorialMedia.memorialId, memorialId)));
  if (!photo || photo.kind !== 'photo' || photo.variants.length === 0) throw badRequest(AI_MESSAGES.portraitNotPhoto, 'portraitMediaId');
  const jpegs = photo.variants.filter((variant) => variant.format === 'jpeg').sort((a, b) => a.width - b.width);
  const fitting = jpegs.filter((variant) => variant.width <= PORTRAIT_MAX_PX).at(-1) ?? jpegs[0];
  return (fitting ?? [...photo.variants].sort((a, b) => b.width - a.width)[0]!).key;
}

export function startGreeting(deps: Deps, memorialKey: string, userId: string, body: z.output<typeof greetingBody>): Promise<Generation> {
  return startTry(deps, memorialKey, userId, 'greeting', body.orderId, async (memorial, tx) => ({
    kind: 'greeting',
    portraitMediaId: body.portraitMediaId,
    portraitKey: await portraitKey(tx, memorial.id, body.portraitMediaId),
    message: body.message,
    consentAt: deps.now().toISOString(),
  }));
}

export function startLyrics(deps: Deps, memorialKey: string, userId: string, body: z.output<typeof lyricsBody>): Promise<Generation> {
  return startTry(deps, memorialKey, userId, 'lyrics', body.orderId, async (memorial) => {
    const facts = songFacts(memorial);
    if (!body.wishes && body.facts.every((fact) => !facts[fact])) throw badRequest(AI_MESSAGES.factsEmpty, 'facts');
    return { kind: 'lyrics', facts: body.facts, style: body.style, lengthSeconds: body.lengthSeconds, wishes: body.wishes };
  });
}

export function startSong(deps: Deps, memorialKey: string, userId: string, body: z.output<typeof songBody>): Promise<Generation> {
  return startTry(deps, memorialKey, userId, 'song', body.orderId, async () => ({
    kind: 'song',
    title: body.title,
    style: body.style,
    lengthSeconds: body.lengthSeconds,
    lyrics: body.style === 'instrumental' ? '' : body.lyrics,
  }));
}
