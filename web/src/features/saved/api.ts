import { ownerOf, takesPlainCopies, type Me } from '../../lib/account';
import { ApiError, jobApi, request, type CutOffcut, type JobProgress, type JobState } from '../../lib/api';
import { withoutEmptyExtras } from '../../lib/extras';
import { storageRemove, storageSet } from '../../lib/storage';
import type { Band, Stock } from '../../generated/engine';
import type { Options, PartInput, Result, Sheet } from '../engine/types';

// The saved parts and layouts API (docs/http-api.md), and the browser's
// local copy used while the server cannot be reached.

export interface SavedPart extends Pick<PartInput, 'material' | 'thickness' | 'grain' | 'edges'> {
  id: string;
  name: string;
  width: number;
  height: number;
  quantity: number;
  createdAt: string;
}

/**
 * savedPartOf is a part of the list as POST /api/sync saves it: with its
 * material, thickness, grain and bands when it has them, so that it comes
 * back from Kayıtlı Parçalar as it was.
 */
export function savedPartOf(p: Omit<SavedPart, 'id' | 'createdAt'> & { createdAt?: string }): Omit<SavedPart, 'id'> {
  const { name, width, height, quantity, material, thickness, grain, edges } = p;
  return withoutEmptyExtras({ name, width, height, quantity, createdAt: p.createdAt ?? new Date().toISOString(), material, thickness, grain, edges });
}

/** samePart reports whether two saved parts are one for the server's de-duplication (docs/http-api.md, sync). */
function samePart(a: Omit<SavedPart, 'id'>, b: Omit<SavedPart, 'id'>): boolean {
  return a.name === b.name && a.width === b.width && a.height === b.height && (a.material ?? '') === (b.material ?? '') && (a.thickness ?? 0) === (b.thickness ?? 0);
}

export interface SavedLayout {
  id: string;
  name: string;
  parts: PartInput[];
  sheet?: Sheet | null;
  options?: Partial<Options>;
  /** the stock rows and band codes the layout was made with (absent: the canvas alone) */
  stock?: Stock[];
  bands?: Band[];
  createdAt: string;
  local?: boolean;
  /** result is the layout as planned (absent: saved without one, before jobs) */
  result?: Result | null;
  /** state is the job's life; stateBy (team mode) and stateAt say who set it when */
  state?: JobState;
  stateBy?: string;
  stateAt?: string;
  /** cutPieces are the ticked pieces (Placed ids) */
  cutPieces?: string[];
  /** cutOffcuts are the leftovers a cut job's cut put on the rack, with their codes (absent: not cut, or cut before the server kept them) */
  cutOffcuts?: CutOffcut[];
}

/** NewLayout is what POST /api/layouts and PUT /api/layouts/{id} take. */
export interface NewLayout {
  name: string;
  parts: PartInput[];
  sheet: Sheet;
  options: Partial<Options>;
  stock?: Stock[];
  bands?: Band[];
  result?: Result;
}

/** LayoutSummary is a saved layout as the server lists it, without its parts. */
export interface LayoutSummary {
  id: string;
  name: string;
  createdAt: string;
  sheet: Sheet | null;
  /** the number of part lines (part types) */
  partLines: number;
  /** the total count of pieces */
  pieces: number;
  state?: JobState;
  progress?: JobProgress;
}

/** LayoutPage is one page of the server's layout list; next is absent on the last page. */
export interface LayoutPage {
  layouts: LayoutSummary[];
  next?: string;
}

