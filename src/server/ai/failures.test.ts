/**
 * A provider that misbehaves, on a real database against the local fakes: 429s and 5xx answers
 * tried again with back-off and within bounds, an answer that is not the API's, a file that is not
 * media, a call that hangs, a prediction that never ends; keys kept out of what is stored and shown;
 * a server stopped mid-try and a second instance, neither of which makes a prediction twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiApp, aiScene, paidOrder, requestGreeting, settle, startAiApp } from '../../../tests/support/ai-app';
import { expectServerError, loggedLines } from '../../../tests/support/server-errors';
import { signIn } from '../../../tests/support/sign-in';
import { createUser } from '../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Generation } from '../../shared/ai-api';
import { aiGenerations, jobs } from '../db/schema';
import { AI_STEP, MAX_ERRORS_IN_ROW, MAX_SUBMISSIONS } from './steps';

let ai: AiApp;
beforeAll(async () => {
  ai = await startAiApp();
});
afterAll(() => ai.close());

async function startGreeting(t: TestApp = ai.t) {
  const scene = await aiScene(t);
  const orderId = await paidOrder(t, scene, 'animated_greeting');
  const response = await requestGreeting(t, scene, orderId);
  expect(response.statusCode, response.body).toBe(202);
  return { scene, orderId, id: response.json<Generation>().id };
}

const tryRow = async (id: string, t: TestApp = ai.t) => (await t.database.db.select().from(aiGenerations).where(eq(aiGenerations.id, id)))[0]!;

/** The try's next step: when it is due, seconds from the test's now. */
async function nextStepInSeconds(id: string): Promise<number> {
  const [next] = await ai.t.database.db
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, AI_STEP), sql`${jobs.doneAt} is null`, sql`${jobs.payload}->>'generationId' = ${id}`));
  return (next!.runAt.getTime() - ai.t.clock.now().getTime()) / 1000;
}

