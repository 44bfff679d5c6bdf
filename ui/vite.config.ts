import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.js';
import { codeSplitting } from './chunks.js';

// The api serves the build from its own origin; in `vite dev` /api is proxied to it. precompress() writes
// the .br and .gz copies the api sends to browsers that accept them; chunks.ts keeps the
// landing's scripts in one file.
export default defineConfig({
  plugins: [react(), precompress()],
  // ws: the user channel (/api/ws/user) goes through the dev proxy too.
  server: { proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true }, '/.well-known': 'http://127.0.0.1:3000' } },
  // The one chunk over Vite's 500 kB warning is pdf.js's worker (1,046 kB, fetched only when a PDF is drawn);
  // the landing's own budget is checked by npm run bench:ui. The limit keeps the warning for anything new.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1100,
    rolldownOptions: { output: { codeSplitting } },
  },
  // Unit tests only: Playwright specs live in test/browser and are run by Playwright.
  test: { include: ['src/**/*.{test,spec}.{ts,tsx}'], environment: 'node' },
});
