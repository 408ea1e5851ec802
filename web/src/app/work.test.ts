import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CANVAS } from '../features/canvas/settings';
import { onNotKept } from '../lib/storage';
import { dropWork, flushWork, IDLE_WITHIN_MS, loadWork, MAX_PENDING, onWorkNotWritten, partsPrint, SAVE_AFTER_MS, saveWork, unsaved, WORK_KEY, WorkStore, type Work } from './work';

const kapak = { id: 'a', name: 'Kapak', width: 50, height: 74, quantity: 4 };
const raf = { id: 'b', name: 'Raf', width: 45.5, height: 30, quantity: 6 };

beforeEach(() => localStorage.clear());

describe('work', () => {
  it('is kept per owner: the plain key in local mode, KEY@NAME in team mode', () => {
    saveWork('', { parts: [kapak], canvas: DEFAULT_CANVAS });
    saveWork('@alice', { parts: [raf], canvas: { ...DEFAULT_CANVAS, width: 210 } });
    expect(JSON.parse(localStorage.getItem('kesim-work')!).parts).toEqual([kapak]);
    expect(JSON.parse(localStorage.getItem('kesim-work@alice')!).parts).toEqual([raf]);
    expect(loadWork('@alice').canvas.width).toBe(210);
    expect(loadWork('@bob').parts).toEqual([]);
    expect(loadWork('').parts).toEqual([kapak]);
    dropWork('@alice');
    expect(localStorage.getItem('kesim-work@alice')).toBeNull();
    expect(localStorage.getItem(WORK_KEY)).not.toBeNull();
  });

  it('gives the work from before accounts to an admin only, once', () => {
    saveWork('', { parts: [kapak], canvas: DEFAULT_CANVAS });
    expect(loadWork('@bob', false).parts).toEqual([]);
    expect(localStorage.getItem(WORK_KEY)).not.toBeNull();
    expect(loadWork('@ayse', true).parts).toEqual([kapak]);
    expect(localStorage.getItem(WORK_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem('kesim-work@ayse')!).parts).toEqual([kapak]);
    // An admin's own work wins over the plain copy.
    saveWork('', { parts: [raf], canvas: DEFAULT_CANVAS });
    expect(loadWork('@ayse', true).parts).toEqual([kapak]);
  });

  it('gives an admin the work from before accounts even when the browser refuses to move it (its storage full): the plain copy stays', () => {
    saveWork('', { parts: [kapak], canvas: DEFAULT_CANVAS });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      expect(new WorkStore('@ayse', true).snapshot().parts).toEqual([kapak]);
      expect(localStorage.getItem('kesim-work@ayse')).toBeNull();
      expect(JSON.parse(localStorage.getItem(WORK_KEY)!).parts).toEqual([kapak]);
    } finally {
      vi.restoreAllMocks();
    }
    // Taken again at the next start, and moved once the browser allows it.
    expect(loadWork('@ayse', true).parts).toEqual([kapak]);
    expect(localStorage.getItem(WORK_KEY)).toBeNull();
  });

  it('signs out without throwing when the browser refuses to remove the work, and tells it', () => {
    saveWork('@alice', { parts: [kapak], canvas: DEFAULT_CANVAS });
    const told: string[] = [];
    const stop = onNotKept((e) => told.push(e.kind));
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      expect(() => dropWork('@alice')).not.toThrow();
      expect(told).toEqual(['signOut']);
      expect(localStorage.getItem('kesim-work@alice')).not.toBeNull();
    } finally {
      vi.restoreAllMocks();
      stop();
    }
  });

  it('calls parts unsaved unless they are the layout last saved or loaded', () => {
    expect(unsaved({ parts: [], saved: undefined })).toBe(false);
    expect(unsaved({ parts: [kapak], saved: undefined })).toBe(true);
    const saved = partsPrint([kapak, raf]);
    expect(unsaved({ parts: [{ ...kapak, id: 'x' }, { ...raf, id: 'y' }], saved })).toBe(false);
    expect(unsaved({ parts: [kapak, { ...raf, quantity: 7 }], saved })).toBe(true);
    expect(unsaved({ parts: [kapak], saved })).toBe(true);
    saveWork('@alice', { parts: [kapak], canvas: DEFAULT_CANVAS, saved: partsPrint([kapak]) });
    expect(unsaved(loadWork('@alice'))).toBe(false);
  });

  it('is saved at every change for its owner, and kept nowhere while nobody owns the screen', () => {
    const store = new WorkStore('@alice');
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.snapshot().parts.length));
    store.update((w) => ({ ...w, parts: [kapak] }));
    expect(seen).toEqual([1]);
    expect(loadWork('@alice').parts).toEqual([kapak]);
    expect(new WorkStore('@alice').snapshot().parts).toEqual([kapak]);
    store.forget();
    expect(localStorage.getItem('kesim-work@alice')).toBeNull();
    const nobody = new WorkStore(null);
    nobody.update((w) => ({ ...w, parts: [raf] }));
    expect(localStorage.length).toBe(0);
  });

  it("takes another tab's newer work (storage event), so an edit here builds on it", () => {
    // Two tabs of one user: each has its store on the same localStorage.
    const a = new WorkStore('@alice');
    const b = new WorkStore('@alice');
    let shown = 0;
    const stop = a.subscribe(() => shown++);
    b.update((w) => ({ ...w, parts: [raf] }));
    // b writes its change (soon after it, or at once when its page is hidden)...
    b.flush();
    // ...and the browser tells the other tabs (never the one that saved).
    window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work@alice', newValue: localStorage.getItem('kesim-work@alice'), storageArea: localStorage }));
    expect(shown).toBe(1);
    expect(a.snapshot().parts).toEqual([raf]);
    a.update((w) => ({ ...w, parts: [...w.parts, kapak] }));
    // A new tab has both lines.
    expect(loadWork('@alice').parts).toEqual([raf, kapak]);
    // Another owner's key, or a copy removed elsewhere, changes nothing.
    window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work@bob', newValue: JSON.stringify({ parts: [], canvas: DEFAULT_CANVAS }) }));
    localStorage.removeItem('kesim-work@alice');
    window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work@alice', newValue: null }));
    expect(a.snapshot().parts).toEqual([raf, kapak]);
    stop();
  });

  it("keeps this tab's edit when another tab's older save is told after it", () => {
    const a = new WorkStore('@alice');
    const stop = a.subscribe(() => {});
    const older = JSON.stringify({ parts: [raf], canvas: DEFAULT_CANVAS });
    localStorage.setItem('kesim-work@alice', older);
    // This tab saves before the other tab's event comes.
    a.update((w) => ({ ...w, parts: [kapak] }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work@alice', newValue: older }));
    expect(a.snapshot().parts).toEqual([kapak]);
    expect(loadWork('@alice').parts).toEqual([kapak]);
    stop();
    // Nobody listening: the event is not followed.
    saveWork('@alice', { parts: [raf], canvas: DEFAULT_CANVAS });
    window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work@alice' }));
    expect(a.snapshot().parts).toEqual([kapak]);
  });
});

