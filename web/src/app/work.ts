import { DEFAULT_CANVAS, normalCanvas, type CanvasSettings } from '../features/canvas/settings';
import type { Page, PartInput, Result } from '../features/engine/types';
import type { CutOffcut, JobState } from '../lib/api';
import type { Part } from '../features/parts/parts';
import { isQuotaExceeded, storageRemove } from '../lib/storage';
import { settingsOf, type Stock, type StockSettings } from '../features/stock/stock';

// The work on screen (the parts and the canvas), kept in localStorage so a
// reload brings it back. Like the locally kept layouts it belongs to an
// owner (ownerOf in lib/account.ts): 'kesim-work' in local mode,
// 'kesim-work@ayse' in team mode, so one user's work never shows for
// another user of the same browser.

export const WORK_KEY = 'kesim-work';

export interface Work {
  parts: Part[];
  canvas: CanvasSettings;
  /** the fingerprint of the parts last saved or loaded as a layout (see partsPrint) */
  saved?: string;
  /** the stock rows, band codes and their options (absent: none, the canvas is the only stock) */
  stock?: StockSettings;
  /** stockUnsent: the stock was changed here and the server (PUT /api/stock) has not taken it yet */
  stockUnsent?: boolean;
  /** stockBase: the stock as the server last had it here (stockPrint), to tell a change made elsewhere meanwhile */
  stockBase?: string;
  /** stockVersion: the version of the server's list stockBase is (GET/PUT /api/stock), sent back with the next save; absent when the server gave none */
  stockVersion?: number;
  /** job is the saved layout on screen when the server keeps it as a job (saved or loaded with its result) */
  job?: WorkJob;
  /**
   * shown is the stored result of the layout last loaded, shown instead
   * of a new layout while the work is still what was loaded (stillShown).
   * It is kept in this tab's memory only: after a reload, or a change
   * taken from another tab, the work is laid out again.
   */
  shown?: ShownResult;
}

/**
 * ShownResult is a loaded layout's stored result with the work it was
 * loaded as: the parts and canvas on screen then (the very objects: every
 * edit makes new ones) and the stock's print (stockKey: the stock may be
 * read back from the server equal, as a new object).
 */
export interface ShownResult {
  result: Result;
  parts: Part[];
  canvas: CanvasSettings;
  stock: string;
  /**
   * cut: the layout of a job already cut (Kesildi), which is history: it
   * stays on screen whatever today's stock (a cut takes sheets off it), and
   * its pages are named from rows, the stock rows it was made with.
   */
  cut?: boolean;
  rows?: Stock[];
  /**
   * offcuts are the leftovers a cut job's cut put on the rack
   * (cutOffcuts): its cut lists list these, with their codes, whatever
   * the offcut rules and the rack are today.
   */
  offcuts?: CutOffcut[];
}

/** stockKey is what of the stock settings a layout depends on: the rows, the bands and their options. */
export function stockKey(s: StockSettings | undefined): string {
  return JSON.stringify([s?.stock ?? [], s?.bands ?? [], s?.offcutSettings ?? null, s?.objective ?? 'cost', s?.deductBands === true, s?.keepLeftover === true]);
}

/** stillShown reports whether the work is still the one its stored result was loaded as (no part, canvas or stock changed since). */
export function stillShown(w: Work): boolean {
  const s = w.shown;
  return !!s && s.parts === w.parts && s.canvas === w.canvas && (s.cut === true || s.stock === stockKey(w.stock));
}

/** kept is the work as this browser keeps it: without the stored result shown (see Work.shown). */
function kept(w: Work): Work {
  if (!w.shown) return w;
  const rest = { ...w };
  delete rest.shown;
  return rest;
}

/**
 * WorkJob is the saved job the work on screen is: a job being cut
 * re-plans with its pinned pages (those with a ticked piece) and is saved
 * over itself.
 */
export interface WorkJob {
  id: string;
  name: string;
  state: JobState;
  pinned: Page[];
}

function jobOf(j: unknown): WorkJob | undefined {
  const o = j as Partial<WorkJob> | null;
  if (!o || typeof o.id !== 'string' || typeof o.name !== 'string' || !['planned', 'cutting', 'cut'].includes(o.state as string)) return undefined;
  return { id: o.id, name: o.name, state: o.state as JobState, pinned: Array.isArray(o.pinned) ? o.pinned : [] };
}

