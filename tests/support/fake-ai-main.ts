/**
 * Starts both fake AI providers on their own, for a benchmark or a server run by hand:
 *   [FAKE_AI_PORT_CHAT=0] [FAKE_AI_PORT_PREDICTIONS=0] [FAKE_AI_KEY=…] [FAKE_AI_MIN_MS=300] [FAKE_AI_MAX_MS=…] \
 *   npx tsx tests/support/fake-ai-main.ts
 * It prints one JSON line when both listen, `{ "chatUrl", "predictionsUrl", "statsUrl", "key" }`
 * (one key for both), and runs until SIGINT or SIGTERM. Each prediction takes a random time
 * between the two durations; a prediction given an image (a data URI, or a field named image, portrait or photo) makes the greeting's video (video.ts),
 * any other one a song (a short WAV tone, audio.ts). `GET statsUrl` answers `{ creates,
 * duplicates, byInput }`: predictions made for the same `input.message` or `input.prompt` twice
 * are duplicates, which a server that never runs a job twice does not make. It also answers
 * `byImage`: predictions per picture (`sha256:` of its data URI or address), for tries whose prompt
 * is the same for all (the greeting's), so the one made twice for one portrait shows.
 */
import { createHash } from 'node:crypto';
import { wav } from './audio';
import { startFakeChat } from './fake-ai-chat';
import { type PredictionInput, startFakePredictions } from './fake-ai-predictions';
import { greetingVideo } from './video';

function number(name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    process.stderr.write(`${name} must be a whole number from 0 to ${max}, not ${process.env[name]}.\n`);
    process.exit(1);
  }
  return value;
}

const minMs = number('FAKE_AI_MIN_MS', 300);
const maxMs = number('FAKE_AI_MAX_MS', minMs);
if (maxMs < minMs) {
  process.stderr.write('FAKE_AI_MAX_MS must not be less than FAKE_AI_MIN_MS.\n');
  process.exit(1);
}
const key = process.env.FAKE_AI_KEY || undefined;

// Recorded (or read from the cache) before listening, so no prediction waits for a browser.
const video = await greetingVideo();
const song = wav({ seconds: 2, tone: true });
/** A picture as a data URI, or a field named for one (a URL to the portrait). */
const hasImage = (input: PredictionInput) =>
  Object.entries(input).some(([name, value]) => typeof value === 'string' && (value.startsWith('data:image/') || /image|portrait|photo/i.test(name)));

const chat = await startFakeChat({ port: number('FAKE_AI_PORT_CHAT', 0, 65535), ...(key ? { key } : {}) });
const predictions = await startFakePredictions({
  port: number('FAKE_AI_PORT_PREDICTIONS', 0, 65535),
  key: key ?? chat.key,
  durationMs: () => minMs + Math.round(Math.random() * (maxMs - minMs)),
  output: (input) => (hasImage(input) ? { bytes: video, contentType: 'video/webm' } : { bytes: song, contentType: 'audio/wav' }),
});
/** The input's picture, as hasImage finds it. */
const imageOf = (input: PredictionInput) =>
  Object.entries(input).find(([name, value]) => typeof value === 'string' && (value.startsWith('data:image/') || /image|portrait|photo/i.test(name)))?.[1] as string | undefined;
const stats = predictions.stats.bind(predictions);
// GET /_fake/stats answers what predictions.stats() returns, now with the pictures counted too.
predictions.stats = () => {
  const byImage: Record<string, number> = {};
  for (const { input } of predictions.creates) {
    const image = imageOf(input);
    if (image === undefined) continue;
    const id = `sha256:${createHash('sha256').update(image).digest('hex')}`;
    byImage[id] = (byImage[id] ?? 0) + 1;
  }
  return { ...stats(), byImage };
};
const statsUrl = `${predictions.url.replace(/\/v1$/, '')}/_fake/stats`;
process.stdout.write(`${JSON.stringify({ chatUrl: chat.url, predictionsUrl: predictions.url, statsUrl, key: chat.key })}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([chat.close(), predictions.close()]).then(() => process.exit(0));
  });
}
