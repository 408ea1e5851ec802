// The messages between the page (EngineClient, client.ts) and the engine's
// Web Worker (worker.ts): the one definition both sides compile against
// (docs/worker.md). JSON crosses as text, as the Go bridge takes and gives
// it (cmd/kesim-wasm): a request, result or progress is a JSON string.

/** Job is work for the worker; its answer's value is an Answers[type]. */
export type Job =
  /** request: the engine's Request as JSON */
  | { type: 'layout'; request: string }
  /** result: a Result as JSON; options: {"title"} as JSON */
  | { type: 'pdf'; result: string; options: string }
  /** result: a Result as JSON; options: {"page"} as JSON, or {} for all sheets */
  | { type: 'dxf'; result: string; options: string }
  /** result: a Result (its sheet is enough) as JSON */
  | { type: 'filename'; result: string; ext: 'pdf' | 'dxf' }
  /**
   * A shop-floor paper: fn is the bridge's function; result and request
   * (or '') as JSON; options as JSON ({preset, job} for the labels,
   * {stock, bands} for the cut lists and the quote). kesimLeftovers
   * answers no paper but a layout's leftovers as JSON bytes (options
   * {rules?}), for the comparison of plans.
   */
  | { type: 'paper'; fn: PaperFunction; result: string; request: string; options: string }
  /** the labels' file name */
  | { type: 'labelsname' };

/** PaperFunction is a bridge function that writes a shop-floor paper (cmd/kesim-wasm: labels.go, sheets.go), or lists a layout's leftovers (leftovers.go). */
export type PaperFunction = 'kesimLabels' | 'kesimXLSX' | 'kesimCutCSV' | 'kesimSheetsCSV' | 'kesimQuotePDF' | 'kesimQuoteCSV' | 'kesimLeftovers';

/** Answers is what each job answers with: a Result as JSON, a file's bytes, a file name. */
export interface Answers {
  layout: string;
  pdf: Uint8Array;
  dxf: Uint8Array;
  filename: string;
  paper: Uint8Array;
  labelsname: string;
}

/**
 * ToWorker is a message to the worker: a job under the page's id, the
 * cancel of layout id, which then ends with an error, or a layout of layout
 * id's job that another worker found (result: a Result as JSON), which the
 * layout continues from when it has fewer sheets.
 */
export type ToWorker = (Job & { id: number }) | { type: 'cancel'; id: number } | { type: 'share'; id: number; result: string };

/**
 * FromWorker is a message from the worker: 'ready' or 'fatal' once it
 * started (or could not), then for each job its progress (a layout's
 * Progress as JSON), and its end: 'done' with the value, or 'error' with a
 * Turkish message. 'fatal' after 'ready' means the engine stopped (the Go
 * program ended, a WebAssembly trap): nothing asked is answered any more.
 */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  | { type: 'progress'; id: number; progress: string }
  | { type: 'done'; id: number; value: Answers[Job['type']] }
  | { type: 'error'; id: number; message: string };

/**
 * EarlyWorker is the layout worker index.html started before the app's
 * code loaded (start.ts), with what it said meanwhile, in order: a
 * message, or an error of the worker.
 */
export interface EarlyWorker {
  worker: Worker;
  early: ({ data: FromWorker } | { error: string })[];
}

declare global {
  /** __kesimEngineWorker hands the early worker (start.ts) to the app (client.ts), once. */
  var __kesimEngineWorker: EarlyWorker | undefined;
}
