// An Excel workbook (.xlsx) as a part or stock list: its first worksheet
// read to a grid of cell texts, as kesim nest reads one (internal/partcsv),
// then to the tab-separated text the CSV import reads
// (internal/partcsv/testdata/xlsxparity.json is the contract of both).
// Loaded only when a workbook is chosen (lib/csv, readListFile).
import { Inflate } from 'fflate';
import { FILE_KINDS, XlsxError, XLSX_BROKEN, XLSX_OLD, XLSX_TOO_LARGE, isOle2 } from './csv';

/** MAX_ROWS and MAX_COLUMNS bound the cells a first sheet may have. */
export const MAX_ROWS = 100_001;
export const MAX_COLUMNS = 256;
/** MAX_ENTRY_BYTES bounds a zip entry as it inflates (a zip bomb must not take the tab's memory). */
export const MAX_ENTRY_BYTES = 50 << 20;

const broken = (): never => {
  throw new XlsxError(XLSX_BROKEN);
};
const tooLarge = (): never => {
  throw new XlsxError(XLSX_TOO_LARGE);
};

interface Entry {
  method: number;
  compressed: number;
  size: number;
  /** the offset of its local header */
  local: number;
}

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;

/** zipEntries reads a zip's central directory: its entries by name. */
function zipEntries(b: Uint8Array): Map<string, Entry> {
  // The end of central directory record, with a comment of up to 65535 bytes after it.
  let e = b.length - 22;
  const stop = Math.max(0, b.length - 22 - 0xffff);
  while (e >= stop && u32(b, e) !== 0x06054b50) e--;
  if (e < stop) broken();
  const count = u16(b, e + 10);
  let o = u32(b, e + 16);
  const names = new TextDecoder('utf-8');
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i++) {
    if (o + 46 > b.length || u32(b, o) !== 0x02014b50) broken();
    const nameLen = u16(b, o + 28);
    const rest = nameLen + u16(b, o + 30) + u16(b, o + 32);
    if (o + 46 + rest > b.length) broken();
    const name = names.decode(b.subarray(o + 46, o + 46 + nameLen));
    entries.set(name, { method: u16(b, o + 10), compressed: u32(b, o + 20), size: u32(b, o + 24), local: u32(b, o + 42) });
    o += 46 + rest;
  }
  return entries;
}

/**
 * inflateEntry is an entry's bytes. One declared larger than
 * MAX_ENTRY_BYTES is refused unread; one inflating past its declared size
 * is stopped there, and refused as broken, as one ending short of it.
 */
function inflateEntry(b: Uint8Array, en: Entry): Uint8Array {
  if (en.size > MAX_ENTRY_BYTES) tooLarge();
  const o = en.local;
  if (o + 30 > b.length || u32(b, o) !== 0x04034b50) broken();
  const start = o + 30 + u16(b, o + 26) + u16(b, o + 28);
  const end = start + en.compressed;
  if (end > b.length) broken();
  const data = b.subarray(start, end);
  if (en.method === 0) {
    if (data.length !== en.size) broken();
    return data;
  }
  if (en.method !== 8) broken();
  const out = new Uint8Array(en.size);
  let n = 0;
  let done = false;
  const inf = new Inflate((chunk, final) => {
    if (n + chunk.length > out.length) broken();
    out.set(chunk, n);
    n += chunk.length;
    if (final) done = true;
  });
  try {
    // Pushed a little at a time, so that a bomb is stopped near its declared size.
    const step = 16 << 10;
    for (let i = 0; i < data.length && !done; i += step) inf.push(data.subarray(i, Math.min(i + step, data.length)), i + step >= data.length);
    if (data.length === 0) inf.push(data, true);
  } catch (err) {
    if (err instanceof XlsxError) throw err;
    broken();
  }
  if (n !== out.length) broken();
  return out;
}

const ODF_KINDS: Record<string, string> = {
  'application/vnd.oasis.opendocument.text': FILE_KINDS.odt,
  'application/vnd.oasis.opendocument.spreadsheet': FILE_KINDS.ods,
  'application/vnd.oasis.opendocument.presentation': FILE_KINDS.odp,
};

