/**
 * The app with both AI providers pointed at local fakes (fake-ai.ts): a chat API for lyrics and a
 * prediction API that makes a real WebM for the greeting's model and a real WAV for the music's.
 * With a memorial (its cast), a photo in its gallery, paid orders made in the database as a paid
 * order looks, and a way to let the job queue work a try to its end on the test's clock.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { AiStatus } from '../../src/shared/ai';
import type { MediaItem } from '../../src/shared/media';
import { aiGenerations, orders } from '../../src/server/db/schema';
import { wav } from './audio';
import { type FakeChat, type FakePredictions, startFakeChat, startFakePredictions } from './fake-ai';
import { type Cast, castMemorial } from './memorial-cast';
import { multipartForm } from './multipart';
import { type TestApp, createTestApp } from './test-app';
import { greetingVideo } from './video';

export const VIDEO_MODEL = 'fake/animate';
export const MUSIC_MODEL = 'fake/music';

export interface AiApp {
  t: TestApp;
  chat: FakeChat;
  predictions: FakePredictions;
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startAiApp(options: { durationMs?: number } = {}): Promise<AiApp> {
  const video = await greetingVideo();
  const chat = await startFakeChat();
  const predictions = await startFakePredictions({
    durationMs: options.durationMs ?? 100,
    output: (_input, model) => (model === VIDEO_MODEL ? { bytes: video, contentType: 'video/webm' } : { bytes: wav({ seconds: 3, tone: true }), contentType: 'audio/wav' }),
  });
  const env = aiEnv(chat, predictions);
  const t = await createTestApp(env);
  return {
    t,
    chat,
    predictions,
    env,
    async close() {
      await t.close();
      await chat.close();
      await predictions.close();
    },
  };
}

export function aiEnv(chat: FakeChat, predictions: FakePredictions): Record<string, string> {
  return {
    AI_VIDEO_URL: predictions.url,
    AI_VIDEO_KEY: predictions.key,
    AI_VIDEO_MODEL: VIDEO_MODEL,
    AI_LYRICS_URL: chat.url,
    AI_LYRICS_KEY: chat.key,
    AI_LYRICS_MODEL: 'fake-chat-1',
    AI_MUSIC_URL: predictions.url,
    AI_MUSIC_KEY: predictions.key,
    AI_MUSIC_MODEL: MUSIC_MODEL,
  };
}

/**
 * A provider for each extra at an address nothing answers on: for tests that sell or list the
 * extras and never start a try (listing and ordering call no provider).
 */
export const UNCALLED_AI_ENV: Record<string, string> = {
  AI_VIDEO_URL: 'http://127.0.0.1:9/v1',
  AI_VIDEO_KEY: 'r8_uncalled',
  AI_VIDEO_MODEL: VIDEO_MODEL,
  AI_LYRICS_URL: 'http://127.0.0.1:9/v1',
  AI_LYRICS_KEY: 'sk-uncalled',
  AI_LYRICS_MODEL: 'fake-chat-1',
  AI_MUSIC_URL: 'http://127.0.0.1:9/v1',
  AI_MUSIC_KEY: 'r8_uncalled',
  AI_MUSIC_MODEL: MUSIC_MODEL,
};

export interface AiScene extends Cast {
  photoId: string;
}

/** A memorial with a life story and a place, and a photo in its gallery. */
export async function aiScene(t: TestApp): Promise<AiScene> {
  const cast = await castMemorial(t, { birthPlace: 'Ribe', lifeStory: '<p>Karen var sygeplejerske i fyrre år og sang i kirkekoret.</p>' });
  const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 200, g: 170, b: 140 } } }).jpeg().toBuffer();
  const form = multipartForm({}, { field: 'file', filename: 'karen.jpg', contentType: 'image/jpeg', content: jpeg });
  const response = await t.request({ method: 'POST', url: `/api/memorials/${cast.memorial.id}/media`, payload: form.payload, headers: { ...form.headers, cookie: cast.owner.cookie } });
  expect(response.statusCode, response.body).toBe(201);
  return { ...cast, photoId: response.json<MediaItem>().id };
}

/** An order for an AI extra as it stands once paid (by transfer, marked by staff, or by card). */
export async function paidOrder(t: TestApp, scene: AiScene, kind: 'animated_greeting' | 'song', status: 'paid' | 'pending_payment' | 'refunded' = 'paid'): Promise<string> {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      kind,
      status,
      userId: scene.owner.id,
      memorialId: scene.memorial.id,
      paymentMethod: 'bank_transfer',
      idempotencyKey: randomUUID(),
      totalOre: kind === 'song' ? 19900 : 14900,
      buyerName: scene.owner.fullName,
      buyerEmail: scene.owner.email,
      details: { kind, productSlug: kind === 'song' ? 'ai-sang' : 'animeret-hilsen' },
      paidAt: status === 'pending_payment' ? null : t.clock.now(),
    })
    .returning({ id: orders.id });
  return row!.id;
}

/** POST …/ai/greetings as the owner: the scene's photo, a short message, consent given. */
export function requestGreeting(t: TestApp, scene: AiScene, orderId: string, overrides: object = {}) {
  return t.request({
    method: 'POST',
    url: `/api/memorials/${scene.memorial.id}/ai/greetings`,
    headers: { cookie: scene.owner.cookie },
    payload: { orderId, portraitMediaId: scene.photoId, message: 'Tak for alt.', likenessConsent: true, ...overrides },
  });
}

const ENDED: readonly AiStatus[] = ['succeeded', 'failed', 'cancelled'];

/**
 * Runs the job queue until the try has ended: each round runs what is due, then moves the test's
 * clock past the longest back-off and gives the fake (which keeps the wall clock) a moment.
 */
export async function settle(t: TestApp, generationId: string, options: { rounds?: number; stepMs?: number } = {}) {
  for (let round = 0; round < (options.rounds ?? 200); round++) {
    await t.app.deps.jobs.drain();
    const [row] = await t.database.db.select().from(aiGenerations).where(eq(aiGenerations.id, generationId));
    if (!row) throw new Error(`no try ${generationId}`);
    if (ENDED.includes(row.status)) return row;
    t.clock.advance(options.stepMs ?? 5 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  throw new Error(`try ${generationId} did not end`);
}
