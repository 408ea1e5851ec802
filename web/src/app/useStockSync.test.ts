import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshStock, saveStock, StockConflict, useStockSync } from './useStockSync';
import { useWork } from './useWork';

const account = { mode: 'local' as const };
const here = { stock: [{ id: 'h', width: 100, height: 100 }], bands: [], objective: 'area' as const, deductBands: false };
const server = { stock: [{ id: 's', material: 'Beyaz', width: 183, height: 366 }], bands: [{ code: 'B1' }] };
/** the layout options of here, as a save sends them */
const hereOptions = { objective: 'area', deductBands: false, keepLeftover: false };

let calls: { method: string; body?: unknown }[];
let answer: () => Response | Promise<Response>;
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
  it("takes the server's lists and keeps the options chosen here from a server that keeps none", async () => {
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: here }));
    const { result } = both();
    await waitFor(() => expect(result.current.stock?.stock).toEqual(server.stock));
    expect(result.current.stock).toEqual({ ...server, objective: 'area', deductBands: false, optionsLocal: true });
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('sends stock changed here first, and marks it sent', async () => {
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: here, stockUnsent: true }));
    answer = () => Response.json({ stock: here.stock, bands: [] });
    const { result } = both();
    await waitFor(() => expect(result.current.stockUnsent).toBe(false));
    expect(calls).toEqual([{ method: 'PUT', body: { stock: here.stock, bands: [], options: hereOptions, offcutsSeen: [] } }]);
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
    expect(calls.at(-1)).toEqual({ method: 'PUT', body: { stock: edited.stock, bands: [], options: hereOptions, offcutsSeen: ['A-1'] } });
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
    expect(calls[1].body).toEqual({ stock: offline.stock, bands: [], options: hereOptions, offcutsSeen: [] });
  });
});