const EMPTY: Work = { parts: [], canvas: DEFAULT_CANVAS };

function parse(raw: string | null): Work | null {
  try {
    const w = JSON.parse(raw ?? 'null');
    if (w && Array.isArray(w.parts) && w.canvas) {
      const out: Work = { parts: w.parts, canvas: normalCanvas(w.canvas), saved: typeof w.saved === 'string' ? w.saved : undefined };
      if (w.stock) out.stock = settingsOf(w.stock);
      if (w.stockUnsent === true) out.stockUnsent = true;
      if (typeof w.stockBase === 'string') out.stockBase = w.stockBase;
      if (Number.isSafeInteger(w.stockVersion) && w.stockVersion >= 0) out.stockVersion = w.stockVersion;
      const job = jobOf(w.job);
      if (job) out.job = job;
      return out;
    }
  } catch {
    /* a broken copy is ignored */
  }
  return null;
}

/**
 * loadWork restores the owner's work. An admin of a team server who has
 * none yet takes the work kept under the plain key, from before the
 * server had accounts (the rule of syncLocal); nobody else sees it.
 */
export function loadWork(owner: string, adoptPlain = false): Work {
  // A change of this page not yet written is read as it is on screen.
  flushWork();
  const own = parse(localStorage.getItem(WORK_KEY + owner));
  if (own) return own;
  if (owner && adoptPlain) {
    const plain = parse(localStorage.getItem(WORK_KEY));
    if (plain) {
      try {
        localStorage.setItem(WORK_KEY + owner, JSON.stringify(plain));
        localStorage.removeItem(WORK_KEY);
      } catch {
        // Refused (the storage full): the work is on screen, and the plain
        // copy stays where it was, taken again at the next start until the
        // owner's own is written (the next change; a refusal of it is told).
      }
      return plain;
    }
  }
  return EMPTY;
}

/**
 * A change is written in the page's next idle moment (requestIdleCallback:
 * after the frame that shows it, IDLE_WITHIN_MS at most), or SAVE_AFTER_MS
 * after it in a browser without idle callbacks (Safari), together with
 * every change made meanwhile (the last work wins). A big job's copy
 * (20.000 lines are 1,5 MB of JSON) takes tens of milliseconds to write,
 * which Sil or Kaydet no longer waits for. Nothing is lost but to a crash
 * of the tab in between: the page hidden (another tab, the window
 * minimised, the phone locked) or left (a reload, the tab closed:
 * pagehide) writes at once, and so does reading the work (loadWork:
 * another screen of this page). A change made while the page is hidden
 * (a job ticked on the shop floor, taken by a tab in the background:
 * useJobSync) is written at once too: no interaction waits for it, and a
 * background tab's idle moment may come late.
 */
export const IDLE_WITHIN_MS = 500;
export const SAVE_AFTER_MS = 100;
/**
 * MAX_PENDING is how many changes not yet written are kept one by one, to
 * be made again on another tab's save (WorkStore.pending). Written in the
 * next idle moment, there are a few at most; only writes the browser
 * refuses (its storage full) leave more.
 */
export const MAX_PENDING = 100;

/** unwritten are the stores with a change not yet written. */
const unwritten = new Set<WorkStore>();

/** flushWork writes every change not yet written, at once. */
export function flushWork(): void {
  for (const store of [...unwritten]) store.flush();
}

/**
 * NotWritten is what is told of a write the browser refused: full, its
 * storage for the site is full (QuotaExceededError: a big part list, 1,5 MB
 * at 20.000 lines, beside the layouts kept in this browser).
 */
export interface NotWritten {
  full: boolean;
}

const notWrittenListeners = new Set<(e: NotWritten) => void>();
/** toldNotWritten: a refused write was told, and no write went through since */
let toldNotWritten = false;

/**
 * onWorkNotWritten calls f when the browser refuses to write the work
 * (the page tells the user): once, until a write goes through again. It
 * returns the unsubscribe.
 */
