import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useJobSync } from './useJobSync';
import type { WorkJob } from './work';

const piece = (id: string) => ({ id, name: 'Yan', x: 0, y: 0, width: 1, height: 1, rotated: false, originalIndex: 0 });
const pages = [
  { id: 'p1', efficiency: 1, parts: [piece('a-1')] },
  { id: 'p2', efficiency: 1, parts: [piece('a-2')] },
];
let server: { state: string; cutPieces: string[] };

beforeEach(() => {
  server = { state: 'cutting', cutPieces: ['a-2'] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/layouts/9' ? Response.json({ id: '9', result: { pages }, ...server }) : new Response('null', { status: 404 }))),
  );
});

describe('useJobSync', () => {
  it('pins the sheets ticked since the job being cut was loaded', async () => {
    const setJob = vi.fn();
    const job: WorkJob = { id: '9', name: 'Mutfak', state: 'cutting', pinned: [] };
    renderHook(() => useJobSync({ job, setJob }));
    await waitFor(() => expect(setJob).toHaveBeenCalledWith('9', { state: 'cutting', pinned: [pages[1]] }));
  });

  it('takes a state changed elsewhere, and asks nothing for a cut job', async () => {
    server.state = 'cut';
    const setJob = vi.fn();
    renderHook(() => useJobSync({ job: { id: '9', name: 'Mutfak', state: 'cutting', pinned: [pages[1]] }, setJob }));
    await waitFor(() => expect(setJob).toHaveBeenCalledWith('9', { state: 'cut', pinned: [] }));
    vi.mocked(fetch).mockClear();
    renderHook(() => useJobSync({ job: { id: '9', name: 'Mutfak', state: 'cut', pinned: [] }, setJob }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('passes a job cut elsewhere as the server has it, with its offcuts, so that the screen keeps it as sawn', async () => {
    const offcuts = [{ page: 0, x: 56, y: 0, width: 44, height: 148, code: 'A-1' }];
    Object.assign(server, { state: 'cut', name: 'Mutfak', parts: [], cutOffcuts: offcuts });
    const setJob = vi.fn();
    renderHook(() => useJobSync({ job: { id: '9', name: 'Mutfak', state: 'cutting', pinned: [] }, setJob }));
    await waitFor(() => expect(setJob).toHaveBeenCalledWith('9', { state: 'cut', pinned: [] }, expect.objectContaining({ id: '9', cutOffcuts: offcuts, result: { pages } })));
  });

  it('learns that a planned job on screen started being cut at the saw, with its ticked sheet pinned', async () => {
    const setJob = vi.fn();
    renderHook(() => useJobSync({ job: { id: '9', name: 'Mutfak', state: 'planned', pinned: [] }, setJob }));
    await waitFor(() => expect(setJob).toHaveBeenCalledWith('9', { state: 'cutting', pinned: [pages[1]] }));
  });
});