describe('the stock list version', () => {
  const conflictMsg =
    'Stok listesi siz düzenlerken başka bir pencereden ya da cihazdan kaydedildi; değişiklikleriniz kaydedilmedi. Listeyi yeniden açıp değişikliklerinizi tekrar yapın.';
  type Row = { id: string; width: number; height: number; quantity?: number; offcut?: boolean; price?: number };
  // A server that versions the list as internal/server does: a PUT with
  // the version it read is refused when another save came in since.
  let stored: { stock: Row[]; bands: { code: string }[]; version: number };
  const saveElsewhere = (stock: Row[]) => (stored = { ...stored, stock, version: stored.version + 1 });
  beforeEach(() => {
    stored = { stock: [{ id: 's', width: 183, height: 366 }], bands: [], version: 3 };
    answer = () => {
      const last = calls.at(-1)!;
      if (last.method === 'GET') return Response.json(stored);
      const body = last.body as { stock: Row[]; bands: { code: string }[]; version?: number };
      if (body.version !== undefined && body.version !== stored.version) return Response.json({ error: { code: 'conflict', message: conflictMsg } }, { status: 409 });
      stored = { stock: body.stock, bands: body.bands, version: stored.version + 1 };
      return Response.json(stored);
    };
  });
  const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body as { version?: number });

  it('keeps the version it read and sends it back with every save', async () => {
    const { result } = both();
    await waitFor(() => expect(result.current.stockVersion).toBe(3));
    for (const price of [5, 6]) {
      let r: unknown;
      await act(async () => {
        r = await saveStock({ ...result.current.stock!, stock: [{ id: 's', width: 183, height: 366, price }] }, result.current);
      });
      expect(r).toBe('saved');
    }
    expect(puts().map((b) => b.version)).toEqual([3, 4]);
    expect(result.current.stockVersion).toBe(5);
    expect(result.current.stockUnsent).toBe(false);
    // kept with the work: a reload sends it too
    window.dispatchEvent(new Event('pagehide')); // the page left (a reload) writes what waits to be written
    expect(JSON.parse(localStorage.getItem('kesim-work')!).stockVersion).toBe(5);
  });

  it('keeps the edits when another tab saved since (409), says why, and shows the list saved there', async () => {
    const a1 = { id: 'A-1', width: 80, height: 60, quantity: 1, offcut: true };
    const a2 = { id: 'A-2', width: 50, height: 60, quantity: 1, offcut: true };
    const a3 = { id: 'A-3', width: 40, height: 60, quantity: 1, offcut: true };
    stored.stock = [...stored.stock, a1, a2];
    const { result } = both();
    await waitFor(() => expect(result.current.stockVersion).toBe(3));
    // Another tab saves a new row; a job puts A-3 on the rack (no save).
    saveElsewhere([{ id: 's', width: 183, height: 366 }, { id: 'öbür', width: 210, height: 280 }, a1, a2]);
    stored.stock = [...stored.stock, a3];
    // This tab adds its own row and takes A-1 off the rack.
    const mine = { ...result.current.stock!, stock: [{ id: 's', width: 183, height: 366 }, { id: 'benim', width: 100, height: 100 }, a2] };
    let r: unknown;
    await act(async () => {
      r = await saveStock(mine, result.current);
    });
    expect(r).toBeInstanceOf(StockConflict);
    const c = r as StockConflict;
    expect(c.message).toBe(conflictMsg);
    expect(puts()).toEqual([expect.objectContaining({ version: 3 })]);
    // Nothing was overwritten; the page shows the other tab's list at its version.
    expect(stored.stock.map((row) => row.id)).toEqual(['s', 'öbür', 'A-1', 'A-2', 'A-3']);
    expect(result.current.stock?.stock.map((row) => row.id)).toEqual(['s', 'öbür', 'A-1', 'A-2', 'A-3']);
    expect(result.current.stockVersion).toBe(4);
    expect(result.current.stockUnsent).toBe(false);
    // The user's list is kept, with the rack as it is now but A-1, which they took off.
    expect(c.mine.stock.map((row) => row.id)).toEqual(['s', 'benim', 'A-2', 'A-3']);
    expect(c.version).toBe(4);
    // It holds the server's list as read then, for the dialog to show which rows differ.
    expect(c.server?.stock.map((row) => row.id)).toEqual(['s', 'öbür', 'A-1', 'A-2', 'A-3']);
    expect(c.server?.version).toBe(4);
    // Saved again, it goes over the list the user was told of.
    await act(async () => {
      r = await saveStock(c.mine, result.current);
    });
    expect(r).toBe('saved');
    expect(puts().at(-1)).toMatchObject({ version: 4, offcutsSeen: ['A-1', 'A-2', 'A-3'] });
    expect(stored.stock.map((row) => row.id)).toEqual(['s', 'benim', 'A-2', 'A-3']);
    expect(result.current.stockVersion).toBe(5);
  });

  it("saves a dialog's list with the version and rack it was opened on, though the page took a newer list from another tab since", async () => {
    const a1 = { id: 'A-1', width: 80, height: 60, quantity: 1, offcut: true };
    const a5 = { id: 'A-5', width: 90, height: 60, quantity: 1, offcut: true };
    stored.stock = [{ id: 's', width: 183, height: 366, quantity: 5 }, a1];
    const { result } = both();
    await waitFor(() => expect(result.current.stockVersion).toBe(3));
    // The dialog opens on the list at version 3.
    const read = { settings: result.current.stock!, version: result.current.stockVersion };
    // Another tab marks a job cut: two sheets off s, A-5 on the rack; this tab takes the list over (storage event).
    saveElsewhere([{ id: 's', width: 183, height: 366, quantity: 3 }, a1, a5]);
    act(() => result.current.setStock({ ...result.current.stock!, stock: stored.stock }, false, stored.version));
    expect(result.current.stockVersion).toBe(4);
    // The dialog saves its old rows (s still 5, a price changed): refused, nothing of the cut undone.
    const mine = { ...read.settings, stock: [{ id: 's', width: 183, height: 366, quantity: 5, price: 10 }, a1] };
    let r: unknown;
    await act(async () => {
      r = await saveStock(mine, result.current, read.version, read.settings);
    });
    expect(r).toBeInstanceOf(StockConflict);
    expect(puts()).toEqual([expect.objectContaining({ version: 3, offcutsSeen: ['A-1'] })]);
    expect(stored.stock).toEqual([{ id: 's', width: 183, height: 366, quantity: 3 }, a1, a5]);
  });

  it('keeps the user\'s list on screen, unsent, when the server\'s cannot be read after a 409', async () => {
    const { result } = both();
    await waitFor(() => expect(result.current.stockVersion).toBe(3));
    saveElsewhere([]);
    const mine = { ...result.current.stock!, stock: [{ id: 'benim', width: 100, height: 100 }] };
    const refused = answer;
    answer = () => (calls.at(-1)!.method === 'GET' ? new Response('null', { status: 503 }) : refused());
    let r: unknown;
    await act(async () => {
      r = await saveStock(mine, result.current);
    });
    expect(r).toBeInstanceOf(StockConflict);
    expect((r as StockConflict).mine).toEqual(mine);
    expect((r as StockConflict).server).toBeUndefined();
    expect(result.current.stock).toEqual(mine);
    expect(result.current.stockUnsent).toBe(true);
  });

  it('sends no version to a server that gives none, and saves as before', async () => {
    answer = () => {
      const last = calls.at(-1)!;
      return Response.json(last.method === 'GET' ? server : last.body);
    };
    const { result } = both();
    await waitFor(() => expect(result.current.stock?.stock).toEqual(server.stock));
    expect(result.current.stockVersion).toBeUndefined();
    let r: unknown;
    await act(async () => {
      r = await saveStock({ ...result.current.stock!, stock: here.stock }, result.current);
    });
    expect(r).toBe('saved');
    expect(calls.at(-1)!.body).not.toHaveProperty('version');
    expect(result.current.stockVersion).toBeUndefined();
  });

  it('sends an offline change with the version of the list it was compared with', async () => {
    stored.version = 9;
    localStorage.setItem(
      'kesim-work',
      JSON.stringify({ parts: [], canvas: {}, stock: { ...here, stock: [{ id: 's', width: 183, height: 366, price: 7 }] }, stockUnsent: true, stockBase: JSON.stringify([stored.stock, [], null]), stockVersion: 2 }),
    );
    const ask = vi.fn(async () => true);
    const { result } = renderHook(() => {
      const work = useWork(account);
      useStockSync(account, true, work, ask);
      return work;
    });
    await waitFor(() => expect(result.current.stockUnsent).toBe(false));
    expect(ask).not.toHaveBeenCalled();
    expect(puts()).toEqual([expect.objectContaining({ version: 9 })]);
    expect(result.current.stockVersion).toBe(10);
  });

  it('does not take the server\'s list over one changed here and not sent yet, unless asked to', async () => {
    const unsent = { ...here, stock: [{ id: 'benim', width: 100, height: 100 }] };
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: unsent, stockUnsent: true, stockVersion: 3 }));
    const { result } = renderHook(() => useWork(account));
    let read: boolean | undefined;
    await act(async () => {
      read = await refreshStock(result.current);
    });
    expect(read).toBe(false);
    expect(calls).toEqual([]);
    expect(result.current.stock).toEqual(unsent);
    await act(async () => {
      read = await refreshStock(result.current, true);
    });
    expect(read).toBe(true);
    expect(result.current.stock?.stock).toEqual(stored.stock);
    expect(result.current.stockUnsent).toBe(false);
  });

  describe('saves of one tab', () => {
    // The server takes each PUT as it comes (the versions above), but its
    // answer comes back only when let go: the round trip a second save can
    // be made in.
    let held: (() => void)[];
    const slow = () => {
      held = [];
      const serve = answer;
      answer = () => {
        const res = serve();
        if (calls.at(-1)!.method !== 'PUT') return res;
        return new Promise<Response>((ok) => held.push(() => ok(res)));
      };
    };
    const letGo = () => held.shift()!();
    const row = (price: number): Row => ({ id: 's', width: 183, height: 366, price });

    it('sends a save made before the answer to the last one after it, with the version that answer gave', async () => {
      const { result } = both();
      await waitFor(() => expect(result.current.stockVersion).toBe(3));
      slow();
      const work = result.current;
      const first = { ...work.stock!, stock: [row(5)] };
      const second = { ...work.stock!, stock: [row(6)] };
      let a!: Promise<unknown>, b!: Promise<unknown>;
      await act(async () => {
        a = saveStock(first, work);
        b = saveStock(second, work);
      });
      // One PUT at a time: the second waits for the first's answer.
      expect(puts()).toEqual([expect.objectContaining({ version: 3, stock: first.stock })]);
      await act(async () => {
        letGo();
        expect(await a).toBe('saved');
      });
      await waitFor(() => expect(puts()).toHaveLength(2));
      expect(puts()[1]).toMatchObject({ version: 4, stock: second.stock });
      await act(async () => {
        letGo();
        expect(await b).toBe('saved');
      });
      expect(stored).toMatchObject({ stock: second.stock, version: 5 });
      expect(result.current.stock?.stock).toEqual(second.stock);
      expect(result.current.stockVersion).toBe(5);
      expect(result.current.stockUnsent).toBe(false);
    });

    it('sends only the latest of the saves that waited, with the offcuts each had read, and answers every one', async () => {
      const a1 = { id: 'A-1', width: 80, height: 60, quantity: 1, offcut: true };
      const a2 = { id: 'A-2', width: 50, height: 60, quantity: 1, offcut: true };
      stored.stock = [row(4), a1, a2];
      const { result } = both();
      await waitFor(() => expect(result.current.stockVersion).toBe(3));
      slow();
      const lists = [
        { ...result.current.stock!, stock: [row(5), a1, a2] },
        { ...result.current.stock!, stock: [row(5), a2] }, // A-1 taken off the rack
        { ...result.current.stock!, stock: [row(7), a2] },
      ];
      const answers: Promise<unknown>[] = [];
      for (const s of lists)
        await act(async () => {
          answers.push(saveStock(s, result.current));
        });
      expect(puts()).toHaveLength(1);
      await act(async () => {
        letGo();
        expect(await answers[0]).toBe('saved');
      });
      // The first is stored; the page shows the latest list, not yet sent, over it.
      expect(result.current.stock?.stock).toEqual(lists[2].stock);
      expect(result.current.stockUnsent).toBe(true);
      expect(result.current.stockVersion).toBe(4);
      await waitFor(() => expect(puts()).toHaveLength(2));
      expect(puts()[1]).toEqual({ stock: lists[2].stock, bands: [], offcutsSeen: ['A-1', 'A-2'], version: 4 });
      await act(async () => {
        letGo();
        expect(await Promise.all(answers.slice(1))).toEqual(['saved', 'saved']);
      });
      expect(puts()).toHaveLength(2);
      expect(result.current.stock?.stock).toEqual(lists[2].stock);
      expect(result.current.stockVersion).toBe(5);
      expect(result.current.stockUnsent).toBe(false);
    });

    it('goes with the version of the last answer when the page had not shown it yet', async () => {
      const { result } = both();
      await waitFor(() => expect(result.current.stockVersion).toBe(3));
      // The page's copy of the work from before the first save, as a handler made then has it.
      const work = result.current;
      let r: unknown;
      await act(async () => {
        r = await saveStock({ ...work.stock!, stock: [row(5)] }, work);
      });
      expect(r).toBe('saved');
      await act(async () => {
        r = await saveStock({ ...work.stock!, stock: [row(6)] }, work);
      });
      expect(r).toBe('saved');
      expect(puts().map((b) => b.version)).toEqual([3, 4]);
      expect(result.current.stockVersion).toBe(5);
    });

    it('answers a conflict with another tab once, holding the latest list, and sends no save read at the refused version', async () => {
      const { result } = both();
      await waitFor(() => expect(result.current.stockVersion).toBe(3));
      saveElsewhere([row(1), { id: 'öbür', width: 210, height: 280 }]);
      slow();
      const work = result.current;
      const first = { ...work.stock!, stock: [row(5)] };
      const second = { ...work.stock!, stock: [row(6), { id: 'benim', width: 100, height: 100 }] };
      let a!: Promise<unknown>, b!: Promise<unknown>;
      await act(async () => {
        a = saveStock(first, work);
        b = saveStock(second, work);
      });
      let c: unknown;
      await act(async () => {
        letGo();
        c = await a;
      });
      expect(c).toBeInstanceOf(StockConflict);
      expect(await b).toBe(c);
      expect((c as StockConflict).message).toBe(conflictMsg);
      expect((c as StockConflict).mine.stock).toEqual(second.stock);
      expect((c as StockConflict).version).toBe(4);
      expect(puts()).toEqual([expect.objectContaining({ version: 3 })]);
      // The page shows the list saved elsewhere, at its version; nothing of this tab's was stored.
      expect(result.current.stock?.stock.map((x) => x.id)).toEqual(['s', 'öbür']);
      expect(result.current.stockVersion).toBe(4);
      expect(stored.version).toBe(4);
      // Saved again, the user's list goes over it.
      await act(async () => {
        const again = saveStock((c as StockConflict).mine, result.current);
        letGo();
        expect(await again).toBe('saved');
      });
      expect(puts().at(-1)).toMatchObject({ version: 4, stock: second.stock });
    });

    it.each([
      ['out of reach', () => Promise.reject(new TypeError('Failed to fetch')), 'local'],
      ['refused for its lists', () => Response.json({ error: { code: 'invalid', message: 'Geçersiz stok.' } }, { status: 400 }), 'Geçersiz stok.'],
    ])('answers a first save %s as before, then sends the one that waited', async (_, fail, said) => {
      const { result } = both();
      await waitFor(() => expect(result.current.stockVersion).toBe(3));
      slow();
      const serve = answer;
      let failed = false;
      answer = () => {
        if (calls.at(-1)!.method === 'PUT' && !failed) {
          failed = true;
          return new Promise<Response>((ok, no) => held.push(() => void Promise.resolve().then(fail).then(ok, no)));
        }
        return serve();
      };
      const work = result.current;
      const first = { ...work.stock!, stock: [row(5)] };
      const second = { ...work.stock!, stock: [row(6)] };
      let a!: Promise<unknown>, b!: Promise<unknown>;
      await act(async () => {
        a = saveStock(first, work);
        b = saveStock(second, work);
      });
      await act(async () => {
        letGo();
        const r = await a;
        expect(r === 'local' ? r : (r as Error).message).toBe(said);
      });
      // Nothing was stored: the list waiting is on screen, and goes with the version it was read at.
      expect(result.current.stock?.stock).toEqual(second.stock);
      await waitFor(() => expect(puts()).toHaveLength(2));
      expect(puts()[1]).toMatchObject({ version: 3, stock: second.stock });
      await act(async () => {
        letGo();
        expect(await b).toBe('saved');
      });
      expect(stored).toMatchObject({ stock: second.stock, version: 4 });
      expect(result.current.stockUnsent).toBe(false);
      expect(result.current.stockVersion).toBe(4);
    });

    it('keeps the latest list on screen, unsent, when neither save reaches the server', async () => {
      const { result } = both();
      await waitFor(() => expect(result.current.stockVersion).toBe(3));
      answer = () => (calls.at(-1)!.method === 'PUT' ? new Response('null', { status: 503 }) : Response.json(stored));
      slow();
      const work = result.current;
      const second = { ...work.stock!, stock: [row(6)] };
      let a!: Promise<unknown>, b!: Promise<unknown>;
      await act(async () => {
        a = saveStock({ ...work.stock!, stock: [row(5)] }, work);
        b = saveStock(second, work);
      });
      await act(async () => {
        letGo();
        expect(await a).toBe('local');
      });
      await waitFor(() => expect(puts()).toHaveLength(2));
      await act(async () => {
        letGo();
        expect(await b).toBe('local');
      });
      expect(result.current.stock).toEqual(second);
      expect(result.current.stockUnsent).toBe(true);
      expect(result.current.stockVersion).toBe(3);
    });

    it('sends a save made while an offline change is on its way after it, with the version it gave', async () => {
      const offline = [row(7)];
      localStorage.setItem(
        'kesim-work',
        JSON.stringify({ parts: [], canvas: {}, stock: { ...here, stock: offline }, stockUnsent: true, stockBase: JSON.stringify([stored.stock, [], null]), stockVersion: 3 }),
      );
      slow();
      const ask = vi.fn(async () => true);
      const { result } = renderHook(() => {
        const work = useWork(account);
        useStockSync(account, true, work, ask);
        return work;
      });
      await waitFor(() => expect(puts()).toHaveLength(1));
      const mine = { ...result.current.stock!, stock: [row(8)] };
      let b!: Promise<unknown>;
      await act(async () => {
        b = saveStock(mine, result.current);
      });
      expect(puts()).toHaveLength(1);
      await act(async () => {
        letGo();
      });
      await waitFor(() => expect(puts()).toHaveLength(2));
      expect(puts()).toEqual([expect.objectContaining({ version: 3, stock: offline }), expect.objectContaining({ version: 4, stock: mine.stock })]);
      await act(async () => {
        letGo();
        expect(await b).toBe('saved');
      });
      expect(ask).not.toHaveBeenCalled();
      expect(result.current.stock?.stock).toEqual(mine.stock);
      expect(result.current.stockVersion).toBe(5);
      expect(result.current.stockUnsent).toBe(false);
    });
  });
});

