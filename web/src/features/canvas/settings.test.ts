import { describe, expect, it } from 'vitest';
import { canvasOf, checkCanvas, cutOptions, DEFAULT_CANVAS, normalCanvas, profileOf, sheetOf } from './settings';

const d = (width: string, height: string, kerfMm = '', trimMm = '') => ({ width, height, kerfMm, trimMm, guillotine: false, firstCut: '' as const, stages: 0 });

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

describe('the saw profile', () => {
  const c = { width: 183, height: 366, kerfMm: 4, trimMm: 0, guillotine: true };
  it('is sent only with guillotine and only what is set', () => {
    expect(cutOptions({ ...c, firstCut: 'long', stages: 3 })).toEqual({ kerf: 0.4, trim: 0, guillotine: true, firstCut: 'long', stages: 3 });
    expect(cutOptions({ ...c, firstCut: 'short' })).toEqual({ kerf: 0.4, trim: 0, guillotine: true, firstCut: 'short' });
    expect(cutOptions({ ...c, stages: 2 })).toEqual({ kerf: 0.4, trim: 0, guillotine: true, stages: 2 });
    // "Sınırsız" sends nothing: the options are those from before the profile.
    expect(Object.keys(cutOptions({ ...c, stages: 0 })).sort()).toEqual(['guillotine', 'kerf', 'trim']);
    // Kept while guillotine is off, never sent then (the engine refuses it).
    expect(cutOptions({ ...c, guillotine: false, firstCut: 'long', stages: 3 })).toEqual({ kerf: 0.4, trim: 0, guillotine: false });
  });
  it('comes from the dialog, kept with guillotine off', () => {
    const draft = { width: '183', height: '366', kerfMm: '', trimMm: '', guillotine: true, firstCut: 'long' as const, stages: 4 };
    expect(checkCanvas(draft)).toMatchObject({ ok: true, settings: { guillotine: true, firstCut: 'long', stages: 4 } });
    expect(checkCanvas({ ...draft, guillotine: false })).toMatchObject({ ok: true, settings: { guillotine: false, firstCut: 'long', stages: 4 } });
    const none = checkCanvas({ ...draft, firstCut: '', stages: 0 });
    expect(none.ok && Object.keys(none.settings).sort()).toEqual(['guillotine', 'height', 'kerfMm', 'trimMm', 'width']);
  });
  it('of a saved layout comes back with it, only with guillotine', () => {
    const withProfile = { ...c, firstCut: 'short' as const, stages: 5 };
    expect(canvasOf(sheetOf(withProfile), cutOptions(withProfile))).toEqual(withProfile);
    const loaded = canvasOf({ width: 183, height: 366 }, { guillotine: false, firstCut: 'long', stages: 3 });
    expect(loaded.firstCut).toBeUndefined();
    expect(loaded.stages).toBeUndefined();
    expect(Object.keys(canvasOf({ width: 183, height: 366 }, { guillotine: true }))).not.toContain('firstCut');
  });
  it('kept before it existed, or out of range, loads as the default', () => {
    const old = normalCanvas({ width: 183, height: 366, kerfMm: 4, trimMm: 0, guillotine: true });
    expect(old).toEqual({ ...c });
    expect(Object.keys(old).sort()).toEqual(['guillotine', 'height', 'kerfMm', 'trimMm', 'width']);
    expect(normalCanvas({ ...c, firstCut: 'across' as never, stages: 1 })).toEqual({ ...c });
    expect(normalCanvas({ ...c, stages: 10 })).toEqual({ ...c });
    expect(normalCanvas({ ...c, stages: 2.5 })).toEqual({ ...c });
    expect(normalCanvas({ ...c, guillotine: false, firstCut: 'short', stages: 9 })).toEqual({ ...c, guillotine: false, firstCut: 'short', stages: 9 });
    expect(profileOf({ firstCut: 'long', stages: 0 })).toEqual({ firstCut: 'long' });
  });
});
