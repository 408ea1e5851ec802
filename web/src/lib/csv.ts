// Delimited text as Turkish Excel writes it: CSV files (`;` with decimal
// commas, `,`, or tab separated; UTF-8 with or without a BOM, or the
// Windows-1254 of a plain "CSV" save) and the tab-separated text Excel puts
// on the clipboard. A cell in double quotes may hold the separator, a line
// break (Alt+Enter in Excel) and doubled quotes ("" for ").

/** Separator is a cell separator of delimited text. */
export type Separator = ';' | '\t' | ',';

/** FILE_SEPARATORS is the order a CSV file's separator is looked for in a line (detectSeparator), as kesim nest does. */
export const FILE_SEPARATORS: readonly Separator[] = [';', '\t', ','];

/** MAX_COMMA_TITLES is how many lines holding only commas may be titles above a `;` or tab separated list (detectSeparator). */
const MAX_COMMA_TITLES = 4;

/**
 * detectSeparator is the first of order found in the first line of text
 * that holds one (a title above the list holds none), else its last: a
 * semicolon or tab in a file wins over the comma (order's last), which may
 * be a decimal comma. One exception, for a title that holds a comma
 * (Mutfak, Ocak 2026) above a `;` or tab separated list: when the lines
 * holding a separator begin with lines holding only commas, and the first
 * line holding another is at most the fifth line holding a separator and
 * splits at it (the first of order it holds) into more cells than each of
 * those lines splits into at commas, those lines are titles and its
 * separator is the list's. A comma separated list keeps its separator
 * when a row below its header has a `;` in a name ("Raf; üst",45,30,2,
 * quoted or not): the row splits at `;` into fewer cells than the header
 * at commas (only a name of at least as many `;` as the header has commas,
 * within the list's first rows, would not). As kesim nest's
 * detectSeparator (internal/partcsv).
 */
export function detectSeparator(text: string, order: readonly Separator[] = FILE_SEPARATORS): Separator {
  const weak = order[order.length - 1];
  const cells = (line: string, sep: Separator) => parseDelimited(line, sep)[0]?.length ?? 0;
  const commas: number[] = []; // the cells at commas of each comma-only line seen
  for (const line of text.split(/\r\n|\r|\n/)) {
    const sep = order.find((s) => line.includes(s));
    if (sep === undefined) continue; // blank, or a title above the list (titleRows)
    if (sep === weak) {
      if (commas.length === MAX_COMMA_TITLES) return weak;
      commas.push(cells(line, weak));
      continue;
    }
    const n = cells(line, sep);
    return commas.every((c) => n > c) ? sep : weak;
  }
  return weak;
}

/**
 * titleRows is how many rows a list begins with that have one cell with a
 * text at most ("Mutfak, Ocak 2026" above the header, as hand-made Excel
 * lists often have), when a row with more follows: a reader leaves them
 * out when that row is the header. Such rows are never a part nor a
 * header, so a list read before reads the same. As kesim nest's
 * titleRows (internal/partcsv).
 */
export function titleRows(rows: readonly (readonly string[])[]): number {
  const k = rows.findIndex((r) => r.filter((c) => c.replace(/\s*\n\s*/g, ' ').trim() !== '').length > 1);
  return Math.max(k, 0);
}

/**
 * readQuoted reads the quoted cell whose opening quote is at text[start]:
 * its value and the index after its closing quote. Null when the quotes are
 * not Excel's (no closing quote before the end, or one followed by anything
 * but the separator or a line break): the cell is then taken as written.
 */
function readQuoted(text: string, start: number, sep: string): { value: string; end: number } | null {
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c !== '"') {
      value += c;
      continue;
    }
    const n = text[i + 1];
    if (n === '"') {
      value += '"';
      i++;
    } else if (n === undefined || n === sep || n === '\n') {
      return { value, end: i + 1 };
    } else {
      return null;
    }
  }
  return null;
}