describe('the layout options kept with the stock', () => {
  type Options = { objective: string; deductBands: boolean; keepLeftover: boolean };
  const defaults: Options = { objective: 'cost', deductBands: false, keepLeftover: false };
  // A server that keeps the options as internal/server does: the
  // defaults and optionsSaved false until a PUT sends some, kept by a PUT
  // without them; versions as above.
  let stored: { stock: unknown[]; bands: unknown[]; options: Options; optionsSaved: boolean; version: number };
  beforeEach(() => {
    stored = { stock: [{ id: 's', width: 183, height: 366 }], bands: [], options: defaults, optionsSaved: false, version: 3 };
    answer = () => {
      const last = calls.at(-1)!;
      if (last.method === 'GET') return Response.json(stored);
      const body = last.body as { stock: unknown[]; bands: unknown[]; options?: Options; version?: number };
      if (body.version !== undefined && body.version !== stored.version)
        return Response.json({ error: { code: 'conflict', message: 'başka yerde kaydedildi' } }, { status: 409 });
      stored = {
        stock: body.stock,
        bands: body.bands,
        options: body.options ?? stored.options,
        optionsSaved: stored.optionsSaved || !!body.options,
        version: stored.version + 1,
      };
      return Response.json(stored);
    };
  });
  const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body as { options?: Options; version?: number });

  it("takes the server's options over the ones this browser kept", async () => {
    stored = { ...stored, options: { objective: 'sheets', deductBands: true, keepLeftover: true }, optionsSaved: true };
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: here }));
    const { result } = both();
    await waitFor(() => expect(result.current.stockVersion).toBe(3));
    expect(result.current.stock).toEqual({ stock: stored.stock, bands: [], objective: 'sheets', deductBands: true, keepLeftover: true });
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    // kept here as the server's: a reload lays out with them too
    window.dispatchEvent(new Event('pagehide')); // the page left (a reload) writes what waits to be written
    expect(JSON.parse(localStorage.getItem('kesim-work')!).stock).toMatchObject({ objective: 'sheets', deductBands: true, keepLeftover: true });
  });

  it('sends the options with every save, and the server then has them', async () => {
    stored = { ...stored, optionsSaved: true };
    const { result } = both();
    await waitFor(() => expect(result.current.stockVersion).toBe(3));
    let r: unknown;
    await act(async () => {
      r = await saveStock({ ...result.current.stock!, deductBands: true }, result.current);
    });
    expect(r).toBe('saved');
    expect(puts()).toEqual([expect.objectContaining({ options: { objective: 'cost', deductBands: true, keepLeftover: false }, version: 3 })]);
    expect(stored.options.deductBands).toBe(true);
    expect(result.current.stock?.deductBands).toBe(true);
    expect(result.current.stockUnsent).toBe(false);
    // Back to the defaults: sent too, the server's being saved.
    await act(async () => {
      r = await saveStock({ ...result.current.stock!, deductBands: false }, result.current);
    });
    expect(puts()[1]).toMatchObject({ options: defaults, version: 4 });
  });

  it('sends the options chosen in this browser at the start when the server has none yet, with the lists it read', async () => {
    const mine = { ...here, deductBands: true };
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: mine }));
    const { result } = both();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({ stock: [{ id: 's', width: 183, height: 366 }], bands: [], options: { objective: 'area', deductBands: true, keepLeftover: false }, offcutsSeen: [], version: 3 });
    await waitFor(() => expect(result.current.stockUnsent).toBe(false));
    expect(stored).toMatchObject({ options: { objective: 'area', deductBands: true }, optionsSaved: true, version: 4 });
    expect(result.current.stock).toEqual({ stock: stored.stock, bands: [], objective: 'area', deductBands: true });
    expect(result.current.stockVersion).toBe(4);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT']);
  });

  it('keeps the options chosen here unsent, for the next start, when the server cannot take them', async () => {
    const mine = { ...here, keepLeftover: true };
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: mine }));
    const serve = answer;
    answer = () => (calls.at(-1)!.method === 'PUT' ? new Response('', { status: 503 }) : serve());
    const { result } = both();
    await waitFor(() => expect(puts()).toHaveLength(1));
    await act(async () => {});
    expect(result.current.stockUnsent).toBe(true);
    expect(result.current.stock).toMatchObject({ objective: 'area', keepLeftover: true });
    expect(result.current.stock?.optionsLocal).toBeUndefined();
  });

  it('sends no options of a browser that has only the defaults while the server has none, so that another device\'s choice is not overwritten', async () => {
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: { ...here, objective: 'cost' } }));
    const { result } = both();
    await waitFor(() => expect(result.current.stockVersion).toBe(3));
    expect(result.current.stock?.optionsLocal).toBe(true);
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    // Meanwhile another device sends its options; this one saves a row.
    stored = { ...stored, options: { objective: 'sheets', deductBands: true, keepLeftover: false }, optionsSaved: true };
    await act(async () => {
      await saveStock({ ...result.current.stock!, stock: [{ id: 's', width: 183, height: 366, price: 9 }] }, result.current);
    });
    expect(puts()[0].options).toBeUndefined();
    // The save answers the server's options, which the page now lays out with.
    expect(result.current.stock).toMatchObject({ objective: 'sheets', deductBands: true });
    expect(result.current.stock?.optionsLocal).toBeUndefined();
  });
});
