// A stock workbook with a title in its first row reads as kesim nest
// --stock reads it (internal/partcsv, TestXLSXTitleRow).
import { describe, expect, it } from 'vitest';
import { readListFile } from '../../lib/csv';
import { workbook } from '../../lib/testWorkbook';
import { parseStockCsv } from './stock';

describe('a stock workbook with a title row', () => {
  it('is read tab separated and without its title, though the title holds a semicolon', async () => {
    const file = await readListFile(new Blob([workbook([['Stok; Depo A'], ['Ad', 'Genişlik', 'Yükseklik'], ['Büyük', '183.5', '366']])]), 10000, 'stock');
    const s = parseStockCsv(file!.text, [], file!.sep);
    expect(s.errors).toEqual([]);
    expect(s.rows.map((x) => [x.name, x.width, x.height])).toEqual([['Büyük', '183,5', '366']]);
  });
});
