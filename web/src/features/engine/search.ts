import { AbortError, requestJSON, ShareLink, type EngineClient } from './client';
import type { Request, Result } from './types';

/** SearchState is what the page shows of the engine's work. */
export interface SearchState {
  /** result is the layout on screen. */
  result: Result | null;
  /**
   * running says what the engine does: 'layout' follows every change of
   * the job, 'search' is a longer search the user asked for.
   */
  running: 'layout' | 'search' | null;
  /** progress is the running layout's share done (0 to 1) and the sheets of its best layout so far. */
  progress: { done: number; pages: number };
  /**
   * failure is why the engine did not lay out the job on screen (it
   * refused it: a part larger than every sheet, too many pieces; or it
   * failed), kept until the job changes, so that the results can say so
   * once the toast is gone; null when the job was not refused.
   */
  failure: string | null;
}

/** SearchEvents are told how a run ended, for the page to say so. */
export interface SearchEvents {
  /** searchDone is told the sheets of the layout a longer search ended with. */
  searchDone(pages: number): void;
  /** failed is told once for each job the engine refuses (and each longer search that fails). */
  failed(e: Error): void;
}

const NO_PROGRESS = { done: 0, pages: 0 };

/** HELPER_SEED_STEP sets the helpers' seeds apart from the search's (seed + step × k). */
const HELPER_SEED_STEP = 1000;

/**
 * LayoutSearch runs the engine for the page: a layout of the job after
 * every change, and, when the user asks, a longer search that replaces the
 * layout on screen only with one of no more sheets. A run cancels the one
 * before it. It is an external store for useSyncExternalStore: subscribe
 * and snapshot.
 */
export class LayoutSearch {
  private state: SearchState = { result: null, running: null, progress: NO_PROGRESS, failure: null };
  private readonly listeners = new Set<() => void>();
  private running: AbortController | null = null;
  private job: Request | null = null;
  /**
   * laidOut is the job (as JSON) laid out last, '' for none: given again
   * unchanged, it is not laid out anew; a refusal (state.failure) is its.
   */
  private laidOut = '';

  /**
   * helpers are further engines (one worker each) that a longer search
   * also runs on, each from its own seed, so that it uses every core; the
   * best layout any of them finds is shown, and given to the others, which
   * continue from it.
   */
  constructor(
    private readonly engine: Pick<EngineClient, 'run'>,
    private readonly events: SearchEvents,
    private readonly helpers: () => Pick<EngineClient, 'run'>[] = () => [],
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): SearchState => this.state;

  /**
   * layout lays out job, or clears the layout when there is none (no parts).
   * The same job given again (the page's stock or pinned sheets set anew,
   * equal) is not laid out anew, unless the engine refused it: its reason
   * stays on screen until the job changes, while it runs again.
   */
  layout = (job: Request | null): void => {
    this.job = job;
    const key = job ? requestJSON(job) : '';
    // The job on screen given again unchanged (the stock saved as it was,
    // or read back from the server equal) keeps its layout, or the run
    // that makes it, and a longer search that runs: a layout anew would
    // only show the same sheets again after a wait. A refused job is laid
    // out again (its reason stays on screen, not told twice).
    const same = job !== null && key === this.laidOut;
    if (same && this.state.failure === null && (this.state.result !== null || this.running !== null)) return;
    if (this.state.failure !== null && !same) this.set({ failure: null });
    this.laidOut = key;
    if (job) {
      this.start(job, false);
      return;
    }
    this.running?.abort();
    this.set({ result: null, running: null });
  };

  /** job is the job given last (null: none), as the page sent it: the comparison of plans starts from it. */
  current = (): Request | null => this.job;

  /** search looks for a layout of the last job with fewer sheets, for timeLimitMs, from seed. */
  search = (timeLimitMs: number, seed: number): void => {
    if (this.job) this.start({ ...this.job, options: { ...this.job.options, timeLimitMs, seed } }, true);
  };

  /** cancel stops what runs; the layout on screen stays. */
  cancel = (): void => {
    this.running?.abort();
    this.running = null;
    this.set({ running: null });
  };

