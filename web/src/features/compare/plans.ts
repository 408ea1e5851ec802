// "Planları karşılaştır": the job on screen laid out under a few other
// settings, side by side (docs/worker.md, "Comparing plans"). This file
// holds what needs no screen: the variants of a job, their runs one after
// another, each plan's figures and the best of each column, and the
// settings a chosen plan takes.
import type { Leftover } from '../../generated/engine';
import type { Options, Progress, Request, Result } from '../engine/types';
import { compareMsg } from './texts';
import { foldMaterial, thicknessKey } from '../../lib/material';

/** Objective is the engine's options.objective. */
export type Objective = NonNullable<Options['objective']>;

/** PlanEngine lays a request out (EngineClient.run, which App passes in). */
export interface PlanEngine {
  run(request: Request, onProgress: (p: Progress) => void, signal: AbortSignal): Promise<Result>;
}

/**
 * PlanCanvas is what a plan changes of the canvas settings (features/canvas):
 * guillotine; with it the saw profile the canvas keeps (firstCut, stages),
 * which a plan switched to guillotine lays out with, as the canvas would.
 */
export interface PlanCanvas {
  guillotine: boolean;
  firstCut?: 'long' | 'short';
  stages?: number;
}

/** Profile is a guillotine layout's saw profile (options.firstCut, options.stages), only what is set. */
export type Profile = Pick<Options, 'firstCut' | 'stages'>;

/** keptProfile is the saw profile canvas keeps (whether or not guillotine is on), only what is set. */
export function keptProfile(canvas: PlanCanvas): Profile {
  const p: Profile = {};
  if (canvas.firstCut) p.firstCut = canvas.firstCut;
  if (canvas.stages) p.stages = canvas.stages;
  return p;
}

/** PlanStock is what a plan changes of the stock settings (features/stock, StockSettings). */
export interface PlanStock {
  objective: Objective;
  keepLeftover?: boolean;
  optionsLocal?: true;
}

/** COMPARE_MS is how long each variant's improvement phase runs: short, and the same for all. */
export const COMPARE_MS = 1000;

/**
 * PlanChange is what a variant changes of the job's settings; {} is the
 * current settings. profile goes with guillotine switched on: the saw
 * profile the canvas keeps while guillotine is off.
 */
export interface PlanChange {
  guillotine?: boolean;
  profile?: Profile;
  /** guillotine kept, its saw profile dropped: what the saw's stages and first cut cost */
  noProfile?: true;
  objective?: Objective;
  keepLeftover?: boolean;
}

/** PlanVariant is one row of the comparison: a name, its change and the request it lays out. */
export interface PlanVariant {
  key: string;
  label: string;
  change: PlanChange;
  request: Request;
}

const OBJECTIVES: Objective[] = ['cost', 'area', 'sheets'];

/** withChange is req with change applied, its options written as the page writes them (withStock: objective only when not cost, keepLeftover only when on). */
export function withChange(req: Request, change: PlanChange): Request {
  const options = { ...req.options };
  if (change.guillotine !== undefined) options.guillotine = change.guillotine;
  // The engine takes a saw profile only with guillotine.
  if (change.guillotine === false) {
    delete options.firstCut;
    delete options.stages;
  }
  if (change.guillotine === true && change.profile) Object.assign(options, change.profile);
  if (change.noProfile) {
    delete options.firstCut;
    delete options.stages;
  }
  if (change.keepLeftover === true) options.keepLeftover = true;
  if (change.keepLeftover === false) delete options.keepLeftover;
  if (change.objective === 'cost') delete options.objective;
  else if (change.objective !== undefined) options.objective = change.objective;
  return { ...req, options };
}

/**
 * usedGroups are the materials and thicknesses the parts of job are laid
 * out in, as the engine groups them (nest/stock.go, group): a part's
 * folded material and thickness, and for a part without thickness its
 * material's one thickness over the stock rows (offcuts too), or none
 * (the rows without thickness) when the material has several.
 */
function usedGroups(job: Request): Set<string> {
  const thick = new Map<string, Set<number>>();
  for (const s of job.stock ?? []) {
    const m = foldMaterial(s.material);
    thick.set(m, (thick.get(m) ?? new Set()).add(thicknessKey(s.thickness)));
  }
  const used = new Set<string>();
  for (const p of job.parts) {
    const m = foldMaterial(p.material);
    let t = thicknessKey(p.thickness);
    const ts = thick.get(m);
    if (t === 0 && ts?.size === 1) t = [...ts][0];
    used.add(`${m}|${t}`);
  }
  return used;
}

