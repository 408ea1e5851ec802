import { describe, expect, it } from 'vitest';
import { roundDownCm } from '../../lib/number';
import {
  EMPTY_STOCK,
  MAX_CSV_BYTES,
  bandDraft,
  bandsLost,
  bandUse,
  checkAll,
  checkBandDraft,
  checkStockDraft,
  diffText,
  emptyBandDraft,
  emptyStockDraft,
  mergeStockCsv,
  numText,
  parseStockCsv,
  priceText,
  readCsvFile,
  replacesStock,
  settingsOf,
  stockDiff,
  stockDraft,
  type StockSettings,
} from './stock';
import type { Stock } from '../../generated/engine';
import { stockMsg } from './texts';
import { parseDecimal } from '../../lib/number';

describe('stock rows', () => {
  const draft = (over: Partial<ReturnType<typeof emptyStockDraft>>) => ({ ...emptyStockDraft(), id: 'x', ...over });

  it('reads decimal commas and leaves empty fields out (empty quantity: unlimited)', () => {
    const c = checkStockDraft(draft({ name: ' Büyük ', material: 'Beyaz Sunta', thickness: '18', width: '183', height: '366,5', price: '1450,75', grain: 'vertical' }));
    expect(c).toEqual({
      ok: true,
      stock: { id: 'x', name: 'Büyük', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366.5, price: 1450.75, grain: 'vertical' },
    });
  });

  it('rounds a sheet side down to 0,01 cm, as the engine takes it and the store keeps it', () => {
    const sides = (width: string, height: string) => {
      const c = checkStockDraft(draft({ width, height }));
      return c.ok ? [c.stock.width, c.stock.height] : c.problem.message;
    };
    expect(sides('183,555', '366,999')).toEqual([183.55, 366.99]);
    expect(sides('0,29', '45,55')).toEqual([0.29, 45.55]); // 0.29 * 100 is 28.999999999999996: within 1e-4 of 29
    expect(sides('1000,009', '0,01')).toEqual([1000, 0.01]);
    expect(sides('100', '0,009')).toBe(stockMsg.badSheet);
    expect([0.29, 0.3, 183.555, 183.554, 1.005, 50.0099, 0.009, 1000.009].map(roundDownCm)).toEqual([0.29, 0.3, 183.55, 183.55, 1, 50, 0, 1000]);
  });

  it('says what is wrong in the contract words', () => {
    const msgOf = (over: Parameters<typeof draft>[0]) => {
      const c = checkStockDraft(draft({ width: '100', height: '100', ...over }));
      return c.ok ? null : c.problem.message;
    };
    expect(msgOf({ width: '' })).toBe(stockMsg.badSheet);
    expect(msgOf({ height: '-3' })).toBe(stockMsg.badSheet);
    expect(msgOf({ width: '1001' })).toBe('Ölçüler en fazla 1.000 cm olabilir.');
    expect(msgOf({ height: '1.000' })).toBeNull(); // 1.000 is 1000 cm, as the app writes it
    expect(msgOf({ quantity: '2,5' })).toBe('Stok adedi 0 (sınırsız) ile 100.000 arasında bir tam sayı olmalı.');
    expect(msgOf({ quantity: '100001' })).toBe(stockMsg.badQuantity);
    expect(msgOf({ price: '1000000001' })).toBe('Fiyat 0 ile 1.000.000.000 TL arasında olmalı.');
    expect(msgOf({ thickness: '1001' })).toBe('Kalınlık 0 ile 1.000 mm arasında olmalı.');
    // a text that is no number is said to be none, not out of a range it may well lie in
    expect(msgOf({ thickness: '18 mm' })).toBe('"18 mm" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.');
    expect(msgOf({ price: '1,250.50' })).toBe('"1,250.50" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.');
    // a quantity's message asks for a whole number whatever was written, as kesim nest --stock's
    expect(msgOf({ quantity: 'iki' })).toBe(stockMsg.badQuantity);
    expect(checkBandDraft({ ...emptyBandDraft(), code: 'B1', overlength: '2 cm' })).toMatchObject({ problem: { field: 'overlength', message: '"2 cm" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.' } });
    expect(msgOf({ material: 'x'.repeat(201) })).toBe('Metin en fazla 200 karakter olabilir.');
    expect(msgOf({ quantity: '100000', price: '0' })).toBeNull();
    // 200 characters as the engine counts them (runes), not UTF-16 units
    expect(msgOf({ name: '🪵'.repeat(200) })).toBeNull();
    expect(msgOf({ name: '🪵'.repeat(201) })).toBe(stockMsg.tooLong);
  });

  it('lists every wrong field, the first one as problem', () => {
    const c = checkStockDraft(draft({ width: 'abc', height: '0', quantity: '2,5', price: '-3' }), 1);
    expect(c.ok).toBe(false);
    if (c.ok) return;
    expect(c.problems.map((p) => [p.row, p.field])).toEqual([
      [1, 'width'],
      [1, 'height'],
      [1, 'quantity'],
      [1, 'price'],
    ]);
    expect(c.problem).toEqual(c.problems[0]);
    const all = checkAll([draft({ width: '1', height: '1' }), draft({ id: 'y', width: '2000', height: '', thickness: 'x' })], [{ ...emptyBandDraft(), price: '-1' }]);
    expect(all.ok ? [] : all.problems.map((p) => `${p.list} ${p.row} ${p.field}: ${p.message}`)).toEqual([
      'stock 1 thickness: "x" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.',
      'stock 1 width: Ölçüler en fazla 1.000 cm olabilir.',
      `stock 1 height: ${stockMsg.badSheet}`,
      `bands 0 code: ${stockMsg.badCode}`,
      `bands 0 price: ${stockMsg.badPrice}`,
    ]);
  });

  it('shows kept numbers the Turkish way, and reads them back as they were', () => {
    expect([numText(1450), numText(45.5), numText(1250.5), numText(1500), numText(183.555), numText(0), numText(undefined)]).toEqual([
      '1.450',
      '45,5',
      '1.250,5',
      '1.500',
      '183,555',
      '',
      '',
    ]);
    expect([priceText(1450), priceText(1250.5), priceText(6.5), priceText(2100.75), priceText(1000000000), priceText(0)]).toEqual([
      '1.450',
      '1.250,50',
      '6,50',
      '2.100,75',
      '1.000.000.000',
      '',
    ]);
    const rows = [
      { id: 'a', name: 'Büyük', material: 'Beyaz', thickness: 18.5, width: 1000, height: 366.5, quantity: 100000, price: 1250.5, grain: 'vertical' as const },
      { id: 'b', width: 0.01, height: 999.99, price: 1000000000 },
    ];
    for (const r of rows) expect(checkStockDraft(stockDraft(r))).toEqual({ ok: true, stock: r });
    const b = { code: 'B1', thickness: 0.8, price: 1450.5, overlength: 2 };
    expect(checkBandDraft(bandDraft(b))).toEqual({ ok: true, band: b });
  });

  it('checks band codes and the lists: unique ids and codes', () => {
    const band = (over: Partial<ReturnType<typeof emptyBandDraft>>) => ({ ...emptyBandDraft(), code: 'B1', ...over });
    expect(checkBandDraft(band({ thickness: '0,8', price: '6,5', overlength: '2' }))).toEqual({
      ok: true,
      band: { code: 'B1', thickness: 0.8, price: 6.5, overlength: 2 },
    });
    const m = (d: ReturnType<typeof band>) => {
      const c = checkBandDraft(d);
      return c.ok ? null : c.problem.message;
    };
    expect(m(band({ code: ' ' }))).toBe('Bant kodu boş veya tekrar ediyor.');
    expect(m(band({ thickness: '11' }))).toBe('Bant kalınlığı 0 ile 10 mm arasında olmalı.');
    expect(m(band({ overlength: '101' }))).toBe('Bant fazlalığı 0 ile 100 cm arasında olmalı.');
    const all = checkAll([draft({ width: '1', height: '1' }), draft({ width: '2', height: '2' })], [band({}), band({})]);
    expect(all.ok).toBe(false);
    if (!all.ok) {
      expect(all.problems).toEqual([
        { list: 'stock', row: 1, field: 'id', message: 'Stok satırının kimliği boş veya tekrar ediyor.' },
        { list: 'bands', row: 1, field: 'code', message: 'Bant kodu boş veya tekrar ediyor.' },
      ]);
    }
    // "sheet" is the default sheet's id in the engine's answers.
    const taken = checkAll([draft({ id: 'sheet', width: '1', height: '1' })], []);
    expect(taken.ok ? [] : taken.problems.map((p) => p.message)).toEqual(['Stok satırının kimliği boş veya tekrar ediyor.']);
  });

  it('reads kept settings defensively', () => {
    expect(settingsOf(null)).toEqual({ stock: [], bands: [], objective: 'cost', deductBands: false });
    expect(settingsOf({ stock: [{ id: 's', width: 1, height: 2 }, { width: 3 }], bands: [{ code: '' }], objective: 'x' }).stock).toHaveLength(1);
  });
});

