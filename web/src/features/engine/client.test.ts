import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../../messages';
import { AbortError, CANCEL_GRACE_MS, EngineClient, ShareLink } from './client';
import { LayoutSearch } from './search';

// A stand-in for the engine worker: it reports ready at once and answers a
// layout only when the test says so.
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  posted: { id: number; type: string }[] = [];
  terminated = false;

  constructor(
    readonly url: string,
    readonly options?: { name?: string },
  ) {
    FakeWorker.made.push(this);
    queueMicrotask(() => this.onmessage?.({ data: { type: 'ready' } }));
  }

  postMessage(m: { id: number; type: string }) {
    this.posted.push(m);
  }

  answer(value: string) {
    const m = this.posted.shift()!;
    this.onmessage?.({ data: { id: m.id, type: 'done', value } });
  }

  /** fail answers request id with the engine's error, as after a cancel. */
  fail(id: number, message: string) {
    this.onmessage?.({ data: { id, type: 'error', message } });
  }

  terminate() {
    this.terminated = true;
  }
}

const request = { sheet: { width: 100, height: 100 }, parts: [], options: { kerf: 0, trim: 0, guillotine: false, timeLimitMs: 0, seed: 1 } };

// Every test gets fresh fake workers and fake timers.
beforeEach(() => {
  FakeWorker.made = [];
  vi.useFakeTimers();
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (globalThis as { __kesimEngineWorker?: unknown }).__kesimEngineWorker;
});

describe('EngineClient.warm', () => {

  it('starts the layout worker at once and the export worker, named so, later', async () => {
    const engine = new EngineClient();
    engine.warm(3000);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorker.made.map((w) => w.options?.name)).toEqual([undefined]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeWorker.made.map((w) => w.options?.name)).toEqual([undefined, 'export']);
    // The first export goes to the worker that warmed up for it.
    const name = engine.fileName({ sheet: { width: 100, height: 148 } } as never, 'pdf');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorker.made[1].posted.map((m) => m.type)).toEqual(['filename']);
    FakeWorker.made[1].answer('kesim.pdf');
    await expect(name).resolves.toBe('kesim.pdf');
  });

  it('waits with the export worker while a layout runs', async () => {
    const engine = new EngineClient();
    engine.warm(3000);
    await vi.advanceTimersByTimeAsync(0);
    const done = engine.run(request, () => {}, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeWorker.made).toHaveLength(1);
    FakeWorker.made[0].answer(JSON.stringify({ pages: [] }));
    await done;
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeWorker.made.map((w) => w.options?.name)).toEqual([undefined, 'export']);
  });

  it('starts an export worker for the first export when none was warmed', async () => {
    const engine = new EngineClient();
    const name = engine.fileName({ sheet: { width: 100, height: 148 } } as never, 'dxf');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorker.made.map((w) => w.options?.name)).toEqual(['export']);
    FakeWorker.made[0].answer('kesim.dxf');
    await expect(name).resolves.toBe('kesim.dxf');
  });
});

describe('EngineClient.run with an inbox', () => {

  it('sends the layouts offered to its worker under the layout’s id, the one offered before it started too, and none once it ended', async () => {
    const engine = new EngineClient();
    const inbox = new ShareLink();
    inbox.offer({ stats: { pages: 5 } } as never);
    const done = engine.run(request, () => {}, new AbortController().signal, inbox);
    await vi.advanceTimersByTimeAsync(0);
    const w = FakeWorker.made[0];
    const id = w.posted[0].id;
    inbox.offer({ stats: { pages: 4 } } as never);
    expect(w.posted.map((m) => [m.type, m.id, 'result' in m ? JSON.parse(m.result as string).stats.pages : null])).toEqual([
      ['layout', id, null],
      ['share', id, 5],
      ['share', id, 4],
    ]);
    w.posted.splice(1);
    w.answer(JSON.stringify({ pages: [] }));
    await done;
    inbox.offer({ stats: { pages: 3 } } as never);
    expect(w.posted).toHaveLength(0);
  });
});

