// The stock rows, band codes and their options as the app keeps them, the
// dialog's drafts and their checks (docs/engine.md, "Materials, stock rows,
// grain and edge band"), the stock CSV reader, and how they go into the
// engine's request.
import { addMoves, COLUMN_WORDS, lengthCell, parseGrain, priceNumber, quantityText, parseYesNo, readColumns, wordTable, type ListWords } from '../../lib/columns';
import { detectSeparator, FILE_SEPARATORS, parseDelimited, ListFileError, readListFile, titleRows, type LengthUnit, type ListText, type Separator } from '../../lib/csv';
import { parseDecimal, parseWhole, roundDownCm, shiftDecimal, ungroup } from '../../lib/number';
import type { Band, Edges, Stock } from '../../generated/engine';
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
import { numberProblem } from './fields';
import { DEFAULT_OFFCUT_SETTINGS, engineRow, isOffcut, offcutSettingsOf, type OffcutSettings } from './offcuts';
import { msg } from '../../messages';
import { stockMsg } from './texts';
import { foldMaterial, thicknessKey } from '../../lib/material';

export type { Band, Stock };
export type Grain = 'none' | 'vertical' | 'horizontal';
export type Objective = 'cost' | 'area' | 'sheets';

/**
 * StockSettings is what the stock dialog edits and /api/stock keeps, the
 * layout options (objective, deductBands, keepLeftover) with the lists, so
 * that every device of the user lays a job out alike. stock holds the
 * offcuts from the rack too (offcut: true, see offcuts.ts); offcutSettings
 * are absent until the server gave them (its defaults apply).
 */
export interface StockSettings {
  stock: Stock[];
  bands: Band[];
  objective: Objective;
  deductBands: boolean;
  offcutSettings?: OffcutSettings;
  /** keepLeftover asks for one large leftover on the last sheet of each material */
  keepLeftover?: boolean;
  /**
   * optionsLocal: the server keeps no options of the user yet (GET
   * /api/stock's optionsSaved false), so the options are this browser's
   * own; they are sent with the next save when they are not the defaults
   * (the defaults are not, so that a device that never chose any does not
   * override another's choice). Absent once the server has them.
   */
  optionsLocal?: true;
}

/** LayoutOptions are the layout options kept with the stock (GET/PUT /api/stock's "options"). */
export interface LayoutOptions {
  objective: Objective;
  deductBands: boolean;
  keepLeftover: boolean;
}

export const DEFAULT_LAYOUT_OPTIONS: LayoutOptions = { objective: 'cost', deductBands: false, keepLeftover: false };

/** layoutOptions are the layout options of the stock settings (the defaults without them). */
export function layoutOptions(s: Partial<Pick<StockSettings, 'objective' | 'deductBands' | 'keepLeftover'>> | undefined): LayoutOptions {
  return { objective: s?.objective ?? 'cost', deductBands: s?.deductBands === true, keepLeftover: s?.keepLeftover === true };
}

/** isDefaultOptions reports whether the options are the defaults (those of a user who chose none). */
export function isDefaultOptions(o: LayoutOptions): boolean {
  return o.objective === 'cost' && !o.deductBands && !o.keepLeftover;
}

/** optionsOf reads layout options the server sent; null when they are not of their shape. */
export function optionsOf(v: unknown): LayoutOptions | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (o.objective !== 'cost' && o.objective !== 'area' && o.objective !== 'sheets') return null;
  return { objective: o.objective, deductBands: o.deductBands === true, keepLeftover: o.keepLeftover === true };
}

/** EMPTY_STOCK is the stock of a user of whom none is known here: no lists, the default options, not (known to be) the server's. */
export const EMPTY_STOCK: StockSettings = { stock: [], bands: [], objective: 'cost', deductBands: false, optionsLocal: true };

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

// Kept numbers are shown the Turkish way, as parseDecimal and parseWhole
// read them back: thousands dots, a decimal comma, every decimal kept
// (1.450; 45,5; 183,555), prices with two decimals when not whole (1.250,50).
const numFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 10 });
const priceFmt = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 10 });

/** numText writes a kept number for a field: 1.450, 45,5; '' for none or 0. */
export function numText(v: number | undefined): string {
  return v === undefined || v === 0 || !Number.isFinite(v) ? '' : numFmt.format(v);
}

/** priceText writes a kept price for a field: 1.450, 1.250,50; '' for none or 0. */
export function priceText(v: number | undefined): string {
  if (v === undefined || v === 0 || !Number.isFinite(v)) return '';
  return Number.isInteger(v) ? numFmt.format(v) : priceFmt.format(v);
}

export function stockDraft(s: Stock): StockDraft {
  return {
    id: s.id,
    name: s.name ?? '',
    material: s.material ?? '',
    thickness: numText(s.thickness),
    width: numFmt.format(s.width),
    height: numFmt.format(s.height),
    quantity: numText(s.quantity),
    price: priceText(s.price),
    grain: s.grain ?? 'none',
  };
}

