import { useEffect, useEffectEvent } from 'react';
import { merged, notThere, offcutIds, sameLists, stockApi, stockPrint } from '../features/stock/api';
import { isOffcut } from '../features/stock/offcuts';
import type { StockSettings } from '../features/stock/stock';
import { stockMsg } from '../features/stock/texts';
import { ApiError } from '../lib/api';
import type { Me } from '../lib/account';

interface StockWork {
  owner: string | null;
  stock: StockSettings | undefined;
  stockUnsent: boolean;
  /** the stock as the server last had it here (stockPrint), undefined when not known */
  stockBase?: string;
  setStock: (s: StockSettings, unsent: boolean) => void;
  stockSent: (s: StockSettings) => void;
}

/**
 * useStockSync brings the user's stock from the server (GET /api/stock)
 * once the page is shown and whenever another account signs in; stock
 * changed in this browser while the server could not take it is sent
 * first (PUT). A server without /api/stock leaves the stock in this
 * browser, as the parts are. When the server's stock changed elsewhere
 * meanwhile (it is not the stockBase this browser last agreed on), ask
 * (the notices' confirm) decides which list stays: sent as it was, the
 * other device's changes were replaced without a word.
 */
export function useStockSync(account: Me | null | undefined, shown: boolean, work: StockWork, ask?: (text: string) => Promise<boolean>): void {
  const sync = useEffectEvent(async (live: () => boolean) => {
    if (work.stockUnsent && work.stock) {
      const sent = work.stock;
      if (ask && work.stockBase !== undefined) {
        let server;
        try {
          server = await stockApi.get();
        } catch {
          return; // kept here, sent at the next start
        }
        if (!live()) return;
        const now = stockPrint(server ?? undefined);
        if (server && now !== work.stockBase && now !== stockPrint(sent) && !(await ask(stockMsg.changedElsewhere))) {
          if (live()) work.setStock(merged(server, work.stock), false);
          return;
        }
        if (!live()) return;
      }
      try {
        // Changed here while the server could not take it: the offcuts
        // it keeps are the ones this browser knew of, so none goes.
        const taken = await putStock(sent, offcutIds(sent));
        if (!live()) return;
        if (sameLists(taken, sent)) work.stockSent(sent);
        else work.setStock(taken, false);
      } catch {
        /* kept here, sent at the next start */
      }
      return;
    }
    try {
      const server = await stockApi.get();
      if (!live() || !server) return;
      const next = merged(server, work.stock);
      // Also when the lists are the same: the server's is then the base
      // an offline change is compared with.
      if (!sameLists(next, work.stock) || work.stockBase !== stockPrint(next)) work.setStock(next, false);
    } catch (e) {
      if (!notThere(e)) console.warn('stock', e);
    }
  });
  useEffect(() => {
    if (!shown || !account || work.owner === null) return;
    let live = true;
    void sync(() => live);
    return () => {
      live = false;
    };
  }, [shown, account, work.owner]);
}

/**
 * putStock sends the stock (PUT /api/stock) with the rack's offcuts this
 * browser had read (seen) and answers what the server stored, with the
 * options kept here: s's lists, or, when it refused offcuts no longer on
 * the rack (another job used them since this browser saw them), s without
 * those, sent again once; and offcuts a job put on the rack since, which
 * the server kept.
 */
async function putStock(s: StockSettings, seen: string[]): Promise<StockSettings> {
  const send = async (x: StockSettings) => {
    const stored = await stockApi.put(x, seen);
    return stored ? merged(stored, x) : x;
  };
  try {
    return await send(s);
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 400 && s.stock.some(isOffcut))) throw e;
    const rack = new Set((await stockApi.get())?.stock.filter(isOffcut).map((r) => r.id));
    const kept = { ...s, stock: s.stock.filter((r) => !isOffcut(r) || rack.has(r.id)) };
    if (kept.stock.length === s.stock.length) throw e;
    return await send(kept);
  }
}

/**
 * refreshStock takes the server's stock again (offcuts came or went with a
 * job's state); a failure leaves the stock on screen as it is.
 */
export async function refreshStock(work: Pick<StockWork, 'stock' | 'setStock' | 'stockBase'>): Promise<void> {
  try {
    const server = await stockApi.get();
    if (!server) return;
    const next = merged(server, work.stock);
    if (!sameLists(next, work.stock) || work.stockBase !== stockPrint(next)) work.setStock(next, false);
  } catch (e) {
    if (!notThere(e)) console.warn('stock', e);
  }
}

/**
 * saveStock puts the dialog's stock on screen at once and sends it to the
 * server; it answers 'saved', 'local' (kept in this browser, sent later) or
 * the server's message when it refused the lists.
 */
export async function saveStock(s: StockSettings, work: Pick<StockWork, 'stock' | 'setStock' | 'stockSent'>): Promise<'saved' | 'local' | Error> {
  // The rack as this browser last had it, before s goes on screen.
  const seen = offcutIds(work.stock);
  work.setStock(s, true);
  try {
    const taken = await putStock(s, seen);
    if (sameLists(taken, s)) work.stockSent(s);
    else work.setStock(taken, false);
    return 'saved';
  } catch (e) {
    if (notThere(e)) return 'local';
    return e instanceof Error ? e : new Error(String(e));
  }
}
