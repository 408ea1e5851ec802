// Identical sheets once, × N (issue 18): pages with the same engine pattern
// number (pages[].pattern) are shown once, titled with their sheet numbers.

import type { Page } from '../engine/types';

/** PatternGroup is one distinct sheet: its first page and the 1-based sheet numbers cut to it. */
export interface PatternGroup {
  page: Page;
  sheets: number[];
}

/**
 * groupByPattern groups pages with the same pattern number, in the order of
 * their first sheet; a page without a pattern number stays alone, and so
 * does a page in alone (a sheet already cut is not one of uncut ones).
 * first is the sheet number of pages[0] (1 unless the pages are part of a
 * longer list), or the sheet number of each page (a material's pages
 * numbered over the whole job, as the PDF and the checklist number them).
 */
export function groupByPattern(pages: Page[], first: number | readonly number[] = 1, alone?: ReadonlySet<string>): PatternGroup[] {
  const out: PatternGroup[] = [];
  const seen = new Map<number, PatternGroup>();
  const number = (i: number) => (typeof first === 'number' ? first + i : (first[i] ?? i + 1));
  pages.forEach((p, i) => {
    const n = alone?.has(p.id) ? undefined : p.pattern;
    const g = n !== undefined && n > 0 ? seen.get(n) : undefined;
    if (g) {
      g.sheets.push(number(i));
      return;
    }
    const ng = { page: p, sheets: [number(i)] };
    if (n !== undefined && n > 0) seen.set(n, ng);
    out.push(ng);
  });
  return out;
}

/** repeats reports whether some pattern is cut more than once (otherwise the view is as before). */
export function repeats(groups: PatternGroup[]): boolean {
  return groups.some((g) => g.sheets.length > 1);
}

const intFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });

/** sheetList writes sheet numbers: a run as 3-7, otherwise 2, 5, 9. */
export function sheetList(sheets: number[]): string {
  const run = sheets.every((s, i) => i === 0 || s === sheets[i - 1] + 1);
  if (run && sheets.length > 2) return `${intFmt.format(sheets[0])}-${intFmt.format(sheets[sheets.length - 1])}`;
  return sheets.map((s) => intFmt.format(s)).join(', ');
}

/**
 * patternTitle is "Sayfa 3-7 (× 5)", "Sayfa 2, 5, 9 (× 3)", or "Sayfa 4"
 * for a sheet cut once; with the job's sheet count, as the PDF writes it:
 * "Sayfa 29-33 (× 5) / 46", "Sayfa 4 / 46".
 */
export function patternTitle(sheets: number[], total?: number): string {
  const title = sheets.length > 1 ? `Sayfa ${sheetList(sheets)} (× ${intFmt.format(sheets.length)})` : `Sayfa ${sheetList(sheets)}`;
  return total === undefined ? title : `${title} / ${intFmt.format(total)}`;
}

/**
 * sheetNumbers are the sheet numbers of some of a result's pages (a
 * material's): each page's place in all the pages, 1-based, as the PDF and
 * the checklist number the sheets.
 */
export function sheetNumbers(all: readonly Page[], pages: readonly Page[]): number[] {
  const at = new Map(all.map((p, i) => [p, i + 1] as const));
  return pages.map((p, i) => at.get(p) ?? i + 1);
}

/** patternOf is the position among the distinct sheets: "Desen 2 / 4". */
export const patternOf = (n: number, total: number): string => `Desen ${intFmt.format(n)} / ${intFmt.format(total)}`;
