import { describe, expect, it } from 'vitest';
import { worse } from './search';
import type { Result } from './types';

const r = (pages: number, cost?: number, placed = 10): Result => ({
  sheet: { width: 100, height: 100 },
  pages: [],
  skipped: [],
  stats: { pages, lowerBound: 1, optimal: false, efficiency: 50, placed, elapsedMs: 1, cost },
  ...(cost === undefined ? {} : { materials: [] }),
});

describe('a longer search keeps the better layout', () => {
  it('by sheets without materials', () => {
    expect(worse(r(3), r(2))).toBe(true);
    expect(worse(r(2), r(2))).toBe(false);
    expect(worse(r(1), r(2))).toBe(false);
  });

  it('by placed pieces, then cost, then sheets with materials', () => {
    expect(worse(r(2, 3000), r(3, 2900))).toBe(true); // fewer sheets but dearer
    expect(worse(r(3, 2800), r(2, 2900))).toBe(false); // cheaper with more sheets
    expect(worse(r(2, 2900, 9), r(2, 2900, 10))).toBe(true);
    expect(worse(r(1, 1450, 9), r(2, 2900, 10))).toBe(true); // cheaper only because it leaves a piece out
    expect(worse(r(3, 2900), r(2, 2900))).toBe(true);
  });
});
