import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The cluster tests (tests/cluster, issue 27): three production servers behind HAProxy on one
 * PostgreSQL database and one S3 bucket (s3rver on loopback), each file a cluster of its own. On
 * PostgreSQL only: the embedded database is one server's alone. `npm test -- cluster` with
 * DATABASE_URL set; CI runs them after the PostgreSQL unit tests.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    exclude: [...configDefaults.exclude],
    globalSetup: ['tests/support/cluster-global-setup.ts'],
    setupFiles: ['tests/support/fail-on-errors.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A cluster is five processes (three servers, HAProxy, the bucket) and PostgreSQL works for all:
    // one file at a time on CI's two cores.
    fileParallelism: false,
    maxWorkers: 1,
  },
});
