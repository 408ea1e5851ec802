import { request } from '../../lib/api';
import { msg } from '../../messages';
import type { Answers, EarlyWorker, FromWorker, Job, PaperFunction, ToWorker } from './protocol';
import type { Band, Leftover, OffcutRule, Stock } from '../../generated/engine';
import type { PaperKind, Progress, Request, Result } from './types';

/** paperFunctions: the bridge's function that writes each paper. */
const paperFunctions: Record<PaperKind, PaperFunction> = {
  labels: 'kesimLabels',
  xlsx: 'kesimXLSX',
  cutCsv: 'kesimCutCSV',
  sheetsCsv: 'kesimSheetsCSV',
  quotePdf: 'kesimQuotePDF',
  quoteCsv: 'kesimQuoteCSV',
};

/** paperEndings end the name of each paper but the labels, which the bridge names. */
const paperEndings: Record<Exclude<PaperKind, 'labels'>, string> = {
  xlsx: '_kesim-listesi.xlsx',
  cutCsv: '_kesim-listesi.csv',
  // as kesim nest --csv FILE writes the sheets to FILE-levhalar.csv
  sheetsCsv: '_kesim-listesi-levhalar.csv',
  quotePdf: '_teklif.pdf',
  quoteCsv: '_teklif.csv',
};

// The engine client: the Go engine compiled to WebAssembly runs in a Web
// Worker, so the page never freezes. A layout is cancelled by a message the
// engine takes within tens of milliseconds, so that the worker, with its
// optimised code, lays out the next one at once; a worker that does not end
// the layout within CANCEL_GRACE_MS is terminated and a fresh one started.
// Another layout running beside the cancelled one on that worker (the
// comparison of plans on the page's engine) is not lost with it: it is
// laid out again from its start on the fresh worker.
// When no worker can start, layouts go to the server (POST /api/nest).

type Pending = {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  onProgress?: (p: Progress) => void;
};

// The engine's version, set by the build (vite.config.ts): the worker asks
// for the engine under it, so that the browser keeps it between visits.
declare const __ENGINE_VERSION__: string | undefined;
const ENGINE_VERSION = typeof __ENGINE_VERSION__ === 'string' ? __ENGINE_VERSION__ : '';
const WORKER_URL = ENGINE_VERSION ? `/engine-worker.js?v=${ENGINE_VERSION}` : '/engine-worker.js';
// The export worker starts this long after the layout worker is ready, so
// that its start does not slow the first layout of restored parts.
const EXPORT_WARM_DELAY_MS = 3000;
// How long a cancelled layout may take to end before its worker is
// terminated. The engine takes the cancel within tens of milliseconds.
export const CANCEL_GRACE_MS = 400;

// A request's JSON text, made once for the request object: the layout
// search compares jobs by it (search.ts) and the worker is sent the same
// text, which for 20.000 part lines is 1,5 MB to write.
const requestTexts = new WeakMap<Request, string>();

/** requestJSON is JSON.stringify(request), made once for each request object (which is never changed after). */
export function requestJSON(request: Request): string {
  let text = requestTexts.get(request);
  if (text === undefined) {
    text = JSON.stringify(request);
    requestTexts.set(request, text);
  }
  return text;
}

/** takeEarlyWorker returns the worker index.html started (start.ts), once. */
function takeEarlyWorker(): EarlyWorker | null {
  const w = globalThis.__kesimEngineWorker ?? null;
  delete globalThis.__kesimEngineWorker;
  return w;
}

/** EngineWorker is one worker with its request table. */
class EngineWorker {
  private worker: Worker;
  private pending = new Map<number, Pending>();
  // Cancelled requests the worker has not ended yet, with what to call
  // when it does.
  private cancelled = new Map<number, () => void>();
  private next = 1;
  readonly started: Promise<void>;
  /** dead is set once the engine stopped after its start: the worker answers no more. */
  dead = false;

