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
  () => postMessage({ type: 'ready' }),
  (e) => postMessage({ type: 'fatal', message: String((e && e.message) || e) }),
);

onmessage = async (ev) => {
  const m = ev.data;
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
