import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The engine's version: the app asks for /engine.wasm?v=VERSION, which the
// server lets the browser keep without asking again. Chrome keeps the
// optimised engine only for a response it does not revalidate.
function engineVersion(): string {
  try {
    return createHash('sha256').update(readFileSync('public/engine.wasm')).digest('hex').slice(0, 16);
  } catch {
    return '';
  }
}

const version = engineVersion();

export default defineConfig({
  plugins: [
    react(),
    // index.html starts the engine's worker (engine-start.js) under the
    // same version as the bundle.
    { name: 'engine-version', transformIndexHtml: (html) => html.replaceAll('__ENGINE_VERSION__', version) },
  ],
  define: { __ENGINE_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
