import { vi } from 'vitest';
import type { EngineClient } from '../features/engine/client';
import type { Request, Result } from '../features/engine/types';

/**
 * fakeEngine is a stand-in engine for the app's tests: one page per part
 * line, each holding that line's first piece.
 */
export function fakeEngine(): EngineClient {
  return {
    warm: () => {},
    usingServer: false,
    run: vi.fn(async (req: Request): Promise<Result> => ({
      sheet: req.sheet,
      pages: req.parts.map((p, i) => ({
        id: `page-${i}`,
        efficiency: 50,
        parts: [{ id: `${p.id}-0`, name: p.name, x: 0, y: 0, width: p.width, height: p.height, rotated: false, originalIndex: i }],
      })),
      skipped: [],
      stats: { pages: req.parts.length, lowerBound: req.parts.length, optimal: true, efficiency: 50, placed: req.parts.length, elapsedMs: 1 },
    })),
    pdf: vi.fn(),
    dxf: vi.fn(),
    fileName: vi.fn(),
    // no leftovers: the comparison of plans shows "—"
    leftovers: vi.fn(async () => []),
  } as unknown as EngineClient;
}