/**
 * zipKind is what a zip that is no workbook looks like (lib/csv's
 * FILE_KINDS: a Word document, an OpenDocument file by its mimetype, else
 * a zip archive), or null for a workbook, one with an xl/ folder, and for
 * a zip whose entries cannot be read (readXlsx refuses it as broken). As
 * kesim nest's zipKind.
 */
export function zipKind(b: Uint8Array): string | null {
  let entries: Map<string, Entry>;
  try {
    entries = zipEntries(b);
  } catch {
    return null;
  }
  const names = [...entries.keys()];
  if (names.some((n) => n.startsWith('xl/'))) return null;
  for (const name of names) {
    if (name.startsWith('word/')) return FILE_KINDS.docx;
    if (name.startsWith('ppt/')) return FILE_KINDS.pptx;
    const en = entries.get(name);
    if (name === 'mimetype' && en && en.size <= 100) {
      let type = '';
      try {
        type = new TextDecoder('utf-8').decode(inflateEntry(b, en)).trim();
      } catch {
        // not read: a zip archive
      }
      if (ODF_KINDS[type]) return ODF_KINDS[type];
    }
  }
  return FILE_KINDS.zip;
}

/** byLocal: the element's children whose local name is name (namespaces aside). */
function byLocal(el: Element | Document, name: string): Element[] {
  return Array.from(el.getElementsByTagNameNS('*', name));
}

function childrenNamed(el: Element, name: string): Element[] {
  return Array.from(el.children).filter((c) => c.localName === name);
}

function parseXml(bytes: Uint8Array): Document {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return broken();
  }
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0 || !doc.documentElement) broken();
  return doc;
}

