// The stock CSV import against kesim nest --stock (internal/partcsv): the
// table of internal/partcsv/testdata/stockparity.json, which the Go
// reader's TestStockParity and TestStockWordsParity read too, gets the
// same answer from both, so that a stock list tried in the dialog and
// then given to kesim nest gives the same sheets or the same refusal.
import { describe, expect, it } from 'vitest';
import raw from '../../../../internal/partcsv/testdata/stockparity.json?raw';
import { COLUMN_WORDS, type SharedColumn } from '../../lib/columns';
import { checkStockDraft, parseStockCsv, readCsvFile, STOCK_HEADERS, type Stock, type StockCsv } from './stock';
import { stockMsg } from './texts';

interface Case {
  name: string;
  input: string;
  stock?: Partial<Stock>[];
  /** the bad fields in the order told, with the message where given (said alike by both readers, a final period aside) */
  refused?: { line: number; field: string; message?: string }[];
  headerRefused?: number;
  /** what both readers say of the header refused, in order (a final period aside): the import's first errors */
  headerMessages?: string[];
  converted?: { header: string; from: string; to: string }[];
  disabled?: number[];
  unknown?: string[];
}

interface StockParity {
  words: { headers: Record<string, string[]>; partColumns: SharedColumn[] };
  cases: Case[];
  /** files given as the list: refused as no list with message, or read (to stock, when given) */
  files: { name: string; base64: string; message?: string; stock?: Partial<Stock>[] }[];
}

const parity = JSON.parse(raw) as StockParity;

/** fromBase64 is a file's bytes. */
const fromBase64 = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** refusals reads the bad rows of an import as line, column ('' for a row refused whole) and message, without its final period; the header's notes are no rows. */
function refusals(r: StockCsv): { line: number; field: string; message: string }[] {
  return r.errors.flatMap((e) => {
    const m = /^Satır (\d+)(?: \(.*?\))?(?:, ([^:]+))?: /.exec(e);
    return m ? [{ line: Number(m[1]), field: m[2] ?? '', message: e.slice(m[0].length).replace(/\.$/, '') }] : [];
  });
}

describe('the stock CSV import answers as kesim nest --stock does', () => {
  it('takes the same header words, and the part list’s for the columns both have', () => {
    expect(STOCK_HEADERS).toEqual(parity.words.headers);
    // the part list's words name exactly the stock columns both lists have
    expect(Object.keys(COLUMN_WORDS).sort()).toEqual([...parity.words.partColumns].sort());
  });

  for (const c of parity.cases) {
    it(c.name, () => {
      const r = parseStockCsv(c.input);
      if (c.headerRefused) {
        expect(r.rows).toEqual([]);
        expect(r.errors.length).toBeGreaterThan(0);
        expect(refusals(r)).toEqual([]);
        if (c.headerMessages) {
          const said = r.errors.slice(0, c.headerMessages.length).map((e) => e.replace(/\.$/, ''));
          expect(said).toEqual(c.headerMessages.map((m) => m.replace(/\.$/, '')));
        }
        return;
      }
      // the rows as the engine takes them; an id only where the file gives a kod
      const stock = r.rows.map((d, k) => {
        const checked = checkStockDraft(d);
        if (!checked.ok) throw new Error(`row ${k} not taken back: ${checked.problem.message}`);
        const s: Partial<Stock> = { ...checked.stock };
        if (!r.coded?.[k]) delete s.id;
        return s;
      });
      expect(stock).toEqual(c.stock ?? []);
      const refused = refusals(r);
      expect(refused.map(({ line, field }) => ({ line, field }))).toEqual((c.refused ?? []).map(({ line, field }) => ({ line, field })));
      (c.refused ?? []).forEach((want, k) => {
        if (want.message) expect(refused[k].message, `line ${want.line}, ${want.field}`).toBe(want.message.replace(/\.$/, ''));
      });
      expect(r.disabled).toEqual(c.disabled);
      if (c.unknown) expect(r.errors).toContain(stockMsg.csvUnknownColumns(c.unknown));
      else expect(r.errors.filter((e) => e.startsWith(stockMsg.csvUnknownColumns([])))).toEqual([]);
      if (!c.converted) {
        expect(r.converted).toBeUndefined();
        return;
      }
      for (const { from, to } of c.converted) expect(r.converted).toContain(`${from}'den ${to}'ye çevrildi`);
    });
  }

  describe('refuses a file that is no list as kesim nest does, and reads a text list in any encoding both take', () => {
    it('has files', () => expect(parity.files.length).toBeGreaterThan(0));
    for (const f of parity.files) {
      it(f.name, async () => {
        const read = readCsvFile(new Blob([fromBase64(f.base64)]));
        if (f.message) {
          await read.then(
            () => expect.fail('read'),
            (err: Error) => expect(err.message).toBe(f.message),
          );
          return;
        }
        const file = await read;
        if (!f.stock) return;
        const stock = parseStockCsv(file.text, [], file.sep).rows.map((d) => {
          const checked = checkStockDraft(d);
          if (!checked.ok) throw new Error(checked.problem.message);
          const s: Partial<Stock> = { ...checked.stock };
          delete s.id;
          return s;
        });
        expect(stock).toEqual(f.stock);
      });
    }
  });
});
