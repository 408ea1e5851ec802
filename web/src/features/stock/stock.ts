// The stock rows, band codes and their options as the app keeps them, the
// dialog's drafts and their checks (docs/engine.md, "Materials, stock rows,
// grain and edge band"), the stock CSV reader, and how they go into the
// engine's request.
import { parseDecimal, parseWhole, ungroup } from '../../lib/number';
import type { Band, Stock } from '../../generated/engine';
import {
  MAX_BAND_MM,
  MAX_BANDS,
  MAX_OVERLENGTH_CM,
  MAX_PRICE_TL,
  MAX_STOCK_QUANTITY,
  MAX_STOCK_ROWS,
  MAX_TEXT_RUNES,
  MAX_THICKNESS_MM,
  STORE_MAX_SIZE_CM,
} from '../../generated/limits';
import type { Request } from '../engine/types';
import { DEFAULT_OFFCUT_SETTINGS, engineRow, isOffcut, offcutSettingsOf, type OffcutSettings } from './offcuts';
import { stockMsg } from './texts';

export type { Band, Stock };
export type Grain = 'none' | 'vertical' | 'horizontal';
export type Objective = 'cost' | 'area' | 'sheets';

/**
 * StockSettings is what the stock dialog edits and /api/stock keeps
 * (objective and deductBands stay in this browser). stock holds the
 * offcuts from the rack too (offcut: true, see offcuts.ts); offcutSettings
 * are absent until the server gave them (its defaults apply).
 */
export interface StockSettings {
  stock: Stock[];
  bands: Band[];
  objective: Objective;
  deductBands: boolean;
  offcutSettings?: OffcutSettings;
  /** keepLeftover asks for one large leftover on the last sheet of each material (kept in this browser) */
  keepLeftover?: boolean;
}

export const EMPTY_STOCK: StockSettings = { stock: [], bands: [], objective: 'cost', deductBands: false };

// docs/engine.md, "Limits": the engine's (generated/limits.ts)
export { MAX_BANDS, MAX_STOCK_ROWS };
const MAX_PRICE = MAX_PRICE_TL;
const MAX_BAND_THICKNESS_MM = MAX_BAND_MM;

/** StockDraft is a stock row as typed in the dialog. */
export interface StockDraft {
  id: string;
  name: string;
  material: string;
  thickness: string;
  width: string;
  height: string;
  quantity: string;
  price: string;
  grain: Grain;
}

/** BandDraft is a band code as typed in the dialog. */
export interface BandDraft {
  code: string;
  name: string;
  thickness: string;
  price: string;
  overlength: string;
}

const str = (v: number | undefined): string => (v === undefined || v === 0 ? '' : String(v).replace('.', ','));

export function stockDraft(s: Stock): StockDraft {
  return {
    id: s.id,
    name: s.name ?? '',
    material: s.material ?? '',
    thickness: str(s.thickness),
    width: String(s.width).replace('.', ','),
    height: String(s.height).replace('.', ','),
    quantity: str(s.quantity),
    price: str(s.price),
    grain: s.grain ?? 'none',
  };
}

export function bandDraft(b: Band): BandDraft {
  return { code: b.code, name: b.name ?? '', thickness: str(b.thickness), price: str(b.price), overlength: str(b.overlength) };
}

let counter = 0;
/** newStockId returns a stock row id unique within this page. */
export function newStockId(): string {
  counter += 1;
  return `s${Date.now().toString(36)}${counter}`;
}

export function emptyStockDraft(): StockDraft {
  return { id: newStockId(), name: '', material: '', thickness: '', width: '', height: '', quantity: '', price: '', grain: 'none' };
}

export function emptyBandDraft(): BandDraft {
  return { code: '', name: '', thickness: '', price: '', overlength: '' };
}

/** Problem names the field of a draft that is wrong and why. */
export interface Problem {
  row: number;
  field: string;
  message: string;
}

/** optional reads an optional number in [0, max]: '' is 0; NaN when wrong. */
function optional(text: string, max: number, whole = false): number {
  if (!text.trim()) return 0;
  const v = whole ? parseWhole(text) : parseDecimal(text);
  return v >= 0 && v <= max ? v : NaN;
}

/**
 * replacesStock reports whether loading a layout saved with these sheet
 * rows and bands would change the user's current ones (offcuts aside:
 * the rack stays as it is). A layout saved without either changes nothing.
 */