describe('a provider that misbehaves', () => {
  it('is asked again after 429s, no sooner than it says and later each time, and given up after a bounded number in a row', async () => {
    const { id } = await startGreeting();
    ai.predictions.always('rate-limited');
    try {
      await ai.t.app.deps.jobs.drain();
      const first = await tryRow(id);
      expect(first).toMatchObject({ status: 'queued', errorsInRow: 1, lastError: 'Udbyderen svarede HTTP 429.' });
      expect(await nextStepInSeconds(id)).toBe(5);
      ai.t.clock.advance(5000);
      await ai.t.app.deps.jobs.drain();
      expect((await tryRow(id)).errorsInRow).toBe(2);
      expect(await nextStepInSeconds(id)).toBe(10);
      const failed = await settle(ai.t, id);
      expect(failed).toMatchObject({ status: 'failed', errorsInRow: MAX_ERRORS_IN_ROW, attempts: 0 });
    } finally {
      ai.predictions.reset();
    }
  });

  it('carries on after a 500 on create and a 503 while polling', async () => {
    const { id } = await startGreeting();
    ai.predictions.next('server-error', { on: 'create' });
    await ai.t.app.deps.jobs.drain();
    expect(await tryRow(id)).toMatchObject({ status: 'queued', errorsInRow: 1, predictionId: null });
    ai.predictions.next('unavailable', { on: 'get', times: 6 });
    const done = await settle(ai.t, id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1, errorsInRow: 0 });
  });

  it('sends again a prediction that failed or made something that is not media, within the bound of submissions', async () => {
    const { id } = await startGreeting();
    ai.predictions.next('not-media');
    const done = await settle(ai.t, id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2 });
    const failing = await startGreeting();
    ai.predictions.always('fail');
    try {
      const failed = await settle(ai.t, failing.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: MAX_SUBMISSIONS, resultKey: null });
      expect(failed.lastError).toBeTruthy();
    } finally {
      ai.predictions.reset();
    }
  });

  it('cancels a prediction past its deadline and sends it again', async () => {
    const { id } = await startGreeting();
    await ai.t.app.deps.jobs.drain();
    const submitted = await tryRow(id);
    expect(submitted).toMatchObject({ status: 'running', attempts: 1 });
    // The fake keeps the wall clock; on the app's clock the deadline has passed at the next look.
    ai.t.clock.advance(ai.t.app.deps.config.AI_TIMEOUT_MINUTES * 60_000 + 1000);
    const slowOne = submitted.predictionId!;
    await ai.t.app.deps.jobs.drain();
    expect(ai.predictions.requests.some((request) => request.path === `/v1/predictions/${slowOne}/cancel`)).toBe(true);
    expect(await tryRow(id)).toMatchObject({ predictionId: null, lastError: 'Udbyderen blev ikke færdig i tide.' });
    const done = await settle(ai.t, id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('keeps every key out of what it stores and shows, even when the provider echoes it', async () => {
    const { id } = await startGreeting();
    ai.predictions.next('garbage-json', { on: 'create' });
    await ai.t.app.deps.jobs.drain();
    const row = await tryRow(id);
    expect(row.providerResponse).toContain('[nøgle skjult]');
    expect(JSON.stringify(row)).not.toContain(ai.predictions.key);
    const admin = await createUser(ai.t.database.db, { role: 'admin' });
    const list = await ai.t.request({ method: 'GET', url: '/api/admin/ai', headers: { cookie: await signIn(ai.t, admin) } });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('[nøgle skjult]');
    for (const key of [ai.predictions.key, ai.chat.key]) expect(list.body).not.toContain(key);
    expect(await settle(ai.t, id)).toMatchObject({ status: 'succeeded' });
  });

  it('writes no key in a log line, even at the most verbose level', async () => {
    const verbose = await createTestApp({ ...ai.env, LOG_LEVEL: 'trace' }, { instanceOf: ai.t });
    try {
      const { id } = await startGreeting(verbose);
      ai.predictions.next('garbage-json', { on: 'create' });
      ai.predictions.next('rate-limited', { on: 'get', times: 6 });
      expect(await settle(verbose, id)).toMatchObject({ status: 'succeeded' });
      const lines = loggedLines();
      expect(lines.some((line) => line.includes('/ai/greetings'))).toBe(true);
      for (const key of [ai.predictions.key, ai.chat.key]) expect(lines.filter((line) => line.includes(key))).toEqual([]);
    } finally {
      // Every line of a trace-level log is in the record; none of them is an error this test did not expect.
      expectServerError(/./);
      await verbose.close();
    }
  });

  it('gives up on a call that hangs and asks again later', async () => {
    const hanging = await createTestApp({ ...ai.env, AI_REQUEST_TIMEOUT_SECONDS: '1' });
    try {
      const { id } = await startGreeting(hanging);
      ai.predictions.slowMs = 3000;
      ai.predictions.next('slow', { on: 'create' });
      await hanging.app.deps.jobs.drain();
      expect(await tryRow(id, hanging)).toMatchObject({ status: 'queued', errorsInRow: 1, predictionId: null, lastError: 'Udbyderen svarede ikke i tide.' });
      expect(await settle(hanging, id)).toMatchObject({ status: 'succeeded' });
    } finally {
      await hanging.close();
    }
  });
});

describe('restarts and instances', () => {
  it('carries a try on after its server stopped mid-try, from where it was, without a second prediction', async () => {
    const first = await createTestApp(ai.env, { instanceOf: ai.t });
    const { id } = await startGreeting(first);
    const before = ai.predictions.creates.length;
    await first.app.deps.jobs.drain();
    expect(await tryRow(id)).toMatchObject({ status: 'running', attempts: 1 });
    await first.close();
    // Another server (or the same one started again) finds the try in the database and finishes it.
    const done = await settle(ai.t, id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(ai.predictions.creates.length).toBe(before + 1);
  });

  it('never runs a try twice across two instances working the same queue', async () => {
    const second = await createTestApp(ai.env, { instanceOf: ai.t });
    try {
      const before = ai.predictions.creates.length;
      const ids = [];
      for (let n = 0; n < 6; n++) ids.push((await startGreeting()).id);
      for (let round = 0; round < 100; round++) {
        await Promise.all([ai.t.app.deps.jobs.drain(), second.app.deps.jobs.drain()]);
        const rows = await Promise.all(ids.map((id) => tryRow(id)));
        if (rows.every((row) => row.status === 'succeeded')) break;
        ai.t.clock.advance(30_000);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      const rows = await Promise.all(ids.map((id) => tryRow(id)));
      expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'succeeded'));
      expect(rows.map((row) => row.attempts)).toEqual(ids.map(() => 1));
      expect(ai.predictions.creates.length).toBe(before + ids.length);
      expect(new Set(rows.map((row) => row.predictionId)).size).toBe(ids.length);
    } finally {
      await second.close();
    }
  });

  it('does nothing with a step whose turn has passed (a job run again after a crash)', async () => {
    const { id } = await startGreeting();
    await ai.t.app.deps.jobs.drain();
    const submitted = await tryRow(id);
    const creates = ai.predictions.creates.length;
    // The first step's job, as if its worker died after the step and the lease ran out.
    await ai.t.database.db.insert(jobs).values({ kind: AI_STEP, payload: { generationId: id, turn: 0 }, runAt: ai.t.clock.now(), createdAt: ai.t.clock.now() });
    await ai.t.app.deps.jobs.drain();
    expect(ai.predictions.creates.length).toBe(creates);
    expect(await tryRow(id)).toMatchObject({ predictionId: submitted.predictionId, attempts: 1 });
    expect(await settle(ai.t, id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
