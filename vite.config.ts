import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  // Relative base so the static build works from any sub-path.
  base: './',
  plugins: [svelte()],
  worker: { format: 'es' },
  build: { target: 'es2022' },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/conformance/**', 'node_modules/**'],
  },
});
