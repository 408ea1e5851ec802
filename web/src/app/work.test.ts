import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CANVAS } from '../features/canvas/settings';
import { dropWork, loadWork, partsPrint, saveWork, unsaved, WORK_KEY, WorkStore } from './work';

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
    // The browser tells the other tabs (never the one that saved).
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
