import { describe, expect, it } from 'vitest';
import { checkDraft, dataSize, parsePaste, showBanner, totals, type Part } from './parts';

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
