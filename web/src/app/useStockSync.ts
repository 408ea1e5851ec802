import { useEffect, useEffectEvent } from 'react';
import { merged, notThere, sameLists, stockApi } from '../features/stock/api';
import type { StockSettings } from '../features/stock/stock';
import type { Me } from '../lib/account';

interface StockWork {
  owner: string | null;
  stock: StockSettings | undefined;
  stockUnsent: boolean;
  setStock: (s: StockSettings, unsent: boolean) => void;
  stockSent: (s: StockSettings) => void;
}

/**
 * useStockSync brings the user's stock from the server (GET /api/stock)
 * once the page is shown and whenever another account signs in; stock
 * changed in this browser while the server could not take it is sent
 * first (PUT). A server without /api/stock leaves the stock in this
 * browser, as the parts are.
 */
export function useStockSync(account: Me | null | undefined, shown: boolean, work: StockWork): void {
  const sync = useEffectEvent(async (live: () => boolean) => {
    if (work.stockUnsent && work.stock) {
      const sent = work.stock;
      try {
        await stockApi.put(sent);
        if (live()) work.stockSent(sent);
      } catch {
        /* kept here, sent at the next start */
      }
      return;
    }
    try {
      const server = await stockApi.get();
      if (!live() || !server) return;
      const next = merged(server, work.stock);
      if (!sameLists(next, work.stock)) work.setStock(next, false);
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
 * saveStock puts the dialog's stock on screen at once and sends it to the
 * server; it answers 'saved', 'local' (kept in this browser, sent later) or
 * the server's message when it refused the lists.
 */
export async function saveStock(s: StockSettings, work: Pick<StockWork, 'setStock' | 'stockSent'>): Promise<'saved' | 'local' | Error> {
  work.setStock(s, true);
  try {
    await stockApi.put(s);
    work.stockSent(s);
    return 'saved';
  } catch (e) {
    if (notThere(e)) return 'local';
    return e instanceof Error ? e : new Error(String(e));
  }
}
