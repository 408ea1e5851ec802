import { describe, expect, it } from 'vitest';
import { EMPTY_STOCK, checkAll, checkBandDraft, checkStockDraft, emptyBandDraft, emptyStockDraft, parseStockCsv, replacesStock, settingsOf, type StockSettings } from './stock';
import type { Stock } from '../../generated/engine';
import { stockMsg } from './texts';

describe('stock rows', () => {
  const draft = (over: Partial<ReturnType<typeof emptyStockDraft>>) => ({ ...emptyStockDraft(), id: 'x', ...over });

  it('reads decimal commas and leaves empty fields out (empty quantity: unlimited)', () => {
    const c = checkStockDraft(draft({ name: ' Büyük ', material: 'Beyaz Sunta', thickness: '18', width: '183', height: '366,5', price: '1450,75', grain: 'vertical' }));
    expect(c).toEqual({
      ok: true,
      stock: { id: 'x', name: 'Büyük', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366.5, price: 1450.75, grain: 'vertical' },
    });
  });

  it('says what is wrong in the contract words', () => {
    const msgOf = (over: Parameters<typeof draft>[0]) => {
      const c = checkStockDraft(draft({ width: '100', height: '100', ...over }));
      return c.ok ? null : c.problem.message;
    };
    expect(msgOf({ width: '' })).toBe(stockMsg.badSheet);
    expect(msgOf({ height: '-3' })).toBe(stockMsg.badSheet);
    expect(msgOf({ width: '1001' })).toBe('Ölçüler en fazla 1000 cm olabilir.');
    expect(msgOf({ height: '1.000' })).toBeNull(); // 1.000 is 1000 cm, as the app writes it
    expect(msgOf({ quantity: '2,5' })).toBe('Stok adedi 0 (sınırsız) ile 100.000 arasında bir tam sayı olmalı.');
    expect(msgOf({ quantity: '100001' })).toBe(stockMsg.badQuantity);
    expect(msgOf({ price: '1000000001' })).toBe('Fiyat 0 ile 1.000.000.000 TL arasında olmalı.');
    expect(msgOf({ thickness: '1001' })).toBe('Kalınlık 0 ile 1.000 mm arasında olmalı.');
    expect(msgOf({ material: 'x'.repeat(201) })).toBe('Metin en fazla 200 karakter olabilir.');
    expect(msgOf({ quantity: '100000', price: '0' })).toBeNull();
    // 200 characters as the engine counts them (runes), not UTF-16 units
    expect(msgOf({ name: '🪵'.repeat(200) })).toBeNull();
    expect(msgOf({ name: '🪵'.repeat(201) })).toBe(stockMsg.tooLong);
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
    expect(r.rows[0]).toMatchObject({ name: 'Büyük', material: 'Beyaz Sunta', width: '183', quantity: '4', price: '1450', grain: 'none' });
    expect(r.rows[1]).toMatchObject({ material: 'Ceviz MDF', thickness: '18', width: '183', height: '366,5', price: '2100,5', quantity: '', grain: 'vertical' });
  });

  it('reads commas between cells with quoted decimal commas, and lists bad rows', () => {
    const csv = 'ad,malzeme,kalınlık,genişlik,yükseklik,adet,fiyat,damar\nA,Beyaz,18,"183,5",366,2,1450,yatay\nB,Beyaz,18,0,366,,,\nC,Beyaz,18,100,100,,,çapraz\n';
    const r = parseStockCsv(csv);
    expect(r.rows.map((x) => [x.name, x.width, x.quantity, x.grain])).toEqual([['A', '183,5', '2', 'horizontal']]);
    expect(r.errors).toEqual([stockMsg.csvRow(3, stockMsg.badSheet), stockMsg.csvRow(4, stockMsg.badGrain)]);
  });

  it('lists a row with a wrong number', () => {
    const r = parseStockCsv('genişlik;yükseklik;fiyat\n100;100;1.45.0\n100;100;1.000.000.001\n');
    expect(r.rows).toEqual([]);
    expect(r.errors).toEqual([stockMsg.csvRow(2, stockMsg.badPrice), stockMsg.csvRow(3, stockMsg.badPrice)]);
  });

  it('wants the size columns', () => {
    expect(parseStockCsv('ad;malzeme\nA;B\n').errors).toEqual([stockMsg.csvNoHeader]);
    expect(parseStockCsv('').errors).toEqual([stockMsg.csvEmpty]);
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
