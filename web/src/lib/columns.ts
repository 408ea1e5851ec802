// The columns of a list read from a spreadsheet, as the part reader
// (features/parts) and the stock reader (features/stock) both read them,
// word for word as kesim nest's readers (internal/partcsv, words.go):
// the header words of the columns they share, the words of their cells
// (grain, yes and no, a quantity's word), a cell that names its own unit
// ("600 mm"), and the header row mapped to columns. A list from another
// tool (CutList Optimizer's Length, Width, Qty, Label, Enabled;
// OpenCutList's "2800 mm") is read alike as parts or as stock.
import { foldName } from './fold';
import { isLengthUnit, shiftedUnit, splitUnit, UNIT_DIGITS, unitShift, type ColumnUnit, type LengthUnit } from './csv';

/**
 * wordKey is how a header or value word is matched: lower case (Turkish
 * rules), Turkish letters as ASCII, spaces, dots, dashes and underscores
 * dropped: "GENISLIK", "Genişlik" and "genişlik" are all "genislik". A
 * header's unit is taken off first (splitUnit).
 */
export function wordKey(s: string): string {
  return foldName(s).replace(/[\s._\-/]+/g, '');
}

/** wordTable maps each word of words, as wordKey folds it, to its key; the first key a word names wins. */
export function wordTable<K extends string>(words: Partial<Record<K, readonly string[]>>): Map<string, K> {
  const m = new Map<string, K>();
  for (const [k, list] of Object.entries(words) as [K, readonly string[]][]) {
    for (const w of list) if (!m.has(wordKey(w))) m.set(wordKey(w), k);
  }
  return m;
}

/** SharedColumn is a column a part list and a stock list both have. */
export type SharedColumn = 'name' | 'width' | 'height' | 'quantity' | 'material' | 'thickness' | 'grain' | 'enabled';

/**
 * COLUMN_WORDS are the header words of the columns a part list and a stock
 * list share (the part reader's PASTE_HEADERS holds them, the stock
 * reader's STOCK_HEADERS too): Turkish and English, the app's own labels,
 * and other tools' words where their meaning is plain: Length (uzunluk)
 * is the height, along the grain as CutList Optimizer's and OpenCutList's
 * length is; Label and Designation the name; Enabled (etkin, aktif) turns
 * a row off. The first word of each names the column in a message.
 */
export const COLUMN_WORDS: Record<SharedColumn, readonly string[]> = {
  name: ['ad', 'adı', 'parça', 'parça adı', 'isim', 'name', 'part name', 'label', 'designation'],
  width: ['genişlik', 'en', 'width', 'w'],
  height: ['yükseklik', 'boy', 'height', 'h', 'uzunluk', 'length'],
  quantity: ['adet', 'miktar', 'sayı', 'quantity', 'qty', 'count', 'pcs', 'pieces'],
  material: ['malzeme', 'material', 'malzeme adı', 'material name'],
  thickness: ['kalınlık', 'thickness'],
  grain: ['damar', 'damar yönü', 'grain', 'grain direction'],
  enabled: ['etkin', 'aktif', 'enabled'],
};

/** Grain is a grain as a cell gives it: along the height (vertical) or the width (horizontal). */
export type Grain = 'none' | 'vertical' | 'horizontal';

/**
 * GRAIN_WORDS are the words a grain (damar) cell may hold, a part's or a
 * stock row's (matched as header words are). Other tools' words are read
 * where they have one meaning in Kesim's grain: L, length, along length
 * and boy run along the part's length, its height, as Length is read as
 * the height, and W, width, along width and en along its width; a no
 * (yanlış, 0...) is none. A word of more than one meaning is refused: h
 * (height or horizontal?), e (evet or en?), and a bare yes (var, evet,
 * true, 1, x): grain, but which way? (partcsv's partGrainWords)
 */
