import { useEffect, useEffectEvent } from 'react';
import { isConflict, merged, notThere, offcutIds, sameLists, stockApi, stockPrint, versionOf, type StockLists } from '../features/stock/api';
import { isOffcut } from '../features/stock/offcuts';
import { isDefaultOptions, layoutOptions, type StockSettings } from '../features/stock/stock';
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
 * shows (or, when it could not be read, the one refused). server is the
 * server's list as read then (undefined when it could not be read), so
 * that the dialog shows which rows differ between the two (stockDiff).
 */
export class StockConflict extends Error {
  constructor(
    message: string,
    readonly mine: StockSettings,
    readonly version: number | undefined,
    readonly server?: StockLists,
  ) {
    super(message);
    this.name = 'StockConflict';
  }
}

/**
 * useStockSync brings the user's stock from the server (GET /api/stock)
 * once the page is shown and whenever another account signs in; stock
 * changed in this browser while the server could not take it is sent
 * first (PUT; not when a save of this tab is already on its way with the
 * list on screen, see SaveLine). A server without /api/stock leaves the stock in this
 * browser, as the parts are. When the server's stock changed elsewhere
 * meanwhile (it is not the stockBase this browser last agreed on), ask
 * (the notices' confirm) decides which list stays: sent as it was, the
 * other device's changes were replaced without a word. The list goes with
 * the version of the server's list it was compared with, so that a save
 * from elsewhere after that look is not overwritten (409: it stays here,
 * and the next start asks again). The layout options are the server's
 * once it keeps them; options chosen here while it kept none are sent at
 * once (see sync), so that no device loses its choice.
 */
export function useStockSync(account: Me | null | undefined, shown: boolean, work: StockWork, ask?: (text: string) => Promise<boolean>): void {
  const sync = useEffectEvent(async (live: () => boolean) => {
    if (work.stockUnsent && work.stock) {
      // A save of this tab on its way carries the list on screen.
      const line = lineOf(work);
      if (!line.idle) return;
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
          if (live() && line.idle) work.setStock(merged(server, work.stock), false, versionOf(server));
          return;
        }
        if (!live() || !line.idle) return;
        version = versionOf(server);
      }
      // Changed here while the server could not take it: the offcuts it
      // keeps are the ones this browser knew of, so none goes. A refusal
      // or a failure keeps it here, unsent, for the next start.
      await line.save({ s: sent, seen: offcutIds(sent), before: sent, version, work, quiet: true, live });
      return;
    }
    let server;
    try {
      server = await stockApi.get();
    } catch (e) {
      if (!notThere(e)) console.warn('stock', e);
      return;
    }
    if (!live() || !server) return;
    takeServer(work, server);
    // The server keeps no options of the user yet (optionsSaved false; a
    // server from before options says nothing and is sent none here):
    // options chosen in this browser (work.stock, as it was before the
    // server's lists) are sent with the lists just read, once, so that the
    // user's other devices get them. A refusal or a failure leaves them
    // unsent, sent at the next start.
    if (server.optionsSaved !== false || !work.stock || isDefaultOptions(layoutOptions(work.stock))) return;
    const line = lineOf(work);
    if (!line.idle) return;
    const s = merged(server, work.stock);
    delete s.optionsLocal;
    work.setStock(s, true);
    await line.save({ s, seen: offcutIds(s), before: s, version: versionOf(server), work, quiet: true, live });
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
 * takeServer puts the server's lists (with its options, or while it keeps
 * none, the options kept here) on
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

/** Saved is how a save of the stock ended (saveStock). */
export type Saved = 'saved' | 'local' | StockConflict | Error;

type SaveWork = Pick<StockWork, 'stock' | 'stockVersion' | 'setStock' | 'stockSent'>;

/**
 * saveStock puts the dialog's stock on screen at once and sends it to the
 * server with the version of the list it was read at (version, by default
 * the one on screen; none when the server gave none); it answers 'saved',
 * 'local' (kept in this browser, sent later), a StockConflict when the
 * list was saved from elsewhere since (the page then shows the server's
 * list, read again; the conflict holds the user's), or the server's
 * message when it refused the lists. This tab's saves go one at a time
 * (SaveLine): one made while another is on its way waits for its answer
 * and goes with the version that answer gave, so that the tab never
 * conflicts with itself.
 */
export async function saveStock(s: StockSettings, work: SaveWork, version = work.stockVersion, read = work.stock): Promise<Saved> {
  // The stock and the rack as this browser last had them, before s goes on
  // screen; the offcuts seen are those of the list s was made from (read: a
  // dialog's, opened before another tab's cut put new offcuts on the page).
  const before = work.stock;
  const seen = offcutIds(read);
  work.setStock(s, true);
  return await lineOf(work).save({ s, seen, before, version, work });
}

/**
 * Save is one save of the stock: the list s, the rack's offcuts read
 * before it (seen), the list on screen before it (before: its options stay
 * on the page after a conflict) and the version it was read at. quiet is
 * a start's send of stock changed offline: a 409 or a failure leaves it
 * unsent, to be settled at the next start; live tells whether the page
 * still wants its answer.
 */
interface Save {
  s: StockSettings;
  seen: string[];
  before: StockSettings | undefined;
  version: number | undefined;
  work: SaveWork;
  quiet?: boolean;
  live?: () => boolean;
}

/** Queued is a save and those waiting for its end (the saves it took the place of, too). */
interface Queued extends Save {
  done: ((r: Saved) => void)[];
}