  constructor(name?: 'export') {
    const early = name ? null : takeEarlyWorker();
    this.worker = early?.worker ?? new Worker(WORKER_URL, name ? { name } : undefined);
    this.started = new Promise((resolve, reject) => {
      let ready = false;
      const onMessage = (m: FromWorker) => {
        if (m.type === 'ready') {
          ready = true;
          return resolve();
        }
        if (m.type === 'fatal') return onError(m.message);
        const p = this.pending.get(m.id);
        if (!p) {
          if (m.type !== 'progress') this.cancelled.get(m.id)?.();
          return;
        }
        if (m.type === 'progress') {
          p.onProgress?.(JSON.parse(m.progress) as Progress);
        } else {
          this.pending.delete(m.id);
          if (m.type === 'done') p.resolve(m.value);
          else p.reject(new Error(m.message));
        }
      };
      // A failure before the start means no engine here (the app falls
      // back to the server); after it, the engine stopped (a fatal error in
      // the Go program, a WebAssembly trap): what was asked is lost, and
      // the worker answers no more.
      const onError = (message: string) => {
        if (!ready) reject(new Error(message));
        this.dead = ready;
        const err = new Error(ready ? msg.engineStopped : message);
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
        for (const ended of this.cancelled.values()) ended();
      };
      this.worker.onmessage = (ev: MessageEvent<FromWorker>) => onMessage(ev.data);
      this.worker.onerror = (ev) => {
        ev.preventDefault?.();
        onError(ev.message || 'worker');
      };
      for (const e of early?.early ?? []) {
        if ('error' in e) onError(e.error);
        else onMessage(e.data);
      }
    });
  }

  /** busy reports whether a request is under way or still ending. */
  get busy(): boolean {
    return this.pending.size > 0 || this.cancelled.size > 0;
  }

  /** send posts a job; answer settles with the worker's answer. */
  send<J extends Job>(job: J, onProgress?: (p: Progress) => void): { id: number; answer: Promise<Answers[J['type']]> } {
    const id = this.next++;
    const answer = new Promise<Answers[J['type']]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress });
      this.post({ ...job, id });
    });
    return { id, answer };
  }

  private post(m: ToWorker): void {
    this.worker.postMessage(m);
  }

  /** share gives layout id another worker's layout of its job (a Result as JSON). */
  share(id: number, result: string): void {
    if (this.pending.has(id)) this.post({ id, type: 'share', result });
  }

  /**
   * cancel stops request id: its answer rejects with reason at once. The
   * result says whether the worker ended it within graceMs; when it did
   * not, the worker is still computing and takes no requests.
   */
  cancel(id: number, reason: Error, graceMs: number): Promise<boolean> {
    const p = this.pending.get(id);
    if (!p) return Promise.resolve(true);
    this.pending.delete(id);
    p.reject(reason);
    this.post({ id, type: 'cancel' });
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.cancelled.delete(id);
        resolve(false);
      }, graceMs);
      this.cancelled.set(id, () => {
        clearTimeout(timer);
        this.cancelled.delete(id);
        resolve(true);
      });
    });
  }

  terminate(reason: Error): void {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(reason);
    this.pending.clear();
    this.cancelled.clear();
  }
}

export class AbortError extends Error {
  constructor() {
    super('iptal edildi');
    this.name = 'AbortError';
  }
}

/**
 * Replaced ends the layouts that ran beside a cancelled one whose worker
 * was terminated: not theirs to end, so run lays each out again.
 */
class Replaced extends Error {
  constructor() {
    super('worker replaced');
    this.name = 'Replaced';
  }
}

/** EngineClient runs layouts and exports. */
export class EngineClient {
  private layoutWorker: EngineWorker | null = null;
  private exportWorker: EngineWorker | null = null;
  // Set while a cancelled layout is ending: the next one waits for it.
  private ending: Promise<void> | null = null;
  /** usingServer is set once the browser engine failed and the server stands in. */
  usingServer = false;

  /**
   * onFallback is told when the browser engine failed and the server
   * stands in; a helper (serverFallback false) never sends its work to the
   * server: its runs fail instead.
   */
  constructor(
    private readonly onFallback: () => void = () => {},
    private readonly serverFallback = true,
  ) {}

  /**
   * warm starts the layout worker ahead of the first request and, a few
   * seconds later, the export worker. Each warms up the code it runs (see
   * worker.ts): the first export is quick, and the browser keeps the
   * optimised engine for the next visit.
   */
  warm(exportAfterMs = EXPORT_WARM_DELAY_MS): void {
    if (typeof Worker === 'undefined') return;
    const startExport = () => {
      if (this.usingServer || this.exportWorker) return;
      if (this.layoutWorker?.busy) {
        // A layout is running: the export worker would take its core.
        setTimeout(startExport, exportAfterMs);
        return;
      }
      this.exportWorker = new EngineWorker('export');
      this.exportWorker.started.catch(() => {});
    };
    const w = (this.layoutWorker ??= new EngineWorker());
    w.started.then(
      () => setTimeout(startExport, exportAfterMs),
      () => {},
    );
  }

