// Offcuts: the usable leftovers of cut jobs, back on the rack as stock rows
// (docs/http-api.md, "Stock" and "Jobs"), and the settings that decide
// which leftovers are kept (per material), how much the rack may hold and
// how much of an offcut a layout must use.
import { parseDecimal, parseWhole } from '../../lib/number';
import { DEFAULT_OFFCUT_CM, MAX_TEXT_RUNES, MAX_THICKNESS_MM } from '../../generated/limits';
import type { Stock } from '../../generated/engine';
import { numberProblem } from './fields';
import { stockMsg } from './texts';

/** OffcutRule is the smallest offcut worth keeping of a material and thickness; no material: the default for all. */
export interface OffcutRule {
  material?: string;
  thickness?: number;
  minWidth: number;
  minHeight: number;
}

/** OffcutSettings: the rules, the rack's area limit in m² (0 = none) and the least use of an offcut sheet in percent. */
export interface OffcutSettings {
  rules: OffcutRule[];
  maxArea: number;
  minUse: number;
}

export const DEFAULT_OFFCUT_SETTINGS: OffcutSettings = { rules: [{ minWidth: DEFAULT_OFFCUT_CM, minHeight: DEFAULT_OFFCUT_CM }], maxArea: 0, minUse: 60 };

/** Offcut is an offcut row as /api/stock lists it: a stock row (its id is the code, A-12) with its source job and date. */
export type Offcut = Stock & { offcut: true; sourceLayoutId?: string; createdAt?: string };

// The server's limits (internal/store, nest.ValidateOffcutRules).
const MAX_RULES = 100;
const MAX_SIDE_CM = 10000;
const MAX_AREA_M2 = 100000;

/** isOffcut reports whether a stock row is an offcut from the rack. */
export function isOffcut(s: Stock): s is Offcut {
  return (s as Partial<Offcut>).offcut === true;
}

/** engineRow is a stock row as the engine reads it: an offcut loses the API's own fields (source, date). */
export function engineRow(s: Stock): Stock {
  if (!isOffcut(s)) return s;
  const row: Partial<Offcut> = { ...s };
  delete row.sourceLayoutId;
  delete row.createdAt;
  return row as Stock;
}

/** rackAreaM2 is the area the offcuts tie up, in m². */
export function rackAreaM2(offcuts: Stock[]): number {
  return offcuts.reduce((a, o) => a + o.width * o.height * Math.max(1, o.quantity ?? 1), 0) / 10000;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** ageDays is how many whole days ago an offcut came to the rack (0 for a date it cannot read). */
export function ageDays(createdAt: string | undefined, now: number): number {
  const t = createdAt ? Date.parse(createdAt) : NaN;
  return Number.isFinite(t) ? Math.max(0, Math.floor((now - t) / DAY_MS)) : 0;
}

const finite = (v: unknown, lo: number, hi: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;

/** offcutSettingsOf reads settings from the server or this browser; what is not of their shape gives the defaults. */
export function offcutSettingsOf(v: unknown): OffcutSettings {
  const o = (v && typeof v === 'object' ? v : null) as Partial<Record<keyof OffcutSettings, unknown>> | null;
  if (!o) return DEFAULT_OFFCUT_SETTINGS;
  const rules = Array.isArray(o.rules)
    ? (o.rules as OffcutRule[]).filter((r) => r && finite(r.minWidth, 0, MAX_SIDE_CM) && finite(r.minHeight, 0, MAX_SIDE_CM)).slice(0, MAX_RULES)
    : DEFAULT_OFFCUT_SETTINGS.rules;
  return {
    rules,
    maxArea: finite(o.maxArea, 0, MAX_AREA_M2) ? o.maxArea : 0,
    minUse: finite(o.minUse, 0, 100) ? Math.round(o.minUse) : DEFAULT_OFFCUT_SETTINGS.minUse,
  };
}

/** RuleDraft is an offcut rule as typed in the dialog. */
export interface RuleDraft {
  material: string;
  thickness: string;
  minWidth: string;
  minHeight: string;
}

const str = (v: number | undefined): string => (v === undefined || v === 0 ? '' : String(v).replace('.', ','));

export function ruleDraft(r: OffcutRule): RuleDraft {
  return { material: r.material ?? '', thickness: str(r.thickness), minWidth: str(r.minWidth), minHeight: str(r.minHeight) };
}

export function emptyRuleDraft(): RuleDraft {
  return { material: '', thickness: '', minWidth: '30', minHeight: '30' };
}

/** OffcutProblem names what is wrong: a rule's field (row ≥ 0) or maxArea/minUse (row -1). */
export interface OffcutProblem {
  row: number;
  field: string;
  message: string;
}

/** number reads a decimal in [0, max]; '' is 0; NaN when wrong. */
function number(text: string, max: number, whole = false): number {
  if (!text.trim()) return 0;
  const v = whole ? parseWhole(text) : parseDecimal(text);
  return v >= 0 && v <= max ? v : NaN;
}

/** checkOffcutSettings turns the dialog's drafts into settings, or lists what is wrong (in the server's words). */
export function checkOffcutSettings(
  rules: RuleDraft[],
  maxArea: string,
  minUse: string,
): { ok: true; settings: OffcutSettings } | { ok: false; problems: OffcutProblem[] } {
  const problems: OffcutProblem[] = [];
  if (rules.length > MAX_RULES) problems.push({ row: -1, field: 'rules', message: stockMsg.tooManyRules });
  const out: OffcutRule[] = [];
  rules.forEach((d, row) => {
    const material = d.material.trim();
    if ([...material].length > MAX_TEXT_RUNES) return problems.push({ row, field: 'material', message: stockMsg.tooLong });
    const thickness = number(d.thickness, MAX_THICKNESS_MM);
    if (Number.isNaN(thickness)) return problems.push({ row, field: 'thickness', message: numberProblem(d.thickness, stockMsg.badThickness) });
    const minWidth = number(d.minWidth, MAX_SIDE_CM);
    if (Number.isNaN(minWidth)) return problems.push({ row, field: 'minWidth', message: numberProblem(d.minWidth, stockMsg.badRuleSize) });
    const minHeight = number(d.minHeight, MAX_SIDE_CM);
    if (Number.isNaN(minHeight)) return problems.push({ row, field: 'minHeight', message: numberProblem(d.minHeight, stockMsg.badRuleSize) });
    const r: OffcutRule = { minWidth, minHeight };
    if (material) r.material = material;
    if (thickness) r.thickness = thickness;
    out.push(r);
  });
  const area = number(maxArea, MAX_AREA_M2);
  if (Number.isNaN(area)) problems.push({ row: -1, field: 'maxArea', message: numberProblem(maxArea, stockMsg.badMaxArea) });
  const use = minUse.trim() ? parseWhole(minUse) : NaN;
  if (!(use >= 0 && use <= 100)) problems.push({ row: -1, field: 'minUse', message: stockMsg.badMinUse });
  return problems.length ? { ok: false, problems } : { ok: true, settings: { rules: out, maxArea: area, minUse: use } };
}
