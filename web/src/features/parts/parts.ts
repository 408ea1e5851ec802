import { MAX_THICKNESS_MM as MAX_THICKNESS } from '../../generated/limits';
import {
  addMoves,
  COLUMN_WORDS,
  lengthCell,
  parseGrain,
  quantityText,
  readColumns,
  splitCellUnit,
  wordTable,
  parseYesNo,
  type Columns,
} from '../../lib/columns';
import { detectSeparator, FILE_SEPARATORS, parseDelimited, titleRows, UNIT_DIGITS, type LengthUnit, type Separator } from '../../lib/csv';
import { exponentValue, parseDecimal, parseWhole, roundUpCm, shiftDecimal } from '../../lib/number';
import { msg } from '../../messages';
import type { Edges } from '../../generated/engine';
import type { PartInput } from '../engine/types';
import { partMsg } from './texts';
import { MAX_JOB_PIECES, STORE_MAX_NAME_LENGTH, STORE_MAX_QUANTITY, STORE_MAX_SIZE_CM } from '../../generated/limits';

/** Part is one line of the job as the app keeps it. */
export type Part = PartInput;

let counter = 0;

/** newPartId returns an id unique within this page. */
export function newPartId(): string {
  counter += 1;
  return `p${Date.now().toString(36)}${counter}`;
}

/** Grain is a part's grain as entered: along its height (vertical) or width (horizontal). */
export type Grain = NonNullable<Part['grain']>;
export const GRAINS: readonly Grain[] = ['none', 'vertical', 'horizontal'];
/** GRAIN_LABELS are the form's words for each grain. */
export const GRAIN_LABELS: Record<Grain, string> = {
  none: partMsg.grainNone,
  vertical: partMsg.grainVertical,
  horizontal: partMsg.grainHorizontal,
};

export type EdgeKey = keyof Edges;
export const EDGE_KEYS: readonly EdgeKey[] = ['top', 'bottom', 'left', 'right'];
export const EDGE_LABELS: Record<EdgeKey, string> = {
  top: partMsg.edgeTop,
  bottom: partMsg.edgeBottom,
  left: partMsg.edgeLeft,
  right: partMsg.edgeRight,
};

/** MAX_THICKNESS_MM bounds a part's thickness, as the engine does. */
export const MAX_THICKNESS_MM = MAX_THICKNESS;

/** PartExtras are the optional columns of a part: material, thickness, grain and edge band. */
export type PartExtras = Pick<Part, 'material' | 'thickness' | 'grain' | 'edges'>;

/** ExtrasDraft is the optional columns as typed: every field text. */
export interface ExtrasDraft {
  material: string;
  thickness: string;
  grain: Grain;
  top: string;
  bottom: string;
  left: string;
  right: string;
}

export const emptyExtras: ExtrasDraft = { material: '', thickness: '', grain: 'none', top: '', bottom: '', left: '', right: '' };

export interface PartDraft extends Partial<ExtrasDraft> {
  name: string;
  width: string;
  height: string;
  quantity: string;
}

/** DraftField names a field of the form, as its input's id (part-<field>) does. */
export type DraftField = keyof PartDraft;

export type Checked = { ok: true; part: Omit<Part, 'id'> } | { ok: false; error: string; field: DraftField };
export type CheckedExtras = { ok: true; extras: PartExtras } | { ok: false; error: string; field: keyof ExtrasDraft };

/** textLength counts characters as the engine does (code points, not UTF-16 units). */
function textLength(s: string): number {
  return [...s].length;
}

/**
 * findBand returns the known code a typed band code names: the code
 * itself, or one that differs only in case (Turkish case); undefined
 * when there is none.
 */
export function findBand(code: string, bandCodes: readonly string[]): string | undefined {
  if (bandCodes.includes(code)) return code;
  const lower = code.toLocaleLowerCase('tr-TR');
  return bandCodes.find((c) => c.toLocaleLowerCase('tr-TR') === lower);
}

/**
 * checkExtras validates the optional columns: material and band codes at
 * most 200 characters (trimmed), thickness 0 to 1000 mm (empty or 0: none),
 * a band code one of bandCodes when a list is given. Empty fields are left
 * out of the part, so a part without them is exactly the part of before.
 */
