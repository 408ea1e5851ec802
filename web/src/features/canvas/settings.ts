import { hasAtMostTwoDecimals, parseDecimal } from '../../lib/number';
import { msg } from '../../messages';
import { DEFAULT_SHEET, MAX_STAGES, STORE_MAX_SIZE_CM } from '../../generated/limits';
import type { Options, Sheet } from '../engine/types';

/** FirstCut is the engine's options.firstCut: the direction of each sheet's first cuts. */
export type FirstCut = NonNullable<Options['firstCut']>;

/**
 * CanvasSettings is the sheet and how it is cut. Kerf and trim in mm.
 * firstCut and stages are the saw profile of a guillotine layout (the
 * engine's options.firstCut and options.stages; absent: either direction,
 * any number of stages). They are kept while guillotine is off, so that
 * checking "Giyotin kesim" again brings them back, but sent only with it
 * (cutOptions): the engine refuses them otherwise.
 */
export interface CanvasSettings {
  width: number;
  height: number;
  kerfMm: number;
  trimMm: number;
  guillotine: boolean;
  firstCut?: FirstCut;
  /** 2 to MAX_STAGES; absent (or 0) for any number */
  stages?: number;
}

export const DEFAULT_CANVAS: CanvasSettings = { ...DEFAULT_SHEET, kerfMm: 0, trimMm: 0, guillotine: false };

/** sheetOf is the engine's sheet for the canvas. */
export function sheetOf(c: CanvasSettings): Sheet {
  return { width: c.width, height: c.height };
}

/** SawProfile is the saw profile as the engine's options carry it. */
export type SawProfile = Pick<Options, 'firstCut' | 'stages'>;

/** validFirstCut is v when it is one of the engine's first cut directions, else undefined. */
function validFirstCut(v: unknown): FirstCut | undefined {
  return v === 'long' || v === 'short' ? v : undefined;
}

/** validStages is v when the engine takes it as a bound (2 to MAX_STAGES), else undefined (any number). */
function validStages(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v >= 2 && v <= MAX_STAGES ? v : undefined;
}

/** profileOf is the saw profile kept in the canvas settings, whether or not guillotine is on: only what is set. */
export function profileOf(c: { firstCut?: unknown; stages?: unknown }): SawProfile {
  const out: SawProfile = {};
  const firstCut = validFirstCut(c.firstCut);
  const stages = validStages(c.stages);
  if (firstCut) out.firstCut = firstCut;
  if (stages) out.stages = stages;
  return out;
}

/**
 * withProfile is c with the saw profile p (what p does not set is
 * dropped): the canvas settings carry only what is set, so that settings
 * without a profile are exactly those from before it.
 */
function withProfile<T extends { firstCut?: unknown; stages?: unknown }>(c: T, p: SawProfile): T {
  const out = { ...c };
  delete out.firstCut;
  delete out.stages;
  return { ...out, ...p };
}

/**
 * normalCanvas is a kept canvas (the work in localStorage) with every
 * setting it lacks (kept before the setting existed) at its default, and
 * a saw profile the engine would refuse dropped.
 */
export function normalCanvas(c: Partial<CanvasSettings>): CanvasSettings {
  return withProfile({ ...DEFAULT_CANVAS, ...c }, profileOf(c));
}

/**
 * cutOptions are the engine's options for how the canvas is cut: kerf and
 * trim in cm, and the saw profile only with guillotine and only what is
 * set (without one the options are as they were before it).
 */
export function cutOptions(c: CanvasSettings): Pick<Options, 'kerf' | 'trim' | 'guillotine' | 'firstCut' | 'stages'> {
  return { kerf: c.kerfMm / 10, trim: c.trimMm / 10, guillotine: c.guillotine, ...(c.guillotine ? profileOf(c) : {}) };
}

/** canvasOf is the canvas of a saved layout's sheet and options; what is missing takes the default. */
export function canvasOf(sheet: Sheet | null | undefined, options: Partial<Options> | undefined): CanvasSettings {
  const c: CanvasSettings = {
    // A layout made on stock rows alone has no canvas (0 x 0): the page shows the default one.
    width: sheet?.width || DEFAULT_CANVAS.width,
    height: sheet?.height || DEFAULT_CANVAS.height,
    kerfMm: (options?.kerf ?? 0) * 10,
    trimMm: (options?.trim ?? 0) * 10,
    guillotine: !!options?.guillotine,
  };
  // A layout's saw profile is its own (the engine takes one only with guillotine).
  return c.guillotine ? withProfile(c, profileOf(options ?? {})) : c;
}

export interface CanvasDraft {
  width: string;
  height: string;
  kerfMm: string;
  trimMm: string;
  guillotine: boolean;
  /** '' for "Serbest" (either direction) */
  firstCut: FirstCut | '';
  /** 0 for "Sınırsız" */
  stages: number;
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
    // The saw profile is kept with guillotine off too (see CanvasSettings).
    settings: withProfile<CanvasSettings>({ width, height, kerfMm, trimMm, guillotine: d.guillotine }, profileOf(d)),
    huge: width > STORE_MAX_SIZE_CM || height > STORE_MAX_SIZE_CM,
  };
}
