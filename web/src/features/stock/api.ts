import { ApiError, request } from '../../lib/api';
import { settingsOf, type Band, type Stock, type StockSettings } from './stock';

// The user's stock rows and band codes on the server (GET/PUT /api/stock,
// {"stock": [...], "bands": [...]}). The objective and band deduction stay
// with the work in this browser.

export interface StockLists {
  stock: Stock[];
  bands: Band[];
}

export const stockApi = {
  get: () => request<StockLists | null>('GET', '/api/stock'),
  put: (s: StockLists) => request<StockLists | null>('PUT', '/api/stock', { stock: s.stock, bands: s.bands }),
};

/**
 * notThere reports whether an error means the server keeps no stock (an
 * older server: 404 or 405) or could not be reached: the stock then stays
 * in this browser, to be sent later.
 */
export function notThere(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 0 || e.status === 404 || e.status === 405 || e.status >= 500);
}

/** merged is the server's lists with the options kept here. */
export function merged(server: StockLists | null | undefined, here: StockSettings | undefined): StockSettings {
  const s = settingsOf({ stock: server?.stock, bands: server?.bands });
  return { ...s, objective: here?.objective ?? 'cost', deductBands: here?.deductBands ?? false };
}

/** sameLists reports whether the lists of a and b are the same. */
export function sameLists(a: StockLists | undefined, b: StockLists | undefined): boolean {
  return JSON.stringify([a?.stock ?? [], a?.bands ?? []]) === JSON.stringify([b?.stock ?? [], b?.bands ?? []]);
}
