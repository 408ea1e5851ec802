import { describe, expect, it } from 'vitest';
import type { Page, Placed } from '../engine/types';
import { sheetTitle } from './texts';
import { cutOrder, jobPath, neighbourSheets, pageIndexOf, parseJobPath, partLineOf, pinnedPages, progressOf, resultFits, sheetNumber } from './checklist';

const piece = (id: string, x: number, y: number, width: number, height: number): Placed => ({ id, name: id, x, y, width, height, rotated: false, originalIndex: 0 });

describe('the checklist address', () => {
  it('reads /is/{id}/levha/{n} and writes it back', () => {
    expect(parseJobPath('/is/42/levha/3')).toEqual({ id: '42', sheet: 3 });
    expect(parseJobPath(jobPath('a b/ç', 7))).toEqual({ id: 'a b/ç', sheet: 7 });
    expect(parseJobPath('/is/42/levha/3/')).toEqual({ id: '42', sheet: 3 });
  });
  it('refuses other paths and sheet numbers out of range', () => {
    for (const p of ['/', '/is/42', '/is/42/levha/0', '/is/42/levha/-1', '/is/42/levha/x', '/is/42/levha/1000000', '/is//levha/1', '/is/%E0%A4%A/levha/1']) {
      expect(parseJobPath(p), p).toBeNull();
    }
  });
});

describe('a sheet’s number in the address', () => {
  it('follows the page id, so a re-plan that puts the cut sheets first keeps each printed QR code on its sheet', () => {
    const page = (id: string): Page => ({ id, efficiency: 0, parts: [] });
    const replanned = [page('page-2'), page('page-0'), page('page-1'), page('other')];
    expect(replanned.map(sheetNumber)).toEqual([3, 1, 2, 4]);
    expect(pageIndexOf(replanned, 3)).toBe(0);
    expect(pageIndexOf(replanned, 1)).toBe(1);
    expect(pageIndexOf(replanned, 4)).toBe(3);
    expect(pageIndexOf(replanned, 5)).toBe(-1);
  });

  it('gives the sheets before and after by their numbers, not by the re-planned pages’ order', () => {
    const page = (id: string): Page => ({ id, efficiency: 0, parts: [] });
    const replanned = [page('page-2'), page('page-0'), page('page-1'), page('page-4')];
    expect([3, 1, 2, 5].map((n) => neighbourSheets(replanned, n))).toEqual([
      { prev: 2, next: 5 },
      { prev: null, next: 2 },
      { prev: 1, next: 3 },
      { prev: 3, next: null },
    ]);
    expect(neighbourSheets([page('page-0')], 1)).toEqual({ prev: null, next: null });
  });
});