export function bandDraft(b: Band): BandDraft {
  return { code: b.code, name: b.name ?? '', thickness: numText(b.thickness), price: priceText(b.price), overlength: numText(b.overlength) };
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

/** Checked is a draft read: the value, or every field that is wrong (problem is the first of them). */
export type Checked<K extends string, T> = ({ ok: true } & Record<K, T>) | { ok: false; problem: Problem; problems: Problem[] };

/** checkStockDraft turns a draft into a stock row (its sides rounded down to 0,01 cm, as the engine takes them), or says what is wrong with each of its fields. */
export function checkStockDraft(d: StockDraft, row = 0): Checked<'stock', Stock> {
  const problems: Problem[] = [];
  const bad = (field: string, message: string) => problems.push({ row, field, message });
  const name = text(d.name);
  if (name === null) bad('name', stockMsg.tooLong);
  const material = text(d.material);
  if (material === null) bad('material', stockMsg.tooLong);
  const thickness = optional(d.thickness, MAX_THICKNESS_MM);
  if (Number.isNaN(thickness)) bad('thickness', numberProblem(d.thickness, stockMsg.badThickness));
  const side = (field: 'width' | 'height') => {
    // The engine takes a sheet's sides rounded down to 0,01 cm, and the
    // store keeps them so, as kesim nest --stock reads them: 183,555 is
    // 183,55 (the sheet of a row of 183,554 too), 1.000,009 is 1.000,
    // less than 0,01 no sheet.
    const v = roundDownCm(parseDecimal(d[field]));
    if (!(v > 0)) bad(field, stockMsg.badSheet);
    else if (v > STORE_MAX_SIZE_CM) bad(field, stockMsg.sheetTooBig);
    return v;
  };
  const width = side('width');
  const height = side('height');
  const quantity = optional(d.quantity, MAX_STOCK_QUANTITY, true);
  if (Number.isNaN(quantity)) bad('quantity', stockMsg.badQuantity); // a whole number, as kesim nest --stock says of any bad quantity
  const price = optional(d.price, MAX_PRICE);
  if (Number.isNaN(price)) bad('price', numberProblem(d.price, stockMsg.badPrice));
  if (!['none', 'vertical', 'horizontal'].includes(d.grain)) bad('grain', stockMsg.badGrain);
  if (problems.length) return { ok: false, problem: problems[0], problems };
  const s: Stock = { id: d.id, width, height };
  if (name) s.name = name;
  if (material) s.material = material;
  if (thickness) s.thickness = thickness;
  if (quantity) s.quantity = quantity;
  if (price) s.price = price;
  if (d.grain !== 'none') s.grain = d.grain;
  return { ok: true, stock: s };
}

/** checkBandDraft turns a draft into a band code, or says what is wrong with each of its fields. */
export function checkBandDraft(d: BandDraft, row = 0): Checked<'band', Band> {
  const problems: Problem[] = [];
  const bad = (field: string, message: string) => problems.push({ row, field, message });
  const code = text(d.code);
  if (code === null) bad('code', stockMsg.tooLong);
  else if (!code) bad('code', stockMsg.badCode);
  const name = text(d.name);
  if (name === null) bad('name', stockMsg.tooLong);
  const thickness = optional(d.thickness, MAX_BAND_THICKNESS_MM);
  if (Number.isNaN(thickness)) bad('thickness', numberProblem(d.thickness, stockMsg.badBandThickness));
  const price = optional(d.price, MAX_PRICE);
  if (Number.isNaN(price)) bad('price', numberProblem(d.price, stockMsg.badPrice));
  const overlength = optional(d.overlength, MAX_OVERLENGTH_CM);
  if (Number.isNaN(overlength)) bad('overlength', numberProblem(d.overlength, stockMsg.badOverlength));
  if (problems.length || code === null) return { ok: false, problem: problems[0], problems };
  const b: Band = { code };
  if (name) b.name = name;
  if (thickness) b.thickness = thickness;
  if (price) b.price = price;
  if (overlength) b.overlength = overlength;
  return { ok: true, band: b };
}

/**
 * checkAll checks the dialog's lists: every row, unique stock ids and band
 * codes, and the counts. It returns the lists or every wrong field of every
 * wrong line (problems, in the order of the lines and their fields), with
 * 'stock' or 'bands' as the list.
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
    if (!d.id || ids.has(d.id)) problems.push({ list: 'stock', row: i, field: 'id', message: stockMsg.badId });
    ids.add(d.id);
    const c = checkStockDraft(d, i);
    if (c.ok) rows.push(c.stock);
    else problems.push(...c.problems.map((p) => ({ list: 'stock' as const, ...p })));
  });
  const out: Band[] = [];
  const codes = new Set<string>();
  bands.forEach((d, i) => {
    const c = checkBandDraft(d, i);
    const code = d.code.trim();
    if (code && codes.has(code)) problems.push({ list: 'bands', row: i, field: 'code', message: stockMsg.badCode });
    if (code) codes.add(code);
    if (c.ok) out.push(c.band);
    else problems.push(...c.problems.map((p) => ({ list: 'bands' as const, ...p })));
  });
  return problems.length ? { ok: false, problems } : { ok: true, stock: rows, bands: out };
}

/** bandUse counts the parts (lines of the job) that put each band code on one of their edges or more. */
export function bandUse(parts: readonly { edges?: Edges }[]): Map<string, number> {
  const use = new Map<string, number>();
  for (const p of parts) {
    const e = p.edges;
    if (!e) continue;
    for (const code of new Set([e.top, e.bottom, e.left, e.right])) {
      if (code) use.set(code, (use.get(code) ?? 0) + 1);
    }
  }
  return use;
}

/**
 * bandsLost lists the band codes of before that after no longer has
 * (removed or renamed) while parts use them, with how many parts do, in
 * the order of before. The engine matches codes exactly.
 */
export function bandsLost(before: readonly Band[], after: readonly Band[], use: ReadonlyMap<string, number>): { code: string; parts: number }[] {
  const kept = new Set(after.map((b) => b.code));
  const out: { code: string; parts: number }[] = [];
  for (const b of before) {
    const n = use.get(b.code) ?? 0;
    if (n > 0 && !kept.has(b.code) && !out.some((x) => x.code === b.code)) out.push({ code: b.code, parts: n });
  }
  return out;
}

// The stock CSV as kesim nest --stock reads it (internal/partcsv):
// kod;ad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar, Turkish or
// English headers in any order, the dialog's own labels ("Fiyat (TL)") and
// their natural variants ("Fiyat TL", "Damar yönü"), and other tools'
// words as the part reader takes them (lib/columns); ';', tab or ','
// between cells.
export type CsvField = keyof StockDraft;
/** StockColumn is a column of a stock CSV: a field of a stock row, or etkin, which turns a row off. */
export type StockColumn = CsvField | 'enabled';

/**
 * STOCK_HEADERS are the header words of a stock CSV's columns, word for
 * word those of kesim nest --stock (internal/partcsv, stockHeaderWords;
 * both held to internal/partcsv/testdata/stockparity.json). The first of
 * each names the column in a message.
 */
export const STOCK_HEADERS: Record<CsvField, readonly string[]> = {
  id: ['kod', 'stok kodu', 'id', 'kimlik', 'code'],
  name: ['ad', 'adı', 'isim', 'name'],
  material: ['malzeme', 'material'],
  thickness: ['kalınlık', 'thickness'],
  width: ['genişlik', 'en', 'width'],
  height: ['yükseklik', 'boy', 'height'],
  quantity: ['adet', 'miktar', 'quantity', 'qty'],
  price: ['fiyat', 'birim fiyat', 'levha fiyatı', 'price'],
  grain: ['damar', 'damar yönü', 'grain'],
};

/** LENGTH_UNITS are the units of a stock CSV's length columns: sheet sides in cm, thickness in mm. */
const LENGTH_UNITS: Partial<Record<StockColumn, LengthUnit>> = { width: 'cm', height: 'cm', thickness: 'mm' };

/**
 * STOCK_WORDS are the words of a stock CSV's header (readColumns). The
 * part list's words of the columns both lists have (COLUMN_WORDS:
 * CutList Optimizer's Length, Label, Count, Enabled...) name them too,
 * though only when no cell names the column by a word of STOCK_HEADERS,
 * so that a stock list from another tool is read as its part list is
 * while a list read before reads as it did (an Uzunluk column beside
 * Yükseklik is not read).
 */
const STOCK_WORDS: ListWords<StockColumn> = {
  header: wordTable(STOCK_HEADERS),
  fallback: wordTable(COLUMN_WORDS),
  units: { ...LENGTH_UNITS, price: 'tl' },
};

/** CSV_COLUMN_NAMES name a stock CSV's columns in its messages, as the part reader names its own (the words a list of differences uses). */
const CSV_COLUMN_NAMES: Record<StockColumn, string> = { id: 'kod', enabled: 'etkin', ...stockMsg.diffFields };

/** rowName is a stock row as a message names it: its name, else its material or kod, at most 40 characters. */
function rowName(d: { name: string; material: string }, id: string): string {
  const chars = [...(d.name || d.material || id)];
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : chars.join('');
}

/**
 * csvProblem is the message of a stock CSV's number cell (written in
 * cell, read to d; a side in the unit readIn gives) that is empty where
 * required, no number, or a sheet side out of its range (named in the unit
 * the side was read in), naming the cell and what to write as kesim nest
 * --stock does; undefined for another problem, said in the dialog's words.
 */
function csvProblem(
  field: CsvField,
  cell: Partial<Record<StockColumn, string>>,
  d: StockDraft,
  readIn: Partial<Record<StockColumn, LengthUnit>>,
): string | undefined {
  if (field !== 'width' && field !== 'height' && field !== 'thickness' && field !== 'price') return undefined;
  const written = cell[field] ?? '';
  const side = field === 'width' || field === 'height';
  if (!d[field].trim()) return side ? msg.fillAll : undefined;
  if (Number.isNaN(parseDecimal(d[field]))) return msg.notNumberCell(written);
  return side ? msg.sheetSideCell(written, readIn[field]) : undefined;
}

/** MAX_CSV_BYTES bounds the stock file read (1,000 rows fit many times over). */
export const MAX_CSV_BYTES = 1 << 20;

/**
 * parseStockCsv reads a stock CSV's text (see readCsvFile). The first row
 * names the columns (STOCK_HEADERS; genişlik and yükseklik required), with
 * their units if it likes: sides in mm or m become cm, a thickness in cm
 * or m becomes mm (converted says so); a unit a column does not take
 * ("Genişlik (inç)", "Fiyat (USD)") refuses the file, naming the column
 * and the units it takes. As in a part list (lib/columns), a side or
 * thickness cell may name its own unit ("2800 mm", OpenCutList's sizes;
 * "24 in" is refused by row and column), an adet may end in a word
 * ("4 adet", "4 pcs"), and a row whose etkin cell says no (CutList
 * Optimizer's Enabled=false) is left out and said (disabled). Cells are
 * split at the separator detectSeparator finds (';', else a tab, else ','
 * in the first line holding one; a title holding a comma above a ';' list
 * is a title), or sep (a workbook's tab); a quoted cell may hold the separator or a line break; numbers take a
 * decimal comma and thousands dots. A row with more cells than the header
 * is refused (with ',' between cells, an unquoted decimal comma), as the
 * part reader refuses one. A kod gives the row's id (unique, not one of
 * taken, the dialog's rows); without it the row gets a new one. Columns
 * it does not know are named first in errors; then every bad field of
 * every bad row, by line, row and column; then the rows left out.
 */
export function parseStockCsv(textIn: string, taken: Iterable<string> = [], sep: Separator = detectSeparator(textIn, FILE_SEPARATORS)): StockCsv {
  const lines = parseDelimited(textIn, sep).map((r) => r.map((c) => c.replace(/\s*\n\s*/g, ' ').trim()));
  // A list's title rows above its header are left out (titleRows).
  const firstRow = lines.findIndex((l) => l.some((c) => c !== ''));
  const headerAt = firstRow < 0 ? -1 : Math.max(titleRows(lines), firstRow);
  if (headerAt < 0) return { rows: [], errors: [stockMsg.csvEmpty] };
  const h = readColumns(lines[headerAt], STOCK_WORDS);
  const { cols, moved } = h;
  const badUnits = h.badUnits.map((b) => stockMsg.unknownUnit(b.cell, CSV_COLUMN_NAMES[b.col], b.col === 'price'));
  const notes: string[] = [];
  if (h.unknown.length) notes.push(stockMsg.csvUnknownColumns(h.unknown));
  if (h.repeated.length) notes.push(stockMsg.csvRepeatedColumns(h.repeated));
  if (!cols.includes('width') || !cols.includes('height')) return { rows: [], errors: [stockMsg.csvNoHeader, ...badUnits, ...notes] };
  if (badUnits.length) return { rows: [], errors: [...badUnits, ...notes] };
  const rows: StockDraft[] = [];
  const rowLines: number[] = [];
  const coded: boolean[] = [];
  const disabled: number[] = [];
  const errors: string[] = [...notes];
  const ids = new Set<string>(['sheet', ...taken]); // the default sheet's, as the engine takes it
  // The file's own rows: a kod, or a sheet (material, thickness, size and
  // grain) a row read before gives, unless both rows give a kod, is
  // refused naming the earlier line, as kesim nest --stock refuses them.
  const codeLines = new Map<string, number>();
  const sheetLines = new Map<string, { line: number; coded: boolean }>();
  for (let i = headerAt + 1; i < lines.length; i++) {
    const cells = lines[i];
    if (cells.every((c) => c === '')) continue;
    if (rows.length >= MAX_STOCK_ROWS) {
      errors.push(stockMsg.tooManyRows);
      break;
    }
    const d = emptyStockDraft();
    const cell: Partial<Record<StockColumn, string>> = {};
    // the unit each length cell was read in, which a message naming its range names it in
    const readIn: Partial<Record<StockColumn, LengthUnit>> = {};
    // A length cell naming its own unit ("2800 mm") is converted by it,
    // over the header's; one no length takes ("24 in") is refused.
    const rowMoves: [key: string, col: StockColumn][] = [];
    let badUnit: StockColumn | undefined;
    cols.forEach((f, k) => {
      if (!f) return;
      const v = cells[k] ?? '';
      cell[f] = v;
      if (f === 'name' || f === 'material') d[f] = v;
      else if (f === 'quantity' || f === 'price') d[f] = ungroup(f === 'quantity' ? quantityText(v) : priceNumber(v));
      else if (f === 'width' || f === 'height' || f === 'thickness') {
        const l = lengthCell(v, LENGTH_UNITS[f] ?? 'cm', { unit: h.units[f], shift: h.shifts[f] });
        if (!l) {
          badUnit ??= f;
          return;
        }
        if (l.moved) rowMoves.push([l.moved, f]);
        readIn[f] = l.unit;
        d[f] = l.shift ? shiftDecimal(l.number, l.shift) : ungroup(l.number);
      }
    });
    const id = cell.id ?? '';
    const line = i + 1;
    const label = rowName(d, id);
    // A cell past the header's columns leaves the row's cells where they
    // do not belong (Sunta,366,5,183,2: 366 × 5, adet 183).
    if (cells.slice(cols.length).some((c) => c)) {
      errors.push(stockMsg.csvRow(line, label, sep === ',' ? stockMsg.extraCellsComma : stockMsg.extraCells));
      continue;
    }
    // A row its etkin cell turns off is left out, whatever else it holds.
    const on = cell.enabled ? parseYesNo(cell.enabled) : 'yes';
    if (on === 'no') {
      disabled.push(line);
      continue;
    }
    const bad: [StockColumn, string][] = [];
    if (!on) bad.push(['enabled', msg.enabledCell(cell.enabled ?? '')]);
    const again = id ? codeLines.get(id) : undefined;
    if ([...id].length > MAX_TEXT_RUNES) bad.push(['id', stockMsg.tooLong]);
    else if (again !== undefined) bad.push(['id', stockMsg.csvRepeatedCode(again)]);
    else if (id && ids.has(id)) bad.push(['id', stockMsg.badId]);
    else if (id) d.id = id;
    const g = parseGrain(cell.grain ?? '');
    if (!g) bad.push(['grain', msg.badGrainCell(cell.grain ?? '')]);
    d.grain = g ?? 'none';
    if (badUnit) bad.push([badUnit, stockMsg.unknownCellUnit(cell[badUnit] ?? '')]);
    const c = checkStockDraft(d, i);
    if (!c.ok) for (const p of c.problems) if (p.field !== badUnit) bad.push([p.field as CsvField, csvProblem(p.field as CsvField, cell, d, readIn) ?? p.message]);
    if (!c.ok || bad.length > 0) {
      // every bad field of the row, in the order of the columns
      bad.sort(([a], [b]) => cols.indexOf(a) - cols.indexOf(b));
      for (const [f, message] of bad) errors.push(stockMsg.csvField(line, label, CSV_COLUMN_NAMES[f], message));
      continue;
    }
    const key = sheetKey(c.stock);
    const twin = sheetLines.get(key);
    if (twin && !(twin.coded && id)) {
      errors.push(stockMsg.csvRow(line, label, stockMsg.csvRepeatedSheet(twin.line)));
      continue;
    }
    if (!twin) sheetLines.set(key, { line, coded: !!id });
    if (id) codeLines.set(id, line);
    ids.add(d.id);
    rows.push(stockDraft(c.stock));
    rowLines.push(line);
    coded.push(!!id);
    addMoves(moved, rowMoves);
  }
  if (rows.length === 0 && errors.length === notes.length && disabled.length === 0) errors.push(stockMsg.csvEmpty);
  const out: StockCsv = { rows, errors, lines: rowLines, coded, columns: cols.filter((f): f is CsvField => !!f && f !== 'enabled') };
  if (disabled.length > 0) {
    out.disabled = disabled;
    errors.push(stockMsg.csvDisabled(h.names.enabled ?? '', disabled));
  }
  if (rows.length > 0 && moved.size > 0) {
    out.converted = [...moved]
      .map(([key, fields]) => {
        const [from, to] = key.split('>');
        return stockMsg.converted(fields.map((f) => CSV_COLUMN_NAMES[f]), from, to);
      })
      .join('; ');
  }
  return out;
}

/**
 * StockCsv is a stock CSV read (parseStockCsv): its rows, with each row's
 * line in the file and whether the file gave its kod, the columns the file
 * has, and what could not be read.
 */
export interface StockCsv {
  rows: StockDraft[];
  errors: string[];
  /** converted says which columns were converted from another unit */
  converted?: string;
  /** lines[i] is the line of rows[i] in the file (1-based, as Excel counts) */
  lines?: number[];
  /** coded[i] tells that the file gave rows[i] its kod (its id) */
  coded?: boolean[];
  /** columns are the fields the file's header names */
  columns?: CsvField[];
  /** the lines of the rows an etkin (Enabled) column turned off, left out (errors says so); absent when none */
  disabled?: number[];
}

/**
 * sheetKey is what makes two stock rows the same sheet when they carry no
 * kod: material and thickness as the engine groups them (foldMaterial,
 * thicknessKey: 18,004 and 18 are one), width, height and grain.
 */
function sheetKey(s: Stock): string {
  return JSON.stringify([foldMaterial(s.material), thicknessKey(s.thickness), s.width, s.height, s.grain ?? 'none']);
}

/** StockMerge is the dialog's rows with a stock CSV merged in, and what the merge did. */
export interface StockMerge {
  rows: StockDraft[];
  added: number;
  updated: number;
  /** same counts the file's rows that matched a row of the list and changed nothing */
  same: number;
  errors: string[];
}

/**
 * mergeStockCsv merges a stock CSV read (parseStockCsv) into the dialog's
 * rows, as kesim nest refuses a stock list with a code twice: a file row
 * with a kod updates the row of that id; a row without one updates the row
 * of the same sheet (sheetKey); an updated row takes the file's values of
 * the columns the file has (a row matched by its sheet: its name, quantity
 * and price), and keeps the others. The other rows are added, up to room
 * rows (the rest are named in errors with the list's limit). A list row
 * matched twice (once by kod, once by sheet) is updated once: the later
 * line is refused, naming the first.
 */
export function mergeStockCsv(existing: StockDraft[], csv: StockCsv, room: number): StockMerge {
  const rows = existing.map((r) => ({ ...r }));
  const errors = [...csv.errors];
  const columns = new Set(csv.columns ?? []);
  const keys = existing.map((r) => {
    const c = checkStockDraft(r);
    return c.ok ? sheetKey(c.stock) : null;
  });
  const matchedBy = new Map<number, number>(); // list row -> the file's line that updated it
  // The codes the file gives: a coded line not on the list matches a row of its sheet unless the
  // file names that row by its own code (the dialog shows no codes, so a kod the list lacks is news).
  const fileCodes = new Set(csv.rows.filter((_, k) => csv.coded?.[k]).map((d) => d.id));
  // Values compared as the engine reads them: "1234,56" and "1.234,56" are one price.
  const value = (r: StockDraft) => {
    const c = checkStockDraft(r);
    return JSON.stringify(c.ok ? c.stock : r);
  };
  let added = 0;
  let updated = 0;
  let same = 0;
  let full = false;
  csv.rows.forEach((d, k) => {
    const line = csv.lines?.[k] ?? k + 2;
    const byCode = !!csv.coded?.[k];
    let at = byCode ? rows.findIndex((r) => r.id === d.id) : -1;
    if (at < 0) {
      const c = checkStockDraft(d);
      const key = c.ok ? sheetKey(c.stock) : null;
      if (key !== null) at = keys.findIndex((x, i) => x === key && !(byCode && fileCodes.has(rows[i].id)));
    }
    const sheetMatch = at >= 0 && !(byCode && rows[at].id === d.id);
    if (at >= 0 && at < existing.length) {
      const first = matchedBy.get(at);
      if (first !== undefined) {
        errors.push(stockMsg.csvRow(line, d.name || d.material || `${d.width}x${d.height}`, stockMsg.csvRepeatedSheet(first)));
        return;
      }
      matchedBy.set(at, line);
      const fields: (keyof StockDraft)[] = !sheetMatch
        ? (['name', 'material', 'thickness', 'width', 'height', 'quantity', 'price', 'grain'] as const).filter((f) => columns.has(f))
        : (['name', 'quantity', 'price'] as const).filter((f) => columns.has(f));
      const before = rows[at];
      const after = { ...before };
      for (const f of fields) (after as Record<string, string>)[f] = d[f];
      if (value(after) !== value(before)) {
        rows[at] = after;
        updated++;
      } else same++;
      return;
    }
    if (added >= room) {
      full = true;
      return;
    }
    rows.push(d);
    added++;
  });
  if (full) errors.push(stockMsg.tooManyRows);
  return { rows, added, updated, same, errors };
}

/**
 * readCsvFile reads a stock CSV file: UTF-8 with or without a BOM, or
 * Windows-1254 as Turkish Excel saves a plain CSV (lib/csv), or an Excel
 * workbook's first sheet as tab-separated text (lib/xlsx). A CSV file over
 * MAX_CSV_BYTES, or a workbook not read, is refused with the error's
 * Turkish message, never cut.
 */
export async function readCsvFile(f: Blob): Promise<ListText> {
  let file: ListText | null;
  try {
    file = await readListFile(f, MAX_CSV_BYTES, 'stock');
  } catch (err) {
    throw new Error(err instanceof ListFileError ? err.message : stockMsg.csvUnreadable, { cause: err });
  }
  if (file === null) throw new Error(stockMsg.csvTooLarge);
  return file;
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
  if (o.optionsLocal === true) out.optionsLocal = true;
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

/**
 * RowDiff is a row that differs between the user's list and the server's
 * (stockDiff): a sheet row ('stock', matched by id), a band code ('bands',
 * by code), an offcut of the rack ('offcuts', by code), the offcut
 * settings ('offcutSettings', one entry, no fields) or the layout options
 * ('options', one entry, the options that differ). kind says where it
 * is: only in the user's list ('mine'), only on the server ('server'), or
 * in both with other values ('changed': fields, each with its values
 * written as the dialog writes them, the server's and the user's).
 */
export interface RowDiff {
  list: 'stock' | 'bands' | 'offcuts' | 'offcutSettings' | 'options';
  /** id of the sheet row or offcut, the band's code */
  id: string;
  /** the row's place among the user's sheet rows or band codes (their table's row), -1 when not there */
  row: number;
  /** what names a sheet row: its name, else its material and size (the user's row when in both) */
  name: string;
  kind: 'mine' | 'server' | 'changed';
  fields: DiffField[];
}

/** DiffField is a field of a row in both lists with other values: the field's key and its values, the server's and the user's. */
export interface DiffField {
  field: 'name' | 'material' | 'thickness' | 'width' | 'height' | 'quantity' | 'price' | 'grain' | 'overlength' | 'objective' | 'deductBands' | 'keepLeftover';
  server: string;
  mine: string;
}

/**
 * DiffLists are the lists stockDiff compares: a list of the dialog's (with
 * its options), or the server's (GET /api/stock: options, and
 * optionsSaved false when the user saved none).
 */
export type DiffLists = Pick<StockSettings, 'stock' | 'bands' | 'offcutSettings'> &
  Partial<Pick<StockSettings, 'objective' | 'deductBands' | 'keepLeftover' | 'optionsLocal'>> & { options?: unknown; optionsSaved?: boolean };

/**
 * listOptions are the layout options a list of stockDiff holds: the
 * dialog's (its objective and flags), or those the server saved; null
 * when it holds none (the server saved none, or the options are only
 * this browser's).
 */
export function listOptions(l: DiffLists | undefined): LayoutOptions | null {
  if (!l) return null;
  if (l.options !== undefined || l.optionsSaved !== undefined) return l.optionsSaved === false ? null : optionsOf(l.options);
  if (l.objective !== undefined) return l.optionsLocal ? null : layoutOptions(l);
  return null;
}

const OBJECTIVE_WORDS: Record<Objective, string> = { cost: stockMsg.objectiveCost, area: stockMsg.objectiveArea, sheets: stockMsg.objectiveSheets };
const yesNo = (v: boolean) => (v ? stockMsg.yes : stockMsg.no);

/** OPTIONS_DIFF are the layout options as a list of differences compares and writes them. */
const OPTIONS_DIFF: [DiffField['field'], (o: LayoutOptions) => string][] = [
  ['objective', (o) => OBJECTIVE_WORDS[o.objective]],
  ['deductBands', (o) => yesNo(o.deductBands)],
  ['keepLeftover', (o) => yesNo(o.keepLeftover)],
];

/** sheetName names a sheet row in a list of differences: its name, else its material and size (Beyaz 183 × 366). */
function sheetName(r: Stock): string {
  if (r.name) return r.name;
  const size = `${numFmt.format(r.width)} × ${numFmt.format(r.height)}`;
  return r.material ? `${r.material} ${size}` : size;
}

const GRAIN_WORDS: Record<Grain, string> = { none: stockMsg.grainNone, vertical: stockMsg.grainVertical, horizontal: stockMsg.grainHorizontal };

/** dash is a value the row leaves empty, in a list of differences. */
const dash = (v: string) => v || '—';
const quoted = (v: string | undefined) => (v ? `“${v}”` : '—');

/** SHEET_DIFF are a sheet row's fields as a list of differences compares and writes them. */
const SHEET_DIFF: [DiffField['field'], (r: Stock) => string][] = [
  ['name', (r) => quoted(r.name)],
  ['material', (r) => quoted(r.material)],
  ['thickness', (r) => dash(numText(r.thickness))],
  ['width', (r) => numFmt.format(r.width)],
  ['height', (r) => numFmt.format(r.height)],
  ['quantity', (r) => numText(r.quantity) || stockMsg.unlimited],
  ['price', (r) => dash(priceText(r.price))],
  ['grain', (r) => GRAIN_WORDS[r.grain ?? 'none'] ?? String(r.grain)],
];

/** BAND_DIFF are a band code's fields as a list of differences compares and writes them. */
const BAND_DIFF: [DiffField['field'], (b: Band) => string][] = [
  ['name', (b) => quoted(b.name)],
  ['thickness', (b) => dash(numText(b.thickness))],
  ['price', (b) => dash(priceText(b.price))],
  ['overlength', (b) => dash(numText(b.overlength))],
];

function changedFields<T>(spec: [DiffField['field'], (r: T) => string][], server: T, mine: T): DiffField[] {
  const out: DiffField[] = [];
  for (const [field, write] of spec) {
    const s = write(server);
    const m = write(mine);
    if (s !== m) out.push({ field, server: s, mine: m });
  }
  return out;
}

/** settingsKey writes offcut settings for a comparison, whatever the order of their rules' keys. */
function settingsKey(o: OffcutSettings): string {
  const s = offcutSettingsOf(o);
  return JSON.stringify([s.rules.map((r) => [r.material ?? '', r.thickness ?? 0, r.minWidth, r.minHeight]), s.maxArea, s.minUse]);
}

/**
 * stockDiff lists what differs between the user's list (mine, refused
 * after another tab or device saved) and the server's: the sheet rows
 * matched by id and the band codes by code (in the user's order, then
 * those only on the server in theirs), with the fields that changed, as
 * the dialog writes their values (1.450; 45,5); the rack's offcuts, which
 * the user can only take off (only on the server); the offcut settings
 * when both lists carry them and they differ; and the layout options
 * (objective, band deduction, one leftover) that differ when both lists
 * hold options (listOptions). The order of the
 * rows is not a difference. Equal lists give none.
 */
export function stockDiff(mine: DiffLists, server: DiffLists): RowDiff[] {
  const out: RowDiff[] = [];
  const sheets = (l: DiffLists) => l.stock.filter((r) => !isOffcut(r));
  const mineRows = sheets(mine);
  const serverRows = new Map(sheets(server).map((r) => [r.id, r]));
  mineRows.forEach((r, row) => {
    const s = serverRows.get(r.id);
    if (!s) return void out.push({ list: 'stock', id: r.id, row, name: sheetName(r), kind: 'mine', fields: [] });
    const fields = changedFields(SHEET_DIFF, s, r);
    if (fields.length) out.push({ list: 'stock', id: r.id, row, name: sheetName(r), kind: 'changed', fields });
  });
  const mineIds = new Set(mineRows.map((r) => r.id));
  for (const s of serverRows.values()) {
    if (!mineIds.has(s.id)) out.push({ list: 'stock', id: s.id, row: -1, name: sheetName(s), kind: 'server', fields: [] });
  }
  const serverBands = new Map(server.bands.map((b) => [b.code, b]));
  mine.bands.forEach((b, row) => {
    const s = serverBands.get(b.code);
    if (!s) return void out.push({ list: 'bands', id: b.code, row, name: b.name ?? '', kind: 'mine', fields: [] });
    const fields = changedFields(BAND_DIFF, s, b);
    if (fields.length) out.push({ list: 'bands', id: b.code, row, name: b.name ?? '', kind: 'changed', fields });
  });
  const mineCodes = new Set(mine.bands.map((b) => b.code));
  for (const s of serverBands.values()) {
    if (!mineCodes.has(s.code)) out.push({ list: 'bands', id: s.code, row: -1, name: s.name ?? '', kind: 'server', fields: [] });
  }
  const mineRack = new Set(mine.stock.filter(isOffcut).map((r) => r.id));
  const serverRack = new Set(server.stock.filter(isOffcut).map((r) => r.id));
  for (const id of mineRack) if (!serverRack.has(id)) out.push({ list: 'offcuts', id, row: -1, name: '', kind: 'mine', fields: [] });
  for (const id of serverRack) if (!mineRack.has(id)) out.push({ list: 'offcuts', id, row: -1, name: '', kind: 'server', fields: [] });
  if (mine.offcutSettings && server.offcutSettings && settingsKey(mine.offcutSettings) !== settingsKey(server.offcutSettings))
    out.push({ list: 'offcutSettings', id: '', row: -1, name: '', kind: 'changed', fields: [] });
  const mineOptions = listOptions(mine);
  const serverOptions = listOptions(server);
  if (mineOptions && serverOptions) {
    const fields = changedFields(OPTIONS_DIFF, serverOptions, mineOptions);
    if (fields.length) out.push({ list: 'options', id: '', row: -1, name: '', kind: 'changed', fields });
  }
  return out;
}

/**
 * diffText writes a difference (stockDiff) on one line, in Turkish:
 * "Satır 2 (Beyaz 183 × 366): adet 4 → 2, fiyat 1.450 → 1.500",
 * "Bant B2: yalnız sizde", "Ceviz 210 × 280: yalnız sunucuda",
 * "Seçenekler: hedef maliyet → alan, bant kalınlığı düşülür hayır → evet".
 */
export function diffText(d: RowDiff): string {
  if (d.list === 'offcutSettings') return stockMsg.offcutSettingsDiffer;
  if (d.list === 'options') return `${stockMsg.options}: ${d.fields.map((f) => stockMsg.diffField(stockMsg.diffFields[f.field], f.server, f.mine)).join(', ')}`;
  const who =
    d.list === 'stock' ? stockMsg.diffSheet(d.row, d.name) : d.list === 'bands' ? stockMsg.diffBand(d.id) : stockMsg.diffOffcut(d.id);
  let what: string;
  if (d.kind === 'changed') {
    what = d.fields
      .map((f) => stockMsg.diffField(d.list === 'bands' && f.field === 'price' ? stockMsg.diffFields.bandPrice : stockMsg.diffFields[f.field], f.server, f.mine))
      .join(', ');
  } else if (d.list === 'offcuts') what = d.kind === 'server' ? stockMsg.offcutTakenOff : stockMsg.offcutOnlyMine;
  else what = d.kind === 'server' ? stockMsg.onlyServer : stockMsg.onlyMine;
  return `${who}: ${what}`;
}
