#!/usr/bin/env node
/**
 * `npm test`: unit and API tests, then a production build of the client and the browser journeys
 * against it. Runs on the embedded database, or on PostgreSQL when DATABASE_URL is set. Ends with
 * one line "N passed, N failed" over both suites.
 *
 *   npm test [-- [unit] [cluster] [e2e] [--built]]
 *
 * `cluster` is three servers behind HAProxy (tests/cluster, PostgreSQL only); without a suite
 * named, all that the database allows run: unit, cluster on PostgreSQL, then e2e.
 * `unit`, `cluster` or `e2e` runs that suite, several in the order given (CI runs each database's unit tests on
 * their own, then both databases' journeys side by side); `--built` skips the build (CI builds once
 * for both databases).
 * Reports go to test-results/<database>/ (unit.json and unit-summary.json, e2e.json and
 * e2e-summary.json), so that runs on the two databases side by side, and a database's suites run
 * one at a time, keep theirs apart.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const args = process.argv.slice(2);
const chosen = args.filter((arg) => arg === 'unit' || arg === 'cluster' || arg === 'e2e');
const order = chosen.length > 0 ? chosen : process.env.DATABASE_URL ? ['unit', 'cluster', 'e2e'] : ['unit', 'e2e'];
const built = args.includes('--built');
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'indbygget PGlite';
const results = `test-results/${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`;
mkdirSync(results, { recursive: true });

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

function counts(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

const SUITES = {
  unit: { name: 'unit og API', args: [], report: `${results}/unit.json` },
  cluster: { name: 'klynge (HAProxy)', args: ['--config', 'vitest.cluster.config.ts'], report: `${results}/cluster.json` },
  e2e: { name: 'browser (e2e)', args: ['--config', 'vitest.e2e.config.ts'], report: `${results}/e2e.json`, build: !built },
};

let failedRun = false;
const total = { passed: 0, failed: 0, skipped: 0 };

for (const key of order) {
  const suite = SUITES[key];
  process.stdout.write(`\n== ${suite.name} på ${database} ==\n`);
  // As `npm run build`: the client, and the server's prerender of the landing page.
  if (suite.build && (run(bin('vite'), ['build', '--logLevel', 'warn']) !== 0 || run(bin('vite'), ['build', '--ssr', '--logLevel', 'warn']) !== 0)) {
    failedRun = true;
    total.failed += 1;
    writeFileSync(`${results}/${key}-summary.json`, JSON.stringify({ passed: 0, failed: 1, skipped: 0 }));
    continue;
  }
  rmSync(suite.report, { force: true });
  const status = run(bin('vitest'), ['run', ...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${suite.report}`]);
  const c = counts(suite.report);
  // A suite can fail without a failing test (an error in set-up or an unhandled rejection).
  if (status !== 0) {
    failedRun = true;
    if (c.failed === 0) c.failed = 1;
  }
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  writeFileSync(`${results}/${key}-summary.json`, JSON.stringify(c));
}

process.stdout.write(`\n${database}: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}\n`);
process.exit(failedRun || total.failed > 0 ? 1 : 0);
