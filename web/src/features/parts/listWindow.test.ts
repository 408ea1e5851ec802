import { describe, expect, it } from 'vitest';
import { planWindow, ROW_ESTIMATE } from './listWindow';

describe('planWindow', () => {
  it('draws the first and last rows, those on screen and the pinned ones; spacers stand for the rest, gaps included', () => {
    // 100 rows of 50 px, 10 px apart: row r starts at 60 r
    const heights = new Map(Array.from({ length: 100 }, (_, r) => [r, 50]));
    const plan = planWindow({ rows: 100, heights, gap: 10, top: 600, bottom: 900, pinned: [40] });
    expect(plan).toEqual([
      { kind: 'rows', from: 0, to: 1 },
      { kind: 'space', from: 1, to: 10, height: 9 * 60 - 10 },
      { kind: 'rows', from: 10, to: 16 },
      { kind: 'space', from: 16, to: 40, height: 24 * 60 - 10 },
      { kind: 'rows', from: 40, to: 41 },
      { kind: 'space', from: 41, to: 99, height: 58 * 60 - 10 },
      { kind: 'rows', from: 99, to: 100 },
    ]);
    // each row keeps its place: what is drawn plus the spacers, each followed by a gap, is the list's height
    const total = plan.reduce((sum, s) => sum + (s.kind === 'space' ? s.height + 10 : (s.to - s.from) * 60), 0);
    expect(total).toBe(100 * 60);
  });

  it('counts a row not measured at the mean of those measured, or at the estimate before any', () => {
    const measured = new Map([
      [0, 80],
      [1, 120],
    ]);
    const plan = planWindow({ rows: 10, heights: measured, gap: 0, top: 0, bottom: 150, pinned: [] });
    expect(plan).toEqual([
      { kind: 'rows', from: 0, to: 2 },
      { kind: 'space', from: 2, to: 9, height: 7 * 100 },
      { kind: 'rows', from: 9, to: 10 },
    ]);
    const none = planWindow({ rows: 10, heights: new Map(), gap: 0, top: 0, bottom: 1, pinned: [] });
    expect(none[1]).toEqual({ kind: 'space', from: 1, to: 9, height: 8 * ROW_ESTIMATE });
  });

  it('draws all of a short list, and nothing of an empty one', () => {
    expect(planWindow({ rows: 3, heights: new Map(), gap: 8, top: 0, bottom: 100000, pinned: [] })).toEqual([{ kind: 'rows', from: 0, to: 3 }]);
    expect(planWindow({ rows: 0, heights: new Map(), gap: 8, top: 0, bottom: 100, pinned: [] })).toEqual([]);
  });
});
