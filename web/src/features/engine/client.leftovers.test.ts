import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EngineClient } from './client';
import type { Request, Result } from './types';

// A stand-in for the export worker: ready at once, it answers a job with what the test gives.
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  posted: Record<string, unknown>[] = [];

  constructor(
    readonly url: string,
    readonly options?: { name?: string },
  ) {
    FakeWorker.made.push(this);
    queueMicrotask(() => this.onmessage?.({ data: { type: 'ready' } }));
  }

  postMessage(m: Record<string, unknown>) {
    this.posted.push(m);
  }

  terminate() {}
}

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => vi.unstubAllGlobals());

const request: Request = { sheet: { width: 100, height: 100 }, parts: [], options: { kerf: 0.5, trim: 0, guillotine: false, timeLimitMs: 1000, seed: 1 } };
const result: Result = { sheet: { width: 100, height: 100 }, pages: [], skipped: [], stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 60, placed: 1, elapsedMs: 1 } };

describe('EngineClient.leftovers', () => {
  it('asks the export worker\'s kesimLeftovers with the result and request, any size without rules, and reads its JSON', async () => {
    const engine = new EngineClient();
    const answer = engine.leftovers(result, request);
    await vi.waitFor(() => expect(FakeWorker.made[0]?.posted).toHaveLength(1));
    const w = FakeWorker.made[0];
    expect(w.options).toEqual({ name: 'export' });
    const job = w.posted[0];
    expect(job).toMatchObject({ type: 'paper', fn: 'kesimLeftovers', options: '{}' });
    expect(JSON.parse(job.result as string)).toEqual(result);
    expect(JSON.parse(job.request as string)).toEqual(request);
    const left = [{ page: 0, x: 60.5, y: 0, width: 39.5, height: 100 }];
    w.onmessage?.({ data: { id: job.id, type: 'done', value: new TextEncoder().encode(JSON.stringify(left)) } });
    expect(await answer).toEqual(left);

    const ruled = engine.leftovers(result, request, [{ minWidth: 30, minHeight: 30 }]);
    await vi.waitFor(() => expect(w.posted).toHaveLength(2));
    expect(JSON.parse(w.posted[1].options as string)).toEqual({ rules: [{ minWidth: 30, minHeight: 30 }] });
    w.onmessage?.({ data: { id: w.posted[1].id, type: 'error', message: 'Artık için en küçük ölçü 0 ile 10.000 cm arasında olmalı.' } });
    await expect(ruled).rejects.toThrow('Artık için en küçük ölçü');
  });
});