/**
 * objectiveKey says which objectives lay job out alike: two objectives
 * with one key choose between the same plans in the same order, so only
 * one of them is worth a row. The engine's objective matters only for the
 * stock rows of the materials and thicknesses the parts are laid out in
 * (usedGroups; the default sheet has one size and no price); per material
 * and thickness, with its rows but the rack's offcuts (which cost nothing
 * under every objective):
 * cost is area when a row has no price, or when every row's price per cm²
 * is the same; area is sheets when every row has the same area; cost is
 * sheets when every row has the same price. A job without such rows gives
 * every objective the same key.
 */
export function objectiveKey(job: Request, objective: Objective): string {
  const used = usedGroups(job);
  const groups = new Map<string, { area: number; price: number }[]>();
  for (const s of job.stock ?? []) {
    const key = `${foldMaterial(s.material)}|${thicknessKey(s.thickness)}`;
    if (!used.has(key)) continue;
    const rows = groups.get(key) ?? [];
    if (!s.offcut) rows.push({ area: s.width * s.height, price: s.price ?? 0 });
    groups.set(key, rows);
  }
  const same = (vs: number[]) => vs.every((v) => Math.abs(v - vs[0]) <= 1e-9 * Math.max(1, Math.abs(vs[0])));
  const keys: string[] = [];
  for (const [group, rows] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    // Union of the three objectives by the rules above; each maps to the first of its class.
    const rep: Record<Objective, Objective> = { cost: 'cost', area: 'area', sheets: 'sheets' };
    const join = (a: Objective, b: Objective) => {
      const ra = rep[a];
      const rb = rep[b];
      for (const o of OBJECTIVES) if (rep[o] === rb) rep[o] = ra;
    };
    const priced = rows.length > 0 && rows.every((r) => r.price > 0);
    if (!priced || same(rows.map((r) => r.price / r.area))) join('cost', 'area');
    if (rows.length === 0 || same(rows.map((r) => r.area))) join('area', 'sheets');
    if (priced && same(rows.map((r) => r.price))) join('cost', 'sheets');
    keys.push(`${group}=${rep[objective]}`);
  }
  return keys.join(',');
}

/** guillotineLabel is "Giyotin kesim", with the saw profile when one is set ("Giyotin kesim, ilk kesim boyuna, en çok 3 kademe"). */
function guillotineLabel(p: Profile | undefined, word = compareMsg.guillotine): string {
  return [word, ...compareMsg.profileWords(p?.firstCut, p?.stages)].join(', ');
}

/**
 * planVariants are the rows of the comparison of job (the request the page
 * lays out): its current settings first, then guillotine cutting switched
 * (on when off, with kept, the saw profile the canvas keeps meanwhile;
 * off when on), one large leftover on the last sheet
 * switched (the engine takes it with or without stock rows), the two
 * switched together, and the other
 * objectives when the stock rows' prices or sizes make them lay the job
 * out differently (objectiveKey). Each runs timeLimitMs; a variant that
 * would send a request already listed is left out.
 */
export function planVariants(job: Request, timeLimitMs = COMPARE_MS, kept: Profile = {}): PlanVariant[] {
  const base: Request = { ...job, options: { ...job.options, timeLimitMs } };
  const guillotine = job.options.guillotine === true;
  const keep = job.options.keepLeftover === true;
  const objective: Objective = job.options.objective ?? 'cost';
  const out: PlanVariant[] = [{ key: 'current', label: compareMsg.current, change: {}, request: base }];
  const seen = new Set([JSON.stringify(base)]);
  const add = (key: string, label: string, change: PlanChange) => {
    const request = withChange(base, change);
    const json = JSON.stringify(request);
    if (seen.has(json)) return;
    seen.add(json);
    out.push({ key, label, change, request });
  };
  const on = guillotineLabel(kept);
  const switched: PlanChange = guillotine ? { guillotine: false } : kept.firstCut || kept.stages ? { guillotine: true, profile: kept } : { guillotine: true };
  add(guillotine ? 'free' : 'guillotine', guillotine ? compareMsg.free : on, switched);
  // Guillotine under a saw profile: the same without it, so the user sees
  // what the saw's stages and first cut cost.
  if (guillotine && (job.options.firstCut || job.options.stages)) add('noProfile', compareMsg.noProfile, { noProfile: true });
  add(keep ? 'noKeepLeftover' : 'keepLeftover', keep ? compareMsg.noKeepLeftover : compareMsg.keepLeftover, { keepLeftover: !keep });
  // Both switched: a panel saw that also wants the big leftover (or a free layout without it).
  add(
    `${guillotine ? 'free' : 'guillotine'}+${keep ? 'noKeepLeftover' : 'keepLeftover'}`,
    compareMsg.both(guillotine ? compareMsg.free : on, keep ? compareMsg.noKeepLeftover : compareMsg.keepLeftover),
    { ...switched, keepLeftover: !keep },
  );
  if (job.stock?.length) {
    const keys = new Set([objectiveKey(job, objective)]);
    for (const o of OBJECTIVES) {
      const key = objectiveKey(job, o);
      if (keys.has(key)) continue;
      keys.add(key);
      add(`objective-${o}`, compareMsg.objective(compareMsg.objectiveWord[o]), { objective: o });
    }
  }
  return out;
}

