import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
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

// Scripts the browser loads by a fixed URL, each built from TypeScript as
// an entry of its own: the engine's worker, a classic worker script that
// loads wasm_exec.js with importScripts, and the script index.html runs
// before the app's code to start that worker early. The server answers
// them with no-cache, so a new build is taken at once.
const scripts: Record<string, string> = {
  'engine-worker': 'src/features/engine/worker.ts',
  'engine-start': 'src/features/engine/start.ts',
};

const isScript = (name: string | undefined): name is string => name !== undefined && Object.hasOwn(scripts, name);
const ownScope = (code: string) => `(() => {\n'use strict';\n${code}\n})();\n`;

/**
 * scriptsOfTheirOwn keeps those scripts classic, self-contained scripts:
 * the build fails if one imports a chunk it would share with the app (a
 * classic script cannot import), and each is wrapped in a function, as a
 * classic script's top-level names would be the global object's (where
 * wasm_exec.js and the engine put theirs). The dev server serves them
 * compiled under the same URLs.
 */
function scriptsOfTheirOwn(): Plugin {
  return {
    name: 'kesim-scripts-of-their-own',
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry || !isScript(chunk.name)) continue;
        const imported = [...chunk.imports, ...chunk.dynamicImports];
        if (imported.length > 0 || chunk.exports.length > 0) {
          this.error(`${chunk.fileName} must stand alone, but it imports ${imported.join(', ') || 'nothing'} and exports ${chunk.exports.join(', ') || 'nothing'}`);
        }
        chunk.code = ownScope(chunk.code);
      }
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const name = new URL(req.url ?? '/', 'http://dev').pathname.match(/^\/([\w-]+)\.js$/)?.[1];
        if (!isScript(name)) return next();
        try {
          const out = await server.transformRequest(`/${scripts[name]}`);
          if (!out) return next();
          res.setHeader('Content-Type', 'text/javascript');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(ownScope(out.code));
        } catch (e) {
          next(e);
        }
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    scriptsOfTheirOwn(),
    // index.html starts the engine's worker (engine-start.js) under the
    // same version as the bundle.
    { name: 'engine-version', transformIndexHtml: (html) => html.replaceAll('__ENGINE_VERSION__', version) },
  ],
  define: { __ENGINE_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      input: { index: 'index.html', ...scripts },
      output: {
        entryFileNames: (chunk) => (isScript(chunk.name) ? `${chunk.name}.js` : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
