/**
 * What a phone's browser does with a page: which scripts it fetched (sized as gzip from the build,
 * as a phone downloads them), whether each photo came in the width the layout shows it at, and
 * Lighthouse's mobile verdict. Shared by the page benchmarks.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Page, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './server';

export interface ScriptSize {
  file: string;
  raw: number;
  gzip: number;
  /** Requested before the first contentful paint (the entry module counts as before). */
  beforePaint: boolean;
  /** Requested only once the visitor reached for the page (a visitor's memorial page starts its app then). */
  afterIntent: boolean;
}

async function sizeOf(clientDir: string, file: string) {
  const content = await readFile(path.join(clientDir, file));
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

/**
 * Every script a phone-sized Chromium requested for the page until the network was quiet, with
 * which of them came before its first contentful paint; then the visitor touches the page, and
 * the scripts that only that brought (a visitor's memorial page starts its app on the first touch,
 * docs/decisions/0012) are added, marked as such: the route's JavaScript is all of them.
 */
export async function scriptsOfPage(url: string, clientDir: string): Promise<{ fcp: number; scripts: ScriptSize[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'da-DK' });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    const loadedFirst = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname)));
    // A touch on the page's heading: it presses nothing, but shows the page that someone is there.
    await page.locator('h1').first().tap();
    // The load state stays "network idle" from before the touch: wait until no new resource has come for half a second.
    for (let count = -1; ; ) {
      const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
      if (now === count) break;
      count = now;
      await page.waitForTimeout(500);
    }
    const { fcp, scripts } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        fcp: paint?.startTime ?? Number.POSITIVE_INFINITY,
        scripts: resources.filter((r) => new URL(r.name).pathname.endsWith('.js')).map((r) => ({ path: new URL(r.name).pathname, start: r.startTime })),
      };
    });
    // The document's own module script is not a resource entry; it is the entry chunk in index.html.
    const html = await (await fetch(url)).text();
    const entry = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    const before = new Set([...entry, ...scripts.filter((s) => s.start < fcp).map((s) => s.path)]);
    const all = [...new Set([...entry, ...scripts.map((s) => s.path)])];
    return {
      fcp,
      scripts: await Promise.all(all.map(async (file) => ({ file, ...(await sizeOf(clientDir, file)), beforePaint: before.has(file), afterIntent: !loadedFirst.has(file) && !entry.includes(file) }))),
    };
  } finally {
    await browser.close();
  }
}

export interface ImageFit {
  src: string;
  /** Its text alternative, to tell which photo it is ("" for the cover and the gallery's thumbnails). */
  alt: string;
  /** The width of the file the browser chose, and the smallest offered width that would have done. */
  served: number;
  needed: number;
  ideal: number;
  offered: number[];
  /** Larger than the smallest offered width that fills the layout: bytes the phone did not need. */
  oversized: boolean;
  /** Far smaller than the layout shows it, though a larger width was offered: a blurred photo. */
  undersized: boolean;
}

/** Scrolls to the bottom slowly, so every lazy photo comes near the viewport and loads. */
async function scrollThrough(page: Page) {
  for (let y = 0; ; y += 500) {
    const height = await page.evaluate((top) => {
      window.scrollTo(0, top);
      return document.documentElement.scrollHeight;
    }, y);
    await page.waitForTimeout(60);
    if (y > height) break;
  }
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 60_000 });
}

/**
 * Each loaded photo's file width against its width on screen × device pixel ratio, on a phone
 * (360 px) or a desktop window. Only images with a srcset count: those are the ones the server
 * makes in several widths (the site's own icons come in one).
 */