export function replacesStock(current: StockSettings | undefined, layoutStock?: Stock[], layoutBands?: Band[]): boolean {
  const rows = (list: Stock[] | undefined) =>
    JSON.stringify(
      (list ?? [])
        .filter((r) => !isOffcut(r))
        .map((r) => [r.id, r.name ?? '', r.material ?? '', r.thickness ?? 0, r.width, r.height, r.quantity ?? 0, r.price ?? 0, r.grain ?? 'none']),
    );
  const bands = (list: Band[] | undefined) =>
    JSON.stringify((list ?? []).map((b) => [b.code, b.name ?? '', b.thickness ?? 0, b.price ?? 0, b.overlength ?? 0]));
  if (!layoutStock?.some((r) => !isOffcut(r)) && !layoutBands?.length) return false;
  return rows(layoutStock) !== rows(current?.stock) || bands(layoutBands) !== bands(current?.bands);
}

/** text is a trimmed name, material or code, or null over the engine's limit (in characters, as Go counts runes). */
function text(s: string): string | null {
  const t = s.trim();
  return [...t].length > MAX_TEXT_RUNES ? null : t;
}

/** checkStockDraft turns a draft into a stock row, or says what is wrong with it. */
export function checkStockDraft(d: StockDraft, row = 0): { ok: true; stock: Stock } | { ok: false; problem: Problem } {
  const bad = (field: string, message: string) => ({ ok: false as const, problem: { row, field, message } });
  const name = text(d.name);
  if (name === null) return bad('name', stockMsg.tooLong);
  const material = text(d.material);
  if (material === null) return bad('material', stockMsg.tooLong);
  const thickness = optional(d.thickness, MAX_THICKNESS_MM);
  if (Number.isNaN(thickness)) return bad('thickness', stockMsg.badThickness);
  const width = parseDecimal(d.width);
  if (!(width > 0)) return bad('width', stockMsg.badSheet);
  if (width > STORE_MAX_SIZE_CM) return bad('width', stockMsg.sheetTooBig);
  const height = parseDecimal(d.height);
  if (!(height > 0)) return bad('height', stockMsg.badSheet);
  if (height > STORE_MAX_SIZE_CM) return bad('height', stockMsg.sheetTooBig);
  const quantity = optional(d.quantity, MAX_STOCK_QUANTITY, true);
  if (Number.isNaN(quantity)) return bad('quantity', stockMsg.badQuantity);
  const price = optional(d.price, MAX_PRICE);
  if (Number.isNaN(price)) return bad('price', stockMsg.badPrice);
  if (!['none', 'vertical', 'horizontal'].includes(d.grain)) return bad('grain', stockMsg.badGrain);
  const s: Stock = { id: d.id, width, height };
  if (name) s.name = name;
  if (material) s.material = material;
  if (thickness) s.thickness = thickness;
  if (quantity) s.quantity = quantity;
  if (price) s.price = price;
  if (d.grain !== 'none') s.grain = d.grain;
  return { ok: true, stock: s };
}

/** checkBandDraft turns a draft into a band code, or says what is wrong with it. */
export function checkBandDraft(d: BandDraft, row = 0): { ok: true; band: Band } | { ok: false; problem: Problem } {
  const bad = (field: string, message: string) => ({ ok: false as const, problem: { row, field, message } });
  const code = text(d.code);
  if (code === null) return bad('code', stockMsg.tooLong);
  if (!code) return bad('code', stockMsg.badCode);
  const name = text(d.name);
  if (name === null) return bad('name', stockMsg.tooLong);
  const thickness = optional(d.thickness, MAX_BAND_THICKNESS_MM);
  if (Number.isNaN(thickness)) return bad('thickness', stockMsg.badBandThickness);
  const price = optional(d.price, MAX_PRICE);
  if (Number.isNaN(price)) return bad('price', stockMsg.badPrice);
  const overlength = optional(d.overlength, MAX_OVERLENGTH_CM);
  if (Number.isNaN(overlength)) return bad('overlength', stockMsg.badOverlength);
  const b: Band = { code };
  if (name) b.name = name;
  if (thickness) b.thickness = thickness;
  if (price) b.price = price;
  if (overlength) b.overlength = overlength;
  return { ok: true, band: b };
}

/**
 * checkAll checks the dialog's lists: every row, unique stock ids and band
 * codes, and the counts. It returns the lists or the first problem of each
 * wrong line (problems), with 'stock' or 'bands' as the list.
 */
