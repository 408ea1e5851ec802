import { describe, expect, it } from 'vitest';
import { detectSeparator, parseDelimited, readListFile, XLSX_BROKEN, XLSX_OLD, XLSX_TOO_LARGE } from './csv';
import { sheetXml, workbook } from './testWorkbook';
import { gridText, MAX_ENTRY_BYTES, numberText, readXlsx } from './xlsx';

const u32at = (b: Uint8Array, o: number, v: number) => new DataView(b.buffer, b.byteOffset).setUint32(o, v, true);

/** setDeclaredSize writes size as the uncompressed size the central directory gives the entry named name. */
function setDeclaredSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const b = zip.slice();
  const dv = new DataView(b.buffer);
  for (let o = 0; o + 46 <= b.length; o++) {
    if (dv.getUint32(o, true) !== 0x02014b50) continue;
    const n = dv.getUint16(o + 28, true);
    if (new TextDecoder().decode(b.subarray(o + 46, o + 46 + n)) === name) {
      u32at(b, o + 24, size);
      return b;
    }
  }
  throw new Error(`no ${name}`);
}

describe('numberText', () => {
  it('writes a number with at most 10 decimals, a decimal comma, no trailing zeros and no -0', () => {
    expect(numberText('45.5')).toBe('45,5');
    expect(numberText('0.30000000000000004')).toBe('0,3');
    expect(numberText('14.999999999999998')).toBe('15');
    expect(numberText('2.5E-3')).toBe('0,0025');
    expect(numberText('1e-11')).toBe('0');
    expect(numberText('-1e-11')).toBe('0');
    expect(numberText('-0')).toBe('0');
    expect(numberText('1E0')).toBe('1');
    expect(numberText('-12.50')).toBe('-12,5');
    expect(numberText('1e21')).toBe('1000000000000000000000');
    expect(numberText('abc')).toBe('abc');
  });
});

describe('gridText', () => {
  it('separates cells by tabs and quotes a cell holding a tab, a line break or a quote, which the CSV reader reads back as they were', () => {
    const grid = [['Ad', 'Genişlik', 'Yükseklik', 'Adet'], ['Kapak "A"', '40', '60', '1'], [], ['İki\nsatır\tsekme', '30', '20', '2']];
    const text = gridText(grid);
    expect(text).toBe('Ad\tGenişlik\tYükseklik\tAdet\n"Kapak ""A"""\t40\t60\t1\n\n"İki\nsatır\tsekme"\t30\t20\t2');
    expect(parseDelimited(text, detectSeparator(text))).toEqual([grid[0], grid[1], [''], grid[3]]);
  });
});

describe('readXlsx', () => {
  it('reads a sheet made here', () => {
    expect(readXlsx(workbook([['Ad', 'En'], ['Raf', '40.5']]))).toEqual([['Ad', 'En'], ['Raf', '40,5']]);
  });

  it('leaves out styled cells without a value and trailing rows without a text', () => {
    const sheet = sheetXml([['A']]).replace('</sheetData>', '<row r="2"><c r="A2" s="1"/><c r="B2" t="s"/></row><row r="3"><c r="Z3" s="2"/></row></sheetData>');
    expect(readXlsx(workbook(sheet.replace('<c t="inlineStr">', '<c t="inlineStr"></c><c s="1"/><c t="inlineStr">')))).toEqual([['', '', 'A']]);
    expect(readXlsx(workbook(sheet))).toEqual([['A']]);
  });

  it('refuses a zip entry declared larger than 50 MB unread', () => {
    const zip = setDeclaredSize(workbook([['Ad']]), 'xl/worksheets/sheet1.xml', MAX_ENTRY_BYTES + 1);
    expect(() => readXlsx(zip)).toThrow(XLSX_TOO_LARGE);
  });

  it('refuses cells whose texts pass 50 MB in all, one shared string named by each', () => {
    const big = 'x'.repeat(1 << 20);
    const sst = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>${big}</t></si></sst>`;
    const cells = Array.from({ length: 51 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>0</v></c></row>`).join('');
    const sheet = sheetXml([['A']]).replace(/<sheetData>.*<\/sheetData>/s, `<sheetData>${cells}</sheetData>`);
    expect(() => readXlsx(workbook(sheet, { 'xl/sharedStrings.xml': new TextEncoder().encode(sst) }))).toThrow(XLSX_TOO_LARGE);
    // 50 of them are read
    const fifty = sheet.replace(/<row r="51">.*<\/row>/, '');
    expect(readXlsx(workbook(fifty, { 'xl/sharedStrings.xml': new TextEncoder().encode(sst) }))).toHaveLength(50);
  });

  it('stops an entry that inflates past its declared size, as a broken file', () => {
    const big = sheetXml(Array.from({ length: 5000 }, (_, i) => [`Parça ${i}`, '10', '20']));
    const zip = setDeclaredSize(workbook(big), 'xl/worksheets/sheet1.xml', 100);
    expect(() => readXlsx(zip)).toThrow(XLSX_BROKEN);
  });

  it('refuses a file that is no zip, a truncated one, and a workbook without its sheet', () => {
    expect(() => readXlsx(new TextEncoder().encode('Ad;En\n'))).toThrow(XLSX_BROKEN);
    const zip = workbook([['Ad']]);
    expect(() => readXlsx(zip.subarray(0, zip.length - 30))).toThrow(XLSX_BROKEN);
    const rels = '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';
    expect(() => readXlsx(workbook([['Ad']], { 'xl/_rels/workbook.xml.rels': new TextEncoder().encode(rels) }))).toThrow(XLSX_BROKEN);
  });
});

describe('readListFile', () => {
  it('knows a workbook and an old .xls by their bytes, whatever their name, and reads any other file as text', async () => {
    await expect(readListFile(new Blob([workbook([['Ad', 'En'], ['Raf', '40']])]), 100, 'parts')).resolves.toEqual({ text: 'Ad\tEn\nRaf\t40', sep: '\t' });
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await expect(readListFile(new Blob([ole]), 100, 'parts')).rejects.toThrow(XLSX_OLD);
    await expect(readListFile(new Blob(['Ad;En\nRaf;40\n']), 100, 'parts')).resolves.toEqual({ text: 'Ad;En\nRaf;40\n' });
    await expect(readListFile(new Blob(['Ad;En\nRaf;40\n']), 5, 'parts')).resolves.toBeNull();
  });

});