export function onWorkNotWritten(f: (e: NotWritten) => void): () => void {
  notWrittenListeners.add(f);
  return () => notWrittenListeners.delete(f);
}

let pageEndHooked = false;

/** hookPageEnd writes what is not yet written when the page is hidden or left (once for the page). */
function hookPageEnd(): void {
  if (pageEndHooked || typeof window === 'undefined') return;
  pageEndHooked = true;
  window.addEventListener('pagehide', flushWork);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushWork();
  });
}

/**
 * WorkStore is the work on screen and whose it is (owner null: nobody's,
 * kept nowhere, while nobody is signed in). Every change is shown at once
 * and written soon after (in the page's next idle moment), changes close
 * together in one write. It is an external store for useSyncExternalStore: subscribe and
 * snapshot.
 */
export class WorkStore {
  private work: Work;
  private readonly listeners = new Set<() => void>();
  /** unwritten: the work changed since it was last written */
  private unwritten = false;
  /**
   * base is the work as this tab last wrote or took it, and pending the
   * changes made on it since (update's change functions, in order): the
   * work on screen is base with pending applied. Another tab's save told
   * meanwhile gets the pending changes applied on it (onStorage). While
   * the browser refuses the writes (its storage full) nothing empties
   * pending: past MAX_PENDING changes they become one, the work on screen
   * (what the next write writes anyway), so that the list does not grow
   * without end; another tab's save told then is taken under it whole.
   */
  private base: Work;
  private pending: ((w: Work) => Work)[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private idle: number | undefined;

  constructor(
    readonly owner: string | null,
    adoptPlain = false,
  ) {
    this.work = owner === null ? EMPTY : loadWork(owner, adoptPlain);
    this.base = this.work;
  }

  /**
   * subscribe also follows the owner's work kept by this browser's other
   * tabs (the window's storage event) while someone listens, so that two
   * tabs show the same work and an edit in either builds on the other's.
   * A store nobody shows any more (the screen or the owner changed) writes
   * its last change at once.
   */
  subscribe = (listener: () => void): (() => void) => {
    if (this.listeners.size === 0) window.addEventListener('storage', this.onStorage);
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      window.removeEventListener('storage', this.onStorage);
      this.flush();
    };
  };

  /**
   * onStorage takes the owner's work that another tab saved. It reads the
   * copy kept now rather than the event's value: when this tab saved
   * after the other (its edit not yet seen there), the copy is this tab's
   * own and nothing changes, so this tab's edit is not lost to an older
   * one. Taking it saves nothing (no event goes back: no loop). A removed
   * copy (a sign-out elsewhere) leaves the work on screen as it is, and
   * drops a change of it not yet written, as a sign-out here does.
   *
   * This tab's changes not yet written are made again on the other tab's
   * copy (pending: add a line, edit a line, set the canvas, tick a sheet
   * of the job), and the outcome is written at once for the other tab to
   * take: both tabs' edits stay. Were this tab's whole work written over
   * the copy instead, the other tab's edit would be lost on both. Where
   * both tabs changed the same thing, this tab's change is made last and
   * stays.
   */
  private onStorage = (e: StorageEvent): void => {
    if (this.owner === null || e.key !== WORK_KEY + this.owner) return;
    if (e.storageArea && e.storageArea !== localStorage) return;
    const raw = localStorage.getItem(WORK_KEY + this.owner);
    if (this.unwritten && raw === null) return this.discard();
    const next = parse(raw);
    if (!next || raw === JSON.stringify(kept(this.unwritten ? this.base : this.work))) {
      // This tab's own copy (or a broken one): what waits is written now.
      this.flush();
      return;
    }
    // The same stock stays the same object: a save of it on its way here
    // (stockSent) still knows it as the stock on screen.
    if (this.work.stock && next.stock && JSON.stringify(next.stock) === JSON.stringify(this.work.stock)) next.stock = this.work.stock;
    this.base = next;
    this.work = this.pending.reduce(applied, next);
    this.flush();
    for (const listener of this.listeners) listener();
  };

  snapshot = (): Work => this.work;

