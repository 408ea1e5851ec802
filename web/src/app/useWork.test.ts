import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { announceJobGone } from '../features/saved/jobGone';
import { useWork } from './useWork';
import { flushWork } from './work';

const account = { mode: 'local' as const };
const stock = [{ id: 's1', material: 'Beyaz', width: 183, height: 366, quantity: 4 }];
const bands = [{ code: 'B1', thickness: 0.8 }];

beforeEach(() => localStorage.clear());

describe('useWork and stock', () => {
  it('a loaded layout puts its stock, bands and options back; one without leaves the stock', () => {
    const { result } = renderHook(() => useWork(account));
    act(() =>
      result.current.load({
        id: '1',
        name: 'Mutfak',
        parts: [{ id: 'x', name: 'Yan', width: 56, height: 72, quantity: 2, material: 'Beyaz' }],
        sheet: { width: 183, height: 366 },
        options: { kerf: 0.4, objective: 'sheets', deductBands: true },
        stock,
        bands,
        createdAt: '',
      }),
    );
    expect(result.current.stock).toEqual({ stock, bands, objective: 'sheets', deductBands: true });
    expect(result.current.stockUnsent).toBe(true);
    expect(result.current.parts[0].material).toBe('Beyaz');
    expect(result.current.unsaved).toBe(false);
    act(() => result.current.load({ id: '2', name: 'Eski', parts: [{ id: 'y', name: 'Raf', width: 40, height: 30, quantity: 1 }], createdAt: '' }));
    expect(result.current.stock?.stock).toEqual(stock);
    // kept in this browser and back after a reload
    const again = renderHook(() => useWork(account));
    expect(again.result.current.stock?.bands).toEqual(bands);
  });

  it('a part whose material changed is unsaved', () => {
    const { result } = renderHook(() => useWork(account));
    act(() => result.current.load({ id: '1', name: 'M', parts: [{ id: 'x', name: 'Yan', width: 56, height: 72, quantity: 2 }], createdAt: '' }));
    expect(result.current.unsaved).toBe(false);
    act(() => result.current.edit(result.current.parts[0].id, { material: 'Ceviz' }));
    expect(result.current.unsaved).toBe(true);
  });
});

describe('useWork and other tabs', () => {
  it("shows the part another tab of the same user added, and the next edit keeps it", () => {
    const { result } = renderHook(() => useWork(account));
    act(() => result.current.add([{ name: 'Yan', width: 56, height: 72, quantity: 2 }]));
    // This tab writes its change (soon after it, in an idle moment), then another
    // tab adds a line to the same work and saves it.
    flushWork();
    const kept = JSON.parse(localStorage.getItem('kesim-work')!);
    kept.parts.push({ id: 'other', name: 'Raf', width: 40, height: 30, quantity: 1 });
    localStorage.setItem('kesim-work', JSON.stringify(kept));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work', newValue: localStorage.getItem('kesim-work'), storageArea: localStorage }));
    });
    expect(result.current.parts.map((p) => p.name)).toEqual(['Yan', 'Raf']);
    act(() => result.current.add([{ name: 'Kapak', width: 50, height: 74, quantity: 4 }]));
    flushWork();
    expect(JSON.parse(localStorage.getItem('kesim-work')!).parts.map((p: { name: string }) => p.name)).toEqual(['Yan', 'Raf', 'Kapak']);
  });
});

describe('useWork and a job gone from the server', () => {
  it('drops the link to the job when it is announced gone: plain unsaved work', () => {
    const result1 = {
      sheet: { width: 100, height: 100 },
      pages: [],
      skipped: [],
      stats: { pages: 0, lowerBound: 0, optimal: true, efficiency: 0, placed: 0, elapsedMs: 1 },
    };
    const { result } = renderHook(() => useWork(account));
    act(() =>
      result.current.load({ id: '9', name: 'Mutfak', parts: [{ id: 'x', name: 'Yan', width: 56, height: 72, quantity: 2 }], result: result1, state: 'cutting', createdAt: '' }),
    );
    expect(result.current.job).toMatchObject({ id: '9', state: 'cutting' });
    expect(result.current.unsaved).toBe(false);
    act(() => announceJobGone('8'));
    expect(result.current.job?.id).toBe('9');
    act(() => announceJobGone('9'));
    expect(result.current.job).toBeUndefined();
    expect(result.current.unsaved).toBe(true);
    expect(result.current.parts.map((p) => p.name)).toEqual(['Yan']);
    flushWork();
    expect(JSON.parse(localStorage.getItem('kesim-work')!).job).toBeUndefined();
  });
});

