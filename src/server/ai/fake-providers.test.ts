/**
 * The fake AI providers (tests/support/fake-ai.ts) speak the real services' language: the official
 * openai and replicate clients, unchanged, get what they get from the real APIs, errors included.
 * Here because vitest runs src/**\/*.test.ts only.
 */
import { parseBuffer } from 'music-metadata';
import OpenAI from 'openai';
import Replicate, { type ApiError, type Prediction } from 'replicate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wav } from '../../../tests/support/audio';
import { type FakeChat, type FakePredictions, startFakeChat, startFakePredictions } from '../../../tests/support/fake-ai';
import { greetingVideo } from '../../../tests/support/video';

const MESSAGES = [
  { role: 'system' as const, content: 'Du skriver danske sange til mindesider.' },
  { role: 'user' as const, content: 'Skriv en vise om Karen Jensen fra Skagen, der elskede havearbejde, bølgerne og kaffebordet.' },
];

describe('the fake chat completions', () => {
  let chat: FakeChat;
  let openai: OpenAI;
  beforeAll(async () => {
    chat = await startFakeChat();
    openai = new OpenAI({ apiKey: chat.key, baseURL: chat.url, maxRetries: 0 });
  });
  afterAll(() => chat.close());
  beforeEach(() => chat.reset());

  it('answers a chat.completion with Danish lyrics made from the request, the same every time', async () => {
    const completion = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: MESSAGES });
    expect(completion).toMatchObject({ object: 'chat.completion', model: 'gpt-4o-mini', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant' } }] });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
    const lyrics = completion.choices[0]!.message.content!;
    const verses = lyrics.split('\n\n');
    expect(verses.length).toBeGreaterThanOrEqual(3);
    expect(verses.length).toBeLessThanOrEqual(4);
    for (const verse of verses) expect(verse.split('\n')).toHaveLength(4);
    expect(lyrics).toContain('Karen');
    expect(lyrics).toContain('Jensen');
    const again = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: MESSAGES });
    expect(again.choices[0]!.message.content).toBe(lyrics);
    expect(chat.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body: { model: 'gpt-4o-mini', messages: MESSAGES } });
  });

  it('streams the same lyrics when asked to', async () => {
    const whole = (await openai.chat.completions.create({ model: 'm', messages: MESSAGES })).choices[0]!.message.content;
    let streamed = '';
    for await (const chunk of await openai.chat.completions.create({ model: 'm', messages: MESSAGES, stream: true })) streamed += chunk.choices[0]?.delta.content ?? '';
    expect(streamed).toBe(whole);
  });

  it('refuses a wrong key with 401 and OpenAI error shape, naming the key by its ends only', async () => {
    const wrong = new OpenAI({ apiKey: 'sk-wrong-key-1234', baseURL: chat.url, maxRetries: 0 });
    const error = await wrong.chat.completions.create({ model: 'm', messages: MESSAGES }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error' });
    expect((error as Error).message).not.toContain('sk-wrong-key-1234');
  });

  it('answers what a test scripts: 429, 500, 503, a page, JSON without fields, a hang', async () => {
    chat.next('rate-limited');
    const limited = await openai.chat.completions.create({ model: 'm', messages: MESSAGES }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('1');

    chat.next('server-error');
    chat.next('unavailable');
    await expect(openai.chat.completions.create({ model: 'm', messages: MESSAGES })).rejects.toMatchObject({ status: 500 });
    await expect(openai.chat.completions.create({ model: 'm', messages: MESSAGES })).rejects.toMatchObject({ status: 503 });

    // Not JSON: the client hands back the text, so the caller's own check must catch it.
    chat.next('garbage');
    expect(typeof (await openai.chat.completions.create({ model: 'm', messages: MESSAGES }))).toBe('string');
    chat.next('garbage-json');
    const echoed = (await openai.chat.completions.create({ model: 'm', messages: MESSAGES })) as unknown as Record<string, unknown>;
    expect(echoed.choices).toBeUndefined();
    expect(echoed.echoed_authorization).toBe(`Bearer ${chat.key}`);

    chat.slowMs = 2_000;
    chat.next('slow');
    const started = Date.now();
    await expect(openai.chat.completions.create({ model: 'm', messages: MESSAGES }, { timeout: 200 })).rejects.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    expect(Date.now() - started).toBeLessThan(1_500);
    // Each behaviour was used once: the next answer is right again.
    expect((await openai.chat.completions.create({ model: 'm', messages: MESSAGES })).object).toBe('chat.completion');
  });

  it('with the client\'s own retries, a 429 is waited out as Retry-After says', async () => {
    chat.next('rate-limited');
    const patient = new OpenAI({ apiKey: chat.key, baseURL: chat.url, maxRetries: 2 });
    const before = chat.requests.length;
    const started = Date.now();
    expect((await patient.chat.completions.create({ model: 'm', messages: MESSAGES })).object).toBe('chat.completion');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(chat.requests.length - before).toBe(2);
  });
});

