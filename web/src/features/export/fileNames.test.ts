import { describe, expect, it } from 'vitest';
import type { Result } from '../engine/types';
import { fileName, slug } from './fileNames';

const page = (extra = {}) => ({ id: 'page-0', efficiency: 50, parts: [], ...extra });
const canvas: Result = {
  sheet: { width: 100, height: 148 },
  pages: [page()],
  skipped: [],
  stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 50, placed: 0, elapsedMs: 1 },
};
const onStock: Result = {
  ...canvas,
  pages: [page({ stockId: 's1', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366 }), page({ stockId: 's2', material: 'Beyaz Sunta', thickness: 18, width: 210, height: 280 })],
};
/** three materials: two of Beyaz Sunta's thicknesses and Ceviz, the first one's pages first */
const threeMaterials: Result = {
  ...canvas,
  pages: [
    page({ stockId: 's1', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366 }),
    page({ stockId: 's1', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366 }),
    page({ stockId: 's2', material: 'Ceviz', width: 210, height: 280 }),
    page({ stockId: 's3', material: 'BEYAZ SUNTA', thickness: 8, width: 183, height: 366 }),
  ],
};
const bridge = 'efeaktif_cutting_100x148_2026-12-06_1796522400000';

describe('file names', () => {
  it('slugs a job name, Turkish letters folded', () => {
    expect(slug('Yılmaz Mutfak – ğüşıöçİ')).toBe('yilmaz-mutfak-gusioci');
    expect(slug('  ÇAĞRI  Dolap / 2 ')).toBe('cagri-dolap-2');
    expect(slug('–')).toBe('');
    expect(slug('a'.repeat(100))).toHaveLength(60);
  });

  it("names a saved job's files after the job, not the canvas", () => {
    expect(fileName(`${bridge}.pdf`, 'Yılmaz Mutfak', onStock)).toBe('yilmaz-mutfak_2026-12-06_1796522400000.pdf');
    expect(fileName(`${bridge}_kesim-listesi.csv`, 'Yılmaz Mutfak', canvas)).toBe('yilmaz-mutfak_2026-12-06_1796522400000_kesim-listesi.csv');
    expect(fileName('efeaktif_etiketler_2026-12-06_1796522400000.pdf', 'Yılmaz Mutfak', canvas)).toBe('yilmaz-mutfak_etiketler_2026-12-06_1796522400000.pdf');
    expect(fileName('kesim.pdf', 'Yılmaz Mutfak', canvas)).toBe('yilmaz-mutfak_kesim.pdf');
  });

  it('names a layout on stock rows after the first sheet it uses, one on the canvas as the specification does', () => {
    expect(fileName(`${bridge}.pdf`, '', onStock)).toBe('efeaktif_cutting_beyaz-sunta-18mm_183x366_2026-12-06_1796522400000.pdf');
    expect(fileName(`${bridge}.dxf`, '  ', { ...onStock, pages: [page({ stockId: 's9', width: 183.5, height: 366 })] })).toBe(
      'efeaktif_cutting_183.5x366_2026-12-06_1796522400000.dxf',
    );
    expect(fileName(`${bridge}.pdf`, '', canvas)).toBe(`${bridge}.pdf`);
    // a material in another case is the same material
    expect(fileName(`${bridge}.pdf`, '', { ...onStock, pages: [...onStock.pages, page({ stockId: 's1', material: 'BEYAZ SUNTA', thickness: 18.001, width: 183, height: 366 })] })).toBe(
      'efeaktif_cutting_beyaz-sunta-18mm_183x366_2026-12-06_1796522400000.pdf',
    );
    expect(fileName(`${bridge}.pdf`, undefined, { ...canvas, pages: [page({ stockId: 'sheet', width: 100, height: 148 })] })).toBe(`${bridge}.pdf`);
  });

  it('names a layout of several materials by their count, not after the first one, in every file the bridge names so', () => {
    for (const [given, want] of [
      [`${bridge}.pdf`, 'efeaktif_cutting_3-malzeme_2026-12-06_1796522400000.pdf'],
      [`${bridge}.dxf`, 'efeaktif_cutting_3-malzeme_2026-12-06_1796522400000.dxf'],
      [`${bridge}.zip`, 'efeaktif_cutting_3-malzeme_2026-12-06_1796522400000.zip'],
      [`${bridge}_kesim-listesi.csv`, 'efeaktif_cutting_3-malzeme_2026-12-06_1796522400000_kesim-listesi.csv'],
    ]) {
      const name = fileName(given, undefined, threeMaterials);
      expect(name).toBe(want);
      for (const m of ['beyaz', 'sunta', 'ceviz', '183x366']) expect(name).not.toContain(m);
    }
    // pages of no material beside one material's are two kinds of sheet
    expect(fileName(`${bridge}.pdf`, '', { ...canvas, pages: [page({ stockId: 's1', material: 'Ceviz', width: 210, height: 280 }), page({ stockId: 'sheet' })] })).toBe(
      'efeaktif_cutting_2-malzeme_2026-12-06_1796522400000.pdf',
    );
    // a named job keeps its name, whatever it cuts
    expect(fileName(`${bridge}.pdf`, 'Yılmaz Mutfak', threeMaterials)).toBe('yilmaz-mutfak_2026-12-06_1796522400000.pdf');
    // other names (the labels') name no material either way
    expect(fileName('efeaktif_etiketler_2026-12-06_1796522400000.pdf', '', threeMaterials)).toBe('efeaktif_etiketler_2026-12-06_1796522400000.pdf');
  });
});
