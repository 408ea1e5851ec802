import { describe, expect, it } from 'vitest';
import { labelMinPx, previewScale } from './scale';

describe('previewScale', () => {
  it('fits 800 x 600 within a scale of 1 to 8', () => {
    expect(previewScale(100, 148).scale).toBeCloseTo(600 / 148);
    expect(previewScale(10, 10).scale).toBe(8);
    expect(previewScale(1000, 1000).scale).toBe(1);
  });
  it('caps the pixel ratio at 2 and widens the grid above 200 cm', () => {
    expect(previewScale(100, 100, 3).ratio).toBe(2);
    expect(previewScale(100, 100).grid).toBe(10);
    expect(previewScale(210, 100).grid).toBe(20);
    expect(labelMinPx(false)).toBe(20);
    expect(labelMinPx(true)).toBe(30);
  });
});