/**
 * SaveLine sends one tab's saves of the stock (the lists and the rack's
 * offcuts, one PUT /api/stock with one version) one at a time. A save made
 * while one is on its way waits; several waiting become one, the latest
 * list, with the offcuts every one of them had read (an offcut one took
 * off stays off), and each caller gets its answer. The one waiting goes
 * when the answer is in:
 *  - taken: with the version that answer gave (this tab's own save is
 *    the only one between the two versions), the server's list noted as
 *    the base of the one on screen, which is the waiting list;
 *  - refused with 409 (another tab or device saved since): a save waiting
 *    that was read at the same version would be refused too, so it is not
 *    sent: the one conflict, holding the latest list, answers both;
 *  - failed otherwise (out of reach, refused for its lists): the first
 *    answers as it did alone, and the waiting one is sent as it was, so
 *    that it is stored or answers for itself.
 * own keeps the versions this tab's saves moved the list from and to: a
 * save read at one of them (a page that had not yet shown the answer) goes
 * with the version after it.
 */
class SaveLine {
  private busy = false;
  private waiting: Queued | null = null;
  private readonly own = new Map<number, number>();

  /** idle: no save of this tab is on its way or waiting. */
  get idle(): boolean {
    return !this.busy && !this.waiting;
  }

  /** save sends job when no other is on its way, else after it (see SaveLine). */
  save(job: Save): Promise<Saved> {
    return new Promise((done) => {
      if (!this.busy) return void this.run({ ...job, done: [done] });
      const w = this.waiting;
      this.waiting = w ? { ...job, seen: union(w.seen, job.seen), before: w.before, done: [...w.done, done] } : { ...job, done: [done] };
    });
  }

  /** current is the version a save read at v goes with: past this tab's own saves since. */
  private current(v: number | undefined): number | undefined {
    for (let n = this.own.size; v !== undefined && n > 0 && this.own.has(v); n--) v = this.own.get(v);
    return v;
  }

  private async run(job: Queued): Promise<void> {
    this.busy = true;
    let result: Saved;
    try {
      result = await this.send(job);
    } catch (e) {
      result = e instanceof Error ? e : new Error(String(e));
    }
    this.busy = false;
    for (const done of job.done) done(result);
    const next = this.waiting;
    this.waiting = null;
    if (!next) return;
    // The list waiting is the latest: on screen, unsent, until its answer.
    if (next.live?.() ?? true) next.work.setStock(next.s, true);
    void this.run(next);
  }

  /** send puts job to the server and notes the answer (see SaveLine). */
  private async send(job: Queued): Promise<Saved> {
    const { s, seen, work } = job;
    const live = job.live ?? (() => true);
    const version = this.current(job.version);
    let taken;
    try {
      taken = await putStock(s, seen, version);
    } catch (e) {
      return await this.failed(e, job, version);
    }
    if (version !== undefined && taken.version !== undefined && taken.version !== version) this.own.set(version, taken.version);
    const w = this.waiting;
    if (w) {
      // The list waiting goes from the one just stored, which the page
      // notes as the server's (the waiting one goes back on screen next).
      this.waiting = { ...w, before: taken.lists };
      if (live()) work.setStock(taken.lists, false, taken.version);
    } else if (live()) {
      if (sameLists(taken.lists, s)) work.stockSent(s, taken.version);
      else work.setStock(taken.lists, false, taken.version);
    }
    return 'saved';
  }

  /** failed is what a save that did not go through answers (see SaveLine); a save waiting keeps the offcuts it had read. */
  private async failed(e: unknown, job: Queued, version: number | undefined): Promise<Saved> {
    const carry = () => {
      if (this.waiting) this.waiting = { ...this.waiting, seen: union(job.seen, this.waiting.seen), before: job.before };
    };
    if (job.quiet || !isConflict(e)) {
      carry();
      if (job.quiet || notThere(e)) return 'local';
      return e instanceof Error ? e : new Error(String(e));
    }
    const message = (e as Error).message;
    const w = this.waiting;
    if (!w || this.current(w.version) !== version) {
      const c = await conflict(job.s, job.seen, job.before, job.work, message, version);
      carry();
      return c;
    }
    this.waiting = null;
    job.done.push(...w.done);
    const c = await conflict(w.s, union(job.seen, w.seen), job.before, w.work, message, version);
    carry();
    return c;
  }
}

/** union is the ids of a and b, each once. */
function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])];
}

/**
 * lines are the tabs' save lines, one for each work store: its setStock
 * (the same function for as long as the store is on screen) names it.
 */
const lines = new WeakMap<object, SaveLine>();

function lineOf(work: Pick<StockWork, 'setStock'>): SaveLine {
  let line = lines.get(work.setStock);
  if (!line) lines.set(work.setStock, (line = new SaveLine()));
  return line;
}

/**
 * conflict reads the server's list after a save was refused (409) and
 * puts it on screen (with the options the page had), so that the user
 * sees what was saved elsewhere; the user's list goes into the conflict,
 * with the rack as the server has it now but the offcuts the user took
 * off it (seen and no longer in s), and the server's list, to be compared
 * with it. When the server's list cannot be read the user's stays on
 * screen, unsent, and the conflict holds no server's list.
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
  return new StockConflict(message, { ...s, stock: [...s.stock.filter((r) => !isOffcut(r)), ...rack] }, now, server);
}
