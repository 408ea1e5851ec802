import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveStock, useStockSync } from './useStockSync';
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
    expect(calls).toEqual([{ method: 'PUT', body: { stock: here.stock, bands: [], offcutsSeen: [] } }]);
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

  it('drops an offcut another job used since, when the server refuses it, and sends the rest again', async () => {
    const gone = { id: 'A-1', width: 80, height: 60, quantity: 1, offcut: true };
    const kept = { id: 'A-2', width: 50, height: 60, quantity: 1, offcut: true };
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: { ...here, stock: [...here.stock, gone, kept] }, stockUnsent: true }));
    answer = () => {
      const last = calls.at(-1)!;
      if (last.method === 'GET') return Response.json({ stock: [kept], bands: [] });
      const ids = (last.body as { stock: { id: string }[] }).stock.map((r) => r.id);
      if (ids.includes('A-1')) return Response.json({ error: { code: 'invalid', message: 'Bu artık parça rafta yok.' } }, { status: 400 });
      return Response.json(last.body);
    };
    const { result } = both();
    await waitFor(() => expect(result.current.stockUnsent).toBe(false));
    expect(result.current.stock?.stock.map((r) => r.id)).toEqual(['h', 'A-2']);
    expect(calls.map((c) => c.method)).toEqual(['PUT', 'GET', 'PUT']);
  });

  it('saves with the offcuts this tab had read, and shows the ones a job put on the rack since', async () => {
    const old = { id: 'A-1', width: 80, height: 60, quantity: 1, offcut: true };
    const fresh = { id: 'A-2', width: 50, height: 60, quantity: 1, offcut: true };
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: { ...here, stock: [...here.stock, old] } }));
    // The server's rack when the tab opened: A-1.
    answer = () => Response.json({ stock: [...here.stock, old], bands: [] });
    const { result } = both();
    await waitFor(() => expect(calls).toHaveLength(1));
    // Meanwhile a job was cut elsewhere: A-2 is on the rack. The tab saves
    // a new price, its own copy of the rack holding A-1 only.
    answer = () => Response.json({ stock: [{ ...here.stock[0], price: 5 }, old, fresh], bands: [] });
    const edited = { ...result.current.stock!, stock: [{ ...here.stock[0], price: 5 }, old] };
    let r: unknown;
    await act(async () => {
      r = await saveStock(edited, result.current);
    });
    expect(r).toBe('saved');
    expect(calls.at(-1)).toEqual({ method: 'PUT', body: { stock: edited.stock, bands: [], offcutsSeen: ['A-1'] } });
    expect(result.current.stock?.stock.map((s) => s.id)).toEqual(['h', 'A-1', 'A-2']);
    expect(result.current.stockUnsent).toBe(false);
  });
});

describe('useStockSync after an offline change', () => {
  const base = JSON.stringify([[{ id: 'h', width: 100, height: 100 }], [], null]);
  const offline = { stock: [{ id: 'h', width: 100, height: 100 }, { id: 'yeni', width: 50, height: 50 }], bands: [], objective: 'area' as const, deductBands: false };
  const keep = (stockBase: string) =>
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: offline, stockUnsent: true, stockBase }));
  const withAsk = (ask: (text: string) => Promise<boolean>) =>
    renderHook(() => {
      const work = useWork(account);
      useStockSync(account, true, work, ask);
      return work;
    });

  it('sends it without asking when the server still has what this browser last read', async () => {
    keep(base);
    answer = () => Response.json({ stock: here.stock, bands: [] });
    const ask = vi.fn(async () => true);
    const { result } = withAsk(ask);
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT']));
    expect(ask).not.toHaveBeenCalled();
    answer = () => Response.json({ stock: offline.stock, bands: [] });
    await waitFor(() => expect(result.current.stockUnsent).toBe(false));
  });

  it('asks when the stock was changed elsewhere meanwhile, and takes the server\'s list when told so', async () => {
    keep(base);
    const ask = vi.fn(async () => false);
    const { result } = withAsk(ask);
    await waitFor(() => expect(result.current.stockUnsent).toBe(false));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(result.current.stock?.stock).toEqual(server.stock);
  });

  it('notes the server\'s stock as the base when it is the same as here', async () => {
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: { ...server, objective: 'cost', deductBands: false } }));
    const { result } = both();
    await waitFor(() => expect(result.current.stockBase).toBe(JSON.stringify([server.stock, server.bands, null])));
  });

  it('sends this browser\'s list over the other when told so', async () => {
    keep(base);
    const ask = vi.fn(async () => true);
    withAsk(ask);
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT']));
    expect(calls[1].body).toEqual({ stock: offline.stock, bands: [], offcutsSeen: [] });
  });
});
