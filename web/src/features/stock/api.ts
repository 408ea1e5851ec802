import { ApiError, request } from '../../lib/api';
import { engineRow, isOffcut, type OffcutSettings } from './offcuts';
import { isDefaultOptions, layoutOptions, listOptions, optionsOf, settingsOf, type Band, type LayoutOptions, type Stock, type StockSettings } from './stock';

// The user's stock rows, band codes, offcut settings and layout options on
// the server (GET/PUT /api/stock, {"stock": [...], "bands": [...],
// "offcutSettings": {...}, "options": {"objective", "deductBands",
// "keepLeftover"}, "optionsSaved": true, "version": N}); the offcuts from
// the rack are stock rows with offcut: true. The options are the server's
// once it has them (every device lays out alike); before that
// (optionsSaved false) this browser's are kept and sent with the next save
// (StockSettings.optionsLocal). version counts the list's saves: a PUT
// that sends back the version it read is refused (409) when another tab or
// device saved since; a server from before versions answers none, and
// none is sent to it.

export interface StockLists {
  stock: Stock[];
  bands: Band[];
  offcutSettings?: OffcutSettings;
  /** options are the layout options (the defaults when none were saved; absent from a server from before them) */
  options?: LayoutOptions;
  /** optionsSaved is false when the user saved no options yet: those of options are the defaults */
  optionsSaved?: boolean;
  /** version is the number of saves of the list (absent from a server without versions) */
  version?: number;
}

/** PutLists are what a save sends: the lists, and the options when they are a StockSettings'. */
export type PutLists = Pick<StockLists, 'stock' | 'bands' | 'offcutSettings'> &
  Partial<Pick<StockSettings, 'objective' | 'deductBands' | 'keepLeftover' | 'optionsLocal'>>;

/**
 * sentOptions are the options a save sends: those of the settings, unless
 * they are only this browser's defaults (optionsLocal, the server saved
 * none): a device that never chose options does not override another's.
 */
export function sentOptions(s: PutLists): LayoutOptions | undefined {
  if (s.objective === undefined) return undefined;
  const o = layoutOptions(s);
  return s.optionsLocal && isDefaultOptions(o) ? undefined : o;
}

export const stockApi = {
  get: () => request<StockLists | null>('GET', '/api/stock'),
  /**
   * put sends the lists; offcuts go as the engine's rows (the server keeps
   * their source and date), settings only when known, the layout options
   * of a StockSettings (sentOptions). seen are the rack's
   * offcuts this browser had read: the server removes only those of them
   * the lists leave out, never one a job put on the rack since. version is
   * the one read with the lists (versionOf), sent only when known: another
   * save since is then a 409 (isConflict), not overwritten.
   */
  put: (s: PutLists, seen: string[], version?: number) => {
    const options = sentOptions(s);
    return request<StockLists | null>('PUT', '/api/stock', {
      stock: s.stock.map(engineRow),
      bands: s.bands,
      ...(s.offcutSettings ? { offcutSettings: s.offcutSettings } : {}),
      ...(options ? { options } : {}),
      offcutsSeen: seen,
      ...(version !== undefined ? { version } : {}),
    });
  },
  /** jobNames names the saved layouts offcuts came from (the newest 200 layouts). */
  jobNames: async (): Promise<Record<string, string>> => {
    const page = await request<{ layouts?: { id: string; name: string }[] } | null>('GET', '/api/layouts?limit=200');
    return Object.fromEntries((page?.layouts ?? []).map((l) => [l.id, l.name]));
  },
};

/**
 * notThere reports whether an error means the server keeps no stock (an
 * older server: 404 or 405) or could not be reached: the stock then stays
 * in this browser, to be sent later.
 */
export function notThere(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 0 || e.status === 404 || e.status === 405 || e.status >= 500);
}

/** versionOf is the version the server answered with its lists; undefined from a server without versions (or a value that is none). */
export function versionOf(l: StockLists | null | undefined): number | undefined {
  const v: unknown = l?.version;
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

/**
 * isConflict reports whether a save was refused because the stored list
 * changed since it was read (409: another tab or device saved it), so that
 * nothing of it was stored.
 */
export function isConflict(e: unknown): boolean {
  return e instanceof ApiError && e.status === 409;
}

/** offcutIds are the ids of the rack's offcuts among the stock rows of s. */
export function offcutIds(s: StockLists | undefined): string[] {
  return (s?.stock ?? []).filter(isOffcut).map((r) => r.id);
}

/** serverOptions are the options the server saved for the user; null when it saved none (or keeps none: an older server). */
export function serverOptions(server: StockLists | null | undefined): LayoutOptions | null {
  return server && server.optionsSaved !== false ? optionsOf(server.options) : null;
}

/**
 * merged is the server's lists with its options, or, while it keeps none
 * (serverOptions), with the options kept here, marked as this browser's
 * (optionsLocal) when the server answered.
 */
export function merged(server: StockLists | null | undefined, here: StockSettings | undefined): StockSettings {
  const s = settingsOf({ stock: server?.stock, bands: server?.bands, offcutSettings: server?.offcutSettings ?? here?.offcutSettings });
  const saved = serverOptions(server);
  const o = saved ?? layoutOptions(here);
  const out: StockSettings = { ...s, objective: o.objective, deductBands: o.deductBands };
  if (o.keepLeftover) out.keepLeftover = true;
  if (!saved && (server || here?.optionsLocal)) out.optionsLocal = true;
  return out;
}

/**
 * stockPrint is what the user edits of the lists, as one string: the stock
 * rows but the rack's offcuts (which jobs change, and offcutsSeen guards),
 * the band codes and the offcut settings, and the layout options when the
 * server has them (listOptions; a list without them prints as before
 * options were kept).
 */
export function stockPrint(l: (StockLists & Partial<StockSettings>) | undefined): string {
  const lists = [(l?.stock ?? []).filter((r) => !isOffcut(r)), l?.bands ?? [], l?.offcutSettings ?? null];
  const o = listOptions(l);
  return JSON.stringify(o ? [...lists, [o.objective, o.deductBands, o.keepLeftover]] : lists);
}

/** sameLists reports whether the lists (and offcut settings, and the options with where they are kept) of a and b are the same. */
export function sameLists(a: StockSettings | undefined, b: StockSettings | undefined): boolean {
  const key = (s: StockSettings | undefined) => {
    const o = layoutOptions(s);
    return [s?.stock ?? [], s?.bands ?? [], s?.offcutSettings ?? null, o.objective, o.deductBands, o.keepLeftover, s?.optionsLocal === true];
  };
  return JSON.stringify(key(a)) === JSON.stringify(key(b));
}
