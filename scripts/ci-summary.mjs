#!/usr/bin/env node
/**
 * The end of CI's output (.ci/run): each part's counts, then every failure by name with the lines
 * that say why, and every journey that failed once and passed when tried again. Here at the end,
 * where a report that keeps only the last lines still has them. Reads the reports that
 * scripts/test.mjs leaves in test-results/<database>/.
 */
import { readFileSync } from 'node:fs';

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

const PARTS = [
  ['embedded PGlite, unit', 'pglite', 'unit'],
  ['PostgreSQL, unit', 'postgres', 'unit'],
  ['PostgreSQL, cluster', 'postgres', 'cluster'],
  ['embedded PGlite, journeys', 'pglite', 'e2e'],
  ['PostgreSQL, journeys', 'postgres', 'e2e'],
];

/** What a failure's message says, in one line. */
function why(message) {
  const lines = message.split('\n');
  // At vitest's own time limit (a test's or a hook's) its JSON report loses the message: it keeps
  // the stack of where the test or hook was declared, headed "Error: STACK_TRACE_ERROR" (vitest's
  // makeTimeoutError swaps replace's arguments). The declaring line tells which one timed out.
  if (lines[0] === 'Error: STACK_TRACE_ERROR') {
    const frame = lines.map((line) => /^\s+at .*?((?:tests|src)\/[^\s)]+)/.exec(line)?.[1]).find(Boolean);
    return `timed out at vitest's limit, in the test or hook declared at ${frame ?? 'a place the report does not name'}`;
  }
  // A browser wait that timed out says what it waited for a few lines down ("waiting for …").
  const waited = lines.find((line) => /^\s*- waiting for /.test(line));
  // A message that ends in a colon lists its causes below it (the unexpected errors of the browser
  // and of the server): the first three come along.
  const listed = lines[0].endsWith(':') ? lines.slice(1, 4).filter((line) => line.trim() !== '' && !/^\s+at /.test(line)) : [];
  return `${[lines[0], ...listed].join(' | ').slice(0, 900)}${waited ? ` (${waited.trim().slice(2, 300)})` : ''}`;
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const [name, db, suite] of PARTS) {
  const counts = readJson(`test-results/${db}/${suite}-summary.json`) ?? { passed: 0, failed: 1, skipped: 0 };
  for (const key of Object.keys(total)) total[key] += counts[key];
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
}

for (const [, db, suite] of PARTS) {
  const report = readJson(`test-results/${db}/${suite}.json`);
  for (const file of report?.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const tests = file.assertionResults ?? [];
    const failed = tests.filter((t) => t.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') console.log(`FAILED ${db} ${suite}: ${where}: ${(file.message ?? '').split('\n')[0].slice(0, 300)}`);
    for (const t of failed) console.log(`FAILED ${db} ${suite}: ${where} > ${t.fullName}: ${why(t.failureMessages?.[0] ?? '')}`);
    // A journey that passed on its second try keeps its first try's error (vitest.e2e.config.ts).
    for (const t of tests.filter((t) => t.status === 'passed' && t.failureMessages?.length)) {
      console.log(`PASSED ON RETRY ${db} ${suite}: ${where} > ${t.fullName}: the first try: ${why(t.failureMessages[0])}`);
    }
  }
}

console.log(`\ntotal: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