/**
 * parseDelimited splits text into rows of cells at sep. Line breaks are
 * \n, \r\n or \r; a leading byte order mark is dropped. A cell that begins
 * with a double quote (after spaces, when sep is not a tab) and ends with
 * one is quoted: separators and line breaks in it are its own, "" is one
 * quote. One row per record, in order: a blank line is a row of one empty
 * cell, so the index of a row plus one is its row number as a spreadsheet
 * counts rows. A line break ending the text makes no row.
 */
export function parseDelimited(text: string, sep: Separator): string[][] {
  const t = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const rows: string[][] = [];
  if (t === '') return rows;
  let row: string[] = [];
  for (let i = 0; ; ) {
    let j = i;
    if (sep !== '\t') while (t[j] === ' ') j++;
    const q = t[j] === '"' ? readQuoted(t, j, sep) : null;
    let end = q ? q.end : i;
    if (!q) while (end < t.length && t[end] !== sep && t[end] !== '\n') end++;
    row.push(q ? q.value : t.slice(i, end));
    if (end >= t.length) {
      rows.push(row);
      break;
    }
    if (t[end] === '\n') {
      rows.push(row);
      row = [];
      if (end + 1 === t.length) break;
    }
    i = end + 1;
  }
  return rows;
}

/**
 * decodeText reads a file's bytes as text: UTF-8 (a byte order mark
 * dropped), UTF-16 with its byte order mark (Excel's "Unicode text"), else
 * Windows-1254, the Turkish Windows encoding of Excel's plain "CSV" save.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1254').decode(bytes);
  }
}

/** readBytes reads a file or blob whole (jsdom's Blob has no arrayBuffer). */
export async function readBytes(f: Blob): Promise<Uint8Array> {
  if (typeof f.arrayBuffer === 'function') return new Uint8Array(await f.arrayBuffer());
  return new Promise<Uint8Array>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(new Uint8Array(r.result as ArrayBuffer));
    r.onerror = () => reject(r.error ?? new Error('file not read'));
    r.readAsArrayBuffer(f);
  });
}

/**
 * readTextFile reads a CSV or text file as decodeText does; null when it is
 * larger than maxBytes (a file is never cut: its rows past the limit would
 * be lost without a word).
 */
export async function readTextFile(f: Blob, maxBytes: number): Promise<string | null> {
  if (f.size > maxBytes) return null;
  return decodeText(await readBytes(f));
}

/** LengthUnit is a unit of length a header may name. */
export type LengthUnit = 'mm' | 'cm' | 'm';
/** UNIT_DIGITS: a length in each unit, as a power of ten of a millimetre. */
export const UNIT_DIGITS: Record<LengthUnit, number> = { mm: 0, cm: 1, m: 3 };
export const isLengthUnit = (u: string | undefined): u is LengthUnit => u === 'mm' || u === 'cm' || u === 'm';

/**
 * shiftedUnit is the length unit a number was written in when it moves
 * by shift places to be in own (unitShift's): mm for -1 in a cm column,
 * m for 2, own for 0. As kesim nest's sideUnit (internal/partcsv).
 */
export function shiftedUnit(own: LengthUnit, shift: number): LengthUnit {
  return (Object.keys(UNIT_DIGITS) as LengthUnit[]).find((u) => UNIT_DIGITS[u] === UNIT_DIGITS[own] + shift) ?? own;
}

/**
 * splitUnit takes the unit off a header cell: any text in brackets at its
 * end ("Genişlik (mm)", "En [cm]", "Adet (adet)", "Fiyat (TL)", "Genişlik
 * (inç)") or mm, cm, m, TL or ₺ as the last word ("Genişlik mm", "boy_cm",
 * "Fiyat ₺"); the unit in lower case. A cell that is only a unit, or has
 * none, is its word. The part and the stock readers read their header
 * units with it, as kesim nest does (internal/partcsv, splitUnit).
 */