export function checkExtras(d: Partial<ExtrasDraft>, bandCodes?: readonly string[]): CheckedExtras {
  const extras: PartExtras = {};
  const material = (d.material ?? '').trim();
  if (textLength(material) > STORE_MAX_NAME_LENGTH) return { ok: false, error: partMsg.textTooLong, field: 'material' };
  if (material) extras.material = material;
  const t = (d.thickness ?? '').trim();
  if (t) {
    const thickness = parseDecimal(t);
    if (!(thickness >= 0) || thickness > MAX_THICKNESS_MM) return { ok: false, error: partMsg.thicknessRange, field: 'thickness' };
    if (thickness > 0) extras.thickness = thickness;
  }
  const grain = d.grain ?? 'none';
  if (!GRAINS.includes(grain)) return { ok: false, error: partMsg.badGrain, field: 'grain' };
  if (grain !== 'none') extras.grain = grain;
  const edges: Edges = {};
  for (const k of EDGE_KEYS) {
    let code = (d[k] ?? '').trim();
    if (!code) continue;
    if (textLength(code) > STORE_MAX_NAME_LENGTH) return { ok: false, error: partMsg.textTooLong, field: k };
    if (bandCodes) {
      const known = findBand(code, bandCodes);
      if (known === undefined) return { ok: false, error: partMsg.unknownBand, field: k };
      code = known;
    }
    edges[k] = code;
  }
  if (Object.keys(edges).length > 0) extras.edges = edges;
  return { ok: true, extras };
}

// A thickness is written with every decimal it has (0,125 mm), as
// checkExtras reads it back: an edit that leaves it alone keeps it.
const mmFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 10 });

/** fmtMm writes a thickness the Turkish way with all its decimals: 18, 0,125, 1.000. */
export function fmtMm(v: number): string {
  return mmFmt.format(v);
}

/** extrasDraft is the typed form of a part's optional columns, for editing. */
export function extrasDraft(p: PartExtras): ExtrasDraft {
  return {
    material: p.material ?? '',
    thickness: p.thickness ? fmtMm(p.thickness) : '',
    grain: p.grain && GRAINS.includes(p.grain) ? p.grain : 'none',
    top: p.edges?.top ?? '',
    bottom: p.edges?.bottom ?? '',
    left: p.edges?.left ?? '',
    right: p.edges?.right ?? '',
  };
}

/** hasExtras reports whether a part uses any optional column. */
export function hasExtras(p: PartExtras): boolean {
  return !!(p.material || p.thickness || (p.grain && p.grain !== 'none') || EDGE_KEYS.some((k) => p.edges?.[k]));
}

/**
 * describeExtras is the short line a part's optional columns read as:
 * "Beyaz Sunta · 18 mm · damar dikey · bant: üst B1, sol B1" (the same
 * band on every edge: "bant: B1 (tüm kenarlar)"); '' for a part without them.
 */
export function describeExtras(p: PartExtras): string {
  const out: string[] = [];
  if (p.material) out.push(p.material);
  if (p.thickness) out.push(`${fmtMm(p.thickness)} mm`);
  if (p.grain === 'vertical' || p.grain === 'horizontal') out.push(partMsg.grainShort[p.grain]);
  const e = p.edges ?? {};
  const banded = EDGE_KEYS.filter((k) => e[k]);
  if (banded.length === 4 && banded.every((k) => e[k] === e.top)) {
    out.push(partMsg.bandLine(`${e.top} (${partMsg.bandAll.toLocaleLowerCase('tr-TR')})`));
  } else if (banded.length > 0) {
    out.push(partMsg.bandLine(banded.map((k) => `${EDGE_LABELS[k].toLocaleLowerCase('tr-TR')} ${e[k]}`).join(', ')));
  }
  return out.join(' · ');
}

/**
 * withExtras is the change that gives a part exactly these optional
 * columns: those it no longer has are set to undefined (and so dropped
 * when it is saved or sent).
 */
export function withExtras(extras: PartExtras): PartExtras {
  return { material: undefined, thickness: undefined, grain: undefined, edges: undefined, ...extras };
}

/** MIN_SIDE_CM is a part's smallest side, the specification's (section 5: min 0.1). */
export const MIN_SIDE_CM = 0.1;

