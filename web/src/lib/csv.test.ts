import { describe, expect, it } from 'vitest';
import {
  cfbRootStreams,
  decodeText,
  detectSeparator,
  notAListMessage,
  parseDelimited,
  readListFile,
  readTextFile,
  splitUnit,
  unitShift,
  XLSX_OLD,
  type Separator,
} from './csv';

describe('parseDelimited', () => {
  it('reads Excel’s clipboard: a line break in a quoted cell stays in the cell', () => {
    expect(parseDelimited('"Kapak\nSol"\t40\t60\t1\nRaf\t45\t30\t2\n', '\t')).toEqual([
      ['Kapak\nSol', '40', '60', '1'],
      ['Raf', '45', '30', '2'],
    ]);
    // doubled quotes are one; a tab inside quotes is the cell's
    expect(parseDelimited('"Çekmece ""A""\r\nön"\t"a\tb"\r\n', '\t')).toEqual([['Çekmece "A"\nön', 'a\tb']]);
  });

  it('takes quotes that are not Excel’s as written', () => {
    expect(parseDelimited('5" vida\t1\n"Özel" kapak\t2\n"açık\t3\n', '\t')).toEqual([
      ['5" vida', '1'],
      ['"Özel" kapak', '2'],
      ['"açık', '3'],
    ]);
  });

  it('reads quoted decimal commas, spaces before quotes and empty cells', () => {
    expect(parseDelimited('ad,genişlik\r\nA, "45,5"\r\nB,,\r\n', ',')).toEqual([
      ['ad', 'genişlik'],
      ['A', '45,5'],
      ['B', '', ''],
    ]);
    expect(parseDelimited('\uFEFFad;en\n\nA;1', ';')).toEqual([['ad', 'en'], [''], ['A', '1']]);
    expect(parseDelimited('a\rb\r', ';')).toEqual([['a'], ['b']]);
    expect(parseDelimited('', ';')).toEqual([]);
  });

  it('finds the separator in the first line', () => {
    expect(detectSeparator('\nad;genişlik;yükseklik\n')).toBe(';');
    expect(detectSeparator('ad\tgenişlik\n')).toBe('\t');
    expect(detectSeparator('ad,genişlik\n')).toBe(',');
    expect(detectSeparator('ad;x\tgenişlik', ['\t', ';', ','])).toBe('\t');
    expect(detectSeparator('Kapak', [';', ','])).toBe(',');
  });

  it('takes lines of commas only above a ; or tab line of more cells for titles, as kesim nest does', () => {
    // the cases of internal/partcsv's TestDetectSeparator
    const cases: [string, Separator][] = [
      ['Mutfak, Ocak 2026\nAd;Genişlik;Yükseklik;Adet\nKapak;60;40;2\n', ';'],
      ['Mutfak, Ocak 2026\r\nAd\tGenişlik\tYükseklik\tAdet\r\nKapak\t60\t40\t2\r\n', '\t'],
      ['Mutfak, Ocak 2026\rMüşteri: Ahmet, Bey\rAd;En;Boy\r', ';'],
      ['"Mutfak, Ocak 2026"\n\nAd;En\n', ';'],
      ['Ad;Genişlik;Yükseklik;Adet\nRaf;45,5;30;2\n', ';'],
      ['Ad,Genişlik,Yükseklik,Adet\n"Raf; üst",45,30,2\n', ','],
      ['Ad,Genişlik,Yükseklik,Adet\nRaf; üst; alt,45,30,2\n', ','],
      ['Kapak,"45,5",30,2\nRaf,40,30,1\n', ','],
      ['Ad,Genişlik,Yükseklik,Adet\nKapak,"45,5",30,2\n', ','],
      ['Mutfak, Ocak 2026, Ankara\nAd;En;Boy\n', ','],
      ['a,b\nc,d\ne,f\ng,h\ni;j;k\n', ';'],
      ['a,b\nc,d\ne,f\ng,h\ni,j\nk;l;m\n', ','],
      ['Mutfak dolabı\nAd;En;Boy\n', ';'],
      ['Kapak\n', ','],
    ];
    for (const [text, sep] of cases) expect(detectSeparator(text), JSON.stringify(text)).toBe(sep);
    // a paste looks for ; and , only
    expect(detectSeparator('Mutfak, Ocak 2026\nAd;En;Boy\n', [';', ','])).toBe(';');
  });
});

describe('decodeText', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  it('reads UTF-8 with or without a BOM', () => {
    const utf8 = new TextEncoder().encode('Meşe;İğne');
    expect(decodeText(utf8)).toBe('Meşe;İğne');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe('Meşe;İğne');
  });
  it('falls back to Windows-1254, Turkish Excel’s plain CSV', () => {
    // "Meşe;İğne" in Windows-1254
    expect(decodeText(bytes(0x4d, 0x65, 0xfe, 0x65, 0x3b, 0xdd, 0xf0, 0x6e, 0x65))).toBe('Meşe;İğne');
  });
  it('reads UTF-16 with its byte order mark', () => {
    expect(decodeText(bytes(0xff, 0xfe, 0x5f, 0x01, 0x61, 0x00))).toBe('şa');
  });
});

describe('readTextFile', () => {
  it('reads a file whole, and refuses one over the limit rather than cutting it', async () => {
    const f = new Blob([new Uint8Array([0x4d, 0x65, 0xfe, 0x65])]);
    expect(await readTextFile(f, 4)).toBe('Meşe');
    expect(await readTextFile(f, 3)).toBeNull();
  });
});

