/* The engine's Web Worker: loads the Go WebAssembly module and runs layouts
 * and exports off the page's thread. Messages in: {id, type: 'layout' |
 * 'pdf' | 'dxf' | 'filename', ...}; out: {type: 'ready'|'fatal'} once, then
 * {id, type: 'progress'|'done'|'error', ...}. The page cancels a layout by
 * terminating the worker. */
'use strict';
let ready = null;

function start() {
  if (!ready) {
    ready = (async () => {
      importScripts('/wasm_exec.js');
      const go = new Go();
      const source = fetch('/engine.wasm');
      let instance;
      if (WebAssembly.instantiateStreaming) {
        ({ instance } = await WebAssembly.instantiateStreaming(source, go.importObject));
      } else {
        const bytes = await (await source).arrayBuffer();
        ({ instance } = await WebAssembly.instantiate(bytes, go.importObject));
      }
      go.run(instance);
    })();
  }
  return ready;
}

start().then(
  () => {
    postMessage({ type: 'ready' });
    warmUp();
  },
  (e) => postMessage({ type: 'fatal', message: String((e && e.message) || e) }),
);

/* Warm-up. V8 first runs WebAssembly through its baseline compiler and
 * optimises a function only after it has run for a while, so the first
 * layout of a fresh page runs several times slower than the ones after it.
 * While the page waits for its parts, the worker lays out a few generated
 * jobs, in steps of a few tens of milliseconds; a real request ends the
 * warm-up at the next step. The optimised code is shared by the page's
 * later workers. */
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

async function warmUp() {
  for (let step = 0; step < WARM_STEPS && warming; step++) {
    // Between steps the worker takes its messages: a request stops this.
    // The first step waits a little for a request already on its way (the
    // app lays out the parts it restored as soon as the worker is ready).
    await new Promise((r) => setTimeout(r, step === 0 ? 50 : 0));
    if (!warming) return;
    try {
      await self.kesimLayout(warmJob(step));
    } catch {
      return;
    }
  }
}

onmessage = async (ev) => {
  const m = ev.data;
  warming = false;
  try {
    await start();
    let value;
    switch (m.type) {
      case 'layout':
        value = await self.kesimLayout(m.request, (p) => postMessage({ id: m.id, type: 'progress', progress: p }));
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
    postMessage({ id: m.id, type: 'error', message: String((e && e.message) || e) });
  }
};
