/* Starts the engine's worker the moment the page starts to load, before the
 * app's code has arrived: the engine loads and warms up meanwhile, which on
 * a fresh page takes most of a second. The app takes the worker over
 * (EngineClient); what the worker said before that is kept for it. The page
 * names the engine's version (engine-start.js?v=..., see vite.config.ts). */
'use strict';
(function () {
  if (typeof Worker === 'undefined') return;
  try {
    var v = new URL(document.currentScript.src).searchParams.get('v');
    var worker = new Worker(v ? '/engine-worker.js?v=' + encodeURIComponent(v) : '/engine-worker.js');
    var early = [];
    worker.onmessage = function (ev) {
      early.push({ data: ev.data });
    };
    worker.onerror = function (ev) {
      ev.preventDefault();
      early.push({ error: ev.message || 'worker' });
    };
    window.__kesimEngineWorker = { worker: worker, early: early };
  } catch (e) {
    // The app starts its own worker, or falls back to the server.
  }
})();
