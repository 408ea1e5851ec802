// The engine's Web Worker: loads the Go WebAssembly module and runs layouts
// and exports off the page's thread. Vite builds it on its own, as the
// classic script /engine-worker.js (vite.config.ts); its messages are
// ToWorker and FromWorker (protocol.ts).
//
// {id, type: 'cancel'} stops layout id, which then ends with an error: the
// engine lets the worker take messages every few tens of milliseconds, so
// the worker stays, warm, for the next layout. In the same turns it takes
// {id, type: 'share', result}, another worker's layout of the same job. A worker named 'export'
// (new Worker(url, {name})) warms the exporters instead of the layout code.
import type { Answers, FromWorker, Job, ToWorker } from './protocol';

/** Bridge is what the Go program (cmd/kesim-wasm) puts on the worker's global object. */
interface Bridge {
  kesimLayout(request: string, onProgress?: (progress: string) => void, id?: number): Promise<string>;
  kesimCancel?(id: number): void;
  kesimShare?(id: number, result: string): void;
  kesimPDF(result: string, options: string): Promise<Uint8Array>;
  kesimDXF(result: string, options: string): Promise<Uint8Array>;
  kesimFileName(result: string, ext: string): string;
  kesimLabels(result: string, request: string, options: string): Promise<Uint8Array>;
  kesimLabelsFileName(): string;
  kesimXLSX(result: string, options: string): Promise<Uint8Array>;
  kesimCutCSV(result: string, options: string): Promise<Uint8Array>;
  kesimSheetsCSV(result: string, options: string): Promise<Uint8Array>;
  kesimQuotePDF(result: string, request: string, options: string): Promise<Uint8Array>;
  kesimQuoteCSV(result: string, request: string, options: string): Promise<Uint8Array>;
  kesimLeftovers(result: string, request: string, options: string): Promise<Uint8Array>;
}

/** Go is the runtime of wasm_exec.js, copied from the Go toolchain that built the engine. */
declare class Go {
  importObject: WebAssembly.Imports;
  exited: boolean;
  run(instance: WebAssembly.Instance): Promise<void>;
}

const scope = self as unknown as DedicatedWorkerGlobalScope & Bridge;

function post(m: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(m, transfer);
}

const messageOf = (e: unknown): string => String((e as Error | null | undefined)?.message || e);

let ready: Promise<void> | null = null;
let go: Go | null = null;

function start(): Promise<void> {
  ready ??= (async () => {
    importScripts('/wasm_exec.js');
    const runtime = new Go();
    go = runtime;
    // The page names the engine's version (?v=...): that response is
    // never revalidated, which Chrome needs to keep the optimised code.
    const v = new URL(self.location.href).searchParams.get('v');
    const source = fetch(v ? `/engine.wasm?v=${encodeURIComponent(v)}` : '/engine.wasm');
    let instance: WebAssembly.Instance;
    if (WebAssembly.instantiateStreaming) {
      ({ instance } = await WebAssembly.instantiateStreaming(source, runtime.importObject));
    } else {
      const bytes = await (await source).arrayBuffer();
      ({ instance } = await WebAssembly.instantiate(bytes, runtime.importObject));
    }
    // The Go program ends only on a fatal error, such as running out of
    // memory: the page is told, and starts a fresh worker for its next
    // request (a request under way would otherwise never be answered).
    void runtime.run(instance).then(() => post({ type: 'fatal', message: 'exited' }));
  })();
  return ready;
}

start().then(
  () => {
    post({ type: 'ready' });
    void warmUp(scope.name === 'export' ? warmExports : warmLayouts);
  },
  (e) => post({ type: 'fatal', message: messageOf(e) }),
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

function warmJob(step: number): string {
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

type WarmStep = () => Promise<unknown>;

// The layout worker's steps: generated jobs, free and guillotine.
const warmLayouts: WarmStep[] = Array.from({ length: WARM_STEPS }, (_, step) => () => scope.kesimLayout(warmJob(step)));

// The export worker's steps: a one-page guillotine layout written as PDF
// and DXF, twice.
let warmResult = '';
const warmExports: WarmStep[] = [
  async () => {
    warmResult = await scope.kesimLayout(
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
  () => scope.kesimPDF(warmResult, ''),
  () => scope.kesimDXF(warmResult, ''),
  () => scope.kesimPDF(warmResult, ''),
  () => scope.kesimDXF(warmResult, ''),
];

async function warmUp(steps: WarmStep[]): Promise<void> {
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

/** run does job, reporting a layout's progress under id. */
function run(job: Job, id: number): Promise<Answers[Job['type']]> | string {
  switch (job.type) {
    case 'layout':
      return scope.kesimLayout(job.request, (progress) => post({ id, type: 'progress', progress }), id);
    case 'pdf':
      return scope.kesimPDF(job.result, job.options || '');
    case 'dxf':
      return scope.kesimDXF(job.result, job.options || '');
    case 'filename':
      return scope.kesimFileName(job.result, job.ext);
    case 'paper':
      // The cut lists take the result alone; the labels and the quote the request too.
      if (job.fn === 'kesimXLSX' || job.fn === 'kesimCutCSV' || job.fn === 'kesimSheetsCSV') return scope[job.fn](job.result, job.options);
      return scope[job.fn](job.result, job.request, job.options);
    case 'labelsname':
      return scope.kesimLabelsFileName();
    default:
      throw new Error('bilinmeyen istek'); // from a page of another version
  }
}

scope.onmessage = async (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  if (m.type === 'cancel') {
    scope.kesimCancel?.(m.id);
    return;
  }
  if (m.type === 'share') {
    scope.kesimShare?.(m.id, m.result);
    return;
  }
  warming = false;
  try {
    await start();
    const value = await run(m, m.id);
    post({ id: m.id, type: 'done', value }, value instanceof Uint8Array ? [value.buffer] : []);
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError || go?.exited) {
      // A trap leaves the Go program in no state to go on, and one that
      // ended answers no more: the page fails what it asked, with its own
      // message, and starts a fresh worker.
      post({ type: 'fatal', message: String((e as Error).message) });
    } else {
      post({ id: m.id, type: 'error', message: messageOf(e) });
    }
  }
};