/**
 * checkDraft validates the add-part form as the specification says: every
 * field is required, sizes and quantity positive (sizes at least 0,1 cm,
 * rounded up to two decimals as the engine cuts them, then up to 1000 cm;
 * quantity whole, up to 100.000), the name trimmed, at most 200 characters. Past a limit the
 * message is the server's. The optional columns are checked by checkExtras.
 */
export function checkDraft(d: PartDraft, bandCodes?: readonly string[]): Checked {
  const name = d.name.trim();
  if (!name) return { ok: false, error: msg.fillAll, field: 'name' };
  for (const f of ['width', 'height', 'quantity'] as const) {
    if (!d[f].trim()) return { ok: false, error: msg.fillAll, field: f };
  }
  // A long name is refused as the server refuses it, never cut.
  if (textLength(name) > STORE_MAX_NAME_LENGTH) return { ok: false, error: partMsg.nameTooLong, field: 'name' };
  const typedWidth = parseDecimal(d.width);
  const typedHeight = parseDecimal(d.height);
  const width = roundUpCm(typedWidth);
  const height = roundUpCm(typedHeight);
  const quantity = parseWhole(d.quantity);
  // Below the specification's 0,1 cm (the inputs' min) is no size either,
  // rather than one the engine would cut as 0,01 cm. A number written with
  // an exponent is read by no field, but one past the limit (1e5) is told
  // the limit, as 100000 is, rather than that it is no valid value.
  const side = (text: string, typed: number, v: number) =>
    Number.isNaN(typed) && roundUpCm(exponentValue(text)) > STORE_MAX_SIZE_CM
      ? msg.sizeTooLarge
      : !(v > 0) || typed < MIN_SIDE_CM - 1e-9
        ? msg.positiveValues
        : v > STORE_MAX_SIZE_CM
          ? msg.sizeTooLarge
          : '';
  const wrongWidth = side(d.width, typedWidth, width);
  if (wrongWidth) return { ok: false, error: wrongWidth, field: 'width' };
  const wrongHeight = side(d.height, typedHeight, height);
  if (wrongHeight) return { ok: false, error: wrongHeight, field: 'height' };
  if (Number.isNaN(quantity) && exponentValue(d.quantity) > STORE_MAX_QUANTITY) return { ok: false, error: partMsg.quantityTooLarge, field: 'quantity' };
  if (!(quantity >= 1)) return { ok: false, error: msg.positiveValues, field: 'quantity' };
  if (quantity > STORE_MAX_QUANTITY) return { ok: false, error: partMsg.quantityTooLarge, field: 'quantity' };
  const x = checkExtras(d, bandCodes);
  if (!x.ok) return x;
  return { ok: true, part: { name, width, height, quantity, ...x.extras } };
}

/**
 * MAX_JOB_PIECES (generated from nest.MaxPieces, docs/engine.md, "Limits")
 * bounds the pieces of a whole job: a job past it is refused by the
 * layout, so parts that would take the job past it are not added.
 */
export { MAX_JOB_PIECES };

/**
 * jobLimit is the message that refuses a change taking a job of current
 * pieces to total pieces, when total is past MAX_JOB_PIECES; '' when not.
 */
export function jobLimit(current: number, total: number): string {
  return total > MAX_JOB_PIECES ? partMsg.tooManyPieces(MAX_JOB_PIECES, current, total) : '';
}

/** totals sums a parts list: pieces, types and area in cm². */
export function totals(parts: readonly Omit<Part, 'id'>[]): { pieces: number; types: number; area: number } {
  let pieces = 0;
  let area = 0;
  for (const p of parts) {
    pieces += p.quantity;
    area += p.width * p.height * p.quantity;
  }
  return { pieces, types: parts.length, area };
}

/** Size flags of section 4: 'large' above 100 types or 500 pieces, 'ultra' above 500 or 2000. */
export function dataSize(parts: Part[]): 'normal' | 'large' | 'ultra' {
  const { pieces, types } = totals(parts);
  if (types > 500 || pieces > 2000) return 'ultra';
  if (types > 100 || pieces > 500) return 'large';
  return 'normal';
}

/** showBanner reports whether the performance banner is shown (section 2). */
export function showBanner(parts: Part[]): boolean {
  const { pieces, types } = totals(parts);
  return pieces > 200 || types > 100;
}