/** currentWords describe the job's current settings under "Şu anki ayarlar". */
export function currentWords(job: Request): string[] {
  const words = [job.options.guillotine ? guillotineLabel(job.options, compareMsg.guillotineWord) : compareMsg.freeWord];
  if (job.stock?.length) words.push(compareMsg.objectiveIs(compareMsg.objectiveWord[job.options.objective ?? 'cost']));
  if (job.options.keepLeftover) words.push(compareMsg.keepLeftoverWord);
  return words;
}

/**
 * Measured is a plan's largest leftover: null for none, 'unknown' when it
 * could not be measured (the export worker did not start, as with the
 * engine on the server).
 */
export type Measured = Leftover | null | 'unknown';

/**
 * PlanRow is where a variant's run is: waiting its turn, running (done
 * 0 to 1), done (leftover: its largest leftover, undefined while it is
 * measured), failed with the engine's message, or stopped before its end.
 */
export type PlanRow =
  | { status: 'waiting' }
  | { status: 'running'; done: number }
  | { status: 'done'; result: Result; leftover?: Measured }
  | { status: 'failed'; message: string }
  | { status: 'stopped' };

/** Measure lists the leftovers of a result (EngineClient.leftovers). */
export type Measure = (result: Result, request: Request) => Promise<Leftover[]>;

/** largest is the leftover of the largest area (the first of equals), null for none. */
export function largest(left: Leftover[]): Leftover | null {
  let best: Leftover | null = null;
  for (const l of left) if (!best || l.width * l.height > best.width * best.height) best = l;
  return best;
}

/**
 * runPlans lays out the variants one after another on engine, telling
 * update each row's state: running with its progress (a whole percent at
 * a time), then done or failed with the engine's message. A done row's
 * largest leftover is measured meanwhile (measure, off the engine's
 * worker; 'unknown' when measure fails) and told again, even after
 * signal is aborted; else, once it
 * is, nothing more is told: the caller marks what did not end.
 */
export async function runPlans(
  variants: PlanVariant[],
  engine: PlanEngine,
  signal: AbortSignal,
  update: (i: number, row: PlanRow) => void,
  measure?: Measure,
): Promise<void> {
  const tell = (i: number, row: PlanRow) => {
    if (!signal.aborted) update(i, row);
  };
  for (let i = 0; i < variants.length; i++) {
    if (signal.aborted) return;
    let pct = 0;
    tell(i, { status: 'running', done: 0 });
    try {
      const result = await engine.run(
        variants[i].request,
        (p) => {
          const now = Math.floor(p.done * 100);
          if (now === pct) return;
          pct = now;
          tell(i, { status: 'running', done: p.done });
        },
        signal,
      );
      if (!measure) {
        tell(i, { status: 'done', result, leftover: null });
        continue;
      }
      tell(i, { status: 'done', result });
      // A plan laid out is measured to the end, even once the rest is stopped.
      measure(result, variants[i].request).then(
        (left) => update(i, { status: 'done', result, leftover: largest(left) }),
        () => update(i, { status: 'done', result, leftover: 'unknown' }),
      );
    } catch (e) {
      if (signal.aborted) return; // the run's AbortError
      tell(i, { status: 'failed', message: (e instanceof Error && e.message) || String(e) });
    }
  }
}

/** PlanFigures are the figures of a plan the table compares. */
export interface PlanFigures {
  pages: number;
  cost?: number;
  efficiency: number;
  cuts?: number;
  cutLength?: number;
  /** unplaced counts the pieces the plan left out (skipped) */
  unplaced: number;
  /** leftover is the largest leftover's area (cm²), absent when not known */
  leftover?: number;
}

export type Column = 'pages' | 'cost' | 'efficiency' | 'cuts' | 'cutLength' | 'leftover' | 'unplaced';