describe('the fake predictions', () => {
  let fake: FakePredictions;
  let replicate: Replicate;
  const song = wav({ seconds: 1, tone: true });
  beforeAll(async () => {
    fake = await startFakePredictions({
      durationMs: (input) => (typeof input.duration_ms === 'number' ? input.duration_ms : 150),
      output: (input) => (input.image ? greetingVideo().then((bytes) => ({ bytes, contentType: 'video/webm' })) : { bytes: song, contentType: 'audio/wav' }),
    });
    replicate = new Replicate({ auth: fake.key, baseUrl: fake.url });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  async function finished(prediction: Prediction): Promise<Prediction> {
    const seen = new Set<string>([prediction.status]);
    let current = prediction;
    while (!['succeeded', 'failed', 'canceled'].includes(current.status)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      current = await replicate.predictions.get(prediction.id);
      seen.add(current.status);
    }
    expect(seen).toContain('processing');
    return current;
  }

  it('makes a prediction that starts, processes and succeeds with a file on the fake', async () => {
    const created = await replicate.predictions.create({ model: 'acme/music', input: { prompt: 'En stille salme', lyrics: 'Nu hviler du' } });
    expect(created).toMatchObject({ model: 'acme/music', status: 'starting', output: null, error: null, input: { prompt: 'En stille salme' } });
    expect(created.urls.get).toBe(`${fake.url}/predictions/${created.id}`);
    const done = await finished(created);
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(done.metrics!.predict_time).toBeGreaterThan(0);
    expect(done.completed_at).toBeTruthy();
    expect(done.output).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/files/${done.id}\\.wav$`));
    const response = await fetch(done.output as string);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(Number(response.headers.get('content-length'))).toBe(song.length);
    expect(Buffer.from(await response.arrayBuffer()).equals(song)).toBe(true);
    expect(fake.creates.filter((c) => c.input.prompt === 'En stille salme')).toHaveLength(1);
  });

  it('makes the greeting a real WebM with a video track, by version too, and as a list when asked', async () => {
    const portrait = `data:image/jpeg;base64,${Buffer.from('fake portrait').toString('base64')}`;
    const created = await replicate.predictions.create({ version: 'f1e2d3', input: { image: portrait, prompt: 'Et blidt smil' } });
    expect(fake.creates.at(-1)).toMatchObject({ model: 'f1e2d3', version: 'f1e2d3', input: { image: portrait } });
    const done = await finished(created);
    expect(done.output).toMatch(/\.webm$/);
    const bytes = Buffer.from(await (await fetch(done.output as string)).arrayBuffer());
    const { format } = await parseBuffer(bytes, { mimeType: 'video/webm' });
    expect(format).toMatchObject({ container: 'EBML/webm', hasVideo: true, hasAudio: false });
    expect(format.duration).toBeGreaterThan(1.5);
    expect(format.duration).toBeLessThan(2.5);
    expect(bytes.equals(await greetingVideo())).toBe(true);

    const listing = await startFakePredictions({ outputAsArray: true, durationMs: 0, output: () => ({ bytes: song, contentType: 'audio/wav' }) });
    try {
      const client = new Replicate({ auth: listing.key, baseUrl: listing.url });
      const { id } = await client.predictions.create({ model: 'a/b', input: { prompt: 'x' } });
      expect((await client.predictions.get(id)).output).toEqual([`${listing.url.replace(/\/v1$/, '')}/files/${id}.wav`]);
    } finally {
      await listing.close();
    }
  });

  it("refuses an input that carries the key, as replicate 1.4's 'data-uri' encoding sends", async () => {
    const leaky = new Replicate({ auth: fake.key, baseUrl: fake.url, fileEncodingStrategy: 'data-uri' });
    // Strings only, nothing to encode: the input is lost all the same.
    const error = await leaky.predictions.create({ model: 'acme/greeting', input: { image: 'data:image/jpeg;base64,AAAA', prompt: 'leak' } }).catch((e: unknown) => e);
    expect((error as ApiError).response.status).toBe(422);
    // What the library sent as the input: itself, key and all, and not the portrait or the prompt.
    const sent = fake.requests.at(-1)!.body as { input: Record<string, unknown> };
    expect(sent.input.auth).toBe(fake.key);
    expect(sent.input.prompt).toBeUndefined();
    expect(fake.creates.map((c) => c.model)).not.toContain('acme/greeting');
  });

  it('refuses a wrong key with 401 and Replicate error shape', async () => {
    const wrong = new Replicate({ auth: 'r8_wrong', baseUrl: fake.url });
    const error = await wrong.predictions.create({ model: 'acme/music', input: { prompt: 'x' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError' });
    expect((error as ApiError).response.status).toBe(401);
    expect((error as ApiError).message).toContain('"detail":"You did not pass a valid authentication token"');
    expect(fake.creates).not.toContainEqual(expect.objectContaining({ model: 'acme/music', input: { prompt: 'x' } }));
  });

  it("fails, serves a page for a file, or is cancelled when scripted", async () => {
    fake.next('fail');
    const failed = await finished(await replicate.predictions.create({ model: 'acme/music', input: { prompt: 'fail' } }));
    expect(failed).toMatchObject({ status: 'failed', output: null });
    expect(failed.error).toEqual(expect.any(String));

    fake.next('not-media');
    const page = await finished(await replicate.predictions.create({ model: 'acme/music', input: { prompt: 'page' } }));
    const response = await fetch(page.output as string);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(await response.text()).toMatch(/^<!DOCTYPE html>/);

    const long = await replicate.predictions.create({ model: 'acme/music', input: { prompt: 'long', duration_ms: 60_000 } });
    const cancelled = await replicate.predictions.cancel(long.id);
    expect(cancelled).toMatchObject({ id: long.id, status: 'canceled', output: null });
    expect((await replicate.predictions.get(long.id)).status).toBe('canceled');
    expect(fake.stats()).toMatchObject({ duplicates: 0, byInput: { fail: 1, page: 1, long: 1 } });
  });

  it('answers the scripted errors, which the client retries on its own: 429 always, 5xx on GET only', async () => {
    // One 429 on a create: the client asks again at once and the caller never sees it.
    fake.next('rate-limited', { on: 'create' });
    const before = fake.requests.length;
    const created = await replicate.predictions.create({ model: 'acme/music', input: { prompt: 'retried' } });
    expect(fake.requests.length - before).toBe(2);
    expect(fake.stats().byInput.retried).toBe(1);

    // Six in a row outlast it: 6 attempts, no waiting between them.
    fake.next('rate-limited', { times: 6, on: 'get' });
    const started = Date.now();
    const limited = await replicate.predictions.get(created.id).catch((e: unknown) => e);
    expect((limited as ApiError).response.status).toBe(429);
    expect((limited as ApiError).response.headers.get('retry-after')).toBe('1');
    expect(Date.now() - started).toBeLessThan(900);

    // A create's 500 is not retried; a get's is.
    fake.next('server-error', { on: 'create' });
    const broken = await replicate.predictions.create({ model: 'acme/music', input: { prompt: 'broken' } }).catch((e: unknown) => e);
    expect((broken as ApiError).response.status).toBe(500);
    fake.next('unavailable', { on: 'get' });
    expect((await replicate.predictions.get(created.id)).id).toBe(created.id);

    fake.next('garbage');
    await expect(replicate.predictions.get(created.id)).rejects.toBeInstanceOf(SyntaxError);
    fake.next('garbage-json');
    expect(await replicate.predictions.get(created.id)).toEqual({ unexpected: expect.any(String), echoed_authorization: `Bearer ${fake.key}` });

    fake.slowMs = 2_000;
    fake.next('slow');
    await expect(replicate.predictions.get(created.id, { signal: AbortSignal.timeout(200) })).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('waits with Prefer: wait, and counts the predictions made for one input in /_fake/stats', async () => {
    const done = await replicate.predictions.create({ model: 'acme/music', input: { message: 'Tak for alt', duration_ms: 100 }, wait: 5 });
    expect(done.status).toBe('succeeded');
    await replicate.predictions.create({ model: 'acme/music', input: { message: 'Tak for alt' } });
    const stats = (await (await fetch(fake.url.replace(/\/v1$/, '/_fake/stats'))).json()) as { duplicates: number; byInput: Record<string, number> };
    expect(stats.byInput['Tak for alt']).toBe(2);
    expect(stats.duplicates).toBeGreaterThanOrEqual(1);
  });
});