describe('work written soon after a change', () => {
  // What this browser keeps of alice's work, as a reload would read it (not through loadWork, which writes first).
  const kept = () => JSON.parse(localStorage.getItem('kesim-work@alice') ?? 'null') as Work | null;
  const names = (w: Work | null) => w?.parts.map((p) => `${p.name} ${p.quantity}`);
  const setVisibility = (v: DocumentVisibilityState) => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => v });

  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    flushWork();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  it('is written at once when the page is hidden (another tab, the window minimised, the phone locked)', () => {
    const store = new WorkStore('@alice');
    store.update((w) => ({ ...w, parts: [kapak] }));
    expect(kept()).toBeNull(); // not on Sil's or Kaydet's time
    // The page shown again is no reason to write.
    setVisibility('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(kept()).toBeNull();
    store.update((w) => ({ ...w, parts: [...w.parts, raf] }));
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(names(kept())).toEqual(['Kapak 4', 'Raf 6']);
  });

  it('is written at once when the page is left (a reload, the tab closed: pagehide)', () => {
    const store = new WorkStore('@alice');
    store.update((w) => ({ ...w, parts: [kapak, raf] }));
    store.update((w) => ({ ...w, parts: w.parts.filter((p) => p.id !== kapak.id) }));
    expect(kept()).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(names(kept())).toEqual(['Raf 6']);
    // Written, nothing waits: the timer writes nothing more.
    const write = vi.spyOn(Storage.prototype, 'setItem');
    vi.advanceTimersByTime(SAVE_AFTER_MS + IDLE_WITHIN_MS);
    expect(write).not.toHaveBeenCalled();
  });

  it('is written at once when nobody shows it any more (the screen or the owner changed)', () => {
    const store = new WorkStore('@alice');
    const stop = store.subscribe(() => {});
    store.update((w) => ({ ...w, parts: [kapak] }));
    expect(kept()).toBeNull();
    stop();
    expect(names(kept())).toEqual(['Kapak 4']);
  });

  it('writes changes close together once, the last work, and later changes after them in order', () => {
    const writes: string[][] = [];
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === 'kesim-work@alice') writes.push(names(JSON.parse(value))!);
      setItem.call(this, key, value);
    });
    // jsdom has no idle callbacks: the write waits SAVE_AFTER_MS, as in Safari.
    const store = new WorkStore('@alice');
    // Sil, Kaydet, a paste and an undo within a moment.
    store.update((w) => ({ ...w, parts: [kapak, raf] }));
    store.update((w) => ({ ...w, parts: w.parts.filter((p) => p.id !== kapak.id) }));
    store.update((w) => ({ ...w, parts: w.parts.map((p) => ({ ...p, quantity: 7 })) }));
    store.update((w) => ({ ...w, parts: [kapak, ...w.parts] }));
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(SAVE_AFTER_MS);
    expect(writes).toEqual([['Kapak 4', 'Raf 7']]);
    // The next changes go in a write of their own, after it.
    store.update((w) => ({ ...w, parts: w.parts.slice(1) }));
    store.update((w) => ({ ...w, canvas: { ...w.canvas, width: 210 } }));
    vi.advanceTimersByTime(SAVE_AFTER_MS);
    expect(writes).toEqual([['Kapak 4', 'Raf 7'], ['Raf 7']]);
    expect(kept()?.canvas.width).toBe(210);
    expect(new WorkStore('@alice').snapshot().parts).toEqual([{ ...raf, quantity: 7 }]);
  });

  it('waits for an idle moment of the page when the browser has them, and no longer than IDLE_WITHIN_MS', () => {
    const idle: { run: () => void; timeout?: number }[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, o?: IdleRequestOptions) => idle.push({ run, timeout: o?.timeout }));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const store = new WorkStore('@alice');
    store.update((w) => ({ ...w, parts: [kapak] }));
    expect(idle).toHaveLength(1);
    expect(idle[0].timeout).toBe(IDLE_WITHIN_MS);
    // No timer writes it before the idle moment.
    vi.advanceTimersByTime(IDLE_WITHIN_MS);
    expect(kept()).toBeNull();
    // A change before the idle moment goes with it.
    store.update((w) => ({ ...w, parts: [...w.parts, raf] }));
    idle[0].run();
    expect(names(kept())).toEqual(['Kapak 4', 'Raf 6']);
    expect(idle).toHaveLength(1);
  });

  it('drops a change not yet written when the owner signs out, here, through dropWork or in another tab', () => {
    const store = new WorkStore('@alice');
    store.update((w) => ({ ...w, parts: [kapak] }));
    store.forget();
    vi.advanceTimersByTime(SAVE_AFTER_MS + IDLE_WITHIN_MS);
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toBeNull();
    store.update((w) => ({ ...w, parts: [raf] }));
    dropWork('@alice');
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toBeNull();
    // Another tab signs out: its removal is told here, while a change waits.
    const stop = store.subscribe(() => {});
    store.update((w) => ({ ...w, parts: [kapak] }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work@alice', newValue: null, storageArea: localStorage }));
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toBeNull();
    expect(store.snapshot().parts).toEqual([kapak]);
    stop();
  });

  it("replays this tab's edits not yet written on another tab's save told meanwhile, and writes the result at once", () => {
    const a = new WorkStore('@alice');
    const stop = a.subscribe(() => {});
    a.update((w) => ({ ...w, parts: [...w.parts, kapak] }));
    const other = JSON.stringify({ parts: [raf], canvas: { ...DEFAULT_CANVAS, width: 210 } });
    localStorage.setItem('kesim-work@alice', other);
    window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work@alice', newValue: other, storageArea: localStorage }));
    // The other tab's work with this tab's edit on it: neither is lost.
    expect(names(a.snapshot())).toEqual(['Raf 6', 'Kapak 4']);
    expect(a.snapshot().canvas.width).toBe(210);
    // written now, for the other tab to take
    expect(names(kept())).toEqual(['Raf 6', 'Kapak 4']);
    expect(kept()?.canvas.width).toBe(210);
    stop();
  });

  it("keeps both tabs' edits when one tab's change not yet written meets the other tab's save", () => {
    // Two tabs of one user, both showing the work.
    const a = new WorkStore('@alice');
    const b = new WorkStore('@alice');
    const stopA = a.subscribe(() => {});
    const stopB = b.subscribe(() => {});
    // The browser tells every other tab of a save (here both stores hear
    // it; the one that saved finds its own copy and does nothing).
    const told = () => window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work@alice', newValue: localStorage.getItem('kesim-work@alice'), storageArea: localStorage }));
    b.update((w) => ({ ...w, canvas: { ...w.canvas, width: 210 } })); // not yet written
    a.update((w) => ({ ...w, parts: [kapak, raf] }));
    a.flush();
    told(); // b hears a's save, and writes
    told(); // a hears b's save
    for (const w of [a.snapshot(), b.snapshot(), kept()]) {
      expect(names(w)).toEqual(['Kapak 4', 'Raf 6']);
      expect(w?.canvas.width).toBe(210);
    }
    stopA();
    stopB();
  });

  it('is written at once while the page is hidden (a job ticked on the shop floor, taken by a tab in the background)', () => {
    setVisibility('hidden');
    const store = new WorkStore('@alice');
    store.update((w) => ({ ...w, parts: [kapak] }));
    expect(names(kept())).toEqual(['Kapak 4']);
    // Nothing waits: no timer writes it again.
    const write = vi.spyOn(Storage.prototype, 'setItem');
    vi.advanceTimersByTime(SAVE_AFTER_MS + IDLE_WITHIN_MS);
    expect(write).not.toHaveBeenCalled();
  });

  it('keeps a change the browser refuses to write (its storage full) waiting, tries again, and tells it once', () => {
    const full = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const setItem = Storage.prototype.setItem;
    let refuse = true;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (refuse) throw full();
      setItem.call(this, key, value);
    });
    const told: boolean[] = [];
    const stop = onWorkNotWritten((f) => told.push(f.full));
    const store = new WorkStore('@alice');
    store.update((w) => ({ ...w, parts: [kapak] }));
    // The write in the idle moment, and the page left: neither throws, nothing is kept.
    expect(() => vi.advanceTimersByTime(SAVE_AFTER_MS)).not.toThrow();
    expect(() => window.dispatchEvent(new Event('pagehide'))).not.toThrow();
    expect(kept()).toBeNull();
    expect(told).toEqual([true]);
    // The next change tries again, with the first: still full, and told no more.
    store.update((w) => ({ ...w, parts: [...w.parts, raf] }));
    vi.advanceTimersByTime(SAVE_AFTER_MS);
    expect(told).toEqual([true]);
    // Room made: the next change writes both (no line lost), the page hidden writes the last.
    refuse = false;
    store.update((w) => ({ ...w, canvas: { ...w.canvas, width: 210 } }));
    vi.advanceTimersByTime(SAVE_AFTER_MS);
    expect(names(kept())).toEqual(['Kapak 4', 'Raf 6']);
    expect(kept()?.canvas.width).toBe(210);
    // A write refused after one that went through is told again.
    refuse = true;
    store.update((w) => ({ ...w, parts: w.parts.slice(1) }));
    vi.advanceTimersByTime(SAVE_AFTER_MS);
    expect(told).toEqual([true, true]);
    // ...and a flush (pagehide) tries again without a change.
    refuse = false;
    window.dispatchEvent(new Event('pagehide'));
    expect(names(kept())).toEqual(['Raf 6']);
    stop();
  });

  it('keeps at most MAX_PENDING changes to make again while the browser refuses the writes: the latest work stands for the older', () => {
    const setItem = Storage.prototype.setItem;
    let refuse = true;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (refuse && key === 'kesim-work@alice') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    const a = new WorkStore('@alice');
    const stop = a.subscribe(() => {});
    let made = 0;
    const n = MAX_PENDING * 3;
    for (let i = 1; i <= n; i++) {
      a.update((w) => {
        made++;
        return { ...w, parts: [{ ...kapak, quantity: i }], canvas: { ...w.canvas, width: 100 + i } };
      });
      vi.advanceTimersByTime(SAVE_AFTER_MS); // refused every time
    }
    expect(kept()).toBeNull();
    expect(names(a.snapshot())).toEqual([`Kapak ${n}`]);
    // Another tab's save told now: this tab's changes are made on it, no more than MAX_PENDING of them, and stay.
    made = 0;
    const other = JSON.stringify({ parts: [raf], canvas: { ...DEFAULT_CANVAS, width: 210 } });
    setItem.call(localStorage, 'kesim-work@alice', other);
    window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work@alice', newValue: other, storageArea: localStorage }));
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThanOrEqual(MAX_PENDING);
    expect(names(a.snapshot())).toEqual([`Kapak ${n}`]);
    expect(a.snapshot().canvas.width).toBe(100 + n);
    // Room made: the latest work is written.
    refuse = false;
    window.dispatchEvent(new Event('pagehide'));
    expect(names(kept())).toEqual([`Kapak ${n}`]);
    expect(kept()?.canvas.width).toBe(100 + n);
    stop();
  });

  it('tells a write refused for another reason than a full storage as such', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const told: boolean[] = [];
    const stop = onWorkNotWritten((f) => told.push(f.full));
    new WorkStore('@alice').update((w) => ({ ...w, parts: [kapak] }));
    flushWork();
    expect(told).toEqual([false]);
    stop();
    vi.restoreAllMocks();
  });
});