describe("useWork and a loaded job's stored result", () => {
  const planned = {
    sheet: { width: 100, height: 148 },
    pages: [{ id: 'page-0', efficiency: 80, parts: [0, 1].map((i) => ({ id: `x-${i}`, name: 'Yan', x: i * 56, y: 0, width: 56, height: 72, rotated: false, originalIndex: 0 })) }],
    skipped: [],
    stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 80, placed: 2, elapsedMs: 1 },
  };
  const mutfak = {
    id: '9',
    name: 'Mutfak',
    parts: [{ id: 'x', name: 'Yan', width: 56, height: 72, quantity: 2, material: 'Beyaz' }],
    sheet: { width: 100, height: 148 },
    options: {},
    stock,
    bands,
    result: planned,
    createdAt: '',
  };

  it('shows it while the work is as loaded: the stock read back equal keeps it, a canvas change drops it', () => {
    const { result } = renderHook(() => useWork(account));
    act(() => void result.current.load(mutfak));
    expect(result.current.shown).toBe(planned);
    // the server's answer: the same lists, a new object
    act(() => result.current.setStock(JSON.parse(JSON.stringify(result.current.stock)), false, 4));
    expect(result.current.shown).toBe(planned);
    act(() => result.current.setCanvas({ ...result.current.canvas, kerfMm: 3 }));
    expect(result.current.shown).toBeUndefined();
  });

  it('becomes the layout that was sawn when the job on screen is cut, whatever the stock then; an undo makes it a plan again', () => {
    const { result } = renderHook(() => useWork(account));
    act(() => void result.current.load({ ...mutfak, state: 'cutting', cutPieces: [] }));
    expect(result.current.shown).toBe(planned);
    const offcuts = [{ page: 0, x: 56, y: 0, width: 44, height: 148, code: 'A-1' }];
    act(() => result.current.setJob('9', { state: 'cut', pinned: [] }, { ...mutfak, state: 'cut', cutOffcuts: offcuts }));
    expect(result.current.shownOffcuts).toEqual(offcuts);
    expect(result.current.shownRows).toEqual(stock);
    // The cut took the sheets off the stock: the layout stays, as sawn.
    act(() => result.current.setStock({ ...result.current.stock!, stock: [] }, false, 5));
    expect(result.current.shown).toBe(planned);
    // Undone, it is the job's plan again: no rows or offcuts of a cut, and today's stock counts.
    act(() => result.current.setJob('9', { state: 'cutting', pinned: [] }));
    expect(result.current.shown).toBe(planned);
    expect(result.current.shownOffcuts).toBeUndefined();
    expect(result.current.shownRows).toBeUndefined();
    act(() => result.current.setStock({ ...result.current.stock!, stock: [{ id: 'z', width: 100, height: 148 }] }, false, 6));
    expect(result.current.shown).toBeUndefined();
  });

  it('shows a job cut elsewhere as sawn once read again, though the stock its cut changed was read first', () => {
    const { result } = renderHook(() => useWork(account));
    act(() => void result.current.load({ ...mutfak, state: 'cutting', cutPieces: [] }));
    // The stock sync reads the rack the cut changed before the job sync reads the job.
    act(() => result.current.setStock({ ...result.current.stock!, stock: [] }, false, 5));
    expect(result.current.shown).toBeUndefined();
    act(() => result.current.setJob('9', { state: 'cut', pinned: [] }));
    const offcuts = [{ page: 0, x: 56, y: 0, width: 44, height: 148, code: 'A-1' }];
    act(() => result.current.showCut({ ...mutfak, state: 'cut', cutOffcuts: offcuts }));
    expect(result.current.shown).toBe(planned);
    expect(result.current.shownOffcuts).toEqual(offcuts);
  });

  it('is not kept in the browser: a reload, or the work taken from another tab, lays the work out again', () => {
    const { result } = renderHook(() => useWork(account));
    act(() => void result.current.load(mutfak));
    expect(result.current.shown).toBe(planned);
    flushWork();
    expect(localStorage.getItem('kesim-work')).not.toContain('"shown"');
    expect(renderHook(() => useWork(account)).result.current.shown).toBeUndefined();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work', newValue: localStorage.getItem('kesim-work'), storageArea: localStorage }));
    });
    // the same work saved by this tab: nothing is taken, the result stays
    expect(result.current.shown).toBe(planned);
    const other = JSON.parse(localStorage.getItem('kesim-work')!);
    other.parts[0].quantity = 3;
    localStorage.setItem('kesim-work', JSON.stringify(other));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'kesim-work', newValue: localStorage.getItem('kesim-work'), storageArea: localStorage }));
    });
    expect(result.current.shown).toBeUndefined();
  });

  it('is none for a layout whose result does not fit its parts, or a local one', () => {
    const { result } = renderHook(() => useWork(account));
    act(() => void result.current.load({ ...mutfak, parts: [{ ...mutfak.parts[0], quantity: 3 }] }));
    expect(result.current.shown).toBeUndefined();
    act(() => void result.current.load({ ...mutfak, local: true }));
    expect(result.current.shown).toBeUndefined();
    act(() => void result.current.load(mutfak));
    expect(result.current.shown).toBe(planned);
    act(() => result.current.relayout());
    expect(result.current.shown).toBeUndefined();
  });
});
