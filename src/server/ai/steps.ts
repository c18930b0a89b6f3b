/**
 * A try, step by step, in the durable job queue (decision 0033). Each step is one short job: send
 * the work to the provider, look at it, or fetch and check the file. It writes the try's new state
 * and queues the next step in one transaction, guarded by the try's turn, so a job run again after
 * a crash finds the turn moved on and does nothing, and two instances never run one try twice. The
 * provider's slowness is the job's back-off (polls 2 s, growing to 30 s), its failures are bounded
 * (errors in a row, submissions per try), and a submission past its deadline is cancelled.
 *
 * A file a step stores (the kept portrait, the result) is written down as an upload in progress
 * before it is stored and crossed out in the transaction that writes the row pointing at it, so a
 * server killed in between leaves a note the sweep removes it by (lib/uploads-in-progress.ts). Each
 * is stored under a name of its own: two runs of one turn never write the same key, so the run
 * that finds the turn taken removes what it stored without touching what the other run keeps.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { z } from 'zod';
import { LYRICS_MAX } from '../../shared/ai';
import type { Tx } from '../db/connection';
import { type GenerationRow, aiGenerations, memorials, users } from '../db/schema';
import type { Deps } from '../deps';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { abandoned, storing, stored as uploadStored } from '../lib/uploads-in-progress';
import { tryFinishedMail } from './mail';
import { PORTRAIT_MAX_PX, greetingInput, lyricsPrompt, musicInput, songFacts } from './prompts';
import { ProviderError } from './provider-types';
import type { Providers } from './providers';
import { RESULT_MAX_BYTES, checkResult } from './result-file';

export const AI_STEP = 'ai.step';

const stepPayload = z.object({ generationId: z.uuid(), turn: z.number().int().min(0) });

/** Submissions of one try: a failed, timed-out or unusable prediction is sent again this often. */
export const MAX_SUBMISSIONS = 3;
/** Transient errors in a row (no answer, 429, 5xx, garbage) before the try is given up. */
export const MAX_ERRORS_IN_ROW = 6;
const POLL_FIRST_MS = 2000;
const POLL_MAX_MS = 30_000;

/**
 * Where a try keeps its own files: the portrait it was made from and the result, deleted with the
 * try (results.ts). Older tries named them portrait.jpg and result.<ext>; every key is read from the row.
 */
const folderOf = (row: Pick<GenerationRow, 'id' | 'memorialId'>) => `memorials/${row.memorialId}/ai/${row.id}/`;

export function pollDelayMs(polls: number): number {
  return Math.min(POLL_MAX_MS, Math.round(POLL_FIRST_MS * 1.5 ** polls));
}

/** 5 s, 10 s, 20 s … at most 5 minutes; never sooner than the provider's Retry-After. */
export function errorDelayMs(errorsInRow: number, retryAfterMs: number | null): number {
  return Math.max(retryAfterMs ?? 0, Math.min(5 * 60_000, 5000 * 2 ** Math.max(0, errorsInRow - 1)));
}

/** Queues a try's first step, in the transaction that made the try. */
export async function queueFirstStep(tx: Tx, generation: Pick<GenerationRow, 'id' | 'turn'>, at: Date): Promise<void> {
  await enqueue(tx, AI_STEP, { generationId: generation.id, turn: generation.turn }, at);
}

export function aiStepJob(deps: () => Deps, providers: Providers) {
  return async (payload: unknown) => {
    const { generationId, turn } = stepPayload.parse(payload);
    const [row] = await deps().db.select().from(aiGenerations).where(eq(aiGenerations.id, generationId));
    if (!row || row.turn !== turn || row.status === 'succeeded' || row.status === 'failed' || row.status === 'cancelled') return;
    await new TryStep(deps(), providers, row).run();
  };
}

class TryStep {
  constructor(
    private readonly deps: Deps,
    private readonly providers: Providers,
    private readonly row: GenerationRow,
  ) {}

  async run(): Promise<void> {
    try {
      if (this.row.kind === 'lyrics') await this.writeLyrics();
      else if (!this.row.predictionId) await this.submit();
      else await this.look();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await this.providerFailed(error);
    }
  }

  private get now() {
    return this.deps.now();
  }

