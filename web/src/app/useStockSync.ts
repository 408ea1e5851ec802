import { useEffect, useEffectEvent } from 'react';
import { isConflict, merged, notThere, offcutIds, sameLists, stockApi, stockPrint, versionOf, type StockLists } from '../features/stock/api';
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
  /** the version of the server's list stockBase is (GET/PUT /api/stock), undefined when the server gave none */
  stockVersion?: number;
  setStock: (s: StockSettings, unsent: boolean, version?: number) => void;
  stockSent: (s: StockSettings, version?: number) => void;
}

/**
 * StockConflict is a save of the stock the server refused (409) because
 * the list was saved from another tab or device since this browser read
 * it: nothing of it was stored. message is the server's (Turkish); mine
 * is the list refused, to be saved again (over the other save) or given
 * up, with the rack's offcuts as the server has them now but those the
 * user took off; version is the server's list's, which the page now
 * shows (or, when it could not be read, the one refused).
 */
export class StockConflict extends Error {
  constructor(
    message: string,
    readonly mine: StockSettings,
    readonly version: number | undefined,
  ) {
    super(message);
    this.name = 'StockConflict';
  }
}

/**
 * useStockSync brings the user's stock from the server (GET /api/stock)
 * once the page is shown and whenever another account signs in; stock
 * changed in this browser while the server could not take it is sent
 * first (PUT). A server without /api/stock leaves the stock in this
 * browser, as the parts are. When the server's stock changed elsewhere
 * meanwhile (it is not the stockBase this browser last agreed on), ask
 * (the notices' confirm) decides which list stays: sent as it was, the
 * other device's changes were replaced without a word. The list goes with
 * the version of the server's list it was compared with, so that a save
 * from elsewhere after that look is not overwritten (409: it stays here,
 * and the next start asks again).
 */
export function useStockSync(account: Me | null | undefined, shown: boolean, work: StockWork, ask?: (text: string) => Promise<boolean>): void {
  const sync = useEffectEvent(async (live: () => boolean) => {
    if (work.stockUnsent && work.stock) {
      const sent = work.stock;
      // Without a look at the server's list (none was ever read here) it
      // is sent without a version: it replaces the list, as before versions.
      let version: number | undefined;
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
          if (live()) work.setStock(merged(server, work.stock), false, versionOf(server));
          return;
        }
        if (!live()) return;
        version = versionOf(server);
      }
      try {
        // Changed here while the server could not take it: the offcuts
        // it keeps are the ones this browser knew of, so none goes.
        const taken = await putStock(sent, offcutIds(sent), version);
        if (!live()) return;
        if (sameLists(taken.lists, sent)) work.stockSent(sent, taken.version);
        else work.setStock(taken.lists, false, taken.version);
      } catch {
        /* kept here, sent at the next start */
      }
      return;
    }
    try {
      const server = await stockApi.get();
      if (!live() || !server) return;
      takeServer(work, server);
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
 * takeServer puts the server's lists (with the options kept here) on
 * screen with their version, when they, or what this browser knows of
 * them, changed. Also when the lists are the same: the server's is then
 * the base an offline change is compared with, at its version.
 */
function takeServer(work: Pick<StockWork, 'stock' | 'setStock' | 'stockBase' | 'stockVersion'>, server: StockLists): void {
  const next = merged(server, work.stock);
  const version = versionOf(server);
  if (!sameLists(next, work.stock) || work.stockBase !== stockPrint(next) || work.stockVersion !== version) work.setStock(next, false, version);
}

/**
 * putStock sends the stock (PUT /api/stock) with the rack's offcuts this
 * browser had read (seen) and the version of the list it read (none when
 * unknown), and answers what the server stored, with the options kept
 * here, and the version it stored it as: s's lists, or, when it refused
 * offcuts no longer on the rack (another job used them since this browser
 * saw them), s without those, sent again once; and offcuts a job put on
 * the rack since, which the server kept.
 */
async function putStock(s: StockSettings, seen: string[], version: number | undefined): Promise<{ lists: StockSettings; version?: number }> {
  const send = async (x: StockSettings) => {
    const stored = await stockApi.put(x, seen, version);
    return stored ? { lists: merged(stored, x), version: versionOf(stored) } : { lists: x };
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
 * job's state), and answers whether it could read it. Stock changed here
 * that the server has not taken yet stays on screen (it is sent with the
 * version it was read at, and a list saved elsewhere since is then a
 * conflict the user settles, never replaced unseen), unless overUnsent:
 * the user asked for the server's list. A failure leaves the stock on
 * screen as it is.
 */
export async function refreshStock(
  work: Pick<StockWork, 'stock' | 'setStock' | 'stockBase' | 'stockVersion' | 'stockUnsent'>,
  overUnsent = false,
): Promise<boolean> {
  if (work.stockUnsent && !overUnsent) return false;
  try {
    const server = await stockApi.get();
    if (!server) return false;
    takeServer(work, server);
    return true;
  } catch (e) {
    if (!notThere(e)) console.warn('stock', e);
    return false;
  }
}

/**
 * saveStock puts the dialog's stock on screen at once and sends it to the
 * server with the version of the list it was read at (version, by default
 * the one on screen; none when the server gave none); it answers 'saved',
 * 'local' (kept in this browser, sent later), a StockConflict when the
 * list was saved from elsewhere since (the page then shows the server's
 * list, read again; the conflict holds the user's), or the server's
 * message when it refused the lists.
 */
export async function saveStock(
  s: StockSettings,
  work: Pick<StockWork, 'stock' | 'stockVersion' | 'setStock' | 'stockSent'>,
  version = work.stockVersion,
): Promise<'saved' | 'local' | StockConflict | Error> {
  // The stock and the rack as this browser last had them, before s goes on screen.
  const before = work.stock;
  const seen = offcutIds(before);
  work.setStock(s, true);
  try {
    const taken = await putStock(s, seen, version);
    if (sameLists(taken.lists, s)) work.stockSent(s, taken.version);
    else work.setStock(taken.lists, false, taken.version);
    return 'saved';
  } catch (e) {
    if (isConflict(e)) return await conflict(s, seen, before, work, (e as Error).message, version);
    if (notThere(e)) return 'local';
    return e instanceof Error ? e : new Error(String(e));
  }
}

/**
 * conflict reads the server's list after a save was refused (409) and
 * puts it on screen (with the options the page had), so that the user
 * sees what was saved elsewhere; the user's list goes into the conflict,
 * with the rack as the server has it now but the offcuts the user took
 * off it (seen and no longer in s). When the server's list cannot be read
 * the user's stays on screen, unsent.
 */
async function conflict(
  s: StockSettings,
  seen: string[],
  before: StockSettings | undefined,
  work: Pick<StockWork, 'setStock'>,
  message: string,
  version: number | undefined,
): Promise<StockConflict> {
  let server: StockLists | null;
  try {
    server = await stockApi.get();
  } catch {
    server = null;
  }
  if (!server) return new StockConflict(message, s, version);
  const now = versionOf(server);
  work.setStock(merged(server, before ?? s), false, now);
  const kept = new Set(offcutIds(s));
  const removed = new Set(seen.filter((id) => !kept.has(id)));
  const rack = server.stock.filter((r) => isOffcut(r) && !removed.has(r.id));
  return new StockConflict(message, { ...s, stock: [...s.stock.filter((r) => !isOffcut(r)), ...rack] }, now);
}
