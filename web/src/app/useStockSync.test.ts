import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useStockSync } from './useStockSync';
import { useWork } from './useWork';

const account = { mode: 'local' as const };
const here = { stock: [{ id: 'h', width: 100, height: 100 }], bands: [], objective: 'area' as const, deductBands: false };
const server = { stock: [{ id: 's', material: 'Beyaz', width: 183, height: 366 }], bands: [{ code: 'B1' }] };

let calls: { method: string; body?: unknown }[];
let answer: () => Response;
beforeEach(() => {
  localStorage.clear();
  calls = [];
  answer = () => Response.json(server);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/api/stock') return new Response('null', { status: 404 });
      calls.push({ method: init?.method ?? 'GET', body: init?.body ? JSON.parse(init.body as string) : undefined });
      return answer();
    }),
  );
});

function both() {
  return renderHook(() => {
    const work = useWork(account);
    useStockSync(account, true, work);
    return work;
  });
}

describe('useStockSync', () => {
  it("takes the server's lists and keeps the options chosen here", async () => {
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: here }));
    const { result } = both();
    await waitFor(() => expect(result.current.stock?.stock).toEqual(server.stock));
    expect(result.current.stock).toEqual({ ...server, objective: 'area', deductBands: false });
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('sends stock changed here first, and marks it sent', async () => {
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: here, stockUnsent: true }));
    answer = () => Response.json({ stock: here.stock, bands: [] });
    const { result } = both();
    await waitFor(() => expect(result.current.stockUnsent).toBe(false));
    expect(calls).toEqual([{ method: 'PUT', body: { stock: here.stock, bands: [] } }]);
    expect(result.current.stock?.stock).toEqual(here.stock);
  });

  it('keeps the stock here when the server has no /api/stock', async () => {
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: here, stockUnsent: true }));
    answer = () => new Response('null', { status: 404 });
    const { result } = both();
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {});
    expect(result.current.stockUnsent).toBe(true);
    expect(result.current.stock).toEqual(here);
  });
});