  /**
   * Writes the try's next state and queues its next step (none when it has ended), only if no one
   * else took this turn. Ended tries tell the family by e-mail.
   */
  private async advance(changes: Partial<GenerationRow>, nextInMs: number | null, storedKey?: string): Promise<void> {
    const now = this.now;
    const took = await this.deps.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(aiGenerations)
        .set({ ...changes, turn: this.row.turn + 1, ...(this.row.startedAt ? {} : { startedAt: now }) })
        .where(and(eq(aiGenerations.id, this.row.id), eq(aiGenerations.turn, this.row.turn)))
        .returning();
      if (!moved) return false;
      // The file this step stored is the row's from now on.
      if (storedKey) await uploadStored(tx, storedKey);
      if (nextInMs !== null) await enqueue(tx, AI_STEP, { generationId: moved.id, turn: moved.turn }, new Date(now.getTime() + nextInMs));
      if (moved.status === 'succeeded' || moved.status === 'failed') await this.tellFamily(tx, moved);
      return true;
    });
    // Another run took the turn (this job run again after a stall, a cancellation): no row will
    // ever point at the file this run stored under its own name. (Should the transaction itself
    // fail, the file is left to the sweep: the commit may have gone through unseen.)
    if (!took && storedKey) await this.letGo(storedKey);
  }

  /** A key of the try's own folder that no other run uses: `name-<random>.extension`. */
  private newKey(name: string, extension: string): string {
    return `${folderOf(this.row)}${name}-${Buffer.from(this.deps.randomBytes(8)).toString('hex')}.${extension}`;
  }

  /** Removes a file this step stored and no row points at, then crosses its note out. */
  private async letGo(key: string): Promise<void> {
    // Crossed out only once the file is gone: should the removal fail, the sweep tries again.
    await this.deps.storage
      .delete(key)
      .then(() => abandoned(this.deps.db, key))
      .catch((cleanup: unknown) => this.deps.log.error({ err: cleanup, key }, 'could not remove a file of an AI try that no row points at'));
  }

  private async tellFamily(tx: Tx, row: GenerationRow): Promise<void> {
    // A draft of lyrics comes in seconds, while the family waits on the page: no e-mail for that.
    if (row.kind === 'lyrics' || !row.createdBy || row.byStaff) return;
    const [person] = await tx.select({ email: users.email, name: users.fullName }).from(users).where(eq(users.id, row.createdBy));
    const [memorial] = await tx.select({ id: memorials.id, name: memorials.name }).from(memorials).where(eq(memorials.id, row.memorialId));
    if (!person || !memorial) return;
    await enqueue(tx, SEND_MAIL, tryFinishedMail(this.deps.config, row, person, memorial), this.now);
  }

  private async writeLyrics(): Promise<void> {
    const provider = this.providers.lyrics;
    if (!provider) throw new ProviderError('Der er ingen udbyder af sangtekster på denne installation.', false);
    const input = this.row.input;
    if (input.kind !== 'lyrics') throw new Error(`try ${this.row.id} has no lyrics input`);
    const [memorial] = await this.deps.db.select().from(memorials).where(eq(memorials.id, this.row.memorialId));
    if (!memorial) return;
    // Running while the provider writes; the turn is taken only with the answer.
    await this.deps.db
      .update(aiGenerations)
      .set({ status: 'running', attempts: this.row.attempts + 1, startedAt: this.row.startedAt ?? this.now })
      .where(and(eq(aiGenerations.id, this.row.id), eq(aiGenerations.turn, this.row.turn)));
    const all = songFacts(memorial);
    const facts = Object.fromEntries(input.facts.map((key) => [key, all[key]]));
    const answer = await provider.write(lyricsPrompt({ name: memorial.name, facts, style: input.style, lengthSeconds: input.lengthSeconds, wishes: input.wishes }));
    const lyrics = cleanLyrics(answer.text);
    if (!lyrics) throw new ProviderError('Udbyderen svarede uden en sangtekst.', true, null, answer.raw);
    await this.finish({ lyrics, providerResponse: answer.raw, providerStatus: 'succeeded' });
  }

  /** The try is made: its result (and the file that holds it) and the end, in one turn. */
  private async finish(changes: Partial<GenerationRow>, storedKey?: string): Promise<void> {
    await this.advance({ ...changes, status: 'succeeded', finishedAt: this.now, errorsInRow: 0, lastError: null }, null, storedKey);
  }

  private predictionProvider() {
    const provider = this.row.kind === 'greeting' ? this.providers.video : this.providers.music;
    if (!provider) throw new ProviderError('Der er ingen udbyder til dette på denne installation.', false);
    return provider;
  }

  private async submit(): Promise<void> {
    const provider = this.predictionProvider();
    const { input, kept, keptKey } = await this.providerInput();
    let prediction;
    try {
      prediction = await provider.create(input);
    } catch (error) {
      // Not sent: the next submission keeps a copy of its own.
      if (keptKey) await this.letGo(keptKey);
      throw error;
    }
    await this.advance(
      {
        ...(kept ? { input: kept } : {}),
        status: 'running',
        predictionId: prediction.id,
        providerStatus: prediction.status,
        providerResponse: prediction.raw,
        attempts: this.row.attempts + 1,
        polls: 0,
        errorsInRow: 0,
        deadlineAt: new Date(this.now.getTime() + this.deps.config.AI_TIMEOUT_MINUTES * 60_000),
      },
      pollDelayMs(0),
      keptKey,
    );
  }

  /**
   * What the provider is sent. A greeting's portrait is read from the gallery once and kept in the
   * try's own folder (`kept`, the input from then on): a photo the family later deletes from the
   * gallery leaves the greeting its poster and a re-submission its portrait, and the portrait goes
   * with the try when the try is deleted.
   */
  private async providerInput(): Promise<{ input: Record<string, unknown>; kept?: GenerationRow['input']; keptKey?: string }> {
    const input = this.row.input;
    if (input.kind === 'song') return { input: musicInput(input) };
    if (input.kind !== 'greeting') throw new Error(`try ${this.row.id} has no input for a prediction`);
    const stored = await this.deps.storage.get(input.portraitKey);
    if (!stored) throw new ProviderError('Portrættet findes ikke længere i galleriet.', false);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Buffer));
    const bytes = Buffer.concat(chunks);
    // The gallery's JPEG version goes as it is (tries.ts chose one of the right size); anything else is made one.
    const jpeg =
      stored.contentType === 'image/jpeg'
        ? bytes
        : await sharp(bytes).rotate().resize(PORTRAIT_MAX_PX, PORTRAIT_MAX_PX, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
    let kept: GenerationRow['input'] | undefined;
    let keptKey: string | undefined;
    if (!input.portraitKey.startsWith(folderOf(this.row))) {
      keptKey = this.newKey('portrait', 'jpg');
      await storing(this.deps.db, keptKey, this.now);
      await this.deps.storage.put(keptKey, jpeg, { contentType: 'image/jpeg', cacheControl: 'private, max-age=31536000, immutable' });
      kept = { ...input, portraitKey: keptKey };
    }
    return { input: greetingInput(`data:image/jpeg;base64,${jpeg.toString('base64')}`), kept, keptKey };
  }

  /** Looks at the prediction: not yet (look again later), gone wrong, or made (fetch the file). */
  private async look(): Promise<void> {
    const provider = this.predictionProvider();
    const prediction = await provider.get(this.row.predictionId!);
    const seen = { providerStatus: prediction.status, providerResponse: prediction.raw, polls: this.row.polls + 1, errorsInRow: 0 };
    if (prediction.status === 'starting' || prediction.status === 'processing') {
      if (this.row.deadlineAt && this.now >= this.row.deadlineAt) {
        await provider.cancel(prediction.id).catch(() => undefined);
        return this.attemptFailed('Udbyderen blev ikke færdig i tide.', seen);
      }
      return this.advance(seen, pollDelayMs(this.row.polls + 1));
    }
    if (prediction.status !== 'succeeded') return this.attemptFailed(prediction.error ?? `Udbyderen meldte ${prediction.status}.`, seen);
    if (!prediction.outputUrl) return this.attemptFailed('Udbyderen blev færdig uden en fil.', seen);
    const kind = this.row.kind as 'greeting' | 'song';
    let checked;
    let bytes: Buffer;
    try {
      bytes = await provider.download(prediction.outputUrl, RESULT_MAX_BYTES[kind]);
      checked = await checkResult(kind, bytes);
    } catch (error) {
      if (error instanceof ProviderError && !error.transient) return this.attemptFailed(error.message, seen);
      throw error;
    }
    const key = this.newKey('result', checked.extension);
    await storing(this.deps.db, key, this.now);
    await this.deps.storage.put(key, bytes, { contentType: checked.mime, cacheControl: 'private, max-age=31536000, immutable' });
    await this.finish(
      { ...seen, resultKey: key, resultMime: checked.mime, resultBytes: bytes.length, resultSeconds: checked.seconds, providerSeconds: prediction.predictSeconds },
      key,
    );
  }

  /** One submission went wrong: send it again while submissions are left, else the try has failed. */
  private async attemptFailed(reason: string, seen: Partial<GenerationRow> = {}): Promise<void> {
    const again = this.row.attempts < MAX_SUBMISSIONS;
    await this.advance(
      again
        ? { ...seen, lastError: reason, predictionId: null, deadlineAt: null }
        : { ...seen, lastError: reason, status: 'failed', finishedAt: this.now },
      again ? errorDelayMs(1, null) : null,
    );
  }

  private async providerFailed(error: ProviderError): Promise<void> {
    const seen = { lastError: error.message, ...(error.raw ? { providerResponse: error.raw } : {}) };
    if (!error.transient) {
      // A lyrics try has no prediction to send again: its refusal ends it.
      if (this.row.kind === 'lyrics' || !this.row.predictionId) return this.giveUp(seen);
      return this.attemptFailed(error.message, seen);
    }
    const errorsInRow = this.row.errorsInRow + 1;
    if (errorsInRow >= MAX_ERRORS_IN_ROW) return this.giveUp({ ...seen, errorsInRow });
    await this.advance({ ...seen, errorsInRow }, errorDelayMs(errorsInRow, error.retryAfterMs));
  }

  private async giveUp(seen: Partial<GenerationRow>): Promise<void> {
    if (this.row.predictionId) await this.predictionProvider().cancel(this.row.predictionId).catch(() => undefined);
    await this.advance({ ...seen, status: 'failed', finishedAt: this.now }, null);
  }
}

/** A model's answer as lyrics: no title line or quotes around it, at most LYRICS_MAX. */
export function cleanLyrics(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/^\s*(?:titel|title)\s*:.*\n+/i, '')
    .replace(/^["“”]+|["“”]+$/g, '')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, LYRICS_MAX);
}