export interface PasteResult {
  parts: Omit<Part, 'id'>[];
  /** the bad rows, by line, part and column: at most MAX_PASTE_ERRORS, then how many more */
  errors: string[];
  /**
   * what the header row says: a required column it lacks (then no part is
   * added), the columns it names that are not read
   */
  notes: string[];
  /**
   * the columns whose header (or a cell of a row added) named another unit
   * and were converted, as a Turkish phrase for the success message
   * ("genişlik ve yükseklik mm'den cm'ye çevrildi"); absent when none was
   */
  converted?: string;
  /** the lines of the rows an etkin (Enabled) column turned off, left out (a note says so); absent when none */
  disabled?: number[];
}

/** A column of a pasted part list. */
export type PasteColumn =
  | 'name'
  | 'width'
  | 'height'
  | 'quantity'
  | 'rotate'
  | 'material'
  | 'thickness'
  | 'grain'
  | 'band'
  | EdgeKey
  | 'enabled';

/**
 * PASTE_HEADERS are the header words of a pasted (and CSV) part list, in
 * one place: Turkish and English, and the app's own labels (Parça Adı, Tüm
 * kenarlar, Üst...), word for word those of kesim nest's CSV reader
 * (internal/partcsv, partHeaderWords; both held to
 * internal/partcsv/testdata/parity.json, as GRAIN_WORDS and ROTATE_WORDS).
 * A header cell matches in any case, with or without Turkish
 * letters (genislik, kalinlik, bant sag), with "_" or "-" for a space and
 * with a unit in brackets or after the word ("Genişlik (mm)", "Genişlik
 * cm", see splitUnit): a size column in mm or m, or a thickness in cm or
 * m, is converted; another unit on them ("Genişlik (inç)") is refused.
 * The first word of each column names it in a message. Other tools'
 * words are taken where their meaning is plain: Length (uzunluk) is the
 * height, along the grain as CutList Optimizer's and OpenCutList's length
 * is; Label and Designation the name; Enabled (etkin, aktif) turns a row
 * off (see readRows).
 */
export const PASTE_HEADERS: Record<PasteColumn, readonly string[]> = {
  name: COLUMN_WORDS.name,
  width: COLUMN_WORDS.width,
  height: COLUMN_WORDS.height,
  quantity: COLUMN_WORDS.quantity,
  rotate: ['döndür', 'döndürülebilir', 'rotate'],
  material: COLUMN_WORDS.material,
  thickness: COLUMN_WORDS.thickness,
  grain: COLUMN_WORDS.grain,
  band: ['bant', 'kenar bandı', 'band', 'tüm kenarlar'],
  top: ['bant üst', 'üst bant', 'üst', 'band top', 'top', 'top band'],
  bottom: ['bant alt', 'alt bant', 'alt', 'band bottom', 'bottom', 'bottom band'],
  left: ['bant sol', 'sol bant', 'sol', 'band left', 'left', 'left band'],
  right: ['bant sağ', 'sağ bant', 'sağ', 'band right', 'right', 'right band'],
  enabled: COLUMN_WORDS.enabled,
};

/**
 * PASTE_FALLBACK_HEADERS name a column only when no cell of the header
 * names it by its own words (PASTE_HEADERS): in Açıklama;En;Boy the parts
 * are named in açıklama, while beside an Ad column açıklama is a note and
 * not read. The first cell that names the column so is read.
 */
export const PASTE_FALLBACK_HEADERS: Partial<Record<PasteColumn, readonly string[]>> = {
  name: ['açıklama', 'description'],
};

export { GRAIN_WORDS, parseGrain, QUANTITY_UNITS, ROTATE_WORDS, wordKey } from '../../lib/columns';

/**
 * PASTE_ORDER is the columns' order in rows pasted without a header row:
 * the specification's four. A row with a further cell is refused, as kesim
 * nest refuses it: it could be döndür, a material or a note (in
 * comma-separated rows an unquoted decimal comma); the optional columns
 * need a header row, which may name a notes column to leave out.
 */
export const PASTE_ORDER: readonly PasteColumn[] = ['name', 'width', 'height', 'quantity'];

/** MAX_PASTE_ERRORS: a paste reports at most this many bad rows by name, then how many more. */
export const MAX_PASTE_ERRORS = 20;

