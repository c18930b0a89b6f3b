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
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatLighthouseRun, runLighthouse, scriptsOfPage } from './lib/browser';
import { buildClient, median, startServer, verdict } from './lib/server';

const RUNS = Number(process.env.RUNS ?? 3);
const BUDGET = { jsGzipKb: 120, performance: 95, accessibility: 100 };

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'mindested-bench-'));
  let stop: (() => Promise<void>) | undefined;
  try {
    process.stdout.write('Bygger klienten (vite build) ...\n');
    const clientDir = buildClient(work);
    const server = await startServer(clientDir, { engine: 'pglite', dataDir: path.join(work, 'data') });
    stop = server.stop;
    const url = `${server.baseUrl}/`;

    const { fcp, scripts } = await scriptsOfPage(url, clientDir);
    const sizes = scripts.filter((s) => s.beforePaint);
    const totalGzip = sizes.reduce((sum, s) => sum + s.gzip, 0);
    process.stdout.write(`\nJavaScript before first paint (first contentful paint at ${fcp.toFixed(0)} ms, unthrottled):\n`);
    for (const s of sizes) process.stdout.write(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(s.raw / 1024).toFixed(1).padStart(7)} KB raw  ${s.file}\n`);
    process.stdout.write(`  ${(totalGzip / 1024).toFixed(1).padStart(7)} KB gzip in all (budget ${BUDGET.jsGzipKb} KB)\n`);

    process.stdout.write(`\nLighthouse, mobile, simulated throttling, ${RUNS} runs:\n`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await runLighthouse(url);
      runs.push(run);
      process.stdout.write(formatLighthouseRun(i + 1, run));
    }
    const performance = median(runs.map((r) => r.performance));
    const accessibility = Math.min(...runs.map((r) => r.accessibility));

    verdict([
      [`JavaScript before first paint ${(totalGzip / 1024).toFixed(1)} KB gzip ≤ ${BUDGET.jsGzipKb} KB`, totalGzip <= BUDGET.jsGzipKb * 1024],
      [`Lighthouse performance (median) ${performance} ≥ ${BUDGET.performance}`, performance >= BUDGET.performance],
      [`Lighthouse accessibility (lowest) ${accessibility} = ${BUDGET.accessibility}`, accessibility >= BUDGET.accessibility],
    ]);
  } finally {
    await stop?.();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
