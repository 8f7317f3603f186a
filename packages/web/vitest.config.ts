import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A limit for a stalled test, not a speed check (speed is measured in bench/): a component test that
    // types and clicks through a dialog takes over 5 s when the 2 cores are busy with the other projects.
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