describe('the stock CSV', () => {
  it('reads a BOM, semicolons, decimal commas and Turkish headers in any order', () => {
    const csv = '\uFEFFFiyat;Genişlik;YÜKSEKLİK;Malzeme;Kalınlık;Adet;Ad;Damar\r\n1.450;183;366;Beyaz Sunta;18;4;Büyük;yok\r\n2100,5;183;366,5;Ceviz MDF;18;;;Dikey\r\n';
    // 1.450 is the Turkish 1450
    const r = parseStockCsv(csv);
    expect(r.errors).toEqual([]);
    expect(r.rows).toHaveLength(2);
    // the rows as the dialog shows them: thousands dots, prices with two decimals
    expect(r.rows[0]).toMatchObject({ name: 'Büyük', material: 'Beyaz Sunta', width: '183', quantity: '4', price: '1.450', grain: 'none' });
    expect(r.rows[1]).toMatchObject({ material: 'Ceviz MDF', thickness: '18', width: '183', height: '366,5', price: '2.100,50', quantity: '', grain: 'vertical' });
  });

  it('reads commas between cells with quoted decimal commas, and lists bad rows', () => {
    const csv = 'ad,malzeme,kalınlık,genişlik,yükseklik,adet,fiyat,damar\nA,Beyaz,18,"183,5",366,2,1450,yatay\nB,Beyaz,18,0,366,,,\nC,Beyaz,18,100,100,,,çapraz\n';
    const r = parseStockCsv(csv);
    expect(r.rows.map((x) => [x.name, x.width, x.quantity, x.grain])).toEqual([['A', '183,5', '2', 'horizontal']]);
    expect(r.errors).toEqual([`Satır 3 (B), genişlik: "0" levha ölçüsü olamaz; 0,01 ile 1.000 cm arasında bir ölçü yazın.`, `Satır 4 (C), damar: "çapraz" yerine yok, dikey veya yatay yazın.`]);
  });

  it('lists a row with a wrong number', () => {
    const r = parseStockCsv('genişlik;yükseklik;fiyat\n100;100;1.45.0\n100;100;1.000.000.001\n');
    expect(r.rows).toEqual([]);
    expect(r.errors).toEqual([`Satır 2, fiyat: "1.45.0" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.`, `Satır 3, fiyat: ${stockMsg.badPrice}`]);
  });

  it('wants the size columns', () => {
    expect(parseStockCsv('ad;malzeme\nA;B\n').errors).toEqual([stockMsg.csvNoHeader]);
    expect(parseStockCsv('').errors).toEqual([stockMsg.csvEmpty]);
  });
});