export const GRAIN_WORDS: Record<Grain, readonly string[]> = {
  none: ['', '-', 'yok', 'boş', 'none', 'hayır', 'no', 'false', '0', 'yanlış'],
  vertical: [
    'dikey',
    'boyuna',
    'boy boyunca',
    'dikey (boy boyunca)',
    'vertical',
    'boy',
    'uzunluk',
    'l',
    'length',
    'along length',
  ],
  horizontal: ['yatay', 'enine', 'en boyunca', 'yatay (en boyunca)', 'horizontal', 'en', 'genişlik', 'w', 'width', 'along width'],
};

/**
 * ROTATE_WORDS are the words a döndür or etkin cell may hold: yes may
 * turn (is cut), no not (matched as header words are). Doğru and yanlış
 * are Turkish Excel's TRUE and FALSE.
 */
export const ROTATE_WORDS = {
  yes: ['evet', 'e', 'yes', 'true', '1', 'x', 'doğru'],
  no: ['hayır', 'h', 'no', 'false', '0', 'yanlış'],
} as const;

/** QUANTITY_UNITS are the words a quantity cell may end in: "2 adet", "4 pcs" are 2 and 4 (matched as header words are: "2 Ad." too). */
export const QUANTITY_UNITS: readonly string[] = ['adet', 'ad', 'tane', 'pcs', 'pc', 'piece', 'pieces'];

const grainTable = wordTable(GRAIN_WORDS);
const yesNoTable = wordTable(ROTATE_WORDS);
const quantityUnits = new Set(QUANTITY_UNITS.map(wordKey));

/** parseGrain reads a grain cell: yok, dikey, yatay (or their other words: GRAIN_WORDS); undefined if unknown. */
export function parseGrain(cell: string): Grain | undefined {
  return grainTable.get(wordKey(cell.trim()));
}

/** parseYesNo reads a döndür or etkin cell (ROTATE_WORDS); undefined for another word. */
export function parseYesNo(cell: string): 'yes' | 'no' | undefined {
  return yesNoTable.get(wordKey(cell));
}