  /**
   * run lays out request, reporting progress (and better layouts) as they
   * come; aborting signal cancels it (the promise rejects with AbortError).
   * Only its own signal does: when another layout's cancel terminates the
   * worker under it, it starts again on the fresh worker (progress from 0).
   * Layouts offered to inbox while it runs in the browser go to the engine,
   * which continues from one with fewer sheets; the server takes none.
   */
  async run(request: Request, onProgress: (p: Progress) => void, signal: AbortSignal, inbox?: ShareLink): Promise<Result> {
    if (signal.aborted) throw new AbortError();
    if (!this.usingServer && typeof Worker !== 'undefined') {
      // A cancelled layout is still ending, or its worker being replaced.
      while (this.ending) await this.ending;
      if (signal.aborted) throw new AbortError();
      if (this.layoutWorker?.dead) this.layoutWorker = replaced(this.layoutWorker);
      const w = (this.layoutWorker ??= new EngineWorker());
      let id = 0;
      const abort = () => {
        // Before the request is sent there is nothing to stop: the worker
        // goes on loading for the next one.
        if (!id) return;
        const ending = w.cancel(id, new AbortError(), CANCEL_GRACE_MS).then((ended) => {
          if (!ended) {
            // This layout's answer has rejected already; the others on the worker start again.
            w.terminate(new Replaced());
            if (this.layoutWorker === w) this.layoutWorker = null;
          }
          if (this.ending === ending) this.ending = null;
        });
        this.ending = ending;
      };
      signal.addEventListener('abort', abort, { once: true });
      try {
        await w.started;
        if (signal.aborted) throw new AbortError();
        const sent = w.send({ type: 'layout', request: requestJSON(request) }, onProgress);
        id = sent.id;
        inbox?.connect((result) => w.share(sent.id, result));
        const json = await sent.answer;
        return JSON.parse(json) as Result;
      } catch (e) {
        if (signal.aborted) throw new AbortError();
        // Another layout's cancel terminated the worker under this one: again, on a fresh worker.
        if (e instanceof Replaced) return this.run(request, onProgress, signal, inbox);
        if (!(await startedOK(w))) {
          this.fallBack(w);
          return this.run(request, onProgress, signal, inbox);
        }
        throw e;
      } finally {
        signal.removeEventListener('abort', abort);
      }
    }
    if (!this.serverFallback) throw new Error(msg.engineStopped);
    return nestOnServer(request, signal);
  }

  /**
   * pdf writes the result as PDF bytes, off the page's thread. extra
   * carries the request's stock rows and band codes, which name the
   * stock rows and bands of a layout with materials.
   */
  pdf(result: Result, title: string, extra: ExportExtra = {}): Promise<Uint8Array> {
    const sheetUrl = extra.sheetUrl ? { sheetUrl: extra.sheetUrl } : {}; // a saved job's QR codes (export/pdf Options.SheetURL)
    // The request's kerf numbers a guillotine sheet's pieces in cutting order, as the labels and
    // the checklist do; deductBands heads the lists as cut sizes (export/pdf Options).
    const cut = {
      ...(extra.kerf !== undefined ? { kerf: extra.kerf } : {}),
      ...(extra.deductBands ? { deductBands: true } : {}),
      // the saw profile, which the summary names and the cut lists count stages by (export/pdf Options.FirstCut, Stages)
      ...(extra.firstCut ? { firstCut: extra.firstCut } : {}),
      ...(extra.stages ? { stages: extra.stages } : {}),
    };
    return this.exportCall({ type: 'pdf', result: JSON.stringify(result), options: JSON.stringify({ title, ...stockOf(extra), ...sheetUrl, ...cut }) });
  }

  /**
   * dxf writes all sheets, or the given one, as DXF bytes; for a layout of
   * several materials the bridge may answer a zip of one DXF per material.
   */
  dxf(result: Result, page?: number, extra: ExportExtra = {}): Promise<Uint8Array> {
    return this.exportCall({
      type: 'dxf',
      result: JSON.stringify(result),
      // The request's kerf numbers a guillotine sheet's pieces in cutting order, as the PDF does.
      options: JSON.stringify({ ...(page === undefined ? {} : { page }), ...stockOf(extra), ...(extra.kerf !== undefined ? { kerf: extra.kerf } : {}) }),
    });
  }

  /** fileName is the specification's file name for an export (the bridge's name: .zip for the DXF of several materials). */
  fileName(result: Result, ext: 'pdf' | 'dxf'): Promise<string> {
    const named = result.materials?.length ? { sheet: result.sheet, materials: result.materials } : { sheet: result.sheet };
    return this.exportCall({ type: 'filename', result: JSON.stringify(named), ext });
  }

