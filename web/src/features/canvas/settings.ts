import { hasAtMostTwoDecimals, parseDecimal } from '../../lib/number';
import { msg } from '../../messages';

/** CanvasSettings is the sheet and how it is cut. Kerf and trim in mm. */
export interface CanvasSettings {
  width: number;
  height: number;
  kerfMm: number;
  trimMm: number;
  guillotine: boolean;
}

export const DEFAULT_CANVAS: CanvasSettings = { width: 100, height: 148, kerfMm: 0, trimMm: 0, guillotine: false };

export interface CanvasDraft {
  width: string;
  height: string;
  kerfMm: string;
  trimMm: string;
  guillotine: boolean;
}

export type CanvasCheck =
  | { ok: true; settings: CanvasSettings; huge: boolean }
  | { ok: false; error: string };

/** checkCanvas validates the canvas dialog (section 5). */
export function checkCanvas(d: CanvasDraft): CanvasCheck {
  const width = parseDecimal(d.width);
  const height = parseDecimal(d.height);
  if (!(width > 0) || !(height > 0) || !hasAtMostTwoDecimals(width) || !hasAtMostTwoDecimals(height)) {
    return { ok: false, error: msg.invalidCanvas };
  }
  const kerfMm = d.kerfMm.trim() ? parseDecimal(d.kerfMm) : 0;
  const trimMm = d.trimMm.trim() ? parseDecimal(d.trimMm) : 0;
  if (!(kerfMm >= 0) || !(trimMm >= 0) || kerfMm > 100 || trimMm * 2 >= Math.min(width, height) * 10) {
    return { ok: false, error: msg.invalidKerfTrim };
  }
  return {
    ok: true,
    settings: { width, height, kerfMm, trimMm, guillotine: d.guillotine },
    huge: width > 1000 || height > 1000,
  };
}
