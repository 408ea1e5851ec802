import { describe, expect, it, vi } from 'vitest';
import { AbortError, type ShareLink } from './client';
import { LayoutSearch } from './search';
import type { Progress, Request, Result } from './types';

const job: Request = { sheet: { width: 100, height: 100 }, parts: [], options: { kerf: 0, trim: 0, guillotine: false, timeLimitMs: 3000, seed: 1 } };
const layout = (pages: number) => ({ stats: { pages } }) as Result;

// A stand-in engine whose runs end when the test says so.
function fakeEngine() {
  const runs: {
    job: Request;
    onProgress: (p: Progress) => void;
    resolve: (r: Result) => void;
    reject: (e: Error) => void;
    signal: AbortSignal;
    inbox?: ShareLink;
  }[] = [];
  const engine = {
    run: vi.fn(
      (j: Request, onProgress: (p: Progress) => void, signal: AbortSignal, inbox?: ShareLink) =>
        new Promise<Result>((resolve, reject) => {
          runs.push({ job: j, onProgress, resolve, reject, signal, inbox });
          signal.addEventListener('abort', () => reject(new AbortError()));
        }),
    ),
  };
  return { engine, runs };
}

function setup() {
  const { engine, runs } = fakeEngine();
  const events = { searchDone: vi.fn(), failed: vi.fn() };
  const search = new LayoutSearch(engine, events);
  const seen: string[] = [];
  search.subscribe(() => seen.push(search.snapshot().running ?? 'idle'));
  return { search, runs, events, seen };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('LayoutSearch', () => {
  it('lays out every change, the new job cancelling the old', async () => {
    const { search, runs } = setup();
    search.layout(job);
    search.layout({ ...job, sheet: { width: 200, height: 100 } });
    expect(runs[0].signal.aborted).toBe(true);
    runs[1].resolve(layout(2));
    await settle();
    expect(search.snapshot()).toMatchObject({ result: layout(2), running: null });
    search.layout(null);
    expect(search.snapshot()).toMatchObject({ result: null, running: null });
  });

  it('does not lay out the same job again, nor stop a longer search for it', async () => {
    const { search, runs } = setup();
    search.layout(job);
    search.layout({ ...job }); // equal, while its layout runs
    expect(runs).toHaveLength(1);
    expect(runs[0].signal.aborted).toBe(false);
    runs[0].resolve(layout(3));
    await settle();
    search.layout(structuredClone(job)); // equal, its layout on screen
    expect(runs).toHaveLength(1);
    search.search(30000, 2);
    search.layout({ ...job });
    expect(runs).toHaveLength(2);
    expect(runs[1].signal.aborted).toBe(false);
    expect(search.snapshot()).toMatchObject({ result: layout(3), running: 'search' });
    // A changed job is laid out, and so is the first one again after it.
    search.layout({ ...job, sheet: { width: 200, height: 100 } });
    expect(runs).toHaveLength(3);
    expect(runs[1].signal.aborted).toBe(true);
    search.layout(job);
    expect(runs).toHaveLength(4);
  });

  it('shows a longer search’s layouts only when they have no more sheets, and says when it ends', async () => {
    const { search, runs, events } = setup();
    search.layout(job);
    runs[0].resolve(layout(5));
    await settle();
    search.search(30000, 2);
    expect(runs[1].job.options).toMatchObject({ timeLimitMs: 30000, seed: 2 });
    expect(search.snapshot().running).toBe('search');
    runs[1].onProgress({ done: 0.5, pages: 6, lowerBound: 4, best: layout(6) });
    expect(search.snapshot().result).toEqual(layout(5));
    runs[1].onProgress({ done: 0.6, pages: 4, lowerBound: 4, best: layout(4) });
    expect(search.snapshot().result).toEqual(layout(4));
    runs[1].resolve(layout(4));
    await settle();
    expect(events.searchDone).toHaveBeenCalledWith(4);
    expect(search.snapshot().running).toBeNull();
  });

  it('keeps the layout when a search is cancelled, clears it when a layout fails', async () => {
    const { search, runs, events } = setup();
    search.layout(job);
    runs[0].resolve(layout(3));
    await settle();
    search.search(30000, 2);
    search.cancel();
    await settle();
    expect(search.snapshot()).toMatchObject({ result: layout(3), running: null });
    expect(events.failed).not.toHaveBeenCalled();
    search.layout({ ...job, sheet: { width: 1, height: 1 } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    runs[2].reject(new Error('Tuval çok küçük'));
    await settle();
    expect(search.snapshot()).toMatchObject({ result: null, running: null });
    expect(events.failed).toHaveBeenCalledWith(new Error('Tuval çok küçük'));
  });

  it('keeps a refused job’s reason until the job changes, and tells it once', async () => {
    const { search, runs, events } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = 'Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir.';
    search.layout(job);
    runs[0].reject(new Error(refusal));
    await settle();
    expect(search.snapshot()).toMatchObject({ result: null, running: null, failure: refusal });
    expect(events.failed).toHaveBeenCalledTimes(1);
    // The same job given again (the page's stock set anew, equal): the reason stays while it runs, and its refusal is not told again.
    search.layout({ ...job, options: { ...job.options } });
    expect(search.snapshot()).toMatchObject({ running: 'layout', failure: refusal });
    runs[1].reject(new Error(refusal));
    await settle();
    expect(search.snapshot()).toMatchObject({ result: null, running: null, failure: refusal });
    expect(events.failed).toHaveBeenCalledTimes(1);
    // A changed job clears it; its layout is shown.
    search.layout({ ...job, sheet: { width: 200, height: 100 } });
    expect(search.snapshot().failure).toBeNull();
    runs[2].resolve(layout(1));
    await settle();
    expect(search.snapshot()).toMatchObject({ result: layout(1), failure: null });
    // Refused again after a change, it is told again; no parts clear it.
    search.layout(job);
    runs[3].reject(new Error(refusal));
    await settle();
    expect(events.failed).toHaveBeenCalledTimes(2);
    search.layout(null);
    expect(search.snapshot()).toMatchObject({ result: null, failure: null });
  });

  it('takes the same job refused at first and laid out the next time off the reason', async () => {
    const { search, runs } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    search.layout(job);
    runs[0].reject(new Error('Hesaplama motoru beklenmedik biçimde durdu.'));
    await settle();
    search.layout({ ...job });
    runs[1].resolve(layout(2));
    await settle();
    expect(search.snapshot()).toMatchObject({ result: layout(2), failure: null });
  });

  it('runs a longer search on the helpers too, each from its own seed, and keeps the best layout any finds', async () => {
    const main = fakeEngine();
    const helper = fakeEngine();
    const events = { searchDone: vi.fn(), failed: vi.fn() };
    const search = new LayoutSearch(main.engine, events, () => [helper.engine]);
    search.layout(job);
    expect(helper.runs).toHaveLength(0); // a layout after a change runs on the main engine only
    main.runs[0].resolve(layout(5));
    await settle();
    search.search(30000, 2);
    expect(main.runs[1].job.options.seed).toBe(2);
    expect(helper.runs[0].job.options).toMatchObject({ timeLimitMs: 30000, seed: 1002 });
    helper.runs[0].onProgress({ done: 0.5, pages: 4, lowerBound: 4, best: layout(4) });
    expect(search.snapshot().result).toEqual(layout(4));
    main.runs[1].resolve(layout(5));
    await settle();
    expect(search.snapshot().running).toBe('search'); // the helper still searches
    helper.runs[0].resolve(layout(4));
    await settle();
    expect(events.searchDone).toHaveBeenCalledWith(4);
    expect(search.snapshot()).toMatchObject({ result: layout(4), running: null });
    // A helper that fails leaves only its share out; cancelling stops them all.
    search.search(30000, 3);
    helper.runs[1].reject(new Error('motor durdu'));
    main.runs[2].resolve(layout(4));
    await settle();
    expect(events.failed).not.toHaveBeenCalled();
    expect(events.searchDone).toHaveBeenLastCalledWith(4);
    search.search(30000, 4);
    search.cancel();
    expect(main.runs[3].signal.aborted && helper.runs[2].signal.aborted).toBe(true);
  });

  it('gives each engine of a longer search the layouts with fewer sheets the others find, starting with the one on screen', async () => {
    const main = fakeEngine();
    const helpers = [fakeEngine(), fakeEngine()];
    const search = new LayoutSearch(main.engine, { searchDone: vi.fn(), failed: vi.fn() }, () => helpers.map((h) => h.engine));
    search.layout(job);
    expect(main.runs[0].inbox).toBeUndefined(); // a layout after a change shares nothing
    main.runs[0].resolve(layout(5));
    await settle();
    search.search(30000, 2);
    const runs = [main.runs[1], helpers[0].runs[0], helpers[1].runs[0]];
    // What the client would send to each engine's worker once its layout is under way.
    const got = runs.map((r) => {
      const sent: number[] = [];
      r.inbox!.connect((json) => sent.push((JSON.parse(json) as Result).stats.pages));
      return sent;
    });
    expect(got).toEqual([[5], [5], [5]]); // the layout on screen, kept until the engine was under way
    runs[1].onProgress({ done: 0.3, pages: 4, lowerBound: 3, best: layout(4) });
    runs[2].onProgress({ done: 0.3, pages: 4, lowerBound: 3, best: layout(4) }); // no fewer sheets: not shared again
    runs[0].onProgress({ done: 0.4, pages: 3, lowerBound: 3, best: layout(3) });
    expect(got).toEqual([
      [5, 4],
      [5, 3],
      [5, 4, 3],
    ]);
  });

  it('reports progress at most once a frame', async () => {
    const { search, runs } = setup();
    search.layout(job);
    for (let i = 1; i <= 10; i++) runs[0].onProgress({ done: i / 10, pages: 2, lowerBound: 1 });
    expect(search.snapshot().progress).toEqual({ done: 0, pages: 0 });
    await new Promise((r) => setTimeout(r, 40));
    expect(search.snapshot().progress).toEqual({ done: 1, pages: 2 });
  });
});
