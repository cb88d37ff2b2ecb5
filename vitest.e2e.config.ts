import { defineConfig } from 'vitest/config';

// Browser tests against a test build (tmp/e2e-dist, built by `npm run test:e2e`): Chromium, one file at a time.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
    setupFiles: ['test/setup/cli-cache.ts'],
    reporters: ['verbose'],
  },
});
