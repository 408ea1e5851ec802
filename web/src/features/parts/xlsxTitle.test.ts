// A workbook with a title in its first row reads as kesim nest reads it
// (internal/partcsv, TestXLSXTitleRow): tab separated, without its title.
import { describe, expect, it } from 'vitest';
import { readListFile } from '../../lib/csv';
import { workbook } from '../../lib/testWorkbook';
import { parsePartCsv } from './parts';

describe('a part list workbook with a title row', () => {
  it('is read tab separated and without its title, though the title holds a comma', async () => {
    const file = await readListFile(new Blob([workbook([['Mutfak, Ocak 2026'], ['Ad', 'Genişlik', 'Yükseklik', 'Adet'], ['Kapak', '45.5', '70', '2']])]), 10000, 'parts');
    const r = parsePartCsv(file!.text, [], false, file!.sep);
    expect(r.errors).toEqual([]);
    expect(r.parts).toEqual([{ name: 'Kapak', width: 45.5, height: 70, quantity: 2 }]);
  });
});
