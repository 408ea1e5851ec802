// The engine's JSON (DESIGN.md section 3 and docs/contracts.md), mirrored
// once for the whole app.

export interface Sheet {
  width: number;
  height: number;
}

export interface PartInput {
  id: string;
  name: string;
  width: number;
  height: number;
  quantity: number;
  rotate?: boolean;
}

export interface Options {
  kerf: number;
  trim: number;
  guillotine: boolean;
  timeLimitMs: number;
  seed: number;
  iterations?: number;
}

export interface Request {
  sheet: Sheet;
  parts: PartInput[];
  options: Options;
}

export interface Placed {
  id: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotated: boolean;
  originalIndex: number;
}

export interface Cut {
  order: number;
  x: number;
  y: number;
  length: number;
  direction: 'vertical' | 'horizontal';
}

export interface Page {
  id: string;
  efficiency: number;
  parts: Placed[];
  cuts?: Cut[];
}

export interface Skipped {
  originalIndex: number;
  id: string;
  name: string;
  width: number;
  height: number;
  quantity: number;
  reason: string;
}

export interface Stats {
  pages: number;
  lowerBound: number;
  optimal: boolean;
  efficiency: number;
  placed: number;
  elapsedMs: number;
  cuts?: number;
  cutLength?: number;
}

export interface Result {
  sheet: Sheet;
  pages: Page[];
  skipped: Skipped[];
  stats: Stats;
}

export interface Progress {
  done: number;
  pages: number;
  lowerBound: number;
  best?: Result;
}
