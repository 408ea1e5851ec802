import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CANVAS } from '../features/canvas/settings';
import type { Page } from '../features/engine/types';
import { buildRequest } from './useLayoutSearch';
import { useWork } from './useWork';

// The work as a job: a saved layout with its result, being cut.
const account = { mode: 'local' as const };
const placed = (id: string) => ({ id, name: 'Yan', x: 0, y: 0, width: 56, height: 72, rotated: false, originalIndex: 0 });
const pages: Page[] = [
  { id: 'p1', efficiency: 30, parts: [placed('yan-1')] },
  { id: 'p2', efficiency: 30, parts: [placed('yan-2')] },
];
const job = {
  id: '9',
  name: 'Mutfak',
  parts: [{ id: 'yan', name: 'Yan', width: 56, height: 72, quantity: 2 }],
  sheet: { width: 100, height: 100 },
  createdAt: '',
  result: { sheet: { width: 100, height: 100 }, pages, skipped: [], stats: { pages: 2, lowerBound: 1, optimal: false, efficiency: 30, placed: 2, elapsedMs: 1 } },
  state: 'cutting' as const,
  cutPieces: ['yan-2'],
};

beforeEach(() => localStorage.clear());

describe('a job on screen', () => {
  it('keeps the part ids its pieces name and pins the pages with a ticked piece', () => {
    const { result } = renderHook(() => useWork(account));
    act(() => result.current.load(job));
    expect(result.current.parts.map((p) => p.id)).toEqual(['yan']);
    expect(result.current.job).toEqual({ id: '9', name: 'Mutfak', state: 'cutting', pinned: [pages[1]] });
    // kept in this browser
    expect(renderHook(() => useWork(account)).result.current.job?.pinned.map((p) => p.id)).toEqual(['p2']);
  });

  it('is no job once the list is cleared, another layout is loaded or it is saved as a new layout', () => {
    const { result } = renderHook(() => useWork(account));
    act(() => result.current.load(job));
    act(() => result.current.clear());
    expect(result.current.job).toBeUndefined();
    act(() => result.current.load(job));
    act(() => result.current.load({ id: '3', name: 'Eski', parts: job.parts, createdAt: '' }));
    expect(result.current.job).toBeUndefined();
    expect(result.current.parts[0].id).not.toBe('yan');
    act(() => result.current.load(job));
    act(() => result.current.markSaved(job.parts, { id: '10', name: 'Yeni' }));
    expect(result.current.job).toEqual({ id: '10', name: 'Yeni', state: 'planned', pinned: [] });
  });

  it('saved over itself keeps its state and pinned pages; a state change elsewhere is taken', () => {
    const { result } = renderHook(() => useWork(account));
    act(() => result.current.load(job));
    act(() => result.current.markSaved(job.parts, { id: '9', name: 'Mutfak' }));
    expect(result.current.job?.pinned.map((p) => p.id)).toEqual(['p2']);
    act(() => result.current.setJob('9', { state: 'cut', pinned: [] }));
    expect(result.current.job).toMatchObject({ state: 'cut', pinned: [] });
    act(() => result.current.setJob('other', { state: 'planned' }));
    expect(result.current.job?.state).toBe('cut');
  });

  it('sends the pinned pages with the request, and nothing new without them', () => {
    const parts = [{ id: 'yan', name: 'Yan', width: 56, height: 72, quantity: 2 }];
    expect(buildRequest(parts, DEFAULT_CANVAS, 3000, 1, undefined, [pages[1]])).toMatchObject({ pinned: [pages[1]] });
    expect(buildRequest(parts, DEFAULT_CANVAS, 3000, 1, undefined, [])).not.toHaveProperty('pinned');
  });

  it('loads a layout’s stock rows but keeps the rack’s offcuts as they are now', () => {
    const { result } = renderHook(() => useWork(account));
    const onRack = { id: 'A-1', width: 80, height: 60, quantity: 1, offcut: true, sourceLayoutId: '3', createdAt: '2026-11-24T10:00:00Z' };
    act(() => result.current.setStock({ stock: [onRack], bands: [], objective: 'cost', deductBands: false }, false));
    const s1 = { id: 's1', width: 183, height: 366 };
    let sent: ReturnType<typeof result.current.load>;
    act(() => {
      sent = result.current.load({ ...job, stock: [s1, { id: 'A-9', width: 50, height: 50, quantity: 1, offcut: true }] });
    });
    expect(result.current.stock?.stock).toEqual([s1, onRack]);
    expect(sent!.stock).toEqual([s1, onRack]);
  });
});