export function checkAll(
  stock: StockDraft[],
  bands: BandDraft[],
): { ok: true; stock: Stock[]; bands: Band[] } | { ok: false; problems: (Problem & { list: 'stock' | 'bands' })[] } {
  const problems: (Problem & { list: 'stock' | 'bands' })[] = [];
  if (stock.length > MAX_STOCK_ROWS) problems.push({ list: 'stock', row: -1, field: '', message: stockMsg.tooManyRows });
  if (bands.length > MAX_BANDS) problems.push({ list: 'bands', row: -1, field: '', message: stockMsg.tooManyBands });
  const rows: Stock[] = [];
  const ids = new Set<string>(['sheet']); // the default sheet's, as the engine takes it
  stock.forEach((d, i) => {
    if (!d.id || ids.has(d.id)) return problems.push({ list: 'stock', row: i, field: 'id', message: stockMsg.badId });
    ids.add(d.id);
    const c = checkStockDraft(d, i);
    if (c.ok) rows.push(c.stock);
    else problems.push({ list: 'stock', ...c.problem });
  });
  const out: Band[] = [];
  const codes = new Set<string>();
  bands.forEach((d, i) => {
    const c = checkBandDraft(d, i);
    if (!c.ok) return problems.push({ list: 'bands', ...c.problem });
    if (codes.has(c.band.code)) return problems.push({ list: 'bands', row: i, field: 'code', message: stockMsg.badCode });
    codes.add(c.band.code);
    out.push(c.band);
  });
  return problems.length ? { ok: false, problems } : { ok: true, stock: rows, bands: out };
}

// The stock CSV: ad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar,
// Turkish headers in any order, ';' or ',' between cells.
const HEADERS: Record<string, keyof Omit<StockDraft, 'id' | 'grain'> | 'grain'> = {
  ad: 'name',
  isim: 'name',
  malzeme: 'material',
  kalınlık: 'thickness',
  kalinlik: 'thickness',
  genişlik: 'width',
  genislik: 'width',
  en: 'width',
  yükseklik: 'height',
  yukseklik: 'height',
  boy: 'height',
  adet: 'quantity',
  miktar: 'quantity',
  fiyat: 'price',
  damar: 'grain',
};

const GRAINS: Record<string, Grain> = {
  '': 'none',
  yok: 'none',
  none: 'none',
  dikey: 'vertical',
  vertical: 'vertical',
  yatay: 'horizontal',
  horizontal: 'horizontal',
};

/** headerKey reads a header cell: lower-cased the Turkish way, units in parentheses dropped. */
function headerKey(cell: string): string {
  return cell
    .toLocaleLowerCase('tr-TR')
    .replace(/\(.*\)/, '')
    .trim();
}

/**
 * splitRow splits a CSV line at sep, keeping separators inside double
 * quotes ("45,5" in a comma-separated file).
 */
function splitRow(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === sep && !quoted) {
      cells.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  cells.push(cur.trim());
  return cells;
}

/** MAX_CSV_BYTES bounds the stock file read (1,000 rows fit many times over). */
export const MAX_CSV_BYTES = 1 << 20;

/**
 * parseStockCsv reads a stock CSV (UTF-8 with or without BOM). The first
 * line names the columns; cells are split at ';' when the header has one,
 * else at ','; numbers take a decimal comma. Bad rows are listed by line.
 */
export function parseStockCsv(textIn: string): { rows: StockDraft[]; errors: string[] } {
  const lines = textIn.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const headerAt = lines.findIndex((l) => l.trim() !== '');
  if (headerAt < 0) return { rows: [], errors: [stockMsg.csvEmpty] };
  const head = lines[headerAt];
  const sep = head.includes(';') ? ';' : head.includes('\t') ? '\t' : ',';
  const cols = splitRow(head, sep).map((c) => HEADERS[headerKey(c)]);
  if (!cols.includes('width') || !cols.includes('height')) return { rows: [], errors: [stockMsg.csvNoHeader] };
  const rows: StockDraft[] = [];
  const errors: string[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    if (rows.length >= MAX_STOCK_ROWS) {
      errors.push(stockMsg.tooManyRows);
      break;
    }
    const cells = splitRow(lines[i], sep);
    const d = emptyStockDraft();
    let grain = '';
    cols.forEach((f, k) => {
      if (!f) return;
      const v = cells[k] ?? '';
      if (f === 'grain') grain = v.toLocaleLowerCase('tr-TR').trim();
      else if (f === 'name' || f === 'material') d[f] = v;
      else d[f] = ungroup(v);
    });
    const g = GRAINS[grain];
    if (!g) {
      errors.push(stockMsg.csvRow(i + 1, stockMsg.badGrain));
      continue;
    }
    d.grain = g;
    const c = checkStockDraft(d, i);
    if (c.ok) rows.push(stockDraft(c.stock));
    else errors.push(stockMsg.csvRow(i + 1, c.problem.message));
  }
  if (rows.length === 0 && errors.length === 0) errors.push(stockMsg.csvEmpty);
  return { rows, errors };
}