describe('cutOrder', () => {
  it('reads a page without cuts top to bottom, left to right', () => {
    const page: Page = { id: 'p', efficiency: 50, parts: [piece('c', 0, 50, 10, 10), piece('b', 50, 0, 10, 10), piece('a', 0, 0, 10, 10)] };
    expect(cutOrder(page).map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });

  it('follows the guillotine sequence: a strip cut off first comes off first, whatever its place', () => {
    // Cut 1 splits the sheet at x = 60 (kerf 1): the right strip (one piece) is free at once.
    // Cut 2 splits the left strip at y = 40: the top-left piece; cut 3 at y = 81 frees the other two.
    const page: Page = {
      id: 'p',
      efficiency: 80,
      parts: [piece('top', 0, 0, 60, 40), piece('mid', 0, 41, 60, 40), piece('right', 61, 0, 39, 100), piece('low', 0, 82, 60, 18)],
      cuts: [
        { order: 1, x: 60, y: 0, length: 100, direction: 'vertical' },
        { order: 2, x: 0, y: 40, length: 60, direction: 'horizontal' },
        { order: 3, x: 0, y: 81, length: 60, direction: 'horizontal' },
      ],
    };
    expect(cutOrder(page, 1).map((p) => p.id)).toEqual(['right', 'top', 'mid', 'low']);
  });
});

describe('a job’s ticks', () => {
  const result = {
    pages: [
      { id: 'p1', efficiency: 1, parts: [piece('A-1', 0, 0, 1, 1), piece('A-2', 2, 0, 1, 1)] },
      { id: 'p2', efficiency: 1, parts: [piece('B-1', 0, 0, 1, 1)] },
    ],
  };
  it('pin the pages with a ticked piece, and only those', () => {
    expect(pinnedPages(result, ['A-2']).map((p) => p.id)).toEqual(['p1']);
    expect(pinnedPages(result, [])).toEqual([]);
    expect(pinnedPages(null, ['A-2'])).toEqual([]);
  });
  it('count progress over the result’s pieces', () => {
    expect(progressOf(result, ['A-1', 'B-1', 'gone-1'])).toEqual({ cut: 2, total: 3 });
  });
  it('name the part line of a piece', () => {
    expect(partLineOf('p1a-2-12')).toBe('p1a-2');
    expect(partLineOf('x')).toBe('x');
  });
});

describe('resultFits', () => {
  const result = { pages: [{ id: 'p1', efficiency: 1, parts: [piece('a-1', 0, 0, 1, 1), piece('a-2', 2, 0, 1, 1)] }], skipped: [{ originalIndex: 1, id: 'b', name: 'B', width: 500, height: 500, quantity: 3, reason: '' }] };
  it('takes a result of exactly these lines', () => {
    expect(resultFits(result, [{ id: 'a', quantity: 2 }, { id: 'b', quantity: 3 }])).toBe(true);
  });
  it('refuses a result of the parts before a change', () => {
    expect(resultFits(result, [{ id: 'a', quantity: 3 }, { id: 'b', quantity: 3 }])).toBe(false);
    expect(resultFits(result, [{ id: 'a', quantity: 1 }, { id: 'b', quantity: 3 }])).toBe(false);
    expect(resultFits(result, [{ id: 'a', quantity: 2 }])).toBe(false);
    expect(resultFits(result, [{ id: 'a', quantity: 2 }, { id: 'b', quantity: 3 }, { id: 'c', quantity: 1 }])).toBe(false);
  });
});

describe('sheetTitle', () => {
  it('names an offcut by its code, a stock row by its name, else the sheet', () => {
    const stock = [{ id: 'A-4', offcut: true }, { id: 's1', name: 'Beyaz büyük' }];
    expect(sheetTitle(stock, { stockId: 'A-4' }, { width: 61.5, height: 100 })).toBe('Artık A-4 61,5 x 100 cm');
    expect(sheetTitle(stock, { stockId: 's1' }, { width: 183, height: 366 })).toBe('Beyaz büyük 183 x 366 cm');
    expect(sheetTitle(undefined, {}, { width: 100, height: 148 })).toBe('Levha 100 x 148 cm');
  });
  it('names the material and thickness of the board to fetch, and an offcut’s code', () => {
    const stock = [
      { id: 'A-13', offcut: true, material: 'Ceviz MDF', thickness: 18 },
      { id: 's1', name: 'Beyaz büyük', material: 'Beyaz Sunta', thickness: 18 },
      { id: 's2', material: 'Kontrplak', thickness: 4.5 },
    ];
    const walnut = { material: 'Ceviz MDF', thickness: 18 };
    expect(sheetTitle(stock, { stockId: 'A-13', ...walnut }, { width: 39.7, height: 79.7 })).toBe('Artık A-13 · Ceviz MDF 18 mm · 39,7 x 79,7 cm');
    expect(sheetTitle(stock, { stockId: 's1', material: 'Beyaz Sunta', thickness: 18 }, { width: 183, height: 366 })).toBe('Beyaz büyük · Beyaz Sunta 18 mm · 183 x 366 cm');
    // The row's material when the page does not repeat it; a row without a name.
    expect(sheetTitle(stock, { stockId: 's2' }, { width: 122, height: 244 })).toBe('Kontrplak 4,5 mm · 122 x 244 cm');
    // The canvas of a layout with materials.
    expect(sheetTitle(undefined, { stockId: 'default', material: 'Beyaz Sunta', thickness: 8 }, { width: 100, height: 148 })).toBe('Beyaz Sunta 8 mm · 100 x 148 cm');
  });
});

describe('resultFits with pinned pages', () => {
  const result = { pages: [{ id: 'p1', efficiency: 1, parts: [piece('a-1', 0, 0, 1, 1), piece('gone-1', 2, 0, 1, 1)] }, { id: 'p2', efficiency: 1, parts: [piece('a-2', 0, 0, 1, 1)] }], skipped: [] };
  it('allows a cut sheet’s pieces of lines since removed or reduced', () => {
    expect(resultFits(result, [{ id: 'a', quantity: 2 }], new Set(['p1']))).toBe(true);
    expect(resultFits(result, [{ id: 'a', quantity: 2 }])).toBe(false);
    expect(resultFits({ ...result, pages: [result.pages[0]] }, [{ id: 'a', quantity: 0 }], new Set(['p1']))).toBe(true);
  });
});
