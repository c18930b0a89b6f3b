/**
 * Staff and the AI tries (/api/admin/ai): support reads them with the provider's words, an admin
 * re-runs a try without using one of the family's, and a refund (the money's own) stops a running
 * try and makes nothing more on its order. Every call refuses families and strangers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiApp, aiScene, paidOrder, requestGreeting, settle, startAiApp } from '../../../tests/support/ai-app';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { AI_MESSAGES, AI_TRIES_PER_ORDER } from '../../shared/ai';
import type { AdminGeneration, AiOverview, Generation } from '../../shared/ai-api';
import { aiGenerations, orders, staffActions } from '../db/schema';

let ai: AiApp;
let admin: string;
let support: string;
beforeAll(async () => {
  ai = await startAiApp();
  admin = await signIn(ai.t, await createUser(ai.t.database.db, { role: 'admin' }));
  support = await signIn(ai.t, await createUser(ai.t.database.db, { role: 'support' }));
});
afterAll(() => ai.close());

async function failedTry() {
  const scene = await aiScene(ai.t);
  const orderId = await paidOrder(ai.t, scene, 'animated_greeting');
  const started = await requestGreeting(ai.t, scene, orderId, { message: 'Hvil i fred.' });
  ai.predictions.always('fail');
  try {
    await settle(ai.t, started.json<Generation>().id);
  } finally {
    ai.predictions.reset();
  }
  return { scene, orderId, id: started.json<Generation>().id };
}

describe('/api/admin/ai', () => {
  it('shows support every try with its state, failure and the provider’s answer, and counts by state', async () => {
    const { id, orderId } = await failedTry();
    const response = await ai.t.request({ method: 'GET', url: '/api/admin/ai?status=failed', headers: { cookie: support } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ generations: AdminGeneration[]; counts: Record<string, number>; offered: object }>();
    const listed = body.generations.find((row) => row.id === id)!;
    expect(listed).toMatchObject({ kind: 'greeting', status: 'failed', attempts: 3, model: 'fake/animate', order: { id: orderId, status: 'paid' }, providerStatus: 'failed' });
    expect(listed.lastError).toBeTruthy();
    expect(listed.providerResponse).toContain('"status":"failed"');
    // The portrait it was sent is not kept whole in what staff read.
    expect(listed.providerResponse).toMatch(/"image":"data:image\/jpeg;base64,[^"]{0,60}… \(\d+ tegn\)"/);
    expect(body.counts.failed).toBeGreaterThanOrEqual(1);
    expect(body.offered).toEqual({ greeting: true, song: true });
    expect(body.generations.every((row) => row.status === 'failed')).toBe(true);
  });

  it('lets an admin re-run a try, which does not use one of the family’s; support may not', async () => {
    const { scene, id } = await failedTry();
    expect((await ai.t.request({ method: 'POST', url: `/api/admin/ai/${id}/rerun`, headers: { cookie: support } })).statusCode).toBe(403);
    expect((await ai.t.request({ method: 'POST', url: `/api/admin/ai/${id}/rerun`, headers: { cookie: scene.owner.cookie } })).statusCode).toBe(403);
    const rerun = await ai.t.request({ method: 'POST', url: `/api/admin/ai/${id}/rerun`, headers: { cookie: admin } });
    expect(rerun.statusCode, rerun.body).toBe(202);
    const fresh = rerun.json<AdminGeneration>();
    expect(fresh).toMatchObject({ status: 'queued', rerunOf: id });
    expect(await settle(ai.t, fresh.id)).toMatchObject({ status: 'succeeded', byStaff: true });
    const view = (await ai.t.request({ method: 'GET', url: `/api/memorials/${scene.memorial.id}/ai`, headers: { cookie: scene.owner.cookie } })).json<AiOverview>();
    expect(view.orders[0]!.triesLeft).toBe(AI_TRIES_PER_ORDER);
    expect(view.orders[0]!.generations[0]).toMatchObject({ id: fresh.id, status: 'succeeded' });
    const logged = await ai.t.database.db.select().from(staffActions).where(eq(staffActions.action, 'ai.rerun'));
    expect(logged.some((row) => (row.details as { generationId?: string }).generationId === id)).toBe(true);
  });

  it('refunds through the money’s refund: a running try is stopped and the order makes nothing more', async () => {
    const scene = await aiScene(ai.t);
    const orderId = await paidOrder(ai.t, scene, 'animated_greeting');
    const started = await requestGreeting(ai.t, scene, orderId, { message: 'Farvel.' });
    await ai.t.app.deps.jobs.drain();
    const refund = await ai.t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, headers: { cookie: admin }, payload: { reason: 'Familien ønskede ikke hilsenen alligevel' } });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await ai.t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('refunded');
    const [stopped] = await ai.t.database.db.select().from(aiGenerations).where(eq(aiGenerations.id, started.json<Generation>().id));
    expect(stopped).toMatchObject({ status: 'cancelled', lastError: 'Bestillingen blev refunderet.' });
    // Its queued step finds the turn moved on: the provider is asked nothing more about it.
    const asked = ai.predictions.requests.length;
    ai.t.clock.advance(60_000);
    await ai.t.app.deps.jobs.drain();
    expect(ai.predictions.requests.length).toBe(asked);
    const again = await requestGreeting(ai.t, scene, orderId, { message: 'Farvel.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AI_MESSAGES.orderRefunded);
  });

  it('refuses a family member and a visitor', async () => {
    const scene = await aiScene(ai.t);
    expect((await ai.t.request({ method: 'GET', url: '/api/admin/ai', headers: { cookie: scene.owner.cookie } })).statusCode).toBe(403);
    expect((await ai.t.request({ method: 'GET', url: '/api/admin/ai' })).statusCode).toBe(401);
  });
});
