// The web's part readers against kesim nest's (internal/partcsv): the
// table of internal/partcsv/testdata/parity.json, which the Go reader's
// TestParity and TestPartWordsParity read too, gets the same answer from
// both, so that a file tried in the browser and then laid out by kesim
// nest gives the same parts or the same refusal.
import { describe, expect, it } from 'vitest';
import raw from '../../../../internal/partcsv/testdata/parity.json?raw';
import { detectSeparator, FILE_SEPARATORS, readListFile } from '../../lib/csv';
import {
  GRAIN_WORDS,
  PASTE_FALLBACK_HEADERS,
  PASTE_HEADERS,
  parsePartCsv,
  parsePaste,
  MAX_CSV_BYTES,
  QUANTITY_UNITS,
  ROTATE_WORDS,
  wordKey,
  type PasteResult,
} from './parts';

interface Case {
  name: string;
  input: string;
  parts?: PasteResult['parts'];
  /** the bad rows, each by the first bad field the web names, with the message where given (said alike by both readers, a final period aside) */
  refused?: { line: number; field: string; message?: string }[];
  headerRefused?: number;
  /** what both readers say of the header refused, in order (a final period aside): the web's first notes */
  headerMessages?: string[];
  converted?: { header: string; from: string; to: string }[];
  disabled?: number[];
  /** the case holds under the store's limits only: the web's, which it always reads under (kesim nest's are the engine's) */
  storeLimits?: boolean;
}

interface Parity {
  words: {
    headers: Record<string, string[]>;
    fallbackHeaders: Record<string, string[]>;
    quantityUnits: string[];
    grain: Record<string, string[]>;
    rotate: Record<string, string[]>;
    keys: Record<string, string>;
  };
  cases: Case[];
  /** files given as the list: refused as no list with message, or read (to parts, when given) */
  files: { name: string; base64: string; message?: string; parts?: PasteResult['parts'] }[];
}

/** fromBase64 is a file's bytes. */
const fromBase64 = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

const parity = JSON.parse(raw) as Parity;

/** refusals reads the bad rows of a result as line, column ('' for a row refused whole) and message, without its final period. */
function refusals(r: PasteResult): { line: number; field: string; message: string }[] {
  return r.errors.map((e) => {
    const m = /^Satır (\d+)(?: \(.*?\))?(?:, ([^:]+))?: /.exec(e);
    if (!m) throw new Error(`not a row's message: ${e}`);
    return { line: Number(m[1]), field: m[2] ?? '', message: e.slice(m[0].length).replace(/\.$/, '') };
  });
}

describe('the part readers answer as kesim nest does', () => {
  it('take the same header, quantity, grain and rotate words, folded alike', () => {
    expect(PASTE_HEADERS).toEqual(parity.words.headers);
    expect(PASTE_FALLBACK_HEADERS).toEqual(parity.words.fallbackHeaders);
    expect(QUANTITY_UNITS).toEqual(parity.words.quantityUnits);
    expect(GRAIN_WORDS).toEqual(parity.words.grain);
    expect(ROTATE_WORDS).toEqual(parity.words.rotate);
    for (const [word, key] of Object.entries(parity.words.keys)) expect(wordKey(word), word).toBe(key);
  });

  for (const c of parity.cases) {
    it(c.name, () => {
      const readers: [string, PasteResult][] = [['CSV', parsePartCsv(c.input)]];
      // A paste splits its cells as a file does when the text has a tab or none in its first line.
      const pasteSep = c.input.includes('\t') ? '\t' : detectSeparator(c.input, [';', ',']);
      if (pasteSep === detectSeparator(c.input, FILE_SEPARATORS)) readers.push(['paste', parsePaste(c.input)]);
      for (const [how, r] of readers) {
        if (c.headerRefused) {
          expect(r.parts, how).toEqual([]);
          expect(r.errors, how).toEqual([]);
          expect(r.notes.length, how).toBeGreaterThan(0);
          if (c.headerMessages) {
            const said = r.notes.slice(0, c.headerMessages.length).map((n) => n.replace(/\.$/, ''));
            expect(said, how).toEqual(c.headerMessages.map((m) => m.replace(/\.$/, '')));
          }
          continue;
        }
        expect(r.parts, how).toEqual(c.parts ?? []);
        const refused = refusals(r);
        expect(
          refused.map(({ line, field }) => ({ line, field })),
          how,
        ).toEqual((c.refused ?? []).map(({ line, field }) => ({ line, field })));
        (c.refused ?? []).forEach((want, k) => {
          if (want.message) expect(refused[k].message, `${how}: line ${want.line}, ${want.field}`).toBe(want.message.replace(/\.$/, ''));
        });
        expect(r.disabled, how).toEqual(c.disabled);
        if (c.refused) continue;
        if (!c.converted) {
          expect(r.converted, how).toBeUndefined();
          continue;
        }
        for (const { from, to } of c.converted) expect(r.converted, how).toContain(`${from}'den ${to}'ye çevrildi`);
      }
    });
  }

  describe('refuse a file that is no list as kesim nest does, and read a text list in any encoding both take', () => {
    it('has files', () => expect(parity.files.length).toBeGreaterThan(0));
    for (const f of parity.files) {
      it(f.name, async () => {
        const read = readListFile(new Blob([fromBase64(f.base64)]), MAX_CSV_BYTES, 'parts');
        if (f.message) {
          await expect(read).rejects.toThrow(f.message);
          await read.catch((err: Error) => expect(err.message).toBe(f.message));
          return;
        }
        const file = await read;
        expect(file).not.toBeNull();
        if (f.parts) expect(parsePartCsv(file!.text, [], false, file!.sep).parts).toEqual(f.parts);
      });
    }
  });
});