export const api = {
  listParts: () => request<SavedPart[]>('GET', '/api/parts'),
  deletePart: (id: string) => request<void>('DELETE', `/api/parts/${encodeURIComponent(id)}`),
  /** listLayouts lists layout summaries, newest first; q matches names, cursor is a page's next. */
  listLayouts: (opts: { q?: string; cursor?: string; limit?: number } = {}) => {
    const qs = new URLSearchParams();
    if (opts.q) qs.set('q', opts.q);
    if (opts.limit) qs.set('limit', String(opts.limit));
    if (opts.cursor) qs.set('cursor', opts.cursor);
    const s = qs.toString();
    return request<LayoutPage>('GET', s ? `/api/layouts?${s}` : '/api/layouts');
  },
  getLayout: (id: string) => request<SavedLayout>('GET', `/api/layouts/${encodeURIComponent(id)}`),
  createLayout: (l: NewLayout) => request<SavedLayout>('POST', '/api/layouts', l),
  /** replaceLayout saves a re-plan over a saved layout (a job being cut keeps its ticked sheets, else 409). */
  replaceLayout: (id: string, l: NewLayout) => jobApi.replace<SavedLayout>(id, l),
  /** setState moves a job to planned, cutting or cut. */
  setState: (id: string, state: JobState) => jobApi.setState(id, state),
  deleteLayout: (id: string) => request<void>('DELETE', `/api/layouts/${encodeURIComponent(id)}`),
  sync: (parts: Omit<SavedPart, 'id'>[], layouts: Omit<SavedLayout, 'id'>[]) =>
    request<{ newParts: number; newLayouts: number }>('POST', '/api/sync', { parts, layouts }),
};

/** keptLocally reports whether an error means the server was out of reach (or failed). */
export function keptLocally(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 0 || e.status >= 500);
}

// What the browser keeps while the server cannot be reached, under the
// specification's key 'nesting-layouts' (and 'nesting-parts') in local
// mode. In team mode every user has copies of their own, under the key
// and the owner ('nesting-layouts@ayse', see ownerOf): a user who signs
// out leaves nothing another user of the browser would see or sync.
export const LAYOUTS_KEY = 'nesting-layouts';
export const PARTS_KEY = 'nesting-parts';

