// The browser engine against the native one: the same 3,000-piece job laid
// out by bin/kesim (native) and by engine.wasm in a Web Worker of Debian's
// Chromium, as the app runs it. A benchmark, not a test: it prints the
// times and the ratios and fails only when something does not run.
//
//   node e2e/wasm-bench.mjs        (make bench-wasm)
//
// Each scenario runs in a fresh browser: the job as soon as the worker is
// ready (the engine still runs in V8's baseline tier), and the job IDLE ms
// (default 2000) later, after the worker's warm-up, as when the user first
// enters parts; then later layouts in the same worker, and the first
// layout in a second worker (the optimised code is shared between workers).
// It also times a change during a search: the cancel of a running search
// and the next layout in the same worker, as the app does it.
// The first scenario runs in COLD (default 5) browsers and reports medians;
// the last runs as many browsers on a profile with an earlier visit, whose
// optimised engine Chrome keeps in its code cache.
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort } from './util.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const bin = path.join(root, 'bin/kesim');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const RUNS = Number(process.env.RUNS || 5);
const COLD = Number(process.env.COLD || 5);

if (!fs.existsSync(bin)) execFileSync('make', ['-C', root, 'build'], { stdio: 'inherit' });

// The job: 600 furniture-like part types of 5 pieces on a 183 x 366 cm
// sheet, constructive phase only (timeLimitMs 0): what every change of
// the parts list starts with.
const parts = [];
for (let i = 0; i < 600; i++) {
  parts.push({ id: `p${i}`, name: `P${i}`, width: 5 + ((i * 37) % 80) + (i % 10) / 10, height: 5 + ((i * 53) % 120), quantity: 5 });
}
const request = { sheet: { width: 183, height: 366 }, parts, options: { kerf: 0, trim: 0, guillotine: false, timeLimitMs: 0, seed: 1 } };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesim-wasm-bench-'));
const jobFile = path.join(dir, 'job.json');
fs.writeFileSync(jobFile, JSON.stringify(request));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Native: the engine's own elapsed time, as the wasm run reports it too.
const native = [];
let nativePages = 0;
for (let i = 0; i < RUNS; i++) {
  const out = JSON.parse(execFileSync(bin, ['nest', '--json', '-', jobFile], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  native.push(out.stats.elapsedMs);
  nativePages = out.stats.pages;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--db', path.join(dir, 'kesim.db')], { stdio: 'ignore' });
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  if (i > 100) throw new Error('kesim serve did not start');
  await new Promise((r) => setTimeout(r, 100));
}

// The worker as the app starts it: named with the engine's version (see
// vite.config.ts), which lets the browser keep the engine between visits.
const version = createHash('sha256').update(fs.readFileSync(path.join(root, 'web/dist/app/engine.wasm'))).digest('hex').slice(0, 16);
const WORKER = `/engine-worker.js?v=${version}`;

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// open starts a browser: a fresh one, or one on the given profile
// directory, which keeps Chrome's caches between visits.
async function open(profile) {
  if (profile) {
    const ctx = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: ARGS });
    return { page: ctx.pages()[0] ?? (await ctx.newPage()), close: () => ctx.close() };
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  return { page: await browser.newPage(), close: () => browser.close() };
}

// A first visit on profile, as the app makes it: the layout worker, and
// the export worker 3 s after it is ready; both warm up while the user
// types (PRIME ms, default 8000). Chrome then keeps the optimised engine.
async function firstVisit(profile) {
  const b = await open(profile);
  try {
    await b.page.goto(`${base}/api/health`);
    await b.page.evaluate(async ({ primeMs, url }) => {
      const ready = (w) => new Promise((resolve) => (w.onmessage = (ev) => ev.data.type === 'ready' && resolve()));
      const layout = new Worker(url);
      await ready(layout);
      await new Promise((r) => setTimeout(r, 3000));
      await ready(new Worker(url, { name: 'export' }));
      await new Promise((r) => setTimeout(r, primeMs));
    }, { primeMs: Number(process.env.PRIME || 8000), url: WORKER });
  } finally {
    await b.close();
  }
}

// One scenario in a browser (fresh, or on a profile from an earlier
// visit), opened browserMs before the page: a worker starts as the app
// starts it, the page waits idleMs (the user typing parts), then lays out
// the job runs times, and makes a change during a search; then a second
// worker lays it out once (the app starts one when a worker stopped).
async function scenario(idleMs, profile, browserMs = 0) {
  const b = await open(profile);
  try {
    const page = b.page;
    await page.goto(`${base}/api/health`);
    await new Promise((r) => setTimeout(r, browserMs));
    return await page.evaluate(
      async ({ json, runs, idleMs, url }) => {
        function worker() {
          const w = new Worker(url);
          const t0 = performance.now();
          const ready = new Promise((resolve, reject) => {
            w.onmessage = (ev) => (ev.data.type === 'ready' ? resolve(performance.now() - t0) : reject(new Error(ev.data.message)));
          });
          return { w, ready };
        }
        function layout(w) {
          return new Promise((resolve, reject) => {
            const t0 = performance.now();
            let first = 0;
            w.onmessage = (ev) => {
              const d = ev.data;
              if (d.type === 'progress') {
                if (!first && JSON.parse(d.progress).best) first = performance.now() - t0;
              } else if (d.type === 'done') {
                const res = JSON.parse(d.value);
                resolve({ wall: performance.now() - t0, first, engine: res.stats.elapsedMs, pages: res.stats.pages });
              } else if (d.type === 'error') reject(new Error(d.message));
            };
            w.postMessage({ id: 1, type: 'layout', request: json });
          });
        }
        // A change while the engine searches, as the app makes it: a 3 s
        // search is cancelled after 500 ms; once the worker has ended it,
        // the job goes to the same worker. The time from the cancel to
        // the new layout.
        function change(w) {
          return new Promise((resolve, reject) => {
            const long = JSON.parse(json);
            long.options.timeLimitMs = 3000;
            let t0 = 0;
            w.onmessage = (ev) => {
              const d = ev.data;
              if (d.type === 'progress') return;
              if (d.id === 1) w.postMessage({ id: 2, type: 'layout', request: json });
              else if (d.type === 'done') resolve({ wall: performance.now() - t0, engine: JSON.parse(d.value).stats.elapsedMs });
              else reject(new Error(d.message));
            };
            w.postMessage({ id: 1, type: 'layout', request: JSON.stringify(long) });
            setTimeout(() => {
              t0 = performance.now();
              w.postMessage({ id: 1, type: 'cancel' });
            }, 500);
          });
        }
        const a = worker();
        const load = await a.ready;
        await new Promise((r) => setTimeout(r, idleMs));
        const runsA = [];
        for (let i = 0; i < runs; i++) runsA.push(await layout(a.w));
        const changed = await change(a.w);
        const b = worker();
        const loadB = await b.ready;
        const firstB = await layout(b.w);
        a.w.terminate();
        b.w.terminate();
        return { load, runsA, changed, loadB, firstB };
      },
      { json: JSON.stringify(request), runs: RUNS, idleMs, url: WORKER },
    );
  } finally {
    await b.close();
  }
}

try {
  const nat = median(native);
  const row = (name, ms, extra = '') => console.log(`${name.padEnd(52)} ${String(Math.round(ms)).padStart(6)} ms  ${(ms / nat).toFixed(2).padStart(5)}x${extra}`);
  const spread = (xs) => (xs.length > 1 ? `  (${Math.round(Math.min(...xs))}-${Math.round(Math.max(...xs))} over ${xs.length} browsers)` : '');
  console.log(`3,000 parts (600 types), constructive phase; native ${nativePages} sheets`);
  console.log(`${('native (bin/kesim, median of ' + RUNS + ')').padEnd(52)} ${String(nat).padStart(6)} ms`);
  // The first layout of a fresh browser varies most (V8 compiles in the
  // background on the same cores), so that scenario runs in COLD browsers.
  // A returning user: the same profile after a first visit.
  const profile = path.join(dir, 'profile');
  await firstVisit(profile);
  const scenarios = [
    ['fresh browser, the job as soon as the worker is ready:', 0, COLD],
    [`fresh browser, the job ${Number(process.env.IDLE || 2000)} ms after the worker started:`, Number(process.env.IDLE || 2000), 1],
    ['returning browser (same profile), the job as soon as the worker is ready:', 0, COLD, profile],
    // Chrome's own start takes the two cores for a few seconds: the same
    // visit when the browser was already running.
    ['returning browser, running for 3 s before the page opens, the job at ready:', 0, COLD, profile, 3000],
  ];
  for (const [title, idle, browsers, prof, browserMs] of scenarios) {
    const ms = [];
    for (let i = 0; i < browsers; i++) ms.push(await scenario(idle, prof, browserMs));
    const firsts = ms.map((m) => m.runsA[0].engine);
    console.log(title);
    row('  module load (fetch, compile, start)', median(ms.map((m) => m.load)));
    row('  first layout', median(firsts), `  (first sheets after ${Math.round(median(ms.map((m) => m.runsA[0].first)))} ms)${spread(firsts)}`);
    const later = ms.flatMap((m) => m.runsA.slice(1).map((r) => r.engine));
    if (later.length) row('  later layouts, same worker (median)', median(later));
    row('  a change during a search: cancel to new layout', median(ms.map((m) => m.changed.wall)), `  (same worker; layout ${Math.round(median(ms.map((m) => m.changed.engine)))} ms)`);
    row('  a second worker: first layout', median(ms.map((m) => m.firstB.engine)), `  (load ${Math.round(median(ms.map((m) => m.loadB)))} ms)`);
    for (const m of ms) if (m.runsA[0].pages !== nativePages) throw new Error(`the browser engine laid out ${m.runsA[0].pages} sheets, native ${nativePages}`);
  }
} finally {
  server.kill('SIGTERM');
}