  /**
   * update changes the work and saves it (soon: schedule). A change
   * that leaves the work loaded with a stored result (a part, the canvas or
   * the stock changed) drops that result: the work is laid out anew.
   */
  update = (change: (w: Work) => Work): void => {
    this.work = applied(this.work, change);
    if (this.owner !== null) {
      this.pending.push(change);
      if (this.pending.length > MAX_PENDING) {
        const latest = this.work;
        this.pending = [() => latest];
      }
      this.schedule();
    }
    for (const listener of this.listeners) listener();
  };

  /**
   * schedule writes the work in the next idle moment, or at once while the
   * page is hidden; a change while a write waits goes with it (the work is
   * read when written).
   */
  private schedule(): void {
    this.unwritten = true;
    unwritten.add(this);
    hookPageEnd();
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return this.flush();
    // A write waits already (a write the browser refused waits for none).
    if (this.timer !== undefined || this.idle !== undefined) return;
    if (typeof requestIdleCallback === 'function') this.idle = requestIdleCallback(this.flush, { timeout: IDLE_WITHIN_MS });
    else this.timer = setTimeout(this.flush, SAVE_AFTER_MS);
  }

  /**
   * flush writes the work now if it changed since it was last written. A
   * write the browser refuses (its storage full) leaves the change waiting,
   * to be written with the next change or flush (the page hidden or left),
   * and is told (onWorkNotWritten) once: it never throws, from an idle
   * moment or pagehide nobody would hear it.
   */
  flush = (): void => {
    if (!this.unwritten) return;
    this.cancelWrite();
    if (this.owner === null) return this.discard();
    try {
      saveWork(this.owner, this.work);
    } catch (e) {
      if (!toldNotWritten) {
        toldNotWritten = true;
        const told: NotWritten = { full: isQuotaExceeded(e) };
        for (const f of [...notWrittenListeners]) f(told);
      }
      return;
    }
    toldNotWritten = false;
    this.discard();
  };

  /** discard drops the write that waits (the work stays on screen). */
  discard(): void {
    this.cancelWrite();
    this.unwritten = false;
    this.base = this.work;
    this.pending = [];
    unwritten.delete(this);
  }

  /** cancelWrite stops the timer or idle callback of the write that waits. */
  private cancelWrite(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(this.idle);
    this.idle = undefined;
  }

  /** forget removes the owner's work from this browser (sign-out). */
  forget = (): void => {
    if (this.owner !== null) dropWork(this.owner);
  };
}

/**
 * applied is w changed by change; a change that leaves the work loaded
 * with a stored result (a part, the canvas or the stock changed) drops
 * that result: the work is laid out anew.
 */
function applied(w: Work, change: (w: Work) => Work): Work {
  const next = change(w);
  return next.shown && !stillShown(next) ? kept(next) : next;
}

export function saveWork(owner: string, w: Work): void {
  localStorage.setItem(WORK_KEY + owner, JSON.stringify(kept(w)));
}

/**
 * dropWork forgets the owner's work (sign-out), with any change of it not
 * yet written. A removal the browser refuses is told (lib/storage.ts), not
 * thrown: the copy stays under the owner's key, which no other user reads.
 */
export function dropWork(owner: string): void {
  for (const store of [...unwritten]) if (store.owner === owner) store.discard();
  storageRemove('signOut', () => localStorage, WORK_KEY + owner);
}

/** partsPrint is what decides whether two part lists are the same job: ids do not count. */
export function partsPrint(parts: PartInput[]): string {
  return JSON.stringify(
    parts.map((p) => {
      const line: unknown[] = [p.name, p.width, p.height, p.quantity, p.rotate !== false];
      // The fields of materials and bands count only when set, so that a
      // print kept before them still matches the same parts.
      if (p.material || p.thickness || (p.grain && p.grain !== 'none') || p.edges) {
        line.push(p.material ?? '', p.thickness ?? 0, p.grain ?? 'none', p.edges ?? {});
      }
      return line;
    }),
  );
}

/** unsaved reports whether the parts on screen differ from the layout last saved or loaded. */
export function unsaved(w: Pick<Work, 'parts' | 'saved'>): boolean {
  // Parts never saved or loaded as a layout are unsaved without printing them.
  return w.parts.length > 0 && (w.saved === undefined || partsPrint(w.parts) !== w.saved);
}