/** resolveTarget is a relationship's target in xl/_rels/workbook.xml.rels as a zip entry name. */
function resolveTarget(target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : `xl/${target}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

/** stringText is a shared or inline string's text: its <t>s, rich text runs joined, phonetic runs (<rPh>) left out. */
function stringText(si: Element): string {
  let s = '';
  for (const t of byLocal(si, 't')) {
    let phonetic = false;
    for (let p = t.parentElement; p && p !== si; p = p.parentElement) if (p.localName === 'rPh') phonetic = true;
    if (!phonetic) s += t.textContent ?? '';
  }
  return s;
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * numberText writes a number cell's value: at most 10 decimals, trailing
 * zeros and point dropped, a decimal comma, -0 as 0 (0.30000000000000004
 * is 0,3, 2.5E-3 is 0,0025, 1e-11 is 0). A value that is not a number is
 * taken as written.
 */
export function numberText(v: string): string {
  const t = v.trim();
  if (!DECIMAL.test(t)) return v;
  const x = Number(t);
  if (!Number.isFinite(x)) return v;
  // toFixed writes 1e21 and over with an exponent: those are whole numbers
  let s = Math.abs(x) >= 1e21 ? BigInt(x).toString() : x.toFixed(10);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  if (s === '-0') s = '0';
  return s.replace('.', ',');
}

/** cellText is a cell's text, as xlsxparity.json has it. */
function cellText(c: Element, shared: readonly string[]): string {
  const type = c.getAttribute('t') ?? 'n';
  if (type === 'inlineStr') {
    const is = childrenNamed(c, 'is')[0];
    return is ? stringText(is) : '';
  }
  const ve = childrenNamed(c, 'v')[0];
  if (!ve) return '';
  const v = ve.textContent ?? '';
  switch (type) {
    case 's': {
      const i = Number(v.trim());
      if (!Number.isInteger(i) || i < 0 || i >= shared.length) return broken();
      return shared[i];
    }
    case 'b':
      return v === '1' ? 'DOĞRU' : v === '0' ? 'YANLIŞ' : v;
    case 'n':
      return numberText(v);
    default:
      // str (a formula's string), e (an error, #DIV/0!), d (a date as written)
      return v;
  }
}

/** columnOf reads a cell reference's column ("B3" is 2); 0 for none. */
function columnOf(ref: string): number {
  const m = /^([A-Za-z]+)\d*$/.exec(ref.trim());
  if (!m) return 0;
  let col = 0;
  for (const ch of m[1].toUpperCase()) {
    col = col * 26 + (ch.charCodeAt(0) - 64);
    if (col > MAX_COLUMNS) return MAX_COLUMNS + 1;
  }
  return col;
}

/**
 * readXlsx reads an Excel workbook's first worksheet (in the workbook's
 * order) to its grid of cell texts: rows from row 1 to the last with a
 * text, each from column A to its last cell with a text. It throws an
 * XlsxError with the Turkish message for a file it does not read: not a
 * workbook, an old .xls or a password-protected one, one too large.
 */
export function readXlsx(b: Uint8Array): string[][] {
  if (isOle2(b)) throw new XlsxError(XLSX_OLD);
  const entries = zipEntries(b);
  const part = (name: string): Uint8Array | null => {
    const en = entries.get(name);
    return en ? inflateEntry(b, en) : null;
  };
  const wbBytes = part('xl/workbook.xml') ?? broken();
  const relsBytes = part('xl/_rels/workbook.xml.rels') ?? broken();
  const wb = parseXml(wbBytes);
  const rels = parseXml(relsBytes);

  const first = byLocal(wb, 'sheets').flatMap((s) => childrenNamed(s, 'sheet'))[0];
  if (!first) return broken();
  const rid = Array.from(first.attributes).find((a) => a.localName === 'id' && a.namespaceURI)?.value ?? broken();
  const targets = new Map<string, { type: string; target: string }>();
  for (const r of byLocal(rels, 'Relationship')) {
    if (r.getAttribute('TargetMode') === 'External') continue;
    targets.set(r.getAttribute('Id') ?? '', { type: r.getAttribute('Type') ?? '', target: r.getAttribute('Target') ?? '' });
  }
  const sheetRel = targets.get(rid) ?? broken();
  const sheetBytes = part(resolveTarget(sheetRel.target)) ?? broken();

  let shared: string[] = [];
  const sstRel = Array.from(targets.values()).find((t) => t.type.endsWith('/sharedStrings'));
  const sstBytes = sstRel ? part(resolveTarget(sstRel.target)) : part('xl/sharedStrings.xml');
  if (sstBytes) {
    const sst = parseXml(sstBytes);
    shared = childrenNamed(sst.documentElement, 'si').map(stringText);
  }

  const sheet = parseXml(sheetBytes);
  const data = byLocal(sheet, 'sheetData')[0];
  // the cells with a text, by row and column (both from 1)
  const cells = new Map<number, Map<number, string>>();
  let lastRow = 0;
  let size = 0; // the texts' length
  if (data) {
    let rowNo = 0;
    for (const row of childrenNamed(data, 'row')) {
      const r = row.getAttribute('r');
      rowNo = r !== null && /^\s*\d+\s*$/.test(r) ? Number(r) : rowNo + 1;
      let col = 0;
      for (const c of childrenNamed(row, 'c')) {
        const ref = c.getAttribute('r');
        col = ref !== null && columnOf(ref) > 0 ? columnOf(ref) : col + 1;
        if (rowNo > MAX_ROWS || col > MAX_COLUMNS) tooLarge();
        if (rowNo < 1) broken();
        const text = cellText(c, shared);
        if (text === '') continue;
        // One shared string may be named by every cell: the texts in all
        // are bounded as each part is (kesim nest's readSheet too).
        if ((size += text.length) > MAX_ENTRY_BYTES) tooLarge();
        let m = cells.get(rowNo);
        if (!m) cells.set(rowNo, (m = new Map()));
        m.set(col, text);
        lastRow = Math.max(lastRow, rowNo);
      }
    }
  }
  const grid: string[][] = [];
  for (let r = 1; r <= lastRow; r++) {
    const m = cells.get(r);
    const row: string[] = [];
    if (m) {
      const last = Math.max(...m.keys());
      for (let c = 1; c <= last; c++) row.push(m.get(c) ?? '');
    }
    grid.push(row);
  }
  return grid;
}

/**
 * gridText is a grid as the text the CSV import reads: cells separated by
 * tabs, rows by line breaks, a cell holding a tab, a line break or a double
 * quote in quotes ("" for ").
 */
export function gridText(grid: readonly (readonly string[])[]): string {
  const cell = (s: string) => (/[\t\n\r"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return grid.map((row) => row.map(cell).join('\t')).join('\n');
}
