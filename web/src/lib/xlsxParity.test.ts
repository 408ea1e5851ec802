// The web's Excel reader against kesim nest's (internal/partcsv): every
// workbook of internal/partcsv/testdata/xlsxparity.json, which the Go
// reader's TestXLSXParity reads too, is read to the same grid of cell
// texts, or refused with the same message.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import raw from '../../../internal/partcsv/testdata/xlsxparity.json?raw';
import { notAListMessage, readListFile } from './csv';
import { readXlsx } from './xlsx';

interface Case {
  file: string;
  grid?: string[][];
  error?: string;
  /** what the list readers name it, refusing it as no list (the grid reader refuses it with error) */
  notList?: string;
}

const cases = (JSON.parse(raw) as { cases: Case[] }).cases;

// the workbooks, from web/ where vitest runs (as npm test and make run it)
const read = (file: string) => new Uint8Array(readFileSync(`../internal/partcsv/testdata/xlsx/${file}`));

describe('xlsxparity.json', () => {
  it('has the workbooks both readers are tried on', () => {
    expect(cases.map((c) => c.file)).toEqual(expect.arrayContaining(['parts.xlsx', 'handmade.xlsx', 'old.xls', 'notworkbook.xlsx']));
  });

  for (const c of cases) {
    it(`${c.file}: ${c.error ?? 'its grid'}`, async () => {
      const bytes = read(c.file);
      if (c.error !== undefined) {
        expect(() => readXlsx(bytes)).toThrow(c.error);
        // exactly the message, nothing around it
        try {
          readXlsx(bytes);
        } catch (err) {
          expect((err as Error).message).toBe(c.error);
        }
        // the list imports say the same, or name a file that is no workbook as no list
        const want = c.notList ? notAListMessage(c.notList, 'stock') : c.error;
        await readListFile(new Blob([bytes]), 1 << 20, 'stock').then(
          () => expect.fail('read'),
          (err: Error) => expect(err.message).toBe(want),
        );
      } else {
        expect(readXlsx(bytes)).toEqual(c.grid);
      }
    });
  }
});