/** A number with a word or mark after it: "600 mm", "1,2m", "2 Ad.", "24 in", '24"'. */
const CELL_UNIT = /^(-?\d[\d.,]*)\s*(\p{L}+\.?|["″])$/u;

/** splitCellUnit splits a cell into its number and the word after it (as wordKey folds it); null for a cell of no such shape. */
export function splitCellUnit(cell: string): { number: string; unit: string } | null {
  const m = CELL_UNIT.exec(cell);
  return m ? { number: m[1], unit: wordKey(m[2]) } : null;
}

/** quantityText is a quantity cell's number without a word of QUANTITY_UNITS after it: "2 adet" is "2"; any other cell as it is. */
export function quantityText(cell: string): string {
  const u = splitCellUnit(cell);
  return u && quantityUnits.has(u.unit) ? u.number : cell;
}

/**
 * PRICE_CELL is a price cell with the lira's mark, as Excel's Turkish
 * currency format writes it into a CSV: "2.100,00 TL", "₺2.100,00",
 * "2.100,00 ₺" (the mark's space may be a no-break space).
 */
const PRICE_CELL = /^(?:₺\s*)?(-?\d[\d.,]*)(?:\s*(?:₺|tl))?$/iu;

/** priceNumber is a price cell's number without the lira's mark (TL or ₺, before or after it): "2.100,00 TL" is "2.100,00"; any other cell as it is (kesim nest's priceNumber). */
export function priceNumber(cell: string): string {
  return PRICE_CELL.exec(cell)?.[1] ?? cell;
}

/**
 * lengthCell reads a cell of a length column whose own unit is own: its
 * number and the places its decimal point moves to be in own
 * (shiftDecimal), by the cell's own unit when it names one ("600 mm",
 * "0,6 m"), which wins over the header's (header: the unit its cell named
 * and the places that moves), else by the header's; unit is the unit the
 * number was read in (the cell's, else the header's, else own), which a
 * message naming a range names it in. moved is "mm>cm" when
 * the cell's unit converted it and is neither own nor the header's, to be
 * said with the header's conversions. Null for a unit no length takes
 * ("24 in"): the cell is refused, never read as own.
 */
export function lengthCell(
  cell: string,
  own: LengthUnit,
  header: { unit?: string; shift?: number },
): { number: string; shift: number; unit: LengthUnit; moved?: string } | null {
  const u = splitCellUnit(cell);
  if (!u) {
    const shift = header.shift ?? 0;
    return { number: cell, shift, unit: shiftedUnit(own, shift) };
  }
  if (!isLengthUnit(u.unit)) return null;
  const moved = u.unit !== own && u.unit !== header.unit ? `${u.unit}>${own}` : undefined;
  return { number: u.number, shift: UNIT_DIGITS[u.unit] - UNIT_DIGITS[own], unit: u.unit, moved };
}

/** addMoves adds to moved ("mm>cm": the columns) the conversions a row's cells made (lengthCell's moved), each column once. */
export function addMoves<C extends string>(moved: Map<string, C[]>, rowMoves: readonly [key: string, col: C][]): void {
  for (const [key, col] of rowMoves) {
    const cols = moved.get(key) ?? [];
    if (!cols.includes(col)) moved.set(key, [...cols, col]);
  }
}

/** ListWords are a kind of list's header words by column (wordTable's), with the units of its columns that have one. */
export interface ListWords<C extends string> {
  header: Map<string, C>;
  /** words that name their column only when no other cell of the header does */
  fallback: Map<string, C>;
  units: Partial<Record<C, ColumnUnit>>;
}

/** Columns are a header row mapped to the columns of its kind of list (readColumns). */
export interface Columns<C extends string> {
  /** each cell's column; null for a cell not read */
  cols: (C | null)[];
  /** the columns whose header names another unit than theirs: the places their numbers move (shiftDecimal) */
  shifts: Partial<Record<C, number>>;
  /** the unit each column's header cell names, in lower case */
  units: Partial<Record<C, string>>;
  /** each column's header cell as written */
  names: Partial<Record<C, string>>;
  /** the conversions by the header's units: "mm>cm" and its columns, in the header's order */
  moved: Map<string, C[]>;
  /** the cells that name no column, as written */
  unknown: string[];
  /** the cells that name a column an earlier cell names (the first is read) */
  repeated: string[];
  /** the cells whose unit their column does not take ("Genişlik (inç)", "Fiyat (USD)"), with their column: the list is refused */
  badUnits: { cell: string; col: C }[];
}

/**
 * readColumns maps a header row's cells (trimmed) to the columns of
 * words, each by its words in any case, with or without Turkish letters,
 * "_" or "-" for a space, and a unit in brackets or after the word (see
 * splitUnit): a length column in another length unit is converted, a unit
 * a column does not take is refused (badUnits). A cell it does not know,
 * or a column named a second time, is not read.
 */
export function readColumns<C extends string>(cells: readonly string[], words: ListWords<C>): Columns<C> {
  const h: Columns<C> = { cols: [], shifts: {}, units: {}, names: {}, moved: new Map(), unknown: [], repeated: [], badUnits: [] };
  const seen = new Set<C>();
  // the columns the cells name by their own words, which their fallback words do not name then
  const named = new Set(cells.map((c) => words.header.get(wordKey(splitUnit(c).word))));
  for (const c of cells) {
    const { word, unit } = splitUnit(c);
    const fallback = words.fallback.get(wordKey(word));
    const col = words.header.get(wordKey(word)) ?? (fallback && !named.has(fallback) ? fallback : null);
    if (!col) {
      if (c) h.unknown.push(c);
    } else if (seen.has(col)) {
      h.repeated.push(c);
    } else {
      seen.add(col);
      h.cols.push(col);
      h.names[col] = c;
      if (unit) h.units[col] = unit;
      // A length column in another length unit is converted; any other
      // unit ("Genişlik (inç)", "Genişlik (TL)") is refused, rather than
      // its numbers read as the column's own. Other columns have no unit.
      const own = words.units[col];
      const shift = own ? unitShift(unit, own) : 0;
      if (shift === null) {
        h.badUnits.push({ cell: c, col });
      } else if (shift !== 0) {
        h.shifts[col] = shift;
        const key = `${unit}>${own}`;
        h.moved.set(key, [...(h.moved.get(key) ?? []), col]);
      }
      continue;
    }
    h.cols.push(null);
  }
  return h;
}