describe('header units', () => {
  it('takes any text in brackets at a header’s end as its unit, and the known units as its last word', () => {
    expect(splitUnit('Genişlik (inç)')).toEqual({ word: 'Genişlik', unit: 'inç' });
    expect(splitUnit(' En [ MM ] ')).toEqual({ word: 'En', unit: 'mm' });
    expect(splitUnit('boy_cm')).toEqual({ word: 'boy', unit: 'cm' });
    expect(splitUnit('Fiyat ₺')).toEqual({ word: 'Fiyat', unit: '₺' });
    expect(splitUnit('Genişlik ()')).toEqual({ word: 'Genişlik' });
    expect(splitUnit('Genişlik inç')).toEqual({ word: 'Genişlik inç' }); // not a unit it knows, nor in brackets: a word
    expect(splitUnit('(inç)')).toEqual({ word: '(inç)' });
  });

  it('converts a length to the column’s unit and refuses a unit the column does not take', () => {
    expect([undefined, 'cm', 'mm', 'm'].map((u) => unitShift(u, 'cm'))).toEqual([0, 0, -1, 2]);
    expect(['cm', 'm'].map((u) => unitShift(u, 'mm'))).toEqual([1, 3]);
    expect(['inç', 'tl', 'adet'].map((u) => unitShift(u, 'cm'))).toEqual([null, null, null]);
    expect(['tl', '₺', undefined, 'usd', 'mm'].map((u) => unitShift(u, 'tl'))).toEqual([0, 0, 0, null, null]);
  });
});

describe('cfbRootStreams', () => {
  // As kesim nest's TestOLE2KindFollowsTheDIFAT: a compound file of more
  // than 109 allocation table sectors names the rest in its DIFAT chain; a
  // directory whose second sector is found only through a table sector
  // named there is read whole, so a Word document of some 7 MB is told as
  // one, as a small one is (parity.json's files).
  const size = 512;
  const per = 128;
  const nFat = 110;
  const difat = nFat - 1; // the DIFAT sector; the table's sectors are 0..108 and 110
  const [dirA, dirB] = [13961, 13960]; // covered by the 110th table sector only, B before A
  const none = 0xffffffff;
  const build = (loop: boolean): Uint8Array<ArrayBuffer> => {
    const data = new Uint8Array((dirA + 2) * size);
    const view = new DataView(data.buffer);
    const put16 = (off: number, v: number) => view.setUint16(off, v, true);
    const put32 = (off: number, v: number) => view.setUint32(off, v, true);
    const at = (n: number) => (n + 1) * size;
    data.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    put16(0x1a, 3);
    put16(0x1c, 0xfffe);
    put16(0x1e, 9);
    put32(0x2c, nFat);
    put32(0x30, dirA);
    put32(0x44, difat);
    put32(0x48, 1);
    const fatSectors = Array.from({ length: 109 }, (_, i) => i);
    fatSectors.forEach((s, i) => put32(0x4c + 4 * i, s));
    data.fill(0xff, at(difat), at(difat) + size);
    put32(at(difat), nFat);
    put32(at(difat) + size - 4, 0xfffffffe);
    fatSectors.push(nFat);
    for (const s of fatSectors) data.fill(0xff, at(s), at(s) + size);
    const setFat = (n: number, v: number) => put32(at(fatSectors[Math.floor(n / per)]) + 4 * (n % per), v);
    for (const s of fatSectors) setFat(s, 0xfffffffd);
    setFat(difat, 0xfffffffc);
    setFat(dirA, dirB);
    setFat(dirB, loop ? dirA : 0xfffffffe);
    const entry = (off: number, name: string, kind: number, left: number, right: number, child: number) => {
      for (let i = 0; i < name.length; i++) put16(off + 2 * i, name.charCodeAt(i));
      put16(off + 0x40, name ? 2 * name.length + 2 : 0);
      data[off + 0x42] = kind;
      data[off + 0x43] = 1;
      put32(off + 0x44, left);
      put32(off + 0x48, right);
      put32(off + 0x4c, child);
    };
    entry(at(dirA), 'Root Entry', 5, none, none, 4);
    for (let i = 1; i < 4; i++) entry(at(dirA) + 128 * i, '', 0, none, none, none);
    entry(at(dirB), 'WordDocument', 2, 5, none, none);
    entry(at(dirB) + 128, '1Table', 2, loop ? 4 : none, loop ? 5 : none, none);
    return data;
  };

  it('follows the DIFAT chain to a directory sector the header does not reach', async () => {
    const data = build(false);
    expect([...cfbRootStreams(data)].sort()).toEqual(['1Table', 'WordDocument']);
    await expect(readListFile(new Blob([data]), 100, 'stock')).rejects.toThrow(notAListMessage('bir Word belgesi (.doc)', 'stock'));
  });

  it('reads a chain or a tree that loops once, and a file cut short before its directory as an old workbook', async () => {
    expect([...cfbRootStreams(build(true))].sort()).toEqual(['1Table', 'WordDocument']);
    const cut = build(false).subarray(0, dirB * size);
    expect(cfbRootStreams(cut).size).toBe(0);
    await expect(readListFile(new Blob([cut]), 100, 'parts')).rejects.toThrow(XLSX_OLD);
  });
});
