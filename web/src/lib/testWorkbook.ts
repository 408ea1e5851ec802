// A small Excel workbook made in the tests: its first sheet's rows as
// inline strings, or its sheet's XML as given.
import { strToU8, zipSync, type Zippable } from 'fflate';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** sheetXml is a worksheet whose rows are rows, each cell an inline string (a number when it looks like one). */
export function sheetXml(rows: readonly (readonly string[])[]): string {
  const cell = (v: string) => (/^-?\d+(\.\d+)?$/.test(v) ? `<c><v>${v}</v></c>` : `<c t="inlineStr"><is><t xml:space="preserve">${esc(v)}</t></is></c>`);
  const body = rows.map((r, i) => `<row r="${i + 1}">${r.map(cell).join('')}</row>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** workbook is an .xlsx whose one sheet is sheet (sheetXml's, or rows made into it). */
export function workbook(sheet: string | readonly (readonly string[])[], extra: Zippable = {}): Uint8Array<ArrayBuffer> {
  const zip = zipSync({
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Stok" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(typeof sheet === 'string' ? sheet : sheetXml(sheet)),
    ...extra,
  });
  return new Uint8Array(zip);
}