function read<T>(key: string): T[] {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** without is list less one entry equal to each of gone (the same JSON), in list's order. */
function without(list: unknown[], gone: readonly unknown[]): unknown[] {
  const left = new Map<string, number>();
  for (const g of gone) left.set(JSON.stringify(g), (left.get(JSON.stringify(g)) ?? 0) + 1);
  return list.filter((x) => {
    const k = JSON.stringify(x);
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    return n === 0;
  });
}

/** LocalStore is one owner's copy of the saved layouts and parts in this browser. */
export interface LocalStore {
  layouts(): SavedLayout[];
  parts(): SavedPart[];
  /**
   * keep saves a layout and its parts in the browser (the specification's
   * format). A layout the browser refuses to keep (its storage full) throws,
   * with nothing kept; when only its parts are refused (the layout kept, and
   * its parts with it) keep answers that refusal's error, else null.
   */
  keep(layout: Omit<SavedLayout, 'id' | 'createdAt'>): unknown;
  /** removeLayout removes a layout kept here; a write the browser refuses throws, with the layout kept. */
  removeLayout(id: string): void;
  /**
   * forget removes one stored entry equal to each of layouts and parts (as
   * read from this store): what another tab kept since, or a copy of the
   * same content that was not confirmed, stays. A list left empty is
   * removed with its key. A write the browser refuses never throws (the
   * server has what it confirmed): it is told (lib/storage.ts), and the
   * copies stay, to be sent again (the server saves nothing twice).
   */
  forget(layouts: SavedLayout[], parts: SavedPart[]): void;
}

/** localStore is the local copy of owner ('' in local mode, '@NAME' in team mode: ownerOf). */
export function localStore(owner: string): LocalStore {
  const layoutsKey = LAYOUTS_KEY + owner;
  const partsKey = PARTS_KEY + owner;
  return {
    layouts: () => read<SavedLayout>(layoutsKey),
    parts: () => read<SavedPart>(partsKey),
    keep(layout) {
      const now = new Date().toISOString();
      const layouts = read<SavedLayout>(layoutsKey);
      layouts.push({ ...layout, id: String(Date.now()), createdAt: now });
      localStorage.setItem(layoutsKey, JSON.stringify(layouts));
      const parts = read<SavedPart>(partsKey);
      for (const p of layout.parts) {
        const part = savedPartOf({ ...p, createdAt: now });
        if (!parts.some((q) => samePart(q, part))) parts.push({ id: `${Date.now()}-${parts.length}`, ...part });
      }
      // The layout is kept: its parts' list refused does not undo it (saving again would keep it twice).
      try {
        localStorage.setItem(partsKey, JSON.stringify(parts));
      } catch (e) {
        return e;
      }
      return null;
    },
    removeLayout(id) {
      const left = read<SavedLayout>(layoutsKey).filter((l) => l.id !== id);
      if (left.length === 0) localStorage.removeItem(layoutsKey);
      else localStorage.setItem(layoutsKey, JSON.stringify(left));
    },
    forget(layouts, parts) {
      for (const [key, gone] of [
        [layoutsKey, layouts],
        [partsKey, parts],
      ] as const) {
        if (gone.length === 0) continue;
        const left = without(read<unknown>(key), gone);
        if (left.length === 0) storageRemove('localCopies', () => localStorage, key);
        else storageSet('localCopies', () => localStorage, key, JSON.stringify(left));
      }
    },
  };
}

/** Refused is a local item the server would not save (POST /api/sync's 400 naming it): it stays in the browser. */
export interface Refused {
  kind: 'layout' | 'part';
  name: string;
  /** reason is the server's message for the item's field (Turkish) */
  reason: string;
}

/**
 * Synced is a sync's outcome: the server's counts of new rows, how many
 * items it confirmed (saved or found saved already; 0 when every item was
 * refused and no request succeeded), and the items it refused.
 */
export interface Synced {
  newParts: number;
  newLayouts: number;
  sent: number;
  refused: Refused[];
}

/** Kept is a local item and the store it was read from. */
interface Kept<T> {
  store: LocalStore;
  item: T;
}

/**
 * refusedItems reads which of the sent items a failed sync names: a 400
 * whose fields start with parts[i] or layouts[i] (docs/http-api.md, sync),
 * each with the server's message for it; null for any other error, or for
 * a 400 naming no item that was sent.
 */
function refusedItems(e: unknown, parts: number, layouts: number): { parts: Map<number, string>; layouts: Map<number, string> } | null {
  if (!(e instanceof ApiError) || e.status !== 400) return null;
  const named = { parts: new Map<number, string>(), layouts: new Map<number, string>() };
  for (const [field, text] of Object.entries(e.fields)) {
    const m = /^(parts|layouts)\[(\d+)\]/.exec(field);
    if (!m) continue;
    const i = Number(m[2]);
    const list = m[1] === 'parts' ? named.parts : named.layouts;
    if (i >= (m[1] === 'parts' ? parts : layouts) || list.has(i)) continue;
    list.set(i, typeof text === 'string' && text ? text : e.message);
  }
  return named.parts.size + named.layouts.size > 0 ? named : null;
}

/**
 * syncLocal pushes what the browser kept for the account to the server;
 * the server de-duplicates, so a retry after a lost answer adds nothing
 * twice. A local copy is removed only after the server confirmed it.
 *
 * The server saves all or nothing: an item it refuses (400 naming
 * layouts[i] or parts[i]) is set aside and the rest is sent again, until
 * it takes what is left; the refused items stay in the browser, and are
 * returned with the server's reason. Any other failure throws, keeping
 * everything.
 *
 * In team mode that is the user's own copy. What lies under the plain keys
 * was kept before the server had accounts (or by an older app): only an
 * admin's sign-in takes it, as the server's first account took the rows
 * saved without a user.
 */
export async function syncLocal(account: Me): Promise<Synced | null> {
  const stores = [localStore(ownerOf(account))];
  if (takesPlainCopies(account)) stores.push(localStore(''));
  let layouts: Kept<SavedLayout>[] = stores.flatMap((store) => store.layouts().map((item) => ({ store, item })));
  let parts: Kept<SavedPart>[] = stores.flatMap((store) => store.parts().map((item) => ({ store, item })));
  if (layouts.length === 0 && parts.length === 0) return null;
  const refused: Refused[] = [];
  // Every refusal sets aside one item at least: there are no more tries than items.
  for (let tries = layouts.length + parts.length + 1; tries > 0; tries--) {
    if (layouts.length === 0 && parts.length === 0) break;
    let res: { newParts: number; newLayouts: number };
    try {
      res = await api.sync(
        parts.map((k) => savedPartOf(k.item)),
        layouts.map(({ item: { name, parts, sheet, options, stock, bands, createdAt } }) => ({ name, parts, sheet, options, stock, bands, createdAt })),
      );
    } catch (e) {
      const named = refusedItems(e, parts.length, layouts.length);
      if (!named) throw e;
      for (const [i, reason] of named.layouts) refused.push({ kind: 'layout', name: String(layouts[i].item.name ?? ''), reason });
      for (const [i, reason] of named.parts) refused.push({ kind: 'part', name: String(parts[i].item.name ?? ''), reason });
      layouts = layouts.filter((_, i) => !named.layouts.has(i));
      parts = parts.filter((_, i) => !named.parts.has(i));
      continue;
    }
    for (const s of stores) {
      s.forget(
        layouts.filter((k) => k.store === s).map((k) => k.item),
        parts.filter((k) => k.store === s).map((k) => k.item),
      );
    }
    return { newParts: res.newParts, newLayouts: res.newLayouts, sent: layouts.length + parts.length, refused };
  }
  return { newParts: 0, newLayouts: 0, sent: 0, refused };
}

/** OffcutTally is what a cut did to the rack: the offcuts it put on it, and the leftovers the rack's limit kept off it (count, m²). */
export interface OffcutTally {
  added: number;
  skipped: number;
  skippedM2: number;
}

/**
 * offcutsOf tells what a job marked cut put on the rack: the count in the
 * server's answer to the PATCH when it gives one (offcuts, a number or a
 * list) with the leftovers the rack's limit kept off it (offcutsSkipped
 * {count, areaM2}), else the user's offcut rows that came from the job
 * (GET /api/stock, sourceLayoutId).
 */
export async function offcutsOf(id: string, answer: unknown): Promise<OffcutTally> {
  const a = answer as { offcuts?: unknown; offcutsSkipped?: { count?: unknown; areaM2?: unknown } | null } | null;
  const given = a?.offcuts;
  const count = a?.offcutsSkipped?.count;
  const area = a?.offcutsSkipped?.areaM2;
  const skipped = typeof count === 'number' && count > 0 ? count : 0;
  const skippedM2 = skipped > 0 && typeof area === 'number' ? area : 0;
  if (typeof given === 'number') return { added: given, skipped, skippedM2 };
  if (Array.isArray(given)) return { added: given.length, skipped, skippedM2 };
  const s = await request<{ stock?: { offcut?: boolean; sourceLayoutId?: string }[] } | null>('GET', '/api/stock');
  return { added: (s?.stock ?? []).filter((r) => r.offcut && r.sourceLayoutId === id).length, skipped, skippedM2 };
}

/** StockSheets is one stock row's sheets in a state change's answer (stockTaken, stockNotTaken, stockShort, stockReturned, stockNotReturned); left is what remains of a row a cut took from (0: the row was removed). */
export interface StockSheets {
  stockId: string;
  /** the row's name, when it has one */
  name?: string;
  material?: string;
  thickness?: number;
  width?: number;
  height?: number;
  quantity: number;
  left?: number;
}

/**
 * StockMoves is what a state change did to the user's sheet rows: taken off by a cut (or not: rows edited or deleted since;
 * short: sheets the job used beyond what a row had, not in stock), put back by its undo (or not).
 */
export interface StockMoves {
  taken: StockSheets[];
  notTaken: StockSheets[];
  short: StockSheets[];
  returned: StockSheets[];
  notReturned: StockSheets[];
}

/**
 * cutLayoutOf is the job a PATCH to "cut" answered (the whole layout, with
 * its result and cutOffcuts), or undefined for an answer without one.
 */
export function cutLayoutOf(answer: unknown): SavedLayout | undefined {
  const a = answer as Partial<SavedLayout> | null;
  if (!a || typeof a !== 'object' || typeof a.id !== 'string' || a.state !== 'cut' || !Array.isArray(a.parts) || !a.result || typeof a.result !== 'object') return undefined;
  return a as SavedLayout;
}

/** stockMovesOf reads the sheets a PATCH of a job's state took off or put back on the stock rows; lists the answer leaves out are empty. */
export function stockMovesOf(answer: unknown): StockMoves {
  const a = (answer ?? {}) as Record<string, unknown>;
  const list = (v: unknown): StockSheets[] =>
    Array.isArray(v)
      ? v.filter((x): x is StockSheets => !!x && typeof x === 'object' && typeof (x as StockSheets).stockId === 'string' && typeof (x as StockSheets).quantity === 'number')
      : [];
  return {
    taken: list(a.stockTaken),
    notTaken: list(a.stockNotTaken),
    short: list(a.stockShort),
    returned: list(a.stockReturned),
    notReturned: list(a.stockNotReturned),
  };
}