export function splitUnit(cell: string): { word: string; unit?: string } {
  const t = cell.trim();
  const m = /^(.*?)(?:\s*[([]\s*([^()[\]]*?)\s*[)\]]|[\s_-]+(mm|cm|m|tl|₺))$/iu.exec(t);
  if (!m || !m[1].trim()) return { word: t };
  // empty brackets name no unit
  const unit = (m[2] ?? m[3]).toLocaleLowerCase('tr-TR');
  return unit ? { word: m[1].trim(), unit } : { word: m[1].trim() };
}

/** ColumnUnit is the unit of a column that has one: a length, or Turkish lira (tl) for money. */
export type ColumnUnit = LengthUnit | 'tl';

/**
 * unitShift reads the unit a header gives a column whose own unit is own:
 * the places its numbers move to be in own (shiftDecimal; 0 for no unit
 * or own), or null for a unit the column does not take, which the readers
 * refuse rather than read the numbers as own ("Genişlik (inç)" had been
 * read as cm). A price takes TL or ₺, a length mm, cm or m.
 */
export function unitShift(unit: string | undefined, own: ColumnUnit): number | null {
  if (!unit || unit === own) return 0;
  if (own === 'tl') return unit === '₺' ? 0 : null;
  return isLengthUnit(unit) ? UNIT_DIGITS[unit] - UNIT_DIGITS[own] : null;
}

// An Excel workbook chosen as a list is known by its bytes, not its name:
// a zip (.xlsx) is read by lib/xlsx, loaded then; an OLE2 file (an old
// .xls, or an .xlsx saved with a password) is refused with its own message,
// unless its directory names it a Word document or a PowerPoint
// presentation (ole2Kind), refused as one.
// A file that is no list at all (a PDF, a DXF drawing, a photo, a Word
// document, any binary file) is refused by one message naming what it
// looks like, as kesim nest refuses it (internal/partcsv, notlist.go;
// the files of parity.json and stockparity.json hold both to it).

/** The messages of a workbook that is not read (as kesim nest says them, xlsxparity.json). */
export const XLSX_BROKEN = 'Excel dosyası okunamadı: bozuk ya da bir .xlsx çalışma kitabı değil.';
export const XLSX_OLD = "Eski Excel biçimi (.xls) ya da parolalı bir dosya okunamıyor: Excel'de parolasız .xlsx ya da CSV olarak kaydedin.";
export const XLSX_TOO_LARGE = 'Excel dosyası çok büyük: ilk sayfası en fazla 100.001 satır ve 256 sütun, açılınca her parçası en fazla 50 MB olabilir.';
/** ODS_UNREAD refuses an OpenDocument spreadsheet, in any list. */
export const ODS_UNREAD = "OpenDocument hesap tablosu (.ods) okunamıyor: LibreOffice'te Excel (.xlsx) ya da CSV olarak kaydedin.";

/** ListFileError is a list file not read; its message is shown as it is. */
export class ListFileError extends Error {}

/** XlsxError is a workbook not read. */
export class XlsxError extends ListFileError {}

/** ListKind is the list a file is chosen as, which the message refusing a file that is no list names. */
export type ListKind = 'parts' | 'stock' | 'bands';

const LIST_NAMES: Record<ListKind, { list: string; items: string }> = {
  parts: { list: 'parça listesi', items: 'parçaları' },
  stock: { list: 'levha listesi', items: 'levhaları' },
  bands: { list: 'bant listesi', items: 'bant kodlarını' },
};

/**
 * notAListMessage refuses a file that is what ("bir PDF belgesi") as the
 * list kind: Bu dosya bir PDF belgesi, parça listesi değil; parçaları CSV,
 * metin ya da Excel (.xlsx) dosyası olarak verin.
 */
export function notAListMessage(what: string, kind: ListKind): string {
  const { list, items } = LIST_NAMES[kind];
  return `Bu dosya ${what}, ${list} değil; ${items} CSV, metin ya da Excel (.xlsx) dosyası olarak verin.`;
}

