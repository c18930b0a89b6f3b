import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './vite.config';

export default defineConfig({
  // Components are tested on the runtime that ships (docs/decisions/0010-preact.md).
  resolve: { alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...PREACT_ALIASES] },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-errors.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores: argon2 and PGlite are CPU-bound, more workers only queue.
    maxWorkers: 2,
  },
});
