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
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: one server and one Chromium at a time already keep both busy.
    fileParallelism: false,
    maxWorkers: 1,
  },
});
