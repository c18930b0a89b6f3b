/**
 * An AI try's files as uploads in progress (lib/uploads-in-progress.ts), on a real database
 * against the local fakes: the portrait a greeting keeps and the result a try fetches are written
 * down before they are stored and crossed out in the transaction that writes the row pointing at
 * them. A server killed in between leaves a note the sweep removes the file by; a step that finds
 * its turn taken by another run removes what it stored at once, and never what the other run keeps.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiApp, type AiScene, aiScene, paidOrder, requestGreeting, settle, startAiApp } from '../../../tests/support/ai-app';
import { killedAtCommit } from '../../../tests/support/killed';
import type { Generation } from '../../shared/ai-api';
import type { Db } from '../db/connection';
import { type GenerationRow, aiGenerations, uploadsInProgress } from '../db/schema';
import type { Deps } from '../deps';
import { ABANDONED_AFTER_MS, sweepAbandonedUploads } from '../lib/uploads-in-progress';
import { aiStepJob } from './steps';

let ai: AiApp;
beforeAll(async () => {
  ai = await startAiApp();
});
afterAll(() => ai.close());

const inProgress = () => ai.t.database.db.select().from(uploadsInProgress);
const tryRow = async (id: string) => (await ai.t.database.db.select().from(aiGenerations).where(eq(aiGenerations.id, id)))[0]!;
const portraitOf = (row: GenerationRow) => (row.input.kind === 'greeting' ? row.input.portraitKey : expect.fail(`try ${row.id} is not a greeting`));
const exists = async (key: string) => (await ai.t.app.deps.storage.head(key)) !== null;
const sweepAfterTheHour = () => sweepAbandonedUploads(ai.t.app.deps, new Date(ai.t.clock.now().getTime() + ABANDONED_AFTER_MS));

/** Every file in the try's own folder. */
async function filesOf(row: GenerationRow): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of ai.t.app.deps.storage.list(`memorials/${row.memorialId}/ai/${row.id}/`)) keys.push(key);
  return keys.sort();
}

async function startGreeting(): Promise<{ scene: AiScene; queued: GenerationRow }> {
  const scene = await aiScene(ai.t);
  const response = await requestGreeting(ai.t, scene, await paidOrder(ai.t, scene, 'animated_greeting'));
  expect(response.statusCode, response.body).toBe(202);
  return { scene, queued: await tryRow(response.json<Generation>().id) };
}

/** The try's due step run once, as its job runs it, on `db` instead of the app's database. */
const step = (row: GenerationRow, db: Db) => aiStepJob(() => ({ ...ai.t.app.deps, db }) satisfies Deps, ai.t.app.deps.ai)({ generationId: row.id, turn: row.turn });