/**
 * REQUIRED_COLUMNS are the columns a header row must name, as kesim nest's
 * CSV reader wants them; an empty or missing adet is 1.
 */
export const REQUIRED_COLUMNS: readonly PasteColumn[] = ['name', 'width', 'height'];

/** LENGTH_UNITS are the units of the columns that hold lengths: sizes in cm, thickness in mm. */
const LENGTH_UNITS: Partial<Record<PasteColumn, LengthUnit>> = { width: 'cm', height: 'cm', thickness: 'mm' };

/** The words of a part list's header (readColumns). */
const PART_WORDS = { header: wordTable(PASTE_HEADERS), fallback: wordTable(PASTE_FALLBACK_HEADERS), units: LENGTH_UNITS };

/** readHeader maps a header row's cells to columns, as kesim nest's header does. */
function readHeader(cells: string[]): Columns<PasteColumn> {
  return readColumns(cells, PART_WORDS);
}

/** convertedText says the conversions of moved ("mm>cm": the columns) as the success message does; undefined for none. */
function convertedText(moved: Map<string, PasteColumn[]>): string | undefined {
  if (moved.size === 0) return undefined;
  return [...moved]
    .map(([key, cols]) => {
      const [from, to] = key.split('>') as [LengthUnit, LengthUnit];
      return partMsg.converted(cols.map((col) => PASTE_HEADERS[col][0]), from, to);
    })
    .join('; ');
}

/** isNumberCell: a number, or a number with a word after it ("600 mm", "2 adet"): a part's cell, not a header's. */
function isNumberCell(cell: string): boolean {
  if (!Number.isNaN(parseDecimal(cell))) return true;
  const u = splitCellUnit(cell);
  return !!u && !Number.isNaN(parseDecimal(u.number));
}

