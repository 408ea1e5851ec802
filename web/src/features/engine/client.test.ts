import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EngineClient } from './client';

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

  terminate() {
    this.terminated = true;
  }
}

const request = { sheet: { width: 100, height: 100 }, parts: [], options: { kerf: 0, trim: 0, guillotine: false, timeLimitMs: 0, seed: 1 } };

describe('EngineClient.warm', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

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
