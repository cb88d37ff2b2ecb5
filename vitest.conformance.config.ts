import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/conformance/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
