import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The journeys that run on PostgreSQL too. Every API test runs on both databases, so a journey
 * adds something on the second one only where the server's work behind it leans on the engine
 * beyond one call: the way from a stone's code to its memorial, writes that span a transaction and
 * a job (registration, invitations, moderation and its e-mail, a password reset), uploaded media
 * beside the database, statistics summed by day and by a trigger (a stone dealer's way from
 * application to a linked stone), and the operator's CLI and SQL run beside a running server (on
 * the embedded database the server steps aside for them instead). The pages'
 * looks, words, routing and accessibility do not change with the database.
 * `E2E_ALL_JOURNEYS=1` runs every journey on PostgreSQL as well.
 */
const ON_POSTGRES_TOO = [
  'qr-journey',
  'register',
  'memorial-create',
  'memorial-posts',
  'memorial-admin',
  'memorial-invitations',
  'post-mail',
  'password-reset',
  'memorial-gallery-edit',
  'memorial-stats',
  'header-footer',
  'reseller-journey',
];
/**
 * The journeys that run on PostgreSQL only: their every test sets its scene with SQL (a reseller's
 * record, its packages and codes in each state), and on the embedded database each batch of SQL
 * stops and restarts the server (server-process.ts), which made the reseller pages alone take nine
 * of CI's minutes. What they show does not change with the database; the reseller's journey from
 * application to a linked stone still runs on both.
 */
const ON_POSTGRES_ONLY = [
  'reseller-pages',
  // A staff member made by the CLI and Premium set with SQL: on the embedded database each restarts
  // the server. The tries' job queue, across restarts and instances, runs on both in the API tests.
  'ai-greeting',
  'ai-song',
];
const onPostgres = Boolean(process.env.DATABASE_URL) && !process.env.E2E_ALL_JOURNEYS;
const journeys = (names: string[]) => names.map((name) => `tests/e2e/${name}.test.ts`);

/**
 * Browser journeys (tests/e2e): the production server as a child process serving the built client
 * (run `npx vite build` first; `npm test` does), driven through Debian's Chromium.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: onPostgres ? journeys([...ON_POSTGRES_TOO, ...ON_POSTGRES_ONLY]) : ['tests/e2e/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(onPostgres || process.env.E2E_ALL_JOURNEYS ? [] : journeys(ON_POSTGRES_ONLY))],
    globalSetup: ['tests/support/e2e-global-setup.ts'],
    setupFiles: ['tests/support/fail-on-errors.ts'],
    // A journey of 20 s alone takes three times that in CI, where one database's journeys run beside
    // the other's unit tests on two cores (.ci/run): the limit is for a hang, not for a slow machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll's own default is one second: a busy CI machine took longer than that to fetch and
    // start the memorial page's app on the first tap (28 November). The same ten seconds as every
    // other wait for the page (UI_TIMEOUT_MS in tests/support/e2e-ui.ts).
    expect: { poll: { timeout: 10_000 } },
    // In CI a journey that fails is tried once more, in a fresh context on the same server, and the
    // summary (scripts/ci-summary.mjs) names every one that passed only then, with its first error:
    // a stall of Chromium's or the machine's (once a test held for two minutes with its next try
    // fine, 2 December) does not throw away a 20-minute run, and is not hidden either. Locally a
    // failure is a failure at once.
    retry: process.env.CI ? 1 : 0,
    // Two files at a time (E2E_WORKERS to change it): a journey spends much of its time waiting on
    // the browser, the server or a timer, and each file has a server and a database of its own, and
    // each worker a Chromium, so two share the machine without meeting.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS) || 2,
    // A worker keeps its modules and its Chromium (e2e-suite.ts) for the next file: loading the
    // modules took 180 of the suite's 4,340 worker seconds (1 December), a launch some 2 s of CPU;
    // twelve short files took 280 s instead of 366. Every file starts its own server and database,
    // and sets what its server needs through setupE2e's options, never in process.env.
    isolate: false,
  },
});
