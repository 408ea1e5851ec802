import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

// The expanded part list of a big job is drawn in a window: only the rows
// of cards on screen (with a margin) are in the page; the rows above and
// below stand as empty spacers of their height. 5.000 cards of 11 elements
// each took over a second to draw, and every edit then laid them all out
// again. The list is a CSS grid of as many columns as fit; a row is the
// height of its tallest card, which varies (long names, the extras line, a
// card in edit mode): rows drawn are measured, the others are counted at
// the mean of those measured.

/** Segment is a run of rows drawn, or a run of rows stood in for by a spacer of height px. */
export type Segment = { kind: 'rows'; from: number; to: number } | { kind: 'space'; from: number; to: number; height: number };

/** ROW_ESTIMATE is a row's height (px) before any row has been measured: a card in view mode. */
export const ROW_ESTIMATE = 100;
/**
 * MARGIN is how far (px) past the screen's edges rows are drawn. Scrolling
 * draws anew only when an edge of the screen comes within MARGIN - SLACK of
 * an edge of what is drawn: then some rows at once, not a row a frame.
 */
const MARGIN = 600;
const SLACK = 450;

export interface Plan {
  rows: number;
  /** heights are the rows measured (px), by row */
  heights: ReadonlyMap<number, number>;
  /** gap is the grid's row gap (px) */
  gap: number;
  /** top and bottom are the part of the list to draw, in px from the list's top */
  top: number;
  bottom: number;
  /** pinned rows are drawn wherever they are (the focused card's and its neighbours', a card being edited) */
  pinned: Iterable<number>;
}

/**
 * planWindow says which rows to draw: the first and the last (so that Tab
 * from the buttons above and below the list reaches the first and the last
 * card), those in [top, bottom], and the pinned ones; the runs between
 * become spacers, each the height of its rows and of the gaps between them.
 */
export function planWindow({ rows, heights, gap, top, bottom, pinned }: Plan): Segment[] {
  if (rows <= 0) return [];
  let sum = 0;
  for (const h of heights.values()) sum += h;
  const estimate = heights.size > 0 ? sum / heights.size : ROW_ESTIMATE;
  // offsets[r] is where row r starts; a row ends gap before the next starts.
  const offsets = new Float64Array(rows + 1);
  for (let r = 0; r < rows; r++) offsets[r + 1] = offsets[r] + (heights.get(r) ?? estimate) + gap;
  const keep = new Uint8Array(rows);
  keep[0] = 1;
  keep[rows - 1] = 1;
  for (const r of pinned) if (r >= 0 && r < rows) keep[r] = 1;
  for (let r = 0; r < rows && offsets[r] <= bottom; r++) if (offsets[r + 1] - gap >= top) keep[r] = 1;
  const out: Segment[] = [];
  for (let r = 0; r < rows; ) {
    let to = r + 1;
    while (to < rows && keep[to] === keep[r]) to++;
    out.push(keep[r] ? { kind: 'rows', from: r, to } : { kind: 'space', from: r, to, height: offsets[to] - offsets[r] - gap });
    r = to;
  }
  return out;
}

/** gridOf reads a grid list's columns and row gap as the browser laid it out (one column, no gap where it did not). */
function gridOf(ul: HTMLElement): { cols: number; gap: number } {
  const style = getComputedStyle(ul);
  const cols = style.gridTemplateColumns.split(/\s+/).filter((t) => /^[\d.]+px$/.test(t)).length;
  const gap = parseFloat(style.rowGap);
  return { cols: Math.max(1, cols), gap: gap > 0 ? gap : 0 };
}

type View = { top: number; bottom: number };

/**
 * nextView is the part of the list (ul) to draw: old while the screen is
 * well inside it, else the part on screen with MARGIN on both sides.
 */
function nextView(ul: HTMLElement, old: View): View {
  const top = -ul.getBoundingClientRect().top;
  const bottom = top + window.innerHeight;
  if (top >= old.top + MARGIN - SLACK && bottom <= old.bottom - MARGIN + SLACK) return old;
  return { top: Math.floor(top - MARGIN), bottom: Math.ceil(bottom + MARGIN) };
}