  private set(change: Partial<SearchState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  private start(job: Request, search: boolean): void {
    this.running?.abort();
    const ctl = new AbortController();
    this.running = ctl;
    this.set({ running: search ? 'search' : 'layout', progress: NO_PROGRESS });
    // Progress arrives many times a second: the page takes the latest once
    // a frame, so typing never waits behind a queue of renders.
    let frame = false;
    let latest: SearchState['progress'] | null = null;
    const flush = () => {
      frame = false;
      if (latest && !ctl.signal.aborted) this.set({ progress: latest });
      latest = null;
    };
    // A longer search keeps the layout on screen unless it finds one of no more sheets.
    const show = (r: Result) => {
      const shown = this.state.result;
      if (!search || !shown || !worse(r, shown)) this.set({ result: r, failure: null });
    };
    // A longer search also runs on the helpers, each from its own seed; a
    // helper that fails only leaves its share out. The engines share their
    // layouts: one with fewer sheets than any before goes to the others.
    const helpers = search ? this.helpers() : [];
    const share = sharing(helpers.length + 1, search ? this.state.result : null);
    const main = this.engine.run(
      job,
      (p) => {
        if (ctl.signal.aborted) return;
        latest = { done: p.done, pages: p.pages };
        if (!frame) {
          frame = true;
          if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
          else setTimeout(flush, 16);
        }
        if (p.best) {
          show(p.best);
          share.found(0, p.best);
        }
      },
      ctl.signal,
      share.links[0],
    );
    const others = helpers.map((e, k) =>
      e
        .run(
          { ...job, options: { ...job.options, seed: job.options.seed + HELPER_SEED_STEP * (k + 1) } },
          (p) => {
            if (ctl.signal.aborted || !p.best) return;
            show(p.best);
            share.found(k + 1, p.best);
          },
          ctl.signal,
          share.links[k + 1],
        )
        .catch(() => null),
    );
    Promise.all([main, ...others])
      .then(([first, ...rest]) => {
        if (ctl.signal.aborted) return;
        const best = rest.reduce<Result>((b, r) => (r && worse(b, r) ? r : b), first);
        show(best);
        if (search) this.events.searchDone(best.stats.pages);
      })
      .catch((e: unknown) => {
        if (e instanceof AbortError || ctl.signal.aborted) return;
        console.error('nesting failed', e);
        const err = e instanceof Error ? e : new Error(String(e));
        if (search) {
          // The layout on screen stays; the toast says why the search ended.
          this.events.failed(err);
          return;
        }
        // The job on screen refused again for the same reason (laid out
        // anew unchanged) is not told twice: its reason is still shown.
        const told = this.state.failure === err.message;
        this.set({ result: null, failure: err.message });
        if (!told) this.events.failed(err);
      })
      .finally(() => {
        if (this.running !== ctl) return;
        this.running = null;
        this.set({ running: null });
      });
  }
}

/**
 * sharing links n engines of one search (none when n is 1): found(k, r)
 * gives layout r of engine k to the others when it has fewer sheets than
 * any before. shown, the layout on screen, goes to every engine at the
 * start: a longer search continues from it (the engine ignores a layout
 * that is not one of its job). Layouts with materials are not shared: the
 * engine continues only from layouts of one sheet size.
 */
function sharing(n: number, shown: Result | null): { links: (ShareLink | undefined)[]; found: (k: number, r: Result) => void } {
  if (n < 2) return { links: [], found: () => {} };
  const links = Array.from({ length: n }, () => new ShareLink());
  let best: Result | null = null;
  const found = (k: number, r: Result) => {
    if (r.materials || (best && !worse(best, r))) return;
    best = r;
    links.forEach((l, i) => {
      if (i !== k) l.offer(r);
    });
  };
  if (shown) found(-1, shown);
  return { links, found };
}

/**
 * worse reports whether layout a is worse than b: with materials by the
 * pieces placed, then cost, then sheets; else by sheets alone.
 */
export function worse(a: Result, b: Result): boolean {
  if (a.materials && b.materials) {
    // limited stock may leave pieces out: a layout that places more is better whatever it costs
    const placed = a.stats.placed - b.stats.placed;
    if (placed !== 0) return placed < 0;
    const ca = a.stats.cost ?? 0;
    const cb = b.stats.cost ?? 0;
    if (ca !== cb) return ca > cb;
  }
  return a.stats.pages > b.stats.pages;
}