/** What a file that is no list looks like, as the messages name it; ODS for an OpenDocument spreadsheet, refused by ODS_UNREAD. */
export const FILE_KINDS = {
  pdf: 'bir PDF belgesi',
  dxf: 'bir DXF çizimi',
  dwg: 'bir DWG çizimi',
  png: 'bir PNG resmi',
  jpeg: 'bir JPEG resmi',
  gif: 'bir GIF resmi',
  rtf: 'bir RTF belgesi',
  html: 'bir web sayfası (HTML)',
  docx: 'bir Word belgesi (.docx)',
  doc: 'bir Word belgesi (.doc)',
  pptx: 'bir PowerPoint sunusu (.pptx)',
  ppt: 'bir PowerPoint sunusu (.ppt)',
  msg: 'bir Outlook iletisi (.msg)',
  odt: 'bir OpenDocument metin belgesi (.odt)',
  odp: 'bir OpenDocument sunusu (.odp)',
  zip: 'bir zip arşivi',
  binary: 'metin olmayan (ikili) bir dosya',
  ods: 'ods',
} as const;

/** SNIFF_BYTES is how much of a file's start tells whether it is text. */
export const SNIFF_BYTES = 1024;

const startsWith = (b: Uint8Array, prefix: string | readonly number[]): boolean => {
  const p = typeof prefix === 'string' ? Array.from(prefix, (c) => c.charCodeAt(0)) : prefix;
  return b.length >= p.length && p.every((x, i) => b[i] === x);
};

/** latin1 is bytes as one character each (for matching ASCII signatures). */
const latin1 = (b: Uint8Array): string => Array.from(b, (x) => String.fromCharCode(x)).join('');

/**
 * isDxf reports whether text starts as an ASCII DXF drawing: a line 0 and
 * a line SECTION (each maybe indented, as AutoCAD writes "  0"), after a
 * 999 comment if any.
 */
function isDxf(text: string): boolean {
  const lines = text.split('\n').map((l) => l.replace(/^[ \t\r]+|[ \t\r]+$/g, ''));
  const i = lines[0] === '999' ? 2 : 0;
  return lines.length > i + 1 && lines[i] === '0' && lines[i + 1] === 'SECTION';
}

/**
 * isBinary reports whether the start of a file holds a control character
 * no text list has: any below a space but tab, line feed, vertical tab,
 * form feed, carriage return and ^Z; NUL is one. After a UTF-16 byte
 * order mark it looks at 16-bit units.
 */
function isBinary(head: Uint8Array): boolean {
  const control = (c: number) => c < 0x20 && ![0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1a].includes(c);
  const le = head[0] === 0xff && head[1] === 0xfe;
  const be = head[0] === 0xfe && head[1] === 0xff;
  if (le || be) {
    for (let i = 2; i + 1 < head.length; i += 2) if (control(le ? head[i] | (head[i + 1] << 8) : (head[i] << 8) | head[i + 1])) return true;
    return false;
  }
  return head.some(control);
}

/**
 * fileKind is what the start of a file that is no zip looks like when it
 * is no text list (FILE_KINDS), else null. As kesim nest's fileKind.
 */
export function fileKind(headIn: Uint8Array): string | null {
  const head = headIn.subarray(0, SNIFF_BYTES);
  if (startsWith(head, '%PDF-')) return FILE_KINDS.pdf;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_KINDS.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return FILE_KINDS.jpeg;
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return FILE_KINDS.gif;
  if (startsWith(head, 'AutoCAD Binary DXF')) return FILE_KINDS.dxf;
  if (startsWith(head, '{\\rtf')) return FILE_KINDS.rtf;
  const text = latin1(startsWith(head, [0xef, 0xbb, 0xbf]) ? head.subarray(3) : head);
  if (isDxf(text)) return FILE_KINDS.dxf;
  if (/^[ \t\r\n]*<(!doctype[ \t\r\n]+html|html)[ \t\r\n>]/i.test(text)) return FILE_KINDS.html;
  if (isBinary(head)) return /^AC1\d{3}/.test(latin1(head)) ? FILE_KINDS.dwg : FILE_KINDS.binary;
  return null;
}