/**
 * useListWindow plans the rows of a grid list (ref, its ul) of count items
 * to draw while on: segments (null when off) and cols, the columns the
 * rows are of.
 * pinnedItems are items whose rows are drawn wherever they are. Each drawn
 * card carries aria-posinset (its index + 1), by which its row is measured.
 * prepare measures the list as it is now, before it turns on: the first
 * drawing then has the right columns.
 */
export function useListWindow(count: number, on: boolean, pinnedItems: readonly number[]) {
  const list = useRef<HTMLUListElement>(null);
  const [grid, setGrid] = useState({ cols: 1, gap: 0 });
  const [view, setView] = useState<View>(() => ({ top: -MARGIN, bottom: window.innerHeight + MARGIN }));
  const [heights, setHeights] = useState<ReadonlyMap<number, number>>(() => new Map());

  const measureView = useCallback(() => {
    const ul = list.current;
    if (!ul) return;
    setView((old) => nextView(ul, old));
  }, []);

  const measure = useCallback(() => {
    const ul = list.current;
    if (!ul) return;
    measureView();
    const g = gridOf(ul);
    const drawnCols = Number(ul.dataset.cols) || 0;
    setGrid((old) => (old.cols === g.cols && old.gap === g.gap ? old : g));
    if (drawnCols !== g.cols) {
      // Rows of another width: their heights are no longer theirs.
      setHeights((old) => (old.size === 0 ? old : new Map()));
      return;
    }
    const found: [number, number][] = [];
    for (const li of ul.children) {
      const pos = Number(li.getAttribute('aria-posinset')) - 1;
      if (!(pos >= 0) || pos % g.cols !== 0) continue;
      const h = li.getBoundingClientRect().height;
      if (h > 0) found.push([pos / g.cols, h]);
    }
    setHeights((old) => {
      if (found.every(([r, h]) => Math.abs((old.get(r) ?? -1) - h) < 0.5)) return old;
      const next = new Map(old);
      for (const [r, h] of found) next.set(r, h);
      return next;
    });
  }, [measureView]);

  // Scrolling and resizing move the window; a card or the list changing
  // size (a card opened for edit, a narrower window) is measured again.
  const observer = useRef<ResizeObserver | null>(null);
  const watched = useRef(new Set<Element>());
  useEffect(() => {
    if (!on) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measureView();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', measure);
    observer.current = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    // Its first report measures the list as it is drawn now.
    if (list.current) observer.current?.observe(list.current);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', measure);
      cancelAnimationFrame(frame);
      observer.current?.disconnect();
      observer.current = null;
      watched.current = new Set();
    };
  }, [on, measure, measureView]);
  // After each drawing: the first card of each row drawn is watched (a
  // card watched anew is measured at once, one watched already is not).
  useLayoutEffect(() => {
    const ro = observer.current;
    const ul = list.current;
    const was = watched.current;
    if (!ro || !ul) {
      was.clear();
      return;
    }
    const cols = Number(ul.dataset.cols) || 1;
    const now = new Set<Element>();
    for (const li of ul.children) {
      const pos = Number(li.getAttribute('aria-posinset')) - 1;
      if (pos >= 0 && pos % cols === 0) now.add(li);
    }
    for (const li of was) if (!now.has(li)) ro.unobserve(li);
    for (const li of now) if (!was.has(li)) ro.observe(li);
    watched.current = now;
  });

  const cols = grid.cols;
  const rows = Math.ceil(count / cols);
  const pinned = new Set<number>();
  for (const i of pinnedItems) {
    const r = Math.floor(i / cols);
    pinned.add(r - 1).add(r).add(r + 1);
  }
  const segments = on ? planWindow({ rows, heights, gap: grid.gap, top: view.top, bottom: view.bottom, pinned }) : null;
  return { ref: list, cols, segments, prepare: measure };
}
