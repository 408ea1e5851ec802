/* The engine's Web Worker: loads the Go WebAssembly module and runs layouts
 * and exports off the page's thread.
 *
 * Messages in: {id, type: 'layout' | 'pdf' | 'dxf' | 'filename' | 'cancel',
 * ...}. Out: {type: 'ready' | 'fatal'} once, then {id, type: 'progress' |
 * 'done' | 'error', ...}, and {type: 'fatal'} if the engine stops.
 *
 * {id, type: 'cancel'} stops layout id, which then ends with an error: the
 * engine lets the worker take messages every few tens of milliseconds, so
 * the worker stays, warm, for the next layout. A worker named 'export'
 * (new Worker(url, {name})) warms the exporters instead of the layout code. */
'use strict';
let ready = null;
let go = null;

function start() {
  if (!ready) {
    ready = (async () => {
      importScripts('/wasm_exec.js');
      go = new Go();
      // The page names the engine's version (?v=...): that response is
      // never revalidated, which Chrome needs to keep the optimised code.
      const v = new URL(self.location.href).searchParams.get('v');
      const source = fetch(v ? `/engine.wasm?v=${encodeURIComponent(v)}` : '/engine.wasm');
      let instance;
      if (WebAssembly.instantiateStreaming) {
        ({ instance } = await WebAssembly.instantiateStreaming(source, go.importObject));
      } else {
        const bytes = await (await source).arrayBuffer();
        ({ instance } = await WebAssembly.instantiate(bytes, go.importObject));
      }
      // The Go program ends only on a fatal error, such as running out of
      // memory: the page is told, and starts a fresh worker for its next
      // request (a request under way would otherwise never be answered).
      go.run(instance).then(() => postMessage({ type: 'fatal', message: 'exited' }));
    })();
  }
  return ready;
}

start().then(
  () => {
    postMessage({ type: 'ready' });
    warmUp(self.name === 'export' ? warmExports : warmLayouts);
  },
  (e) => postMessage({ type: 'fatal', message: String((e && e.message) || e) }),
);

/* Warm-up. V8 first runs WebAssembly through its baseline compiler and
 * optimises a function only after it has run for a while, so the first
 * layout of a fresh page runs several times slower than the ones after it.
 * While the page waits for its parts, the worker runs the code it is there
 * for on generated jobs, in steps of a few tens of milliseconds (a PDF's
 * first step takes a few hundred); a real request ends the warm-up at the
 * next step. The optimised code is shared by the page's workers, and once
 * there is enough of it (V8 caches a module from 1 MB of optimised code)
 * Chrome keeps it in its code cache: the next visit starts optimised. */
let warming = true;
const WARM_STEPS = 16;

function warmJob(step) {
  const parts = [];
  for (let i = 0; i < 60; i++) {
    const k = i + step * 60;
    parts.push({ width: 4 + ((k * 37) % 70) + (k % 10) / 10, height: 4 + ((k * 53) % 110), quantity: 4 });
  }
  return JSON.stringify({
    sheet: { width: 183, height: 366 },
    parts,
    options: { guillotine: step % 4 === 3, kerf: step % 2 ? 0.4 : 0, timeLimitMs: 0, iterations: step % 2 ? 40 : 0, seed: step },
  });
}

// The layout worker's steps: generated jobs, free and guillotine.
const warmLayouts = Array.from({ length: WARM_STEPS }, (_, step) => () => self.kesimLayout(warmJob(step)));

// The export worker's steps: a one-page guillotine layout written as PDF
// and DXF, twice.
let warmResult = '';
const warmExports = [
  async () => {
    warmResult = await self.kesimLayout(
      JSON.stringify({
        sheet: { width: 100, height: 70 },
        parts: [
          { id: 'a', name: 'Kapak', width: 30, height: 20, quantity: 6 },
          { id: 'b', name: 'Yan Ğ', width: 15.5, height: 40, quantity: 3 },
        ],
        options: { guillotine: true },
      }),
    );
  },
  () => self.kesimPDF(warmResult, ''),
  () => self.kesimDXF(warmResult, ''),
  () => self.kesimPDF(warmResult, ''),
  () => self.kesimDXF(warmResult, ''),
];

async function warmUp(steps) {
  for (let i = 0; i < steps.length && warming; i++) {
    // Between steps the worker takes its messages: a request stops this.
    // The first step waits a little for a request already on its way (the
    // app lays out the parts it restored as soon as the worker is ready).
    await new Promise((r) => setTimeout(r, i === 0 ? 50 : 0));
    if (!warming) return;
    try {
      await steps[i]();
    } catch {
      return;
    }
  }
}

onmessage = async (ev) => {
  const m = ev.data;
  if (m.type === 'cancel') {
    if (self.kesimCancel) self.kesimCancel(m.id);
    return;
  }
  warming = false;
  try {
    await start();
    let value;
    switch (m.type) {
      case 'layout':
        value = await self.kesimLayout(m.request, (p) => postMessage({ id: m.id, type: 'progress', progress: p }), m.id);
        break;
      case 'pdf':
        value = await self.kesimPDF(m.result, m.options || '');
        break;
      case 'dxf':
        value = await self.kesimDXF(m.result, m.options || '');
        break;
      case 'filename':
        value = self.kesimFileName(m.result, m.ext);
        break;
      default:
        throw new Error('bilinmeyen istek');
    }
    if (value instanceof Uint8Array) {
      postMessage({ id: m.id, type: 'done', value }, [value.buffer]);
    } else {
      postMessage({ id: m.id, type: 'done', value });
    }
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError || (go && go.exited)) {
      // A trap leaves the Go program in no state to go on, and one that
      // ended answers no more: the page fails what it asked, with its own
      // message, and starts a fresh worker.
      postMessage({ type: 'fatal', message: String(e.message) });
    } else {
      postMessage({ id: m.id, type: 'error', message: String((e && e.message) || e) });
    }
  }
};