  /**
   * paper writes a shop-floor paper (labels, the cut list for Excel or as
   * CSV, the price quote) as bytes, off the page's thread.
   */
  paper(kind: PaperKind, result: Result, request: Request | null, options: Record<string, unknown>): Promise<Uint8Array> {
    return this.exportCall({
      type: 'paper',
      fn: paperFunctions[kind],
      result: JSON.stringify(result),
      request: request ? JSON.stringify(request) : '',
      options: JSON.stringify(options),
    });
  }

  /**
   * leftovers are the pieces free of parts that result leaves and that can
   * be cut off (nest.Leftovers under rules; any size without), page by
   * page, the largest first: request gives the kerf and trim. Off the
   * page's thread, on the export worker.
   */
  async leftovers(result: Result, request: Request, rules?: OffcutRule[]): Promise<Leftover[]> {
    const bytes = await this.exportCall({
      type: 'paper',
      fn: 'kesimLeftovers',
      result: JSON.stringify(result),
      request: JSON.stringify(request),
      options: JSON.stringify(rules ? { rules } : {}),
    });
    return JSON.parse(new TextDecoder().decode(bytes)) as Leftover[];
  }

  /** paperFileName names a paper: the bridge's for the labels, else the PDF's name with the paper's ending. */
  async paperFileName(kind: PaperKind, result: Result): Promise<string> {
    if (kind === 'labels') return this.exportCall({ type: 'labelsname' });
    const pdf = await this.fileName(result, 'pdf');
    return pdf.replace(/\.pdf$/, '') + paperEndings[kind];
  }

  private async exportCall<J extends Job>(job: J): Promise<Answers[J['type']]> {
    if (this.exportWorker?.dead) this.exportWorker = replaced(this.exportWorker);
    const w = (this.exportWorker ??= new EngineWorker('export'));
    await w.started;
    return w.send(job).answer;
  }

  private fallBack(w: EngineWorker): void {
    w.terminate(new Error('worker'));
    this.layoutWorker = null;
    this.usingServer = true;
    this.onFallback();
  }
}

/**
 * ShareLink carries layouts found elsewhere (another worker's, of the same
 * job) to a running layout: offer keeps the latest until the layout is
 * under way, then sends each as it comes.
 */
export class ShareLink {
  private send: ((result: string) => void) | null = null;
  private waiting: string | null = null;

  offer(result: Result): void {
    const json = JSON.stringify(result);
    if (this.send) this.send(json);
    else this.waiting = json;
  }

  /** connect is called by run once the layout is sent to its worker. */
  connect(send: (result: string) => void): void {
    this.send = send;
    if (this.waiting !== null) send(this.waiting);
    this.waiting = null;
  }
}

/** ExportExtra is what the exporters take besides the result: the request's stock rows and band codes. */
export interface ExportExtra {
  stock?: Stock[];
  bands?: Band[];
  /** sheetUrl is a saved job's checklist address: the PDF's sheet pages carry its sheets' QR codes */
  sheetUrl?: string;
  /** kerf and deductBands are the request's options (the PDF's piece numbers and size headings) */
  kerf?: number;
  deductBands?: boolean;
  /** firstCut and stages are the request's saw profile (the PDF's summary names it; its cut lists give each cut's stage) */
  firstCut?: 'long' | 'short';
  stages?: number;
}

/** stockOf is extra without empty lists: a layout without stock is exported as before. */
function stockOf(extra: ExportExtra): ExportExtra {
  const o: ExportExtra = {};
  if (extra.stock?.length) o.stock = extra.stock;
  if (extra.bands?.length) o.bands = extra.bands;
  return o;
}

/** replaced ends a worker whose engine stopped; a fresh one takes its place. */
function replaced(w: EngineWorker): null {
  w.terminate(new Error(msg.engineStopped));
  return null;
}

async function startedOK(w: EngineWorker): Promise<boolean> {
  try {
    await w.started;
    return true;
  } catch {
    return false;
  }
}

/** nestOnServer asks the server to lay out the request, searching at most 3 s. */
export async function nestOnServer(job: Request, signal: AbortSignal): Promise<Result> {
  const capped = { ...job, options: { ...job.options, timeLimitMs: Math.min(job.options.timeLimitMs, 3000) } };
  try {
    return await request<Result>('POST', '/api/nest', capped, signal);
  } catch (e) {
    if (signal.aborted) throw new AbortError();
    throw e;
  }
}
