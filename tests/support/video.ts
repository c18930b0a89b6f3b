/**
 * A real, playable greeting video for the tests: WebM (VP8), 160×200, about 2 s of a soft
 * gradient with a slowly moving light. There is no ffmpeg on the machines the tests run on, so
 * headless Chromium's MediaRecorder records a canvas animation, and video-webm.ts gives the
 * stream it writes the sizes and duration of a finished file.
 *
 * Making it takes a browser and a few seconds, so it is made once per machine and version and
 * kept under the system's temporary directory; several test workers may ask at once, so each
 * writes its own temporary name and renames it into place (the last rename wins, whole).
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { finishedWebm } from './video-webm';

/** Changes whenever what is recorded changes, so an old cached file is not used. */
const VERSION = 'v2-vp8-160x200-2s';
export const GREETING_VIDEO_SIZE = { width: 160, height: 200 } as const;
const SECONDS = 2;
const FRAMES_PER_SECOND = 25;

// The journeys' flags (browser.ts); not imported from there, which needs vitest's runner, so
// that fake-ai-main.ts can record a video outside a test.
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let made: Promise<Buffer> | undefined;

export function greetingVideo(): Promise<Buffer> {
  made ??= cachedOrRecorded().catch((error: unknown) => {
    made = undefined;
    throw error;
  });
  return made;
}

async function cachedOrRecorded(): Promise<Buffer> {
  const file = join(tmpdir(), `mindested-greeting-video-${VERSION}.webm`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached?.length) return cached;
  const bytes = await record();
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
  return bytes;
}

/**
 * What the page runs, as text: a function handed to page.evaluate would carry whatever helpers the
 * test runner's transform adds to it (tsx adds `__name(…)`), which the page does not have.
 */
const RECORDING = `(async ({ width, height, seconds, fps }) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const context = canvas.getContext('2d');
  const started = performance.now();
  function draw() {
    const t = (performance.now() - started) / 1000;
    const gradient = context.createLinearGradient(0, 0, 0, height);
    gradient.addColorStop(0, 'hsl(' + (30 + t * 10) + ', 45%, 82%)');
    gradient.addColorStop(1, 'hsl(220, 35%, 45%)');
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
    context.fillStyle = 'rgba(255, 250, 235, 0.8)';
    context.beginPath();
    context.arc(width / 2 + Math.sin(t * 1.5) * 30, height * 0.4 + t * 10, 24, 0, 2 * Math.PI);
    context.fill();
  }
  draw();
  // A timer, not requestAnimationFrame: a page nobody looks at may get no animation frames.
  const timer = setInterval(draw, 1000 / fps);
  const recorder = new MediaRecorder(canvas.captureStream(fps), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 300000 });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
  recorder.start(250);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  recorder.stop();
  await stopped;
  clearInterval(timer);
  const url = await new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(new Error(String(reader.error)));
    reader.readAsDataURL(new Blob(chunks, { type: 'video/webm' }));
  });
  return url.slice(url.indexOf(',') + 1);
})(${JSON.stringify({ ...GREETING_VIDEO_SIZE, seconds: SECONDS, fps: FRAMES_PER_SECOND })})`;

async function record(): Promise<Buffer> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const base64 = (await page.evaluate(RECORDING)) as string;
    return finishedWebm(Buffer.from(base64, 'base64'), 1000 / FRAMES_PER_SECOND);
  } finally {
    await browser.close();
  }
}
