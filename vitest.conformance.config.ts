import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/conformance/**/*.test.ts'],
    testTimeout: 120_000,
    setupFiles: ['test/setup/core-data.ts', 'test/setup/cli-cache.ts'],
  },
});
