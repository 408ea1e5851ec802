// The phone checklist's pure logic: its address, the order the pieces of a
// sheet are cut in, and which sheets of a job are (partly) cut.
import type { Page, Placed, Result } from '../engine/types';

/** MAX_SHEET_NUMBER bounds the sheet number read from an address (a layout has far fewer pages). */
const MAX_SHEET_NUMBER = 100000;

/** JobAddress is a checklist page's address: the saved layout and its 1-based sheet number. */
export interface JobAddress {
  id: string;
  sheet: number;
}

/** parseJobPath reads /is/{layoutId}/levha/{n}; anything else (or n out of 1..100,000) is null. */
export function parseJobPath(pathname: string): JobAddress | null {
  const m = /^\/is\/([^/]+)\/levha\/(\d{1,6})\/?$/.exec(pathname);
  if (!m) return null;
  const sheet = Number(m[2]);
  if (!(sheet >= 1 && sheet <= MAX_SHEET_NUMBER)) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    return null;
  }
  return id ? { id, sheet } : null;
}

/** jobPath is the checklist address of a job's sheet n (1-based). */
export function jobPath(id: string, sheet: number): string {
  return `/is/${encodeURIComponent(id)}/levha/${sheet}`;
}

/**
 * sheetNumber is a page's 1-based number in checklist addresses: k + 1 for
 * the page whose id is "page-k", else its place. A fresh layout numbers its
 * pages in order, so the two agree; a re-plan of a job being cut puts its
 * cut sheets first with their ids, so the QR code printed on a cut sheet
 * keeps opening that sheet (the PDF and labels number them the same way).
 */
export function sheetNumber(page: Page, index: number): number {
  const m = /^page-(0|[1-9]\d*)$/.exec(page.id);
  return m ? Number(m[1]) + 1 : index + 1;
}

/** pageIndexOf returns the index in pages of the page whose sheetNumber is n, or -1. */
export function pageIndexOf(pages: Page[], n: number): number {
  return pages.findIndex((p, i) => sheetNumber(p, i) === n);
}

/**
 * neighbourSheets are the numbers of the sheets before and after sheet n
 * by their own numbers (sheetNumber: the QR codes and labels give the
 * same), not by the pages' order: a re-plan of a job being cut puts its
 * cut sheets first (Levha 3, then Levha 1, Levha 2), where following the
 * pages went from Levha 3 to Levha 1. null at either end.
 */
export function neighbourSheets(pages: Page[], n: number): { prev: number | null; next: number | null } {
  let prev: number | null = null;
  let next: number | null = null;
  pages.forEach((p, i) => {
    const k = sheetNumber(p, i);
    if (k < n && (prev === null || k > prev)) prev = k;
    if (k > n && (next === null || k < next)) next = k;
  });
  return { prev, next };
}

const EPS = 1e-6;

/**
 * cutOrder lists a sheet's pieces in the order they come off the saw. On a
 * guillotine page a piece is free once every cut along its edges is made
 * (a cut's line is a part's right or bottom edge; the kerf lies past it,
 * so a piece's left or top edge is up to kerf beyond a line): pieces go by
 * the last of those cuts, then top to bottom, left to right. A page
 * without cuts is read top to bottom, left to right. O(pieces × cuts).
 */
export function cutOrder(page: Page, kerf = 0): Placed[] {
  const reading = (a: Placed, b: Placed) => a.y - b.y || a.x - b.x;
  const cuts = page.cuts ?? [];
  if (cuts.length === 0) return [...page.parts].sort(reading);
  const k = Math.max(0, kerf) + EPS;
  const freedBy = (p: Placed): number => {
    let last = 0;
    for (const c of cuts) {
      const along =
        c.direction === 'vertical'
          ? c.y < p.y + p.height - EPS && c.y + c.length > p.y + EPS && c.x >= p.x - k && c.x <= p.x + p.width + EPS && !(c.x > p.x + EPS && c.x < p.x + p.width - EPS)
          : c.x < p.x + p.width - EPS && c.x + c.length > p.x + EPS && c.y >= p.y - k && c.y <= p.y + p.height + EPS && !(c.y > p.y + EPS && c.y < p.y + p.height - EPS);
      if (along && c.order > last) last = c.order;
    }
    return last;
  };
  const keyed = page.parts.map((p) => ({ p, key: freedBy(p) }));
  keyed.sort((a, b) => a.key - b.key || reading(a.p, b.p));
  return keyed.map((x) => x.p);
}

/** pinnedPages are the pages of a job's result with at least one ticked piece: the ones a re-plan keeps. */
export function pinnedPages(result: Pick<Result, 'pages'> | null | undefined, cutPieces: readonly string[] | null | undefined): Page[] {
  if (!result || !cutPieces?.length) return [];
  const ticked = new Set(cutPieces);
  return result.pages.filter((pg) => pg.parts.some((p) => ticked.has(p.id)));
}

/** progressOf counts a result's ticked pieces (ids not in the result do not count). */
export function progressOf(result: Pick<Result, 'pages'> | null | undefined, cutPieces: readonly string[] | null | undefined): { cut: number; total: number } {
  const ticked = new Set(cutPieces ?? []);
  let cut = 0;
  let total = 0;
  for (const pg of result?.pages ?? []) {
    for (const p of pg.parts) {
      total++;
      if (ticked.has(p.id)) cut++;
    }
  }
  return { cut, total };
}

/** partLineOf is the part line id of a piece id ("<partID>-<copy>"). */
export function partLineOf(pieceId: string): string {
  const i = pieceId.lastIndexOf('-');
  return i > 0 ? pieceId.slice(0, i) : pieceId;
}

/**
 * resultFits reports whether a result is a layout of these part lines:
 * each line's placed and skipped copies add up to its quantity, and it
 * places nothing else (a layout still of the parts before a change does
 * not fit). A piece on a pinned page (pinned: page ids) counts against
 * its line while the line has copies left, and is allowed beyond, as the
 * engine keeps a cut sheet whatever the lines became. O(pieces).
 */
export function resultFits(
  result: Pick<Result, 'pages' | 'skipped'>,
  parts: readonly { id: string; quantity: number }[],
  pinned: ReadonlySet<string> = new Set(),
): boolean {
  const left = new Map(parts.map((p) => [p.id, p.quantity]));
  if (left.size !== parts.length) return false;
  const take = (line: string, n: number) => {
    const q = left.get(line);
    if (q === undefined || q < n) return false;
    left.set(line, q - n);
    return true;
  };
  for (const pg of result.pages) {
    const kept = pinned.has(pg.id);
    for (const p of pg.parts) if (!take(partLineOf(p.id), 1) && !kept) return false;
  }
  for (const s of result.skipped) if (!take(s.id, s.quantity)) return false;
  return [...left.values()].every((q) => q === 0);
}
