// Starts the engine's worker the moment the page starts to load, before the
// app's code has arrived: the engine loads and warms up meanwhile, which on
// a fresh page takes most of a second. index.html loads it as the classic
// script /engine-start.js?v=VERSION (built by Vite on its own, see
// vite.config.ts), naming the engine's version. The app takes the worker
// over (EngineClient); what the worker said before that is kept for it.
import type { EarlyWorker, FromWorker } from './protocol';

(() => {
  if (typeof Worker === 'undefined') return;
  try {
    const v = new URL((document.currentScript as HTMLScriptElement).src).searchParams.get('v');
    const worker = new Worker(v ? `/engine-worker.js?v=${encodeURIComponent(v)}` : '/engine-worker.js');
    const early: EarlyWorker['early'] = [];
    worker.onmessage = (ev: MessageEvent<FromWorker>) => {
      early.push({ data: ev.data });
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      early.push({ error: ev.message || 'worker' });
    };
    globalThis.__kesimEngineWorker = { worker, early };
  } catch {
    // The app starts its own worker, or falls back to the server.
  }
})();