/** cellText is a cell as read: a line break in it (Alt+Enter in Excel) is a space. */
function cellText(c: string): string {
  return c.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * isHeaderRow: a first row with no number after its first cell names the
 * columns, as kesim nest decides it (internal/partcsv, isHeaderRow).
 */
function isHeaderRow(cells: string[]): boolean {
  return cells.length > 1 && cells.slice(1).every((c) => !isNumberCell(c));
}

/**
 * listProblem is the message of a list's cell (written as cell, read to
 * draft; a size in unit) that checkDraft refused with error, naming the
 * cell and what to write as kesim nest does: a size, thickness or quantity
 * that is no number, or no whole number; a size or a quantity out of its
 * range (a size's named in the unit it was read in); a name too long
 * (named by its length). undefined for another problem, said in the
 * form's words (the specification's).
 */
function listProblem(field: PasteColumn, cell: string, draft: PartDraft, error: string, unit?: LengthUnit): string | undefined {
  if (!cell) return undefined;
  if (field === 'name') return error === partMsg.nameTooLong ? msg.nameTooLongCell([...draft.name.trim()].length) : undefined;
  if (field === 'quantity') {
    if (Number.isNaN(parseWhole(quantityText(cell)))) return msg.notWholeCell(cell);
    return error === msg.positiveValues || error === partMsg.quantityTooLarge ? msg.quantityCell(cell) : undefined;
  }
  if (field !== 'width' && field !== 'height' && field !== 'thickness') return undefined;
  if (Number.isNaN(parseDecimal(draft[field] ?? ''))) return msg.notNumberCell(cell);
  return field !== 'thickness' && (error === msg.positiveValues || error === msg.sizeTooLarge) ? msg.partSideCell(cell, unit) : undefined;
}

/** shortName is a part's name as a message shows it: at most 40 characters. */
function shortName(name: string): string {
  const chars = [...name];
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : name;
}

/**
 * twoWays reports whether a comma-separated row without a header could be
 * read two ways, so that it is refused rather than guessed: Kapak,45,5,30
 * is 45 × 5 cm, 30 pieces, or an unquoted 45,5 × 30 cm with the quantity
 * left out (1). The rule: four cells (more are refused anyway), a whole
 * width, a height of one digit right after it (what the decimals of a size
 * in cm most often are: 45,5) and a fourth cell that would be the height.
 * A single-digit height is rare, so few good rows are refused; a
 * single-digit quantity is the rule, so Kapak,45,30,2 is 45 × 30 cm, 2
 * pieces, though it could be 45 × 30,2 cm too: such a row cannot be told
 * from the common whole-number one, and is read as written. Quoted
 * decimals ("45,5"), semicolons or a header row avoid the question.
 */
function twoWays(cells: string[]): boolean {
  const [, w = '', h = '', q = '', ...rest] = cells;
  return rest.every((c) => !c) && /^\d+$/.test(w) && /^\d$/.test(h) && q !== '';
}

/**
 * readRows reads a part list's rows (parseDelimited's, sep their
 * separator), as parsePaste describes.
 */
function readRows(rows: string[][], sep: Separator, bandCodes?: readonly string[], sizesInMm = false): PasteResult {
  const out: PasteResult = { parts: [], errors: [], notes: [] };
  let mmPending = sizesInMm;
  let cols: readonly (PasteColumn | null)[] = PASTE_ORDER;
  let shifts: Columns<PasteColumn>['shifts'] = {};
  let units: Columns<PasteColumn>['units'] = {};
  // the conversions of the header's units, then those of the cells' own, as the rows are added
  let moved: Columns<PasteColumn>['moved'] = new Map();
  let enabledHeader = '';
  const disabled: number[] = [];
  // Cells past the columns are refused: after a comma they may be an
  // unquoted decimal comma (Kapak,45,5,30), past a header's columns they
  // stand where they do not belong, and without a header a fifth cell
  // could be döndür, a material or a note.
  let width = PASTE_ORDER.length;
  let extraCells = sep === ',' ? partMsg.extraCellsComma : partMsg.extraCellsNoHeader;
  let first = true;
  let bad = 0;
  const report = (line: string) => {
    bad += 1;
    if (out.errors.length < MAX_PASTE_ERRORS) out.errors.push(line);
  };
  // A list's title rows above its header are left out (titleRows).
  const titles = titleRows(rows);
  const start = titles > 0 && isHeaderRow(rows[titles].map(cellText)) ? titles : 0;
  for (let i = start; i < rows.length; i++) {
    const cells = rows[i].map(cellText);
    if (cells.every((c) => !c)) continue;
    const line = i + 1;
    if (first) {
      first = false;
      if (isHeaderRow(cells)) {
        const h = readHeader(cells);
        const missing = REQUIRED_COLUMNS.filter((c) => !h.cols.includes(c));
        if (missing.length > 0) out.notes.push(partMsg.missingColumns(missing.map((c) => PASTE_HEADERS[c][0])));
        out.notes.push(...h.badUnits.map((b) => partMsg.unknownUnit(b.cell, PASTE_HEADERS[b.col][0])));
        if (h.unknown.length > 0) out.notes.push(partMsg.unknownColumns(h.unknown));
        if (h.repeated.length > 0) out.notes.push(partMsg.repeatedColumns(h.repeated));
        if (missing.length > 0) {
          out.notes.push(partMsg.headerHint);
          return out;
        }
        if (h.badUnits.length > 0) {
          out.notes.push(partMsg.nothingAdded);
          return out;
        }
        cols = h.cols;
        shifts = h.shifts;
        units = h.units;
        moved = h.moved;
        enabledHeader = h.names.enabled ?? '';
        width = cells.length;
        if (sep !== ',') extraCells = partMsg.extraCells;
        continue;
      }
    }
    if (mmPending) {
      // The user said the sizes are in mm (looksLikeMm): a size column
      // whose header names no unit is read as mm, as "En (mm)" would be.
      mmPending = false;
      for (const c of ['width', 'height'] as const) {
        if (units[c] || shifts[c]) continue;
        shifts = { ...shifts, [c]: UNIT_DIGITS.mm - UNIT_DIGITS.cm };
        moved.set('mm>cm', [...(moved.get('mm>cm') ?? []), c]);
      }
    }
    const cell: Partial<Record<PasteColumn, string>> = {};
    // the cells as written, which a message names, and the unit each length was read in
    const raw: Partial<Record<PasteColumn, string>> = {};
    const readIn: Partial<Record<PasteColumn, LengthUnit>> = {};
    // A length cell naming its own unit ("600 mm", "1,2 m") is converted
    // by it, over the header's; one no length takes ("24 in") is refused.
    const rowMoves: [key: string, col: PasteColumn][] = [];
    let badUnit: PasteColumn | undefined;
    for (const [j, c] of cols.entries()) {
      if (!c || cells[j] === undefined) continue;
      raw[c] = cells[j];
      const own = LENGTH_UNITS[c];
      const l: { number: string; shift: number; unit?: LengthUnit; moved?: string } | null = own
        ? lengthCell(cells[j], own, { unit: units[c], shift: shifts[c] })
        : { number: cells[j], shift: shifts[c] ?? 0 };
      if (!l) {
        badUnit ??= c;
        cell[c] = cells[j];
        continue;
      }
      if (l.moved) rowMoves.push([l.moved, c]);
      if (l.unit) readIn[c] = l.unit;
      cell[c] = l.shift ? shiftDecimal(l.number, l.shift) : l.number;
    }
    const name = shortName(cell.name ?? '');
    if (cells.slice(width).some((c) => c)) {
      report(partMsg.rowProblem(line, name, extraCells));
      continue;
    }
    if (sep === ',' && cols === PASTE_ORDER && twoWays(cells)) {
      report(partMsg.rowProblem(line, name, partMsg.ambiguousComma(`${cells[1]},${cells[2]}`)));
      continue;
    }
    const all = cell.band ?? '';
    const draft: PartDraft = {
      name: cell.name ?? '',
      width: cell.width ?? '',
      height: cell.height ?? '',
      quantity: quantityText(cell.quantity ?? '') || '1',
      material: cell.material ?? '',
      thickness: cell.thickness ?? '',
      top: cell.top || all,
      bottom: cell.bottom || all,
      left: cell.left || all,
      right: cell.right || all,
    };
    const fail = (field: PasteColumn, problem: string) => report(msg.pasteRow(line, name, PASTE_HEADERS[field][0], problem));
    // A row its etkin cell turns off is left out, whatever else it holds.
    if (cell.enabled) {
      const on = parseYesNo(cell.enabled);
      if (!on) {
        fail('enabled', msg.enabledCell(cell.enabled));
        continue;
      }
      if (on === 'no') {
        disabled.push(line);
        continue;
      }
    }
    const grain = parseGrain(cell.grain ?? '');
    if (grain === undefined) {
      fail('grain', msg.badGrainCell(cell.grain ?? ''));
      continue;
    }
    draft.grain = grain;
    let rotate: boolean | undefined;
    const r = cell.rotate ?? '';
    if (r) {
      const w = parseYesNo(r);
      if (!w) {
        fail('rotate', msg.yesNoCell(r));
        continue;
      }
      rotate = w === 'yes';
    }
    if (badUnit) {
      fail(badUnit, partMsg.unknownCellUnit(cell[badUnit] ?? ''));
      continue;
    }
    const c = checkDraft(draft, bandCodes);
    if (!c.ok) {
      // A band found bad in every edge came from the one band column.
      const edge = c.field as EdgeKey;
      const field = EDGE_KEYS.includes(edge) && !cell[edge] ? 'band' : (c.field as PasteColumn);
      fail(field, listProblem(field, raw[field] ?? '', draft, c.error, readIn[field]) ?? c.error);
      continue;
    }
    out.parts.push(rotate === false ? { ...c.part, rotate: false } : c.part);
    addMoves(moved, rowMoves);
  }
  if (bad > out.errors.length) out.errors.push(partMsg.moreBadRows(bad - out.errors.length));
  if (disabled.length > 0) {
    out.disabled = disabled;
    out.notes.push(partMsg.disabledRows(enabledHeader, disabled));
  }
  const converted = out.parts.length > 0 ? convertedText(moved) : undefined;
  if (converted) out.converted = converted;
  return out;
}

/**
 * parsePaste reads rows copied from Excel: tab separated, a cell with a
 * line break in double quotes as Excel copies it (the break becomes a
 * space), or a semicolon- or comma-separated block (see isTabular). A
 * first row with no number after its first cell is a header: its cells
 * (PASTE_HEADERS, in any order) give the columns. A header without ad,
 * genişlik or yükseklik adds nothing and says which it lacks; the cells
 * it does not know are named (notes) and their columns not read. Without
 * a header the columns are PASTE_ORDER: name, width, height, quantity
 * (may be left out: 1), and a row with a further cell is refused. Bad
 * rows are named by their line (the row as a
 * spreadsheet counts it) and field; when bandCodes is given, a band must
 * be one of them. With sizesInMm (the user said so, see looksLikeMm) a
 * size whose header and cell name no unit is read as mm, as under "En
 * (mm)".
 */
export function parsePaste(text: string, bandCodes?: readonly string[], sizesInMm = false): PasteResult {
  // Excel copies cells tab separated; a block typed or copied from a CSV
  // file has semicolons or commas.
  const sep: Separator = text.includes('\t') ? '\t' : detectSeparator(text, [';', ',']);
  return readRows(parseDelimited(text, sep), sep, bandCodes, sizesInMm);
}

/**
 * parsePartCsv reads a part list from a CSV file's text (decoded by
 * lib/csv's readTextFile) as kesim nest reads one: `;`, tab or `,`
 * separated, as its first line holding one shows (detectSeparator: a title
 * holding a comma above a `;` list is a title), then row by row as parsePaste.
 */
export function parsePartCsv(
  text: string,
  bandCodes?: readonly string[],
  sizesInMm = false,
  sep: Separator = detectSeparator(text, FILE_SEPARATORS),
): PasteResult {
  return readRows(parseDelimited(text, sep), sep, bandCodes, sizesInMm);
}

/** A sheet's size in cm, as looksLikeMm takes it. */
export interface SheetSize {
  width: number;
  height: number;
}

/** fitsASheet: whether a part fits one of the sheets (turned, when it may turn). */
export function fitsASheet(p: Pick<Part, 'width' | 'height' | 'rotate'>, sheets: readonly SheetSize[]): boolean {
  const turn = p.rotate !== false;
  return sheets.some((s) => (p.width <= s.width && p.height <= s.height) || (turn && p.height <= s.width && p.width <= s.height));
}

/**
 * looksLikeMm reports whether a list read as cm (cm: its parts; a row
 * over the size limit is not among them) looks like sizes written in mm,
 * given the same list read with sizes as mm (mm): none of the former
 * fits any of the sheets, and the latter has a part for every one of
 * them and every one fits (a cabinet side of 720 × 560, a wardrobe side
 * of 2.000, typed as a workshop measures them). A list where any part
 * fits as it is, or any does not fit even so, is taken as it is written.
 */
export function looksLikeMm(cm: readonly Pick<Part, 'width' | 'height' | 'rotate'>[], mm: readonly Pick<Part, 'width' | 'height' | 'rotate'>[], sheets: readonly SheetSize[]): boolean {
  return (
    sheets.length > 0 &&
    mm.length > 0 &&
    mm.length >= cm.length &&
    !cm.some((p) => fitsASheet(p, sheets)) &&
    mm.every((p) => fitsASheet(p, sheets))
  );
}

/**
 * sizePair reads text pasted into the width field as the part's two
 * sizes: one line of two numbers, tab separated as Excel copies two cells
 * (or with a semicolon), "45,5⇥30"; null for anything else (a part row).
 */
export function sizePair(text: string): [width: string, height: string] | null {
  const line = text.replace(/(\r\n|\r|\n)$/, '');
  if (/[\r\n]/.test(line)) return null;
  const cells = line.split(line.includes('\t') ? '\t' : ';').map((c) => c.trim());
  if (cells.length !== 2 || cells.some((c) => Number.isNaN(parseDecimal(c)))) return null;
  return [cells[0], cells[1]];
}

/** MAX_CSV_BYTES bounds a part list file, as kesim nest does (16 MB). */
export const MAX_CSV_BYTES = 16 << 20;

/**
 * isTabular reports whether pasted text looks like spreadsheet rows: cells
 * with tabs, or two lines or more separated by semicolons or commas
 * (detectSeparator) whose first names the genişlik and yükseklik columns
 * (Ad;Genişlik;Yükseklik;Adet), after the title rows of one cell above it
 * that the reader leaves out (Mutfak, Ocak 2026).
 */
export function isTabular(text: string): boolean {
  if (text.includes('\t')) return true;
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '');
  const sep = detectSeparator(text, [';', ',']);
  const rows = lines.map((l) => (parseDelimited(l, sep)[0] ?? []).map(cellText));
  const k = titleRows(rows);
  if (lines.length - k < 2 || rows[k].length < 2) return false;
  const { cols } = readHeader(rows[k]);
  return cols.includes('width') && cols.includes('height');
}
