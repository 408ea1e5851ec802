import { describe, expect, it } from 'vitest';
import { DEFAULT_CANVAS } from '../features/canvas/settings';
import { withStock, type StockSettings } from '../features/stock/stock';
import { buildRequest } from './useLayoutSearch';

const kapak = { id: 'a', name: 'Kapak', width: 50, height: 74, quantity: 4 };

describe('the engine request', () => {
  it('is exactly the canvas request without stock rows, bands or part materials', () => {
    const plain = buildRequest([kapak], DEFAULT_CANVAS, 3000);
    expect(plain).toEqual({
      sheet: { width: DEFAULT_CANVAS.width, height: DEFAULT_CANVAS.height },
      parts: [kapak],
      options: { kerf: DEFAULT_CANVAS.kerfMm / 10, trim: DEFAULT_CANVAS.trimMm / 10, guillotine: DEFAULT_CANVAS.guillotine, timeLimitMs: 3000, seed: 1 },
    });
    // Empty stock settings change nothing, nor the new part fields left empty.
    const empty: StockSettings = { stock: [], bands: [], objective: 'sheets', deductBands: true };
    const blank = { ...kapak, material: ' ', thickness: 0, grain: 'none' as const, edges: { top: '' } };
    expect(buildRequest([blank], DEFAULT_CANVAS, 3000, 1, empty)).toEqual(plain);
  });

  it('carries the stock rows, bands, objective, band deduction and the parts new fields', () => {
    const s: StockSettings = {
      stock: [{ id: 's1', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366, quantity: 4, price: 1450 }],
      bands: [{ code: 'B1', thickness: 0.8, price: 6.5, overlength: 2 }],
      objective: 'area',
      deductBands: true,
    };
    const yan = { ...kapak, material: 'Beyaz Sunta', thickness: 18, grain: 'vertical' as const, edges: { top: 'B1', left: '' } };
    const r = buildRequest([yan], DEFAULT_CANVAS, 1000, 2, s);
    expect(r.stock).toEqual(s.stock);
    expect(r.bands).toEqual(s.bands);
    expect(r.options.objective).toBe('area');
    expect(r.options.deductBands).toBe(true);
    expect(r.options.timeLimitMs).toBe(1000);
    expect(r.parts[0]).toEqual({ ...kapak, material: 'Beyaz Sunta', thickness: 18, grain: 'vertical', edges: { top: 'B1' } });
    // cost is the engine's default: not sent
    expect(withStock(r, { ...s, objective: 'cost', deductBands: false }).options.objective).toBe('area');
    const r2 = buildRequest([yan], DEFAULT_CANVAS, 1000, 2, { ...s, objective: 'cost', deductBands: false });
    expect(r2.options).not.toHaveProperty('objective');
    expect(r2.options).not.toHaveProperty('deductBands');
  });
});

