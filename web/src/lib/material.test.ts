import { describe, expect, it } from 'vitest';
import { materialKey } from './extras';
import { foldMaterial, thicknessKey } from './material';

describe('foldMaterial', () => {
  it('matches material names as the engine does (nest.FoldMaterial)', () => {
    for (const [a, b] of [
      [' IŞIK İNCE ', 'ışık ince'],
      ['CEVIZ', 'Ceviz'], // a spreadsheet's UPPER without Turkish case
      ['CEVİZ', 'ceviz'],
      ['Ince', 'İNCE'],
      ['I\u0307nce', 'ince'], // İ as I and a combining dot
    ]) {
      expect(foldMaterial(a), `${a} / ${b}`).toBe(foldMaterial(b));
    }
    for (const [a, b] of [
      ['Meşe', 'Mese'],
      ['Kırmızı', 'Kirmizi 2'],
    ]) {
      expect(foldMaterial(a)).not.toBe(foldMaterial(b));
    }
  });

  it('groups parts, rows and pages by the folded material and the thickness to 0,01 mm', () => {
    expect(materialKey('CEVIZ ', 18.004)).toBe(materialKey('Ceviz', 18));
    expect(materialKey('Ceviz', 18)).not.toBe(materialKey('Ceviz', 8));
    expect(thicknessKey(undefined)).toBe(0);
  });
});