/** readCsvFile reads a file as UTF-8 text, at most MAX_CSV_BYTES of it. */
export async function readCsvFile(f: Blob): Promise<string> {
  const part = f.slice(0, MAX_CSV_BYTES);
  const buf =
    typeof part.arrayBuffer === 'function'
      ? await part.arrayBuffer()
      : await new Promise<ArrayBuffer>((resolve, reject) => {
          const r = new FileReader();
          r.onload = () => resolve(r.result as ArrayBuffer);
          r.onerror = () => reject(r.error ?? new Error('dosya okunamadı'));
          r.readAsArrayBuffer(part);
        });
  return new TextDecoder('utf-8').decode(new Uint8Array(buf));
}

/** hasStock reports whether the settings change the engine's request at all. */
export function hasStock(s: StockSettings | undefined): boolean {
  return !!s && (s.stock.length > 0 || s.bands.length > 0);
}

/**
 * withStock adds the stock rows, band codes and their options to a
 * request. Without stock rows and bands the request stays exactly as it
 * was (the canvas is the only, default, stock row). Offcuts from the rack
 * go as the engine reads them (offcut: true), with the least use of an
 * offcut sheet (options.offcutMinUse).
 */
export function withStock(req: Request, s: StockSettings | undefined): Request {
  if (!s) return req;
  if (!hasStock(s)) return s.keepLeftover ? { ...req, options: { ...req.options, keepLeftover: true } } : req;
  const out: Request = { ...req, options: { ...req.options, ...stockOptions(s) } };
  if (s.stock.length) out.stock = s.stock.map(engineRow);
  if (s.bands.length) out.bands = s.bands;
  return out;
}

/** stockOptions are the request options of the stock settings: none without stock rows and bands, objective only when not the default. */
export function stockOptions(s: StockSettings | undefined): { objective?: Objective; deductBands?: boolean; offcutMinUse?: number; keepLeftover?: boolean } {
  const o: { objective?: Objective; deductBands?: boolean; offcutMinUse?: number; keepLeftover?: boolean } = {};
  if (s?.keepLeftover) o.keepLeftover = true;
  if (!s || !hasStock(s)) return o;
  if (s.objective !== 'cost') o.objective = s.objective;
  if (s.deductBands && s.bands.length) o.deductBands = true;
  if (s.stock.some(isOffcut)) o.offcutMinUse = (s.offcutSettings ?? DEFAULT_OFFCUT_SETTINGS).minUse;
  return o;
}

/** settingsOf reads kept or saved stock settings, dropping what is not of their shape. */
export function settingsOf(v: unknown): StockSettings {
  const o = (v && typeof v === 'object' ? v : {}) as Partial<Record<keyof StockSettings, unknown>>;
  const stock = Array.isArray(o.stock) ? (o.stock as Stock[]).filter((s) => s && typeof s.id === 'string' && s.width > 0 && s.height > 0) : [];
  const bands = Array.isArray(o.bands) ? (o.bands as Band[]).filter((b) => b && typeof b.code === 'string' && b.code) : [];
  const objective = o.objective === 'area' || o.objective === 'sheets' ? o.objective : 'cost';
  const out: StockSettings = { stock: stock.slice(0, MAX_STOCK_ROWS), bands: bands.slice(0, MAX_BANDS), objective, deductBands: o.deductBands === true };
  if (o.offcutSettings) out.offcutSettings = offcutSettingsOf(o.offcutSettings);
  if (o.keepLeftover === true) out.keepLeftover = true;
  return out;
}

/** stockLabel names a stock row on a page: its name, else material and size. */
export function stockLabel(rows: Stock[] | undefined, id: string | undefined, fallback: string): string {
  const s = rows?.find((r) => r.id === id);
  if (!s) return fallback;
  if (s.name) return s.name;
  const size = `${String(s.width).replace('.', ',')}x${String(s.height).replace('.', ',')}`;
  return s.material ? `${s.material} ${size}` : size;
}
