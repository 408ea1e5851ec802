import { hasAtMostTwoDecimals, parseDecimal } from '../../lib/number';
import { msg } from '../../messages';
import { DEFAULT_SHEET, STORE_MAX_SIZE_CM } from '../../generated/limits';
import type { Options, Sheet } from '../engine/types';

/** CanvasSettings is the sheet and how it is cut. Kerf and trim in mm. */
export interface CanvasSettings {
  width: number;
  height: number;
  kerfMm: number;
  trimMm: number;
  guillotine: boolean;
}

export const DEFAULT_CANVAS: CanvasSettings = { ...DEFAULT_SHEET, kerfMm: 0, trimMm: 0, guillotine: false };

/** sheetOf is the engine's sheet for the canvas. */
export function sheetOf(c: CanvasSettings): Sheet {
  return { width: c.width, height: c.height };
}

/** cutOptions are the engine's options for how the canvas is cut: kerf and trim in cm. */
export function cutOptions(c: CanvasSettings): Pick<Options, 'kerf' | 'trim' | 'guillotine'> {
  return { kerf: c.kerfMm / 10, trim: c.trimMm / 10, guillotine: c.guillotine };
}

/** canvasOf is the canvas of a saved layout's sheet and options; what is missing takes the default. */
export function canvasOf(sheet: Sheet | null | undefined, options: Partial<Options> | undefined): CanvasSettings {
  return {
    // A layout made on stock rows alone has no canvas (0 x 0): the page shows the default one.
    width: sheet?.width || DEFAULT_CANVAS.width,
    height: sheet?.height || DEFAULT_CANVAS.height,
    kerfMm: (options?.kerf ?? 0) * 10,
    trimMm: (options?.trim ?? 0) * 10,
    guillotine: !!options?.guillotine,
  };
}

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
  if (!(kerfMm >= 0) || !(trimMm >= 0)) return { ok: false, error: msg.invalidKerfTrim };
  if (kerfMm > 100) return { ok: false, error: msg.kerfTooLarge };
  if (trimMm * 2 >= Math.min(width, height) * 10) return { ok: false, error: msg.trimTooLarge };
  return {
    ok: true,
    settings: { width, height, kerfMm, trimMm, guillotine: d.guillotine },
    huge: width > STORE_MAX_SIZE_CM || height > STORE_MAX_SIZE_CM,
  };
}
