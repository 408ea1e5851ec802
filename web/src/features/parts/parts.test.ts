import { describe, expect, it } from 'vitest';
import { checkDraft, dataSize, parsePaste, roundUpCm, showBanner, totals, type Part } from './parts';

const part = (quantity: number, i = 0): Part => ({ id: `p${i}`, name: `P${i}`, width: 10, height: 20, quantity });

describe('checkDraft', () => {
  it('needs every field', () => {
    expect(checkDraft({ name: ' ', width: '1', height: '1', quantity: '1' })).toMatchObject({ ok: false, error: 'Lütfen tüm alanları doldurun!' });
    expect(checkDraft({ name: 'A', width: '', height: '1', quantity: '1' })).toMatchObject({ ok: false, field: 'width' });
  });
  it('needs positive values', () => {
    for (const d of [
      { name: 'A', width: '0', height: '1', quantity: '1' },
      { name: 'A', width: '-3', height: '1', quantity: '1' },
      { name: 'A', width: '1', height: '1', quantity: '0' },
      { name: 'A', width: '1', height: '1', quantity: '1,5' },
      { name: 'A', width: '1001', height: '1', quantity: '1' },
    ]) {
      expect(checkDraft(d)).toMatchObject({ ok: false, error: 'Lütfen geçerli pozitif değerler girin!' });
    }
  });
  it('trims the name and reads decimal commas', () => {
    expect(checkDraft({ name: '  Çekmece Ön ', width: '45,5', height: '20', quantity: '3' })).toEqual({
      ok: true,
      part: { name: 'Çekmece Ön', width: 45.5, height: 20, quantity: 3 },
    });
  });
});

describe('sizes as the engine cuts them', () => {
  it('rounds a side finer than 0,1 mm up and keeps two decimals', () => {
    expect(checkDraft({ name: 'Raf', width: '45,555', height: '0,001', quantity: '1' })).toEqual({
      ok: true,
      part: { name: 'Raf', width: 45.56, height: 0.01, quantity: 1 },
    });
    expect(checkDraft({ name: 'Raf', width: '0,29', height: '45,55', quantity: '1' })).toEqual({
      ok: true,
      part: { name: 'Raf', width: 0.29, height: 45.55, quantity: 1 },
    });
    expect(checkDraft({ name: 'Raf', width: '999,999', height: '50,004', quantity: '1' })).toEqual({
      ok: true,
      part: { name: 'Raf', width: 1000, height: 50.01, quantity: 1 },
    });
    // A side that rounds to nothing, or past 1000 cm, is refused.
    for (const width of ['0,0000001', '1000,001']) {
      expect(checkDraft({ name: 'A', width, height: '1', quantity: '1' })).toMatchObject({
        ok: false,
        error: 'Lütfen geçerli pozitif değerler girin!',
        field: 'width',
      });
    }
  });
  it('rounds as the engine: within 1e-4 of a whole 0,1 mm is that', () => {
    expect([0.3, 0.57, 0.07, 45.5, 1.005, 50.0001, 0.0000001, 0.000002].map(roundUpCm)).toEqual([
      0.3, 0.57, 0.07, 45.5, 1.01, 50.01, 0, 0.01,
    ]);
  });
});

describe('parsePaste', () => {
  it('adds good rows and names the bad ones by line, name and field', () => {
    const r = parsePaste('Ad\tGenişlik\tYükseklik\tAdet\r\nKapak\t50\t74\t2\r\nRaf\t45,5\t30\r\n\r\nBozuk\tabc\t10\t1\r\n');
    expect(r.parts).toEqual([
      { name: 'Kapak', width: 50, height: 74, quantity: 2 },
      { name: 'Raf', width: 45.5, height: 30, quantity: 1 },
    ]);
    expect(r.errors).toEqual(['Satır 5 (Bozuk), genişlik: Lütfen geçerli pozitif değerler girin!']);
  });
});

describe('size flags', () => {
  it('follows the specification thresholds', () => {
    expect(showBanner([part(200)])).toBe(false);
    expect(showBanner([part(201)])).toBe(true);
    expect(showBanner(Array.from({ length: 101 }, (_, i) => part(1, i)))).toBe(true);
    expect(dataSize([part(500)])).toBe('normal');
    expect(dataSize([part(501)])).toBe('large');
    expect(dataSize([part(2001)])).toBe('ultra');
    expect(dataSize(Array.from({ length: 501 }, (_, i) => part(1, i)))).toBe('ultra');
    expect(totals([part(2), part(3, 1)])).toEqual({ pieces: 5, types: 2, area: 1000 });
  });
});
