import { ApiError, request } from '../../lib/api';
import { engineRow, isOffcut, type OffcutSettings } from './offcuts';
import { settingsOf, type Band, type Stock, type StockSettings } from './stock';

// The user's stock rows, band codes and offcut settings on the server
// (GET/PUT /api/stock, {"stock": [...], "bands": [...], "offcutSettings":
// {...}, "version": N}); the offcuts from the rack are stock rows with
// offcut: true. The objective and band deduction stay with the work in this
// browser. version counts the list's saves: a PUT that sends back the
// version it read is refused (409) when another tab or device saved since;
// a server from before versions answers none, and none is sent to it.

export interface StockLists {
  stock: Stock[];
  bands: Band[];
  offcutSettings?: OffcutSettings;
  /** version is the number of saves of the list (absent from a server without versions) */
  version?: number;
}

export const stockApi = {
  get: () => request<StockLists | null>('GET', '/api/stock'),
  /**
   * put sends the lists; offcuts go as the engine's rows (the server keeps
   * their source and date), settings only when known. seen are the rack's
   * offcuts this browser had read: the server removes only those of them
   * the lists leave out, never one a job put on the rack since. version is
   * the one read with the lists (versionOf), sent only when known: another
   * save since is then a 409 (isConflict), not overwritten.
   */
  put: (s: Pick<StockLists, 'stock' | 'bands' | 'offcutSettings'>, seen: string[], version?: number) =>
    request<StockLists | null>('PUT', '/api/stock', {
      stock: s.stock.map(engineRow),
      bands: s.bands,
      ...(s.offcutSettings ? { offcutSettings: s.offcutSettings } : {}),
      offcutsSeen: seen,
      ...(version !== undefined ? { version } : {}),
    }),
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

/** merged is the server's lists with the options kept here. */
export function merged(server: StockLists | null | undefined, here: StockSettings | undefined): StockSettings {
  const s = settingsOf({ stock: server?.stock, bands: server?.bands, offcutSettings: server?.offcutSettings ?? here?.offcutSettings });
  const out = { ...s, objective: here?.objective ?? 'cost', deductBands: here?.deductBands ?? false };
  return here?.keepLeftover ? { ...out, keepLeftover: true } : out;
}

/**
 * stockPrint is what the user edits of the lists, as one string: the stock
 * rows but the rack's offcuts (which jobs change, and offcutsSeen guards),
 * the band codes and the offcut settings.
 */
export function stockPrint(l: StockLists | undefined): string {
  return JSON.stringify([(l?.stock ?? []).filter((r) => !isOffcut(r)), l?.bands ?? [], l?.offcutSettings ?? null]);
}

/** sameLists reports whether the lists (and offcut settings) of a and b are the same. */
export function sameLists(a: StockLists | undefined, b: StockLists | undefined): boolean {
  return JSON.stringify([a?.stock ?? [], a?.bands ?? [], a?.offcutSettings ?? null]) === JSON.stringify([b?.stock ?? [], b?.bands ?? [], b?.offcutSettings ?? null]);
}
