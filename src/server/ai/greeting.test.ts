/**
 * The animated greeting on a real database, its provider a local fake of Replicate's API that
 * makes a real WebM: a paid order, the portrait and the message, the try through the job queue to a
 * file checked by its content, private until the family shows it, captions, tries per order, who
 * may do what, and deletion with its file.
 */
import { eq } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiApp, type AiScene, VIDEO_MODEL, aiScene, paidOrder, settle, startAiApp } from '../../../tests/support/ai-app';
import { AI_MESSAGES, AI_TRIES_PER_ORDER } from '../../shared/ai';
import type { AiOverview, Generation } from '../../shared/ai-api';
import type { Memorial } from '../../shared/memorials';
import { type GenerationRow, aiGenerations } from '../db/schema';
import { GREETING_PROMPT } from './prompts';

let ai: AiApp;
beforeAll(async () => {
  ai = await startAiApp();
});
afterAll(() => ai.close());

const greeting = (scene: AiScene, cookie: string, orderId: string, overrides: object = {}) =>
  ai.t.request({
    method: 'POST',
    url: `/api/memorials/${scene.memorial.id}/ai/greetings`,
    headers: { cookie },
    payload: { orderId, portraitMediaId: scene.photoId, message: 'Tak for alt, mor.\nVi savner dig.', likenessConsent: true, ...overrides },
  });

