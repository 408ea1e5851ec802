// The web's Excel reader against kesim nest's (internal/partcsv): every
// workbook of internal/partcsv/testdata/xlsxparity.json, which the Go
// reader's TestXLSXParity reads too, is read to the same grid of cell
// texts, or refused with the same message.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import raw from '../../../internal/partcsv/testdata/xlsxparity.json?raw';
import { readXlsx } from './xlsx';

interface Case {
  file: string;
  grid?: string[][];
  error?: string;
}

const cases = (JSON.parse(raw) as { cases: Case[] }).cases;

// the workbooks, from web/ where vitest runs (as npm test and make run it)
const read = (file: string) => new Uint8Array(readFileSync(`../internal/partcsv/testdata/xlsx/${file}`));

describe('xlsxparity.json', () => {
  it('has the workbooks both readers are tried on', () => {
    expect(cases.map((c) => c.file)).toEqual(expect.arrayContaining(['parts.xlsx', 'handmade.xlsx', 'old.xls', 'notworkbook.xlsx']));
  });

  for (const c of cases) {
    it(`${c.file}: ${c.error ?? 'its grid'}`, () => {
      const bytes = read(c.file);
      if (c.error !== undefined) {
        expect(() => readXlsx(bytes)).toThrow(c.error);
        // exactly the message, nothing around it
        try {
          readXlsx(bytes);
        } catch (err) {
          expect((err as Error).message).toBe(c.error);
        }
      } else {
        expect(readXlsx(bytes)).toEqual(c.grid);
      }
    });
  }
});
