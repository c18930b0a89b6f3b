import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser journeys (tests/e2e): the production server as a child process serving the built client
 * (run `npx vite build` first; `npm test` does), driven through Debian's Chromium.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/support/e2e-global-setup.ts'],
    setupFiles: ['tests/support/fail-on-errors.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time (E2E_WORKERS to change it): a journey spends much of its time waiting on
    // the browser, the server or a timer, and each file has a server, a database and a Chromium of
    // its own, so two share the machine without meeting.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS) || 2,
  },
});