/**
 * shown is a figure (never negative) rounded to digits decimals as the
 * table writes it (Intl.NumberFormat and toFixed both round half up).
 */
const shown = (v: number, digits: number) => Number(v.toFixed(digits));

/**
 * figures are a result's figures as the table writes them, so that two
 * cells that read alike compare alike: cost to the kuruş, efficiency to
 * one decimal, cut length and the leftover's sides to 0,01 cm; leftover
 * its largest leftover (null: none, 0 cm²; not known: no value).
 */
export function figures(r: Result, leftover?: Measured): PlanFigures {
  const f: PlanFigures = {
    pages: r.stats.pages,
    efficiency: shown(r.stats.efficiency, 1),
    unplaced: r.skipped.reduce((n, s) => n + s.quantity, 0),
  };
  if (r.stats.cost !== undefined) f.cost = shown(r.stats.cost, 2);
  if (r.stats.cuts !== undefined) f.cuts = r.stats.cuts;
  if (r.stats.cutLength !== undefined) f.cutLength = shown(r.stats.cutLength, 2);
  if (leftover === null) f.leftover = 0;
  else if (leftover !== undefined && leftover !== 'unknown') f.leftover = shown(leftover.width, 2) * shown(leftover.height, 2);
  return f;
}

/** LOWER are the columns whose least value is best; the others' greatest is. */
const LOWER: Record<Column, boolean> = { pages: true, cost: true, efficiency: false, cuts: true, cutLength: true, leftover: false, unplaced: true };

/**
 * bestOf marks the best value of each column over the plans (null: a row
 * without a result): the fewest pieces left out, and among the plans that
 * leave out that few (a plan short of stock is not better for its fewer
 * sheets) the fewest sheets, the lowest cost, the highest efficiency, the
 * fewest cuts and the shortest cut length, the largest leftover. A column
 * where fewer than two plans have a value, or all have the same, marks
 * none: there is nothing to choose.
 */
export function bestOf(rows: (PlanFigures | null)[]): Record<Column, Set<number>> {
  const marks = {} as Record<Column, Set<number>>;
  const pick = (col: Column, among: number[]) => {
    const vals = among.flatMap((i) => (rows[i]?.[col] === undefined ? [] : [[i, rows[i]![col]!] as const]));
    marks[col] = new Set();
    if (vals.length < 2 || vals.every(([, v]) => v === vals[0][1])) return;
    const best = LOWER[col] ? Math.min(...vals.map(([, v]) => v)) : Math.max(...vals.map(([, v]) => v));
    for (const [i, v] of vals) if (v === best) marks[col].add(i);
  };
  const all = rows.flatMap((r, i) => (r ? [i] : []));
  pick('unplaced', all);
  const least = Math.min(...all.map((i) => rows[i]!.unplaced));
  const full = all.filter((i) => rows[i]!.unplaced === least);
  for (const col of ['pages', 'cost', 'efficiency', 'cuts', 'cutLength', 'leftover'] as const) pick(col, full);
  return marks;
}

/** PlanSettings are the settings a chosen plan changes: the canvas's (guillotine) or the stock's options (objective, keepLeftover). */
export interface PlanSettings<C extends PlanCanvas, S extends PlanStock> {
  canvas?: C;
  stock?: S;
}

/**
 * planSettings are the settings that lay out the job as change does: the
 * canvas with guillotine set, or the stock settings with the objective or
 * keepLeftover set as the stock dialog saves them (keepLeftover only when
 * on; options chosen are no longer only this browser's: optionsLocal goes).
 */
export function planSettings<C extends PlanCanvas, S extends PlanStock>(change: PlanChange, canvas: C, stock: S): PlanSettings<C, S> {
  const out: PlanSettings<C, S> = {};
  if (change.guillotine !== undefined && change.guillotine !== canvas.guillotine) out.canvas = { ...canvas, guillotine: change.guillotine };
  if (change.noProfile && (canvas.firstCut || canvas.stages)) {
    const c = { ...(out.canvas ?? canvas) };
    delete c.firstCut;
    delete c.stages;
    out.canvas = c;
  }
  const objective = change.objective ?? stock.objective;
  const keep = change.keepLeftover ?? stock.keepLeftover === true;
  if (objective !== stock.objective || keep !== (stock.keepLeftover === true)) {
    const s: S = { ...stock, objective };
    delete s.optionsLocal;
    delete s.keepLeftover;
    if (keep) s.keepLeftover = true;
    out.stock = s;
  }
  return out;
}