const overview = async (scene: AiScene, cookie: string) => {
  const response = await ai.t.request({ method: 'GET', url: `/api/memorials/${scene.memorial.id}/ai`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AiOverview>();
};

/** Where a greeting's try keeps its own copy of the portrait (steps.ts). */
const portraitOf = (row: GenerationRow) => (row.input.kind === 'greeting' ? row.input.portraitKey : expect.fail(`try ${row.id} is not a greeting`));

async function made(scene: AiScene, orderId: string): Promise<Generation> {
  const started = await greeting(scene, scene.owner.cookie, orderId);
  expect(started.statusCode, started.body).toBe(202);
  const row = await settle(ai.t, started.json<Generation>().id);
  expect(row.status, row.lastError ?? '').toBe('succeeded');
  const [fresh] = (await overview(scene, scene.owner.cookie)).orders.find((order) => order.orderId === orderId)!.generations;
  return fresh!;
}

describe('the animated greeting', () => {
  it('is made from a paid order through the job queue, checked by its content, and shown only when the family chooses', async () => {
    const scene = await aiScene(ai.t);
    const orderId = await paidOrder(ai.t, scene, 'animated_greeting');
    const view = await overview(scene, scene.owner.cookie);
    expect(view.offered).toEqual({ greeting: true, song: true });
    expect(view.portraits.map((portrait) => portrait.mediaId)).toEqual([scene.photoId]);
    expect(view.orders).toMatchObject([{ orderId, kind: 'animated_greeting', status: 'paid', triesLeft: AI_TRIES_PER_ORDER, generations: [] }]);

    const started = await greeting(scene, scene.coadmin.cookie, orderId);
    expect(started.statusCode, started.body).toBe(202);
    const queued = started.json<Generation>();
    expect(queued).toMatchObject({ kind: 'greeting', status: 'queued', message: 'Tak for alt, mor.\nVi savner dig.', result: null, publishedAt: null });
    // Made in the queue, never in the request: nothing has reached the provider yet.
    const createsBefore = ai.predictions.creates.length;
    expect((await ai.t.database.db.select().from(aiGenerations).where(eq(aiGenerations.id, queued.id)))[0]).toMatchObject({ predictionId: null, attempts: 0 });

    const row = await settle(ai.t, queued.id);
    expect(row).toMatchObject({ status: 'succeeded', provider: expect.stringMatching(/^predictions:127\.0\.0\.1:/), model: VIDEO_MODEL, attempts: 1 });
    expect(row.providerSeconds).toBeGreaterThan(0);
    expect(ai.predictions.creates.length).toBe(createsBefore + 1);
    const sent = ai.predictions.creates.at(-1)!;
    expect(sent.model).toBe(VIDEO_MODEL);
    // The portrait travels as a JPEG data: URI with the prompt that keeps the mouth still; never the key.
    expect(sent.input.image).toMatch(/^data:image\/jpeg;base64,/);
    expect(sent.input.prompt).toBe(GREETING_PROMPT);
    expect(JSON.stringify(sent.input)).not.toContain(ai.predictions.key);

    const stored = await ai.t.app.deps.storage.get(row.resultKey!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect((await parseBuffer(bytes, { mimeType: 'video/webm' })).format.hasVideo).toBe(true);

    const [result] = (await overview(scene, scene.owner.cookie)).orders[0]!.generations;
    expect(result).toMatchObject({ status: 'succeeded', publishedAt: null, result: { mime: 'video/webm', url: `/media/${row.resultKey}` } });
    expect((await overview(scene, scene.owner.cookie)).orders[0]!.triesLeft).toBe(AI_TRIES_PER_ORDER - 1);

    // Private until shown: visitors see no greeting, and its captions answer 404 to them.
    const visitorPage = async () => (await ai.t.request({ method: 'GET', url: `/api/memorials/${scene.memorial.id}` })).json<Memorial>();
    expect((await visitorPage()).greeting).toBeNull();
    expect((await ai.t.request({ method: 'GET', url: result!.result!.captionsUrl! })).statusCode).toBe(404);
    expect((await ai.t.request({ method: 'GET', url: result!.result!.url })).statusCode).toBe(404);
    expect((await ai.t.request({ method: 'GET', url: result!.result!.url, headers: { cookie: scene.viewer.cookie } })).statusCode).toBe(404);
    const preview = await ai.t.request({ method: 'GET', url: result!.result!.url, headers: { cookie: scene.coadmin.cookie } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers).toMatchObject({ 'content-type': 'video/webm', 'cache-control': 'private, max-age=86400' });
    const ownCaptions = await ai.t.request({ method: 'GET', url: result!.result!.captionsUrl!, headers: { cookie: scene.owner.cookie } });
    expect(ownCaptions.statusCode).toBe(200);

    const shown = await ai.t.request({ method: 'POST', url: `/api/memorials/${scene.memorial.id}/ai/generations/${row.id}/publish`, headers: { cookie: scene.owner.cookie } });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<Generation>().publishedAt).not.toBeNull();
    const page = await visitorPage();
    expect(page.greeting).toMatchObject({ id: row.id, videoUrl: `/media/${row.resultKey}`, mime: 'video/webm', message: 'Tak for alt, mor.\nVi savner dig.' });
    const film = await ai.t.request({ method: 'GET', url: page.greeting!.videoUrl, headers: { range: 'bytes=0-99' } });
    expect(film.statusCode).toBe(206);
    expect(film.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const captions = await ai.t.request({ method: 'GET', url: page.greeting!.captionsUrl });
    expect(captions.statusCode).toBe(200);
    expect(captions.headers['content-type']).toMatch(/^text\/vtt/);
    expect(captions.body).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> \d\d:\d\d:\d\d\.000\nTak for alt, mor\.\nVi savner dig\.\n$/);

    // The family is told by e-mail that it is ready.
    await ai.t.mail.waitFor((mail) => mail.to.includes(scene.coadmin.email) && /er klar/.test(mail.subject));

    const off = await ai.t.request({ method: 'POST', url: `/api/memorials/${scene.memorial.id}/ai/generations/${row.id}/unpublish`, headers: { cookie: scene.owner.cookie } });
    expect(off.json<Generation>().publishedAt).toBeNull();
    expect((await visitorPage()).greeting).toBeNull();
  });

  it('writes a message as text: markup in it is escaped in the captions and kept as written', async () => {
    const scene = await aiScene(ai.t);
    const orderId = await paidOrder(ai.t, scene, 'animated_greeting');
    const started = await greeting(scene, scene.owner.cookie, orderId, { message: '<script>alert(1)</script> --> & farvel' });
    const row = await settle(ai.t, started.json<Generation>().id);
    expect(row.input).toMatchObject({ message: '<script>alert(1)</script> --> & farvel' });
    const captions = await ai.t.request({ method: 'GET', url: `/api/ai/greetings/${row.id}/captions.vtt`, headers: { cookie: scene.owner.cookie } });
    expect(captions.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; --&gt; &amp; farvel');
  });

  it('refuses what is not allowed: no consent, no message, a photo of another memorial, an unpaid or refunded order, an order of another kind', async () => {
    const scene = await aiScene(ai.t);
    const other = await aiScene(ai.t);
    const orderId = await paidOrder(ai.t, scene, 'animated_greeting');
    const refusal = async (response: Awaited<ReturnType<typeof greeting>>, status: number, message: string) => {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(message);
    };
    await refusal(await greeting(scene, scene.owner.cookie, orderId, { likenessConsent: false }), 400, AI_MESSAGES.consentMissing);
    await refusal(await greeting(scene, scene.owner.cookie, orderId, { message: '   ' }), 400, AI_MESSAGES.messageMissing);
    await refusal(await greeting(scene, scene.owner.cookie, orderId, { message: 'x'.repeat(301) }), 400, AI_MESSAGES.messageTooLong);
    await refusal(await greeting(scene, scene.owner.cookie, orderId, { portraitMediaId: other.photoId }), 400, AI_MESSAGES.portraitNotPhoto);
    await refusal(await greeting(scene, scene.owner.cookie, await paidOrder(ai.t, scene, 'animated_greeting', 'pending_payment')), 409, AI_MESSAGES.orderNotPaid);
    await refusal(await greeting(scene, scene.owner.cookie, await paidOrder(ai.t, scene, 'animated_greeting', 'refunded')), 409, AI_MESSAGES.orderRefunded);
    await refusal(await greeting(scene, scene.owner.cookie, await paidOrder(ai.t, scene, 'song')), 400, AI_MESSAGES.wrongOrderKind);
    // Another memorial's order is no order here.
    await refusal(await greeting(other, other.owner.cookie, orderId, { portraitMediaId: other.photoId }), 404, AI_MESSAGES.orderNotFound);
    expect(await ai.t.database.db.select().from(aiGenerations).where(eq(aiGenerations.orderId, orderId))).toHaveLength(0);
  });

  it('lets the owner and co-admins make and see it; a viewer and a stranger are refused', async () => {
    const scene = await aiScene(ai.t);
    const orderId = await paidOrder(ai.t, scene, 'animated_greeting');
    expect((await greeting(scene, scene.viewer.cookie, orderId)).statusCode).toBe(403);
    expect((await greeting(scene, scene.stranger.cookie, orderId)).statusCode).toBe(403);
    expect((await ai.t.request({ method: 'GET', url: `/api/memorials/${scene.memorial.id}/ai`, headers: { cookie: scene.viewer.cookie } })).statusCode).toBe(403);
    expect((await ai.t.request({ method: 'GET', url: `/api/memorials/${scene.memorial.id}/ai` })).statusCode).toBe(401);
    expect((await greeting(scene, scene.owner.cookie, orderId)).statusCode).toBe(202);
  });

  it('runs one try at a time per order, gives one result and two free re-tries, and does not count a failed try', async () => {
    const scene = await aiScene(ai.t);
    const orderId = await paidOrder(ai.t, scene, 'animated_greeting');
    const first = await greeting(scene, scene.owner.cookie, orderId);
    const second = await greeting(scene, scene.owner.cookie, orderId);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(AI_MESSAGES.busy);
    await settle(ai.t, first.json<Generation>().id);
    // A try that fails every submission is the provider's failure, not one of the family's tries.
    ai.predictions.always('fail');
    try {
      const failing = await greeting(scene, scene.owner.cookie, orderId);
      const failed = await settle(ai.t, failing.json<Generation>().id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    } finally {
      ai.predictions.reset();
    }
    const view = await overview(scene, scene.owner.cookie);
    expect(view.orders[0]!.triesLeft).toBe(AI_TRIES_PER_ORDER - 1);
    expect(view.orders[0]!.generations[0]).toMatchObject({ status: 'failed', failure: expect.stringContaining('Forsøget tæller ikke med') });
    for (let left = AI_TRIES_PER_ORDER - 1; left > 0; left--) await made(scene, orderId);
    const spent = await greeting(scene, scene.owner.cookie, orderId);
    expect(spent.statusCode).toBe(409);
    expect(spent.json().message).toBe(AI_MESSAGES.noTriesLeft);
  });

  it('keeps its portrait with the try: a photo deleted from the gallery leaves the shown greeting its poster', async () => {
    const scene = await aiScene(ai.t);
    const orderId = await paidOrder(ai.t, scene, 'animated_greeting');
    const first = await made(scene, orderId);
    const [row] = await ai.t.database.db.select().from(aiGenerations).where(eq(aiGenerations.id, first.id));
    // A copy in the try's own folder, not the gallery's file.
    expect(portraitOf(row!)).toMatch(new RegExp(`^memorials/${scene.memorial.id}/ai/${first.id}/portrait-[0-9a-f]+\\.jpg$`));
    expect(first).toMatchObject({ portraitMediaId: scene.photoId, portraitUrl: `/media/${portraitOf(row!)}` });
    await ai.t.request({ method: 'POST', url: `/api/memorials/${scene.memorial.id}/ai/generations/${first.id}/publish`, headers: { cookie: scene.owner.cookie } });

    const removed = await ai.t.request({ method: 'DELETE', url: `/api/memorials/${scene.memorial.id}/media/${scene.photoId}`, headers: { cookie: scene.owner.cookie } });
    expect(removed.statusCode, removed.body).toBe(204);
    const shown = (await ai.t.request({ method: 'GET', url: `/api/memorials/${scene.memorial.id}` })).json<Memorial>().greeting!;
    expect(shown.posterUrl).toBe(first.portraitUrl);
    const poster = await ai.t.request({ method: 'GET', url: shown.posterUrl! });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Another try needs a photo that is still in the gallery, and says so.
    const again = await greeting(scene, scene.owner.cookie, orderId);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: AI_MESSAGES.portraitNotPhoto });
  });

  it('deletes a try with its file; a running one cannot be deleted', async () => {
    const scene = await aiScene(ai.t);
    const orderId = await paidOrder(ai.t, scene, 'animated_greeting');
    const started = await greeting(scene, scene.owner.cookie, orderId);
    const id = started.json<Generation>().id;
    const early = await ai.t.request({ method: 'DELETE', url: `/api/memorials/${scene.memorial.id}/ai/generations/${id}`, headers: { cookie: scene.owner.cookie } });
    expect(early.statusCode).toBe(409);
    const row = await settle(ai.t, id);
    await ai.t.request({ method: 'POST', url: `/api/memorials/${scene.memorial.id}/ai/generations/${id}/publish`, headers: { cookie: scene.owner.cookie } });
    const gone = await ai.t.request({ method: 'DELETE', url: `/api/memorials/${scene.memorial.id}/ai/generations/${id}`, headers: { cookie: scene.owner.cookie } });
    expect(gone.statusCode).toBe(204);
    expect(await ai.t.app.deps.storage.head(row.resultKey!)).toBeNull();
    expect(await ai.t.app.deps.storage.head(portraitOf(row))).toBeNull();
    expect((await ai.t.request({ method: 'GET', url: `/api/memorials/${scene.memorial.id}` })).json<Memorial>().greeting).toBeNull();
    expect((await overview(scene, scene.owner.cookie)).orders[0]!.generations).toEqual([]);
    // A deleted try still used a try.
    expect((await overview(scene, scene.owner.cookie)).orders[0]!.triesLeft).toBe(AI_TRIES_PER_ORDER - 1);
  });
});