/** isZip reports whether bytes are a zip archive (they start with PK\x03\x04). */
export function isZip(b: Uint8Array): boolean {
  return b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** isOle2 reports whether bytes are an OLE2 compound file: Excel 97-2003 (.xls), a password-protected .xlsx, or a Word or PowerPoint 97-2003 file (ole2Kind). */
export function isOle2(b: Uint8Array): boolean {
  return b.length >= OLE2.length && OLE2.every((x, i) => b[i] === x);
}

/**
 * ole2Kind is what an OLE2 file that is no workbook holds (FILE_KINDS),
 * known by the streams at the top of its directory: a Word document's
 * "WordDocument", a PowerPoint presentation's "PowerPoint Document", an
 * Outlook message's "__properties_version1.0" (its list an attachment); null
 * for an Excel workbook's "Workbook" (Excel 5's "Book"), a
 * password-protected .xlsx ("EncryptedPackage"), any other and a directory
 * that cannot be read, refused as an old or password-protected workbook
 * (XLSX_OLD). As kesim nest's ole2Kind.
 */
export function ole2Kind(b: Uint8Array): string | null {
  const names = cfbRootStreams(b);
  if (names.has('Workbook') || names.has('Book')) return null;
  if (names.has('WordDocument')) return FILE_KINDS.doc;
  if (names.has('PowerPoint Document')) return FILE_KINDS.ppt;
  if (names.has('__properties_version1.0')) return FILE_KINDS.msg;
  return null;
}

/** The special sector numbers of a compound file ([MS-CFB] 2.1): from CFB_MAX_REG_SECT up none is a sector of data. */
const CFB_MAX_REG_SECT = 0xfffffffa;
const CFB_NO_STREAM = 0xffffffff;
/** the bytes of a directory entry */
const CFB_DIR_ENTRY = 128;

/**
 * cfbRootStreams is the names of the streams at the top of a compound
 * file's directory (the root storage's children, not an embedded object's
 * storage's), read as kesim nest's cfbRootStreams reads them ([MS-CFB]: a
 * 512-byte header, sectors of 512 or 4096 bytes, the allocation table's
 * sectors named by the header and the DIFAT chain, the directory a chain
 * through that table of 128-byte entries, the root's children a tree by
 * their left and right siblings); empty when the directory cannot be read.
 * Every chain is followed at most once per sector and every number checked
 * against the bytes, so that no file makes it loop or read outside them.
 */
export function cfbRootStreams(data: Uint8Array): Set<string> {
  const names = new Set<string>();
  if (data.length < 512 || !isOle2(data)) return names;
  const u16 = (b: Uint8Array, off: number) => b[off] | (b[off + 1] << 8);
  const u32 = (b: Uint8Array, off: number) => u16(b, off) + u16(b, off + 2) * 0x10000;
  const shift = u16(data, 0x1e);
  if (shift !== 9 && shift !== 12) return names;
  const size = 2 ** shift;
  const sectors = Math.ceil(data.length / size); // the header's sector counts as sector -1
  const sector = (n: number): Uint8Array | null =>
    n < 0 || n + 1 >= sectors ? null : data.subarray((n + 1) * size, Math.min((n + 2) * size, data.length));
  const perSector = size / 4;
  // The allocation table's sectors: 109 in the header, the rest in the
  // DIFAT chain, each of its sectors ending in the next one's number.
  const nFat = u32(data, 0x2c);
  const fat: number[] = [];
  for (let i = 0; i < 109 && fat.length < nFat; i++) fat.push(u32(data, 0x4c + i * 4));
  const seen = new Set<number>();
  for (let d = u32(data, 0x44); d < CFB_MAX_REG_SECT && fat.length < nFat && !seen.has(d); ) {
    seen.add(d);
    const s = sector(d);
    if (s === null || s.length < size) break;
    for (let i = 0; i < perSector - 1 && fat.length < nFat; i++) fat.push(u32(s, i * 4));
    d = u32(s, size - 4);
  }
  /** next is the sector after n in its chain, or CFB_NO_STREAM when the table does not say. */
  const next = (n: number): number => {
    const i = Math.floor(n / perSector);
    if (i >= fat.length) return CFB_NO_STREAM;
    const s = sector(fat[i]);
    const off = (n % perSector) * 4;
    return s !== null && off + 4 <= s.length ? u32(s, off) : CFB_NO_STREAM;
  };
  const parts: Uint8Array[] = [];
  seen.clear();
  for (let n = u32(data, 0x30); n < CFB_MAX_REG_SECT && !seen.has(n); n = next(n)) {
    seen.add(n);
    const s = sector(n);
    if (s === null) break;
    parts.push(s.subarray(0, Math.floor(s.length / CFB_DIR_ENTRY) * CFB_DIR_ENTRY));
  }
  const dir = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) {
    dir.set(p, at);
    at += p.length;
  }
  const entries = dir.length / CFB_DIR_ENTRY;
  if (entries === 0 || dir[0x42] !== 5) return names; // the root storage
  seen.clear();
  const todo = [u32(dir, 0x4c)];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (id >= entries || seen.has(id)) continue;
    seen.add(id);
    const e = dir.subarray(id * CFB_DIR_ENTRY, (id + 1) * CFB_DIR_ENTRY);
    todo.push(u32(e, 0x44), u32(e, 0x48));
    const n = u16(e, 0x40);
    if (e[0x42] === 2 && n >= 2 && n <= 64 && n % 2 === 0) {
      names.add(String.fromCharCode(...Array.from({ length: (n - 2) / 2 }, (_, i) => u16(e, 2 * i))));
    }
  }
  return names;
}

