import { describe, expect, it } from 'vitest';
import { canvasOf, checkCanvas, cutOptions, DEFAULT_CANVAS, sheetOf } from './settings';

const d = (width: string, height: string, kerfMm = '', trimMm = '') => ({ width, height, kerfMm, trimMm, guillotine: false });

describe('checkCanvas', () => {
  it('needs both sizes above zero', () => {
    for (const c of [d('', '10'), d('0', '10'), d('10', '-1'), d('abc', '10')]) {
      expect(checkCanvas(c)).toEqual({ ok: false, error: 'Lütfen geçerli genişlik ve yükseklik değerleri girin!' });
    }
  });
  it('flags sizes above 1000 for confirmation and reads kerf in mm', () => {
    expect(checkCanvas(d('1200', '100'))).toMatchObject({ ok: true, huge: true });
    expect(checkCanvas(d('183', '366', '4', '10'))).toEqual({
      ok: true,
      huge: false,
      settings: { width: 183, height: 366, kerfMm: 4, trimMm: 10, guillotine: false },
    });
    expect(checkCanvas(d('10', '10', '', '60'))).toMatchObject({ ok: false });
  });
  it('says which of kerf and trim is wrong and why', () => {
    expect(checkCanvas(d('183', '366', '-1'))).toEqual({ ok: false, error: 'Testere ve kenar payı 0 veya pozitif bir sayı olmalı.' });
    expect(checkCanvas(d('183', '366', '1000'))).toEqual({ ok: false, error: 'Testere payı en fazla 100 mm olabilir.' });
    expect(checkCanvas(d('183', '366', '4', '915'))).toEqual({ ok: false, error: 'Kenar payı tuvalin kısa kenarının yarısından az olmalı.' });
    expect(checkCanvas(d('183', '366', '4', '914'))).toMatchObject({ ok: true });
  });
});

describe('the engine’s sheet and options', () => {
  it('are the canvas in cm, and a saved layout’s give the canvas back', () => {
    const c = { width: 183, height: 366, kerfMm: 4, trimMm: 10, guillotine: true };
    expect(cutOptions(c)).toEqual({ kerf: 0.4, trim: 1, guillotine: true });
    expect(canvasOf(sheetOf(c), cutOptions(c))).toEqual(c);
    expect(canvasOf(null, undefined)).toEqual(DEFAULT_CANVAS);
    expect(canvasOf({ width: 0, height: 0 }, undefined)).toEqual(DEFAULT_CANVAS);
  });
});