describe('the stock CSV headers as kesim nest --stock reads them', () => {
  it('reads kod, "Fiyat TL", "Damar yönü" and the English names', () => {
    const r = parseStockCsv('Kod;Ad;Malzeme;Kalınlık;Genişlik;Yükseklik;Adet;Fiyat TL;Damar yönü\nBS18;Büyük;Beyaz Sunta;18;183;366;4;1.450,50;Dikey\n');
    expect(r.errors).toEqual([]);
    expect(r.rows).toEqual([
      { id: 'BS18', name: 'Büyük', material: 'Beyaz Sunta', thickness: '18', width: '183', height: '366', quantity: '4', price: r.rows[0].price, grain: 'vertical' },
    ]);
    expect(parseDecimal(r.rows[0].price)).toBe(1450.5);
    const en = parseStockCsv('ID,name,material,thickness,width,height,quantity,price,grain\nS1,Big,MDF,18,"183,5",366,,1450,horizontal\n');
    expect(en.errors).toEqual([]);
    expect(en.rows[0]).toMatchObject({ id: 'S1', name: 'Big', material: 'MDF', width: '183,5', grain: 'horizontal' });
    expect(parseDecimal(en.rows[0].price)).toBe(1450);
    // the dialog's own labels and other spellings
    const labels = parseStockCsv('GENİŞLİK (cm);Yukseklik cm;Fiyat (₺);damar_yonu;Kalınlık mm\n100;200;10;boyuna;8\n');
    expect(labels.errors).toEqual([]);
    expect(labels.rows[0]).toMatchObject({ width: '100', height: '200', price: '10', grain: 'vertical', thickness: '8' });
  });

  it('names the columns it does not read, and still takes the rows', () => {
    const r = parseStockCsv('Genişlik;Yükseklik;Tedarikçi;Not;Genişlik\n100;200;Kastamonu;acil;300\n');
    expect(r.rows.map((x) => [x.width, x.height])).toEqual([['100', '200']]);
    expect(r.errors).toEqual(['Tanınmayan sütunlar: Tedarikçi, Not', 'Birden çok kez yazılan sütunların yalnızca ilki okundu: Genişlik']);
    expect(parseStockCsv('Uzunluk;Yükseklik\n1;2\n').errors).toEqual([stockMsg.csvNoHeader, 'Tanınmayan sütunlar: Uzunluk']);
  });

  it('refuses a repeated or taken kod by row (as Excel counts rows), and reads a quoted line break as a space', () => {
    const r = parseStockCsv('kod;ad;genişlik;yükseklik\nA;"Büyük\nlevha";100;200\nA;İkinci;100;200\nsheet;x;1;1\nB;x;1;1\n', ['B']);
    expect(r.rows.map((x) => [x.id, x.name])).toEqual([['A', 'Büyük levha']]);
    expect(r.errors).toEqual([
      'Satır 3 (İkinci), kod: bu kod 2. satırda da var; bu satır alınmadı.',
      `Satır 4 (x), kod: ${stockMsg.badId}`,
      `Satır 5 (x), kod: ${stockMsg.badId}`,
    ]);
  });

  it('refuses a sheet the file gives twice without a kod, naming both lines', () => {
    const r = parseStockCsv('malzeme;kalınlık;genişlik;yükseklik;adet\nBeyaz;18;183;366;3\nCeviz;18;183;366;1\nbeyaz ;18;183;366;2\nBeyaz;18;183;366;\n');
    expect(r.rows.map((x) => [x.material, x.quantity])).toEqual([
      ['Beyaz', '3'],
      ['Ceviz', '1'],
    ]);
    expect(r.lines).toEqual([2, 3]);
    expect(r.errors).toEqual([
      'Satır 4 (beyaz): 2. satırdaki levhanın aynısı (malzeme, kalınlık, ölçü ve damar); bu satır alınmadı: adetleri tek satırda toplayın ya da iki satıra da ayrı birer kod verin.',
      'Satır 5 (Beyaz): 2. satırdaki levhanın aynısı (malzeme, kalınlık, ölçü ve damar); bu satır alınmadı: adetleri tek satırda toplayın ya da iki satıra da ayrı birer kod verin.',
    ]);
    // two kods for one sheet are two rows, as kesim nest takes them
    expect(parseStockCsv('kod;malzeme;genişlik;yükseklik\nA;Beyaz;183;366\nB;Beyaz;183;366\n').rows.map((x) => x.id)).toEqual(['A', 'B']);
  });

  describe('mergeStockCsv', () => {
    const draft = (over: Partial<ReturnType<typeof emptyStockDraft>>) => ({ ...emptyStockDraft(), ...over });
    const list = [
      draft({ id: 'a', material: 'Beyaz', thickness: '18', width: '183', height: '366', quantity: '3', price: '1.450' }),
      draft({ id: 'b', material: 'Ceviz', thickness: '18', width: '210', height: '280' }),
    ];

    it('updates the rows a file without kod gives again instead of adding them twice', () => {
      const csv = parseStockCsv('malzeme;kalınlık;genişlik;yükseklik;adet;fiyat\nBeyaz;18;183;366;3;1450\nCeviz;18;210;280;5;900\nMDF;8;183;366;;\n');
      const m = mergeStockCsv(list, csv, 100);
      expect([m.added, m.updated, m.same]).toEqual([1, 1, 1]);
      expect(m.rows.map((r) => [r.id, r.material, r.quantity, r.price])).toEqual([
        ['a', 'Beyaz', '3', '1.450'],
        ['b', 'Ceviz', '5', '900'],
        [expect.any(String), 'MDF', '', ''],
      ]);
      expect(m.errors).toEqual([]);
      expect(stockMsg.csvMerged(m.added, m.updated, m.same)).toBe('3 stok satırı içe aktarıldı: 1 satır eklendi, 1 satır güncellendi, 1 satır listede zaten aynıydı.');
    });

    it('matches by kod when the file has one, taking the columns it gives and keeping the rest', () => {
      const csv = parseStockCsv('kod;ad;genişlik;yükseklik;adet\nb;Büyük ceviz;210;280;2\nc;Yeni;100;100;1\n');
      const m = mergeStockCsv(list, csv, 100);
      expect([m.added, m.updated]).toEqual([1, 1]);
      expect(m.rows[1]).toEqual({ ...list[1], name: 'Büyük ceviz', quantity: '2' });
      expect(m.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
      expect(stockMsg.csvMerged(m.added, m.updated, m.same)).toBe('2 stok satırı içe aktarıldı: 1 satır eklendi, 1 satır güncellendi.');
    });

    it('matches a coded line the list has no code for by its sheet, instead of adding the sheet twice', () => {
      const csv = parseStockCsv('kod;ad;malzeme;kalınlık;genişlik;yükseklik;adet\nBS18;Beyaz büyük;Beyaz;18;183;366;5\n');
      const m = mergeStockCsv(list, csv, 100);
      expect([m.added, m.updated, m.same]).toEqual([0, 1, 0]);
      expect(m.rows.map((r) => [r.id, r.name, r.quantity])).toEqual([
        ['a', 'Beyaz büyük', '5'],
        ['b', '', ''],
      ]);
    });

    it('compares values as numbers: a price typed 1234,56 is the file\'s 1.234,56', () => {
      const typed = [draft({ id: 'a', material: 'Beyaz', thickness: '18', width: '183', height: '366', quantity: '3', price: '1234,56' })];
      const m = mergeStockCsv(typed, parseStockCsv('malzeme;kalınlık;genişlik;yükseklik;adet;fiyat\nBeyaz;18;183;366;3;1234,56\n'), 100);
      expect([m.added, m.updated, m.same]).toEqual([0, 0, 1]);
    });

    it('matches a thickness as the engine compares it, to 0,01 mm: a file row of 18,004 is the list row of 18', () => {
      const m = mergeStockCsv(list, parseStockCsv('malzeme;kalınlık;genişlik;yükseklik;adet\nBeyaz;18,004;183;366;7\nBeyaz;18,01;183;366;1\n'), 100);
      expect([m.added, m.updated, m.same]).toEqual([1, 1, 0]);
      expect(m.rows.map((r) => [r.id, r.thickness, r.quantity])).toEqual([
        ['a', '18', '7'],
        ['b', '18', ''],
        [expect.any(String), '18,01', '1'],
      ]);
    });

    it('adds no more rows than there is room for', () => {
      const m = mergeStockCsv(list, parseStockCsv('genişlik;yükseklik\n1;1\n2;2\nx\n'), 1);
      expect(m.rows).toHaveLength(3);
      expect(m.errors).toContain(stockMsg.tooManyRows);
    });
  });

  it('reads a file saved by Turkish Excel as Windows-1254, and refuses one too large rather than cutting it', async () => {
    // "malzeme;genişlik;yükseklik" / "Meşe;100;200" in Windows-1254
    const ascii = (t: string) => [...t].map((c) => c.charCodeAt(0));
    const bytes = new Uint8Array([...ascii('malzeme;geni'), 0xfe, ...ascii('lik;y'), 0xfc, ...ascii('kseklik\r\nMe'), 0xfe, ...ascii('e;100;200\r\n')]);
    const r = parseStockCsv((await readCsvFile(new Blob([bytes]))).text);
    expect(r.errors).toEqual([]);
    expect(r.rows[0]).toMatchObject({ material: 'Meşe', width: '100', height: '200' });
    await expect(readCsvFile(new Blob(['a'.repeat(MAX_CSV_BYTES + 1)]))).rejects.toThrow('Dosya çok büyük: en fazla 1 MB okunabilir.');
    // a binary file is no list, whatever its size
    await expect(readCsvFile(new Blob([new Uint8Array(MAX_CSV_BYTES + 1)]))).rejects.toThrow('Bu dosya metin olmayan (ikili) bir dosya, levha listesi değil;');
  });
});

describe('the stock CSV as the part reader reads its lists', () => {
  it('converts a header’s unit: sides in mm to cm, a thickness in cm to mm, and says so', () => {
    const r = parseStockCsv('Malzeme;Kalınlık (cm);Genişlik (mm);Yükseklik mm;Fiyat (TL)\nSunta;1,8;3660;1.830,5;1.250,50\n');
    expect(r.errors).toEqual([]);
    expect(r.rows[0]).toMatchObject({ material: 'Sunta', thickness: '18', width: '366', height: '183,05', price: '1.250,50' });
    expect(r.converted).toBe("kalınlık cm'den mm'ye çevrildi; genişlik ve yükseklik mm'den cm'ye çevrildi");
    // cm sides and a mm thickness stay as they are, and nothing is said
    const same = parseStockCsv('Genişlik (cm);Yükseklik cm;Kalınlık (mm)\n366;183;18\n');
    expect(same.rows[0]).toMatchObject({ width: '366', height: '183', thickness: '18' });
    expect(same.converted).toBeUndefined();
  });

  it('refuses a unit a column does not take, naming the column and the units it takes, rather than read it as cm', () => {
    // "Genişlik (inç)" had been read as cm: 72 × 144 cm
    const r = parseStockCsv('Malzeme;Genişlik (inç);Yükseklik\nSunta;72;144\n');
    expect(r.rows).toEqual([]);
    expect(r.errors).toEqual(['"Genişlik (inç)" başlığındaki birim tanınmıyor; genişlik için mm, cm veya m yazın.']);
    expect(parseStockCsv('Genişlik;Yükseklik;Fiyat (USD);Kalınlık [in]\n183;366;50;1\n')).toEqual({
      rows: [],
      errors: ['"Fiyat (USD)" başlığındaki birim tanınmıyor; fiyat için TL yazın.', '"Kalınlık [in]" başlığındaki birim tanınmıyor; kalınlık için mm, cm veya m yazın.'],
    });
    // the units they take, and words in brackets on a column of no unit
    const ok = parseStockCsv('Malzeme (renk);Genişlik (m);Yükseklik [cm];Fiyat (₺);Adet (levha)\nBeyaz;1,83;366;10;2\n');
    expect(ok.errors).toEqual([]);
    expect(ok.rows[0]).toMatchObject({ material: 'Beyaz', width: '183', height: '366', price: '10', quantity: '2' });
  });

  it('refuses a row with more cells than the header, as an unquoted decimal comma', () => {
    const r = parseStockCsv('Malzeme,Genişlik,Yükseklik,Adet\nSunta,366,5,183,2\nMDF,"366,5",183,2\n');
    expect(r.rows.map((x) => [x.material, x.width, x.height, x.quantity])).toEqual([['MDF', '366,5', '183', '2']]);
    expect(r.errors).toEqual(['Satır 2 (Sunta): sütunlardan fazla hücre var; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5").']);
    const price = parseStockCsv('Malzeme,Genişlik,Yükseklik,Fiyat\nSunta,366,183,1250,50\n');
    expect(price.rows).toEqual([]);
    expect(price.errors).toEqual(['Satır 2 (Sunta): sütunlardan fazla hücre var; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5").']);
    expect(parseStockCsv('Malzeme;Genişlik;Yükseklik\nSunta;366;183;not\n').errors).toEqual(['Satır 2 (Sunta): başlıktaki sütunlardan fazla hücre var.']);
  });

  it('names every bad field of a row by its column, as the part reader does', () => {
    const r = parseStockCsv('Kod;Malzeme;Genişlik;Yükseklik;Adet;Damar\nS1;Sunta;0;abc;-1;çapraz\nS2;;10;10;2;yok\n');
    expect(r.rows.map((x) => x.id)).toEqual(['S2']);
    expect(r.errors).toEqual([
      `Satır 2 (Sunta), genişlik: "0" levha ölçüsü olamaz; 0,01 ile 1.000 cm arasında bir ölçü yazın.`,
      `Satır 2 (Sunta), yükseklik: "abc" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.`,
      `Satır 2 (Sunta), adet: ${stockMsg.badQuantity}`,
      `Satır 2 (Sunta), damar: "çapraz" yerine yok, dikey veya yatay yazın.`,
    ]);
  });
});

describe('replacesStock', () => {
  const rows: Stock[] = [{ id: 's1', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366, price: 1450 }];
  const current: StockSettings = { ...EMPTY_STOCK, stock: [...rows, { id: 'A-1', width: 50, height: 60, quantity: 1, offcut: true } as Stock] };
  it('asks only when the layout brings other sheet rows or bands', () => {
    expect(replacesStock(current, undefined, undefined)).toBe(false);
    expect(replacesStock(current, [], [])).toBe(false);
    expect(replacesStock(current, rows, [])).toBe(false);
    expect(replacesStock(current, [{ ...rows[0], price: 1500 }], [])).toBe(true);
    expect(replacesStock(current, rows, [{ code: 'B1', thickness: 1 }])).toBe(true);
    expect(replacesStock(undefined, rows, [])).toBe(true);
    expect(replacesStock({ ...EMPTY_STOCK, stock: rows }, [...rows, { id: 'A-9', width: 10, height: 10, offcut: true } as Stock], [])).toBe(false);
  });
});

describe('band codes parts use', () => {
  it('counts the parts per code and names the ones a save would lose', () => {
    const use = bandUse([{ edges: { top: 'B1', bottom: 'B1', left: 'B1', right: 'B1' } }, { edges: { left: 'B1', right: 'B2' } }, {}, { edges: { top: '' } }]);
    expect([...use]).toEqual([
      ['B1', 2],
      ['B2', 1],
    ]);
    const before = [{ code: 'B1' }, { code: 'B2' }, { code: 'B3' }];
    expect(bandsLost(before, before, use)).toEqual([]);
    // B3 is used by none; codes match exactly, as the engine matches them
    expect(bandsLost(before, [{ code: 'b1' }], use)).toEqual([
      { code: 'B1', parts: 2 },
      { code: 'B2', parts: 1 },
    ]);
    expect(stockMsg.confirmBandsLost([{ code: 'B1', parts: 3 }])).toBe(
      'B1 bant kodunu 3 parça kullanıyor; silinirse parçalardaki kod tanınmaz; parçaların bandı değiştirilene dek yerleşim yapılamaz. Yine de kaydedilsin mi?',
    );
  });
});

describe('stockDiff: the rows of a refused list that differ from the server\'s', () => {
  const lists = (stock: Stock[], bands: StockSettings['bands'] = [], offcutSettings?: StockSettings['offcutSettings']) => ({ stock, bands, offcutSettings });
  const big: Stock = { id: 's1', name: 'Beyaz 18 büyük', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366, quantity: 4, price: 1450, grain: 'none' };
  const small: Stock = { id: 's2', material: 'Beyaz Sunta', thickness: 18, width: 210, height: 280, price: 1300 };
  const rack = (id: string) => ({ id, width: 40, height: 60, quantity: 1, offcut: true }) as Stock;

  it('gives none for equal lists, whatever the order of their rows', () => {
    const l = lists([big, small, rack('A-1')], [{ code: 'B1', price: 6.5 }, { code: 'B2' }], { rules: [{ minWidth: 30, minHeight: 30 }], maxArea: 0, minUse: 60 });
    expect(stockDiff(l, l)).toEqual([]);
    expect(stockDiff(l, { ...l, stock: [small, rack('A-1'), big], bands: [...l.bands].reverse() })).toEqual([]);
    expect(stockDiff(lists([]), lists([]))).toEqual([]);
  });

  it('lists the sheet rows only in the user\'s list, only on the server, and changed, with the fields that changed, matched by id', () => {
    const mine = lists([{ ...big, quantity: 2, price: 1500 }, { id: 's5', material: 'Meşe', width: 100, height: 45.5 }]);
    const server = lists([big, small]);
    const d = stockDiff(mine, server);
    expect(d).toEqual([
      {
        list: 'stock',
        id: 's1',
        row: 0,
        name: 'Beyaz 18 büyük',
        kind: 'changed',
        fields: [
          { field: 'quantity', server: '4', mine: '2' },
          { field: 'price', server: '1.450', mine: '1.500' },
        ],
      },
      { list: 'stock', id: 's5', row: 1, name: 'Meşe 100 × 45,5', kind: 'mine', fields: [] },
      { list: 'stock', id: 's2', row: -1, name: 'Beyaz Sunta 210 × 280', kind: 'server', fields: [] },
    ]);
    expect(d.map(diffText)).toEqual([
      'Satır 1 (Beyaz 18 büyük): adet 4 → 2, fiyat 1.450 → 1.500',
      'Satır 2 (Meşe 100 × 45,5): yalnız sizde',
      'Beyaz Sunta 210 × 280: yalnız sunucuda',
    ]);
  });

  it('writes every field of a sheet row the way the dialog does: empty ones, unlimited quantity, grain words', () => {
    const mine = lists([{ id: 's1', name: 'Yeni', width: 183.5, height: 366, thickness: 18, grain: 'vertical', price: 1250.5 }]);
    const server = lists([{ id: 's1', material: 'Beyaz', width: 183, height: 366, quantity: 3, thickness: 18 }]);
    expect(stockDiff(mine, server).map(diffText)).toEqual([
      'Satır 1 (Yeni): ad — → “Yeni”, malzeme “Beyaz” → —, genişlik 183 → 183,5, adet 3 → sınırsız, fiyat — → 1.250,50, damar yok → dikey',
    ]);
  });

  it('lists the band codes added, removed and changed, matched by code', () => {
    const mine = lists([], [{ code: 'B1', name: 'PVC', thickness: 0.8, price: 7 }, { code: 'B3' }]);
    const server = lists([], [{ code: 'B1', name: 'PVC', thickness: 0.8, price: 6.5, overlength: 2 }, { code: 'B2' }]);
    const d = stockDiff(mine, server);
    expect(d.map((x) => [x.list, x.id, x.kind, x.row])).toEqual([
      ['bands', 'B1', 'changed', 0],
      ['bands', 'B3', 'mine', 1],
      ['bands', 'B2', 'server', -1],
    ]);
    expect(d.map(diffText)).toEqual(['Bant B1: metre fiyatı 6,50 → 7, fazlalık 2 → —', 'Bant B3: yalnız sizde', 'Bant B2: yalnız sunucuda']);
  });

  it('lists the offcuts the user took off the rack, and differing offcut settings, but not settings the user left unsent', () => {
    const settings = { rules: [{ minWidth: 30, minHeight: 30 }], maxArea: 0, minUse: 60 };
    const mine = lists([big, rack('A-2')], [], settings);
    const server = lists([big, rack('A-1'), rack('A-2')], [], { ...settings, minUse: 70 });
    expect(stockDiff(mine, server).map(diffText)).toEqual([
      'Artık A-1: yalnız sunucuda (siz raftan kaldırdınız)',
      'Artık ayarları (en küçük artık ölçüsü, raf sınırı, en az kullanım) farklı.',
    ]);
    expect(stockDiff({ ...mine, offcutSettings: undefined }, server).map((x) => x.list)).toEqual(['offcuts']);
    // the same rules, their keys in another order
    const rule = { minHeight: 30, minWidth: 30, thickness: 18, material: 'Sunta' };
    expect(stockDiff(lists([], [], { ...settings, rules: [rule] }), lists([], [], { ...settings, rules: [{ material: 'Sunta', thickness: 18, minWidth: 30, minHeight: 30 }] }))).toEqual([]);
  });

  it('says which layout options differ from those the server saved, in one line', () => {
    const mine: StockSettings = { ...lists([big]), objective: 'area', deductBands: true, keepLeftover: true };
    const server = { ...lists([big]), options: { objective: 'cost', deductBands: false, keepLeftover: true }, optionsSaved: true };
    const d = stockDiff(mine, server);
    expect(d).toEqual([
      {
        list: 'options',
        id: '',
        row: -1,
        name: '',
        kind: 'changed',
        fields: [
          { field: 'objective', server: 'maliyet', mine: 'alan' },
          { field: 'deductBands', server: 'hayır', mine: 'evet' },
        ],
      },
    ]);
    expect(d.map(diffText)).toEqual(['Seçenekler: hedef maliyet → alan, bant kalınlığı düşülür hayır → evet']);
    expect(stockDiff({ ...mine, objective: 'sheets', deductBands: false, keepLeftover: false }, server).map(diffText)).toEqual([
      'Seçenekler: hedef maliyet → levha sayısı, son levhada tek artık evet → hayır',
    ]);
    // the same options: no line
    expect(stockDiff({ ...mine, objective: 'cost', deductBands: false }, server)).toEqual([]);
    // a server that saved none (or keeps none), or options only this browser's: nothing to compare
    expect(stockDiff(mine, { ...server, optionsSaved: false })).toEqual([]);
    expect(stockDiff(mine, lists([big]))).toEqual([]);
    expect(stockDiff({ ...mine, optionsLocal: true }, server)).toEqual([]);
  });
});
