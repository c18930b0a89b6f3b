import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './vite.config';

export default defineConfig({
  // Components are tested on the runtime that ships (docs/decisions/0010-preact.md).
  resolve: { alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...PREACT_ALIASES] },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-errors.ts'],
    // A limit for a hang, not for a slow machine: in CI this suite runs beside the other database's
    // journeys on two cores, where a test of 5 s alone has taken over 20.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: argon2 and PGlite are CPU-bound, more workers only queue.
    maxWorkers: 2,
    // A worker keeps the modules it has loaded for the next file instead of loading the app's some
    // 400 modules again for each of 140 files: loading them took 319 of the suite's 1,390 worker
    // seconds (30 November). Every file makes its own database, app, storage and clock, and what a
    // test changes globally is put back after it (below, and fail-on-errors.ts guards itself).
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
