/**
 * Issue 3's budget for the landing page, measured on the production build served by the
 * production server (not a test; it prints figures):
 *
 *   - JavaScript the page loads before its first paint, gzipped: at most 120 KB;
 *   - Lighthouse (mobile form factor, simulated throttling, Debian's Chromium): performance ≥ 95,
 *     accessibility 100. Lighthouse varies from run to run, so it runs RUNS times (default 3) and
 *     the median performance score counts.
 *
 *   npm run bench:landing            (or: RUNS=5 npx tsx bench/landing.ts)
 *
 * Builds the client into a temporary directory, starts `src/server/main.ts` on a free loopback
 * port with a fresh embedded database, measures, and stops everything. Exits 1 when a budget is
 * missed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const RUNS = Number(process.env.RUNS ?? 3);
const BUDGET = { jsGzipKb: 120, performance: 95, accessibility: 100 };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startServer(clientDir: string, dataDir: string, port: number): Promise<ChildProcess> {
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: clientDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

/** The scripts a phone-sized Chromium requested before its first contentful paint, gzipped from the build. */
async function scriptsBeforeFirstPaint(url: string, clientDir: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, locale: 'da-DK' });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    const { fcp, scripts } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        fcp: paint?.startTime ?? Number.POSITIVE_INFINITY,
        scripts: resources
          .filter((r) => new URL(r.name).pathname.endsWith('.js'))
          .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime, transfer: r.transferSize })),
      };
    });
    // The document's own module script is not a resource entry; it is the entry chunk in index.html.
    const html = await (await fetch(url)).text();
    const entry = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    const before = [...new Set([...entry, ...scripts.filter((s) => s.start < fcp).map((s) => s.path)])];
    const sizes = await Promise.all(
      before.map(async (file) => {
        const content = await readFile(path.join(clientDir, file));
        return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
      }),
    );
    return { fcp, sizes };
  } finally {
    await browser.close();
  }
}

async function runLighthouse(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    const failedA11y = Object.values(audits).filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0 && (categories.accessibility?.auditRefs ?? []).some((ref) => ref.id === a.id));
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      si: audits['speed-index']?.numericValue ?? NaN,
      failedA11y: failedA11y.map((a) => a.id),
      // A run Lighthouse could not finish scores nothing; say why instead of printing a bare 0.
      error: result.lhr.runtimeError ? `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` : undefined,
      // What blocked the main thread, for when the score drops: Lighthouse's longest tasks.
      longTasks: ((audits['long-tasks']?.details as { items?: { url: string; duration: number }[] } | undefined)?.items ?? [])
        .slice(0, 3)
        .map((task) => `${task.duration.toFixed(0)} ms ${task.url.replace(/^https?:\/\/[^/]+/, '')}`),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'mindested-bench-'));
  const clientDir = path.join(work, 'client');
  const dataDir = path.join(work, 'data');
  let server: ChildProcess | undefined;
  try {
    process.stdout.write('Bygger klienten (vite build) ...\n');
    // As `npm run build`: the browser's client, and beside it the server's prerender of the landing page.
    const vite = path.join(ROOT, 'node_modules/.bin/vite');
    for (const args of [['--outDir', clientDir], ['--ssr', '--outDir', path.join(work, 'ssr')]]) {
      const build = spawnSync(vite, ['build', ...args, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
      if (build.status !== 0) throw new Error(`vite build ${args.join(' ')} failed`);
    }
    const port = await freePort();
    server = await startServer(clientDir, dataDir, port);
    const url = `http://127.0.0.1:${port}/`;

    const { fcp, sizes } = await scriptsBeforeFirstPaint(url, clientDir);
    const totalGzip = sizes.reduce((sum, s) => sum + s.gzip, 0);
    process.stdout.write(`\nJavaScript before first paint (first contentful paint at ${fcp.toFixed(0)} ms, unthrottled):\n`);
    for (const s of sizes) process.stdout.write(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(s.raw / 1024).toFixed(1).padStart(7)} KB raw  ${s.file}\n`);
    process.stdout.write(`  ${(totalGzip / 1024).toFixed(1).padStart(7)} KB gzip in all (budget ${BUDGET.jsGzipKb} KB)\n`);

    process.stdout.write(`\nLighthouse, mobile, simulated throttling, ${RUNS} runs:\n`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await runLighthouse(url);
      runs.push(r);
      process.stdout.write(
        `  run ${i + 1}: performance ${r.performance}, accessibility ${r.accessibility}; FCP ${(r.fcp / 1000).toFixed(2)} s, LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, SI ${(r.si / 1000).toFixed(2)} s${r.failedA11y.length ? `; failing: ${r.failedA11y.join(', ')}` : ''}${r.error ? `; Lighthouse failed: ${r.error}` : ''}\n` +
          `         longest tasks (throttled): ${r.longTasks.join(', ') || 'none'}\n`,
      );
    }
    const performance = median(runs.map((r) => r.performance));
    const accessibility = Math.min(...runs.map((r) => r.accessibility));

    const verdicts = [
      [`JavaScript before first paint ${(totalGzip / 1024).toFixed(1)} KB gzip ≤ ${BUDGET.jsGzipKb} KB`, totalGzip <= BUDGET.jsGzipKb * 1024],
      [`Lighthouse performance (median) ${performance} ≥ ${BUDGET.performance}`, performance >= BUDGET.performance],
      [`Lighthouse accessibility (lowest) ${accessibility} = ${BUDGET.accessibility}`, accessibility >= BUDGET.accessibility],
    ] as const;
    process.stdout.write('\n');
    for (const [line, ok] of verdicts) process.stdout.write(`${ok ? 'OK  ' : 'FAIL'} ${line}\n`);
    if (verdicts.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await rm(work, { recursive: true, force: true });
  }
}

await main();