export async function imageFits(url: string, viewport: { width: number; height: number; deviceScaleFactor: number; isMobile: boolean }): Promise<ImageFit[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor, isMobile: viewport.isMobile, locale: 'da-DK' });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await scrollThrough(page);
    // No named functions inside: tsx marks those with a helper (__name) the page does not have.
    const found = await page.evaluate(() =>
      [...document.images]
        .filter((img) => img.srcset && img.currentSrc && img.getBoundingClientRect().width > 0)
        .map((img) => {
          // The srcset the browser took the file from: the <source> of its format, or the img's own.
          const sets = [...(img.parentElement?.tagName === 'PICTURE' ? img.parentElement.querySelectorAll('source') : []), img].map((el) =>
            (el.getAttribute('srcset') ?? '')
              .split(',')
              .map((candidate) => candidate.trim().split(/\s+/))
              .filter(([, descriptor]) => descriptor?.endsWith('w'))
              .map(([src, descriptor]) => ({ src: new URL(src!, location.href).href, width: Number.parseInt(descriptor!, 10) })),
          );
          const set = sets.find((candidates) => candidates.some((c) => c.src === img.currentSrc)) ?? [];
          const rendered = img.getBoundingClientRect();
          // object-fit: cover fills the box; the file must cover its longer side in proportion.
          const aspect = img.naturalWidth / img.naturalHeight;
          const cssWidth = getComputedStyle(img).objectFit === 'cover' ? Math.max(rendered.width, rendered.height * aspect) : rendered.width;
          return {
            src: new URL(img.currentSrc).pathname,
            alt: img.alt,
            served: set.find((c) => c.src === img.currentSrc)?.width ?? img.naturalWidth,
            needed: Math.round(cssWidth * devicePixelRatio),
            offered: set.map((c) => c.width).sort((a, b) => a - b),
          };
        }),
    );
    // A photo shown twice (the cover, and again in the gallery) is fetched once, in the larger
    // size; the browser then takes the file it already has for the small box, which costs nothing.
    // Such a reuse is judged by the largest box the file is shown in.
    const largestNeed = new Map<string, number>();
    for (const image of found) largestNeed.set(image.src, Math.max(largestNeed.get(image.src) ?? 0, image.needed));
    return found.map((image) => {
      const need = largestNeed.get(image.src)!;
      const ideal = image.offered.find((width) => width >= need) ?? image.offered.at(-1) ?? image.served;
      return { ...image, ideal, oversized: image.served > ideal, undersized: image.served < image.needed * 0.66 && image.served < ideal };
    });
  } finally {
    await browser.close();
  }
}

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  failedA11y: string[];
  /** Lighthouse's "properly size images": bytes it says a right-sized image would have saved. */
  oversizedImageBytes: number;
  oversizedImages: string[];
  error?: string;
  longTasks: string[];
  /**
   * Lighthouse's measure of this machine's CPU speed (higher is faster): its simulated phone is
   * this machine slowed down, so scores from machines of different speed do not compare.
   */
  benchmarkIndex: number;
  /**
   * This machine's CPU was slower than Lighthouse expects: a benchmark index of 1,000 or less, where
   * its command line warns that the host seems "at least ~2x weaker than our regular target device"
   * (core/gather/driver/environment.js; it gives no warning when run from Node). Its four-times
   * slowdown then simulates a slower phone than it means to.
   */
  slowHost: boolean;
}

/** Lighthouse's SLOW_CPU_BENCHMARK_INDEX_THRESHOLD. */
const SLOW_HOST_BENCHMARK_INDEX = 1000;

export async function runLighthouse(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    const failedA11y = Object.values(audits).filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0 && (categories.accessibility?.auditRefs ?? []).some((ref) => ref.id === a.id));
    const responsive = audits['uses-responsive-images']?.details as { items?: { url: string; wastedBytes: number }[] } | undefined;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      si: audits['speed-index']?.numericValue ?? NaN,
      failedA11y: failedA11y.map((a) => a.id),
      oversizedImageBytes: (responsive?.items ?? []).reduce((sum, item) => sum + item.wastedBytes, 0),
      oversizedImages: (responsive?.items ?? []).map((item) => `${item.url.replace(/^https?:\/\/[^/]+/, '')} (${(item.wastedBytes / 1024).toFixed(0)} KB)`),
      // A run Lighthouse could not finish scores nothing; say why instead of printing a bare 0.
      error: result.lhr.runtimeError ? `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` : undefined,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      slowHost: result.lhr.environment.benchmarkIndex <= SLOW_HOST_BENCHMARK_INDEX,
      // What blocked the main thread, for when the score drops: Lighthouse's longest tasks.
      longTasks: ((audits['long-tasks']?.details as { items?: { url: string; duration: number }[] } | undefined)?.items ?? [])
        .slice(0, 3)
        .map((task) => `${task.duration.toFixed(0)} ms ${task.url.replace(/^https?:\/\/[^/]+/, '')}`),
    };
  } finally {
    chrome.kill();
  }
}

export function formatLighthouseRun(index: number, r: LighthouseRun): string {
  return (
    `  run ${index}: performance ${r.performance}, accessibility ${r.accessibility}; FCP ${(r.fcp / 1000).toFixed(2)} s, LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, SI ${(r.si / 1000).toFixed(2)} s` +
    `${r.failedA11y.length ? `; failing: ${r.failedA11y.join(', ')}` : ''}${r.error ? `; Lighthouse failed: ${r.error}` : ''}\n` +
    `         longest tasks (throttled): ${r.longTasks.join(', ') || 'none'}; this machine's CPU benchmark index ${Math.round(r.benchmarkIndex)}${r.slowHost ? ' (Lighthouse: slower than it expects)' : ''}\n`
  );
}