/** ListText is a list file's text and, for a workbook, its separator: a tab, whatever its first row holds. */
export interface ListText {
  text: string;
  sep?: Separator;
}

/** notAList throws the ListFileError refusing a file that is what as the list kind. */
function notAList(what: string, kind: ListKind): never {
  throw new ListFileError(what === FILE_KINDS.ods ? ODS_UNREAD : notAListMessage(what, kind));
}

/**
 * readListFile reads a file chosen as the list kind to the text its reader
 * takes: an Excel workbook's first sheet as tab-separated text (lib/xlsx;
 * an XlsxError for one it does not read), with the tab as its separator
 * (a title cell "Mutfak, Ocak 2026" in its first row is no comma separated
 * line: kesim nest reads a workbook so too), else a CSV or text file as
 * readTextFile does (null when larger than maxBytes). A file that is no
 * list (fileKind; a zip that is no workbook, zipKind; an OLE2 file that is
 * no workbook, ole2Kind) is refused with a
 * ListFileError naming what it looks like, whatever its size.
 */
export async function readListFile(f: Blob, maxBytes: number, kind: ListKind): Promise<ListText | null> {
  const head = await readBytes(f.slice(0, SNIFF_BYTES));
  if (isOle2(head)) {
    // A Word or PowerPoint 97-2003 file is told by its directory, read whole as a zip is.
    const what = ole2Kind(await readBytes(f));
    if (what !== null) notAList(what, kind);
    throw new XlsxError(XLSX_OLD);
  }
  if (!isZip(head)) {
    const what = fileKind(head);
    if (what !== null) notAList(what, kind);
    const text = await readTextFile(f, maxBytes);
    return text === null ? null : { text };
  }
  const { readXlsx, gridText, zipKind } = await import('./xlsx');
  const bytes = await readBytes(f);
  const what = zipKind(bytes);
  if (what !== null) notAList(what, kind);
  return { text: gridText(readXlsx(bytes)), sep: '\t' };
}

/** LIST_FILE_ACCEPT is what the list imports' file pickers offer: CSV and text files, and Excel workbooks. */
export const LIST_FILE_ACCEPT = '.csv,text/csv,text/plain,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
