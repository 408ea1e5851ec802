// Helpers shared by the end-to-end tests and the WebAssembly benchmark.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** root is the repository; bin the kesim binary the tests run; outDir where they write screenshots and logs. */
export const root = path.resolve(here, '../..');
export const bin = path.join(root, 'bin/kesim');
export const outDir = path.join(here, 'out');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/**
 * prepare builds the binary when there is none, stops with a Turkish
 * message when Debian's Chromium is missing, makes outDir, and returns a
 * fresh data folder named from prefix for the server's database.
 */
export function prepare(prefix) {
  if (!fs.existsSync(bin)) execFileSync('make', ['-C', root, 'build'], { stdio: 'inherit' });
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`Chromium bulunamadı (${CHROMIUM}): make test onu apt-get ile kurar.`);
    process.exit(1);
  }
  fs.mkdirSync(outDir, { recursive: true });
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** waitHealthy waits up to 10 s for the server at base to answer /api/health. */
export async function waitHealthy(base) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** freePort returns a TCP port on 127.0.0.1 that nothing listens on. */
export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