describe('EngineClient.run cancelled', () => {

  it('stops the layout with a message and lays out the next one in the same, warm worker', async () => {
    const engine = new EngineClient();
    const first = new AbortController();
    const old = engine.run(request, () => {}, first.signal);
    const oldFailed = expect(old).rejects.toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(0);
    const w = FakeWorker.made[0];
    const oldId = w.posted[0].id;
    first.abort();
    await oldFailed;
    expect(w.posted.map((m) => [m.type, m.id])).toEqual([
      ['layout', oldId],
      ['cancel', oldId],
    ]);
    expect(w.terminated).toBe(false);
    // The next layout waits until the worker has ended the cancelled one.
    const next = engine.run(request, () => {}, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(w.posted).toHaveLength(2);
    w.fail(oldId, 'Hesaplama iptal edildi.');
    await vi.advanceTimersByTimeAsync(0);
    expect(w.posted.map((m) => m.type)).toEqual(['layout', 'cancel', 'layout']);
    w.posted.splice(0, 2);
    w.answer(JSON.stringify({ pages: [1] }));
    await expect(next).resolves.toEqual({ pages: [1] });
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('terminates a worker that does not end a cancelled layout in time and starts another', async () => {
    const engine = new EngineClient();
    const first = new AbortController();
    const old = engine.run(request, () => {}, first.signal);
    const oldFailed = expect(old).rejects.toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(0);
    first.abort();
    await oldFailed;
    const next = engine.run(request, () => {}, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(CANCEL_GRACE_MS - 1);
    expect(FakeWorker.made[0].terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWorker.made[0].terminated).toBe(true);
    expect(FakeWorker.made).toHaveLength(2);
    const w = FakeWorker.made[1];
    expect(w.posted.map((m) => m.type)).toEqual(['layout']);
    w.answer(JSON.stringify({ pages: [2] }));
    await expect(next).resolves.toEqual({ pages: [2] });
  });

  it('lays out again on the fresh worker the layouts that ran beside one it terminated, as if nothing happened', async () => {
    // The comparison of plans on the page's engine: the page's layout and a variant run beside each other on one worker.
    const engine = new EngineClient();
    const progress: number[] = [];
    const page = engine.run(request, (p) => progress.push(p.done), new AbortController().signal);
    const variant = new AbortController();
    const stopped = engine.run({ ...request, options: { ...request.options, timeLimitMs: 1000 } }, () => {}, variant.signal);
    const stoppedFailed = expect(stopped).rejects.toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(0);
    const old = FakeWorker.made[0];
    expect(old.posted.map((m) => m.type)).toEqual(['layout', 'layout']);
    // The variant is stopped ("Durdur") and the worker does not end it in time.
    variant.abort();
    await stoppedFailed;
    let settled = false;
    void page.then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(CANCEL_GRACE_MS);
    expect(old.terminated).toBe(true);
    // The page's layout did not end: it is sent again to the new worker, which answers it.
    expect(settled).toBe(false);
    expect(FakeWorker.made).toHaveLength(2);
    const w = FakeWorker.made[1];
    expect(w.posted.map((m) => [m.type, JSON.parse((m as { request?: string }).request ?? 'null')?.options.timeLimitMs])).toEqual([['layout', 0]]);
    w.onmessage?.({ data: { id: w.posted[0].id, type: 'progress', progress: JSON.stringify({ done: 0.5, pages: 1, lowerBound: 1 }) } });
    expect(progress).toEqual([0.5]);
    w.answer(JSON.stringify({ pages: [4] }));
    await expect(page).resolves.toEqual({ pages: [4] });
  });

  it('sends nothing for a layout cancelled while the worker loads, and keeps the worker', async () => {
    const engine = new EngineClient();
    const first = new AbortController();
    const old = engine.run(request, () => {}, first.signal);
    first.abort();
    await expect(old).rejects.toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(0);
    const w = FakeWorker.made[0];
    expect(w.posted).toEqual([]);
    expect(w.terminated).toBe(false);
  });
});

describe('EngineClient with the worker index.html started', () => {

  it('takes that worker over, with what it said before, and starts no other for layouts', async () => {
    const early = new FakeWorker('/engine-worker.js?v=1');
    await vi.advanceTimersByTimeAsync(0); // its ready went to engine-start.js's handler
    (globalThis as { __kesimEngineWorker?: unknown }).__kesimEngineWorker = { worker: early, early: [{ data: { type: 'ready' } }] };
    const engine = new EngineClient();
    engine.warm(3000);
    const done = engine.run(request, () => {}, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorker.made).toHaveLength(1);
    expect(early.posted.map((m) => m.type)).toEqual(['layout']);
    early.answer(JSON.stringify({ pages: [3] }));
    await expect(done).resolves.toEqual({ pages: [3] });
    // The export worker is a worker of its own, started as before.
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeWorker.made.map((w) => w.options?.name)).toEqual([undefined, 'export']);
  });

  it('falls back to the server when that worker failed before the app came', async () => {
    const early = new FakeWorker('/engine-worker.js?v=1');
    (globalThis as { __kesimEngineWorker?: unknown }).__kesimEngineWorker = { worker: early, early: [{ error: 'wasm' }] };
    const fallback = vi.fn();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ pages: [4] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const engine = new EngineClient(fallback);
    await expect(engine.run(request, () => {}, new AbortController().signal)).resolves.toEqual({ pages: [4] });
    expect(fallback).toHaveBeenCalled();
    expect(early.terminated).toBe(true);
  });
});

describe('a helper engine (serverFallback false)', () => {
  it('never sends its work to the server: without a browser engine its run fails', async () => {
    const early = new FakeWorker('/engine-worker.js?v=1');
    (globalThis as { __kesimEngineWorker?: unknown }).__kesimEngineWorker = { worker: early, early: [{ error: 'wasm' }] };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ pages: [4] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const helper = new EngineClient(() => {}, false);
    await expect(helper.run(request, () => {}, new AbortController().signal)).rejects.toThrow(msg.engineStopped);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('EngineClient when the engine stops', () => {
  it('fails the layout under way with a Turkish message and lays out the next one in a fresh worker', async () => {
    const engine = new EngineClient();
    const lost = engine.run(request, () => {}, new AbortController().signal);
    const failed = expect(lost).rejects.toThrow(msg.engineStopped);
    await vi.advanceTimersByTimeAsync(0);
    // The Go program ended, say out of memory: the worker says so.
    FakeWorker.made[0].onmessage?.({ data: { type: 'fatal', message: 'exited' } });
    await failed;
    const next = engine.run(request, () => {}, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[0].terminated).toBe(true);
    FakeWorker.made[1].answer(JSON.stringify({ pages: [5] }));
    await expect(next).resolves.toEqual({ pages: [5] });
  });

  it('takes an error of the worker after its start for a stopped engine too', async () => {
    const engine = new EngineClient();
    const lost = engine.run(request, () => {}, new AbortController().signal);
    const failed = expect(lost).rejects.toThrow(msg.engineStopped);
    await vi.advanceTimersByTimeAsync(0);
    FakeWorker.made[0].onerror?.({ message: 'Uncaught RuntimeError: unreachable', preventDefault() {} });
    await failed;
    expect(engine.usingServer).toBe(false);
    void engine.run(request, () => {}, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorker.made).toHaveLength(2);
  });
});

describe('EngineClient.paper', () => {
  it('asks the export worker for a paper through its bridge function, with the request, and names it', async () => {
    const engine = new EngineClient();
    const result = { sheet: { width: 100, height: 148 }, pages: [] } as never;
    const xlsx = engine.paper('xlsx', result, null, { stock: [] });
    await vi.advanceTimersByTimeAsync(0);
    const w = FakeWorker.made[0];
    expect(w.posted[0]).toMatchObject({ type: 'paper', fn: 'kesimXLSX', request: '', options: '{"stock":[]}' });
    w.answer('bytes');
    await expect(xlsx).resolves.toBe('bytes');

    const labels = engine.paper('labels', result, request as never, { preset: 'roll-100x50' });
    await vi.advanceTimersByTimeAsync(0);
    expect(w.posted[0]).toMatchObject({ type: 'paper', fn: 'kesimLabels', request: JSON.stringify(request) });
    w.answer('pdf');
    await labels;

    // The labels are named by the bridge; the others after the PDF's name.
    const labelsName = engine.paperFileName('labels', result);
    await vi.advanceTimersByTimeAsync(0);
    expect(w.posted[0].type).toBe('labelsname');
    w.answer('efeaktif_etiketler.pdf');
    await expect(labelsName).resolves.toBe('efeaktif_etiketler.pdf');
    const quoteName = engine.paperFileName('quotePdf', result);
    await vi.advanceTimersByTimeAsync(0);
    expect(w.posted[0].type).toBe('filename');
    w.answer('efeaktif_cutting_100x148.pdf');
    await expect(quoteName).resolves.toBe('efeaktif_cutting_100x148_teklif.pdf');

    // The sheets' CSV ("Levhalar"), named as kesim nest --csv names it after the cut list.
    const sheets = engine.paper('sheetsCsv', result, null, { trim: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(w.posted[0]).toMatchObject({ type: 'paper', fn: 'kesimSheetsCSV', request: '', options: '{"trim":1}' });
    w.answer('csv');
    await expect(sheets).resolves.toBe('csv');
    const sheetsName = engine.paperFileName('sheetsCsv', result);
    await vi.advanceTimersByTimeAsync(0);
    w.answer('efeaktif_cutting_100x148.pdf');
    await expect(sheetsName).resolves.toBe('efeaktif_cutting_100x148_kesim-listesi-levhalar.csv');
  });
});

describe('a layout request as JSON', () => {
  it('is written once for a job: the search compares jobs by the very text the worker is sent', async () => {
    const job = { ...request, parts: [{ id: 'a', name: 'Kapak', width: 50, height: 74, quantity: 4 }] };
    const text = JSON.stringify(job);
    const search = new LayoutSearch(new EngineClient(), { searchDone: () => {}, failed: () => {} });
    // 20.000 part lines are 1,5 MB of it, on the page's thread.
    const stringify = vi.spyOn(JSON, 'stringify');
    search.layout(job);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorker.made[0].posted).toEqual([{ id: 1, type: 'layout', request: text }]);
    // The same job given again (as equal objects) is not laid out anew.
    search.layout({ ...job });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorker.made[0].posted).toHaveLength(1);
    expect(stringify.mock.calls.filter(([v]) => v === job)).toHaveLength(1);
    stringify.mockRestore();
  });
});