/** The database as a run sees it whose turn another run (a second instance) takes just before it commits. */
function turnTakenAtCommit(row: GenerationRow): Db {
  const db = ai.t.database.db;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return async (...args: Parameters<Db['transaction']>) => {
          await db.update(aiGenerations).set({ turn: sql`${aiGenerations.turn} + 1` }).where(eq(aiGenerations.id, row.id));
          return db.transaction(...args);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The fake's prediction follows the wall clock (100 ms here): by then it has its file. */
const predictionDone = () => new Promise((resolve) => setTimeout(resolve, 250));

describe("an AI try's files in progress", () => {
  it('crosses out the kept portrait and the result with the rows that point at them', async () => {
    const { scene, queued } = await startGreeting();
    const made = await settle(ai.t, queued.id);
    expect(made.status, made.lastError ?? '').toBe('succeeded');
    expect(await inProgress()).toEqual([]);
    // Each under a name of its own in the try's folder.
    expect(portraitOf(made)).toMatch(/\/portrait-[0-9a-f]{16}\.jpg$/);
    expect(made.resultKey).toMatch(/\/result-[0-9a-f]{16}\.webm$/);
    expect(await filesOf(made)).toEqual([portraitOf(made), made.resultKey!].sort());
    // Served as the try's files are (media/serve.ts), to its family only.
    expect((await ai.t.request({ method: 'GET', url: `/media/${made.resultKey}`, headers: { cookie: scene.owner.cookie } })).statusCode).toBe(200);
    expect((await ai.t.request({ method: 'GET', url: `/media/${portraitOf(made)}`, headers: { cookie: scene.owner.cookie } })).statusCode).toBe(200);
    expect((await ai.t.request({ method: 'GET', url: `/media/${made.resultKey}` })).statusCode).toBe(404);
  });

  it('leaves a portrait and a result that a killed server stored before committing them to the sweep', async () => {
    const { queued } = await startGreeting();
    const atSubmit = killedAtCommit(ai.t.database.db);
    const submitting = step(queued, atSubmit.db);
    await atSubmit.reached;
    const [portraitNote, ...more] = await inProgress();
    expect(more).toEqual([]);
    expect(portraitNote!.folder).toMatch(new RegExp(`^memorials/${queued.memorialId}/ai/${queued.id}/portrait-[0-9a-f]{16}\\.jpg$`));
    expect(await exists(portraitNote!.folder)).toBe(true);
    expect(await sweepAbandonedUploads(ai.t.app.deps, new Date(ai.t.clock.now().getTime() + ABANDONED_AFTER_MS - 1000))).toBe(0);
    expect(await sweepAfterTheHour()).toBe(1);
    expect(await exists(portraitNote!.folder)).toBe(false);
    expect(await inProgress()).toEqual([]);
    atSubmit.release();
    await expect(submitting).rejects.toThrow('killed before the commit');

    // The job runs again (another instance, or this one restarted): a copy of its own, committed.
    await ai.t.app.deps.jobs.drain();
    const submitted = await tryRow(queued.id);
    expect(submitted).toMatchObject({ status: 'running', turn: queued.turn + 1 });
    expect(await inProgress()).toEqual([]);
    expect(await filesOf(submitted)).toEqual([portraitOf(submitted)]);

    await predictionDone();
    const atResult = killedAtCommit(ai.t.database.db);
    const looking = step(submitted, atResult.db);
    await atResult.reached;
    const [resultNote] = await inProgress();
    expect(resultNote!.folder).toMatch(/\/result-[0-9a-f]{16}\.webm$/);
    expect(await exists(resultNote!.folder)).toBe(true);
    expect(await sweepAfterTheHour()).toBe(1);
    // The result goes; the portrait the row points at stays.
    expect(await filesOf(submitted)).toEqual([portraitOf(submitted)]);
    atResult.release();
    await expect(looking).rejects.toThrow('killed before the commit');

    const made = await settle(ai.t, queued.id);
    expect(made.status, made.lastError ?? '').toBe('succeeded');
    expect(await inProgress()).toEqual([]);
    expect(await filesOf(made)).toEqual([portraitOf(made), made.resultKey!].sort());
  });

  it('removes what a step stored once it finds its turn taken, and never what the other run keeps', async () => {
    const { queued } = await startGreeting();
    await step(queued, turnTakenAtCommit(queued));
    expect(await tryRow(queued.id)).toMatchObject({ turn: queued.turn + 1, predictionId: null });
    expect(await inProgress()).toEqual([]);
    expect(await filesOf(queued)).toEqual([]);

    const other = (await startGreeting()).queued;
    await ai.t.app.deps.jobs.drain();
    const submitted = await tryRow(other.id);
    expect(submitted.status).toBe('running');
    await predictionDone();
    await step(submitted, turnTakenAtCommit(submitted));
    expect(await inProgress()).toEqual([]);
    expect(await filesOf(submitted)).toEqual([portraitOf(submitted)]);
  });

  it('removes the portrait of a submission the provider refused', async () => {
    const { queued } = await startGreeting();
    ai.predictions.always('rate-limited');
    try {
      await ai.t.app.deps.jobs.drain();
    } finally {
      ai.predictions.reset();
    }
    expect(await tryRow(queued.id)).toMatchObject({ status: 'queued', errorsInRow: 1, predictionId: null });
    expect(await inProgress()).toEqual([]);
    expect(await filesOf(queued)).toEqual([]);
  });
});
