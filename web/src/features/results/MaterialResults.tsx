import { useState } from 'react';
import type { Band, Stock } from '../../generated/engine';
import { fmtCm, fmtTL } from '../../lib/number';
import { materialKey } from '../../lib/extras';
import { fmtInt } from '../../messages';
import type { Page, Result } from '../engine/types';
import { Pager } from './Pager';
import { groupByPattern, repeats, sheetNumbers } from './patterns';
import { bandCodesOf, bandColor, Preview } from './Preview';
import { resultMsg } from './texts';
import './results.css';

/** MaterialGroup is one material's summary and its pages. */
export interface MaterialGroup {
  key: string;
  material: string;
  thickness?: number;
  pages: Page[];
  info?: NonNullable<Result['materials']>[number];
}

/**
 * groupPages groups a result's pages per material and thickness, in the
 * order of result.materials (the engine's page order), each with its
 * summary.
 */
export function groupPages(result: Result): MaterialGroup[] {
  const groups = new Map<string, MaterialGroup>();
  for (const m of result.materials ?? []) {
    const k = materialKey(m.material, m.thickness);
    if (!groups.has(k)) groups.set(k, { key: k, material: m.material, thickness: m.thickness, pages: [], info: m });
  }
  for (const p of result.pages) {
    const k = materialKey(p.material, p.thickness);
    let g = groups.get(k);
    if (!g) {
      g = { key: k, material: p.material ?? '', thickness: p.thickness, pages: [] };
      groups.set(k, g);
    }
    g.pages.push(p);
  }
  return [...groups.values()].filter((g) => g.pages.length > 0 || g.info);
}

/** stockName names a stock row: its name, else its material and size (an offcut: its code too); the default row is the canvas. */
export function stockName(stock: Stock[] | undefined, id: string | undefined, page?: Page): string {
  const s = stock?.find((r) => r.id === id);
  if (s?.offcut) return resultMsg.offcutName(s.id, `${s.material ? s.material + ' ' : ''}${resultMsg.sheetSize(s.width, s.height)}`);
  if (s) return s.name || `${s.material ? s.material + ' ' : ''}${resultMsg.sheetSize(s.width, s.height)}`;
  if (page?.width && page.height) return `${resultMsg.defaultSheet} ${resultMsg.sheetSize(page.width, page.height)}`;
  return id ?? resultMsg.defaultSheet;
}

/**
 * pageTitle says which stock row a page is cut from, and its size; an
 * offcut used below the minimum use says why.
 */
export function pageTitle(stock: Stock[] | undefined, page: Page, sheet: { width: number; height: number }): string {
  const named = stock?.find((r) => r.id === page.stockId)?.name;
  const size = `${fmtCm(sheet.width)} x ${fmtCm(sheet.height)} cm`;
  const title = named ? `${resultMsg.pageStock(named)} · ${size}` : resultMsg.pageStock(stockName(stock, page.stockId, page));
  return page.belowMinUse ? `${title} · ${resultMsg.belowMinUse}` : title;
}

/**
 * proofOf is a material's proof sentence: under the cost objective its cost and proven bound, or
 * that it is the cheapest; else its cost if any, then its sheets and their bound, or what it is
 * proven best at (the fewest sheets, or the least sheet area). A
 * material with a stock row without a price is laid out for the least sheet area: its cost bound is
 * 0 and its optimal speaks of area, so it is not called the cheapest (export.CostBounded). The
 * note that a row has no price is given only when one of stock's rows of the material has none
 * (stock unknown: given), not when the user chose the area objective (as kesim nest says it).
 */
export function proofOf(m: NonNullable<Result['materials']>[number], stock?: readonly Stock[]): string {
  // Parts left for want of stock: the bounds speak of the parts placed, the plan is not the job's.
  if (m.stockOut) return resultMsg.stockOut(m.stockOut);
  if (m.cost > 0 && m.objective === 'cost') return m.optimal ? resultMsg.costProven(m.cost) : resultMsg.costProof(m.cost, m.costLowerBound);
  // The sheet bound met proves the fewest sheets whatever the objective; a plan of several sizes
  // can be the least area on more sheets than the bound. Under the cost objective a plan of no
  // cost (offcuts only, which are free) is proven the cheapest, nothing of its area.
  const sheets =
    m.pages <= m.lowerBound
      ? resultMsg.sheetProven
      : m.optimal && m.objective === 'area'
        ? resultMsg.areaProven
        : m.optimal && m.objective === 'cost'
          ? resultMsg.costProven(m.cost)
          : resultMsg.sheetProof(m.pages, m.lowerBound);
  return m.cost > 0 ? `${resultMsg.costOnly(m.cost, m.objective === 'area' && hasUnpricedRow(m, stock))} ${sheets}` : sheets;
}

/** hasUnpricedRow reports whether a stock row of material m (as the engine groups them: material trimmed and case folded, thickness) other than an offcut has no price; true when the rows are not known. */
function hasUnpricedRow(m: { material: string; thickness?: number }, stock?: readonly Stock[]): boolean {
  if (!stock) return true;
  const group = materialKey(m.material, m.thickness);
  return stock.some((r) => !r.offcut && !((r.price ?? 0) > 0) && materialKey(r.material, r.thickness) === group);
}

interface Props {
  result: Result;
  stock?: Stock[];
  bands?: Band[];
  ultra: boolean;
  /** cutPages are the ids of the sheets already cut */
  cutPages?: ReadonlySet<string>;
}

/** MaterialResults shows a layout with materials: the order summary, then a section per material with its pages. */
export function MaterialResults({ result, stock, bands, ultra, cutPages }: Props) {
  const groups = groupPages(result);
  return (
    <>
      <OrderSummary result={result} stock={stock} bands={bands} />
      {groups.map((g) => (
        <MaterialSection key={g.key} group={g} result={result} stock={stock} ultra={ultra} cutPages={cutPages} />
      ))}
    </>
  );
}

function MaterialSection({
  group,
  result,
  stock,
  ultra,
  cutPages,
}: {
  group: MaterialGroup;
  result: Result;
  stock?: Stock[];
  ultra: boolean;
  cutPages?: ReadonlySet<string>;
}) {
  const [index, setIndex] = useState(0);
  // Identical sheets (same pages[].pattern) are shown once, × N. The
  // sheets are numbered over the whole job, as the PDF and the checklist
  // number them ("Sayfa 29-33 (× 5) / 46"), not within the material.
  const patterns = groupByPattern(group.pages, sheetNumbers(result.pages, group.pages), cutPages);
  const grouped = repeats(patterns);
  const last = Math.max(0, patterns.length - 1);
  if (index > last) setIndex(last);
  const page = patterns[Math.min(index, last)]?.page;
  const m = group.info;
  const title = resultMsg.materialHeading(group.material, group.thickness);
  const id = `mat-${group.key.replace(/[^\p{L}\p{N}]+/gu, '-')}`;
  const sheet = page ? { width: page.width ?? result.sheet.width, height: page.height ?? result.sheet.height } : result.sheet;
  return (
    <section className="material-section" aria-labelledby={id} data-testid="material-section">
      <h3 id={id}>{title}</h3>
      {m && (
        <p>
          <span>{resultMsg.materialInfo(m.pages, m.efficiency)}</span>
          {m.cost > 0 && <span className="cost"> · {resultMsg.cost(m.cost)}</span>}
        </p>
      )}
      {m && <p className={m.optimal && !m.stockOut ? 'proof ok' : 'proof'}>{proofOf(m, stock)}</p>}
      {page && (
        <>
          <Pager
            label={`${resultMsg.pagesNav}: ${title}`}
            groups={patterns}
            grouped={grouped}
            index={Math.min(index, last)}
            page={page}
            onIndex={setIndex}
            sheetTotal={result.pages.length}
          />
          <Preview
            sheet={sheet}
            page={page}
            ultra={ultra}
            title={pageTitle(stock, page, sheet)}
            cut={cutPages?.has(page.id)}
          />
          <BandLegend page={page} />
        </>
      )}
    </section>
  );
}

/** BandLegend names the colours of the band codes drawn on a page; nothing when it has no band. */
export function BandLegend({ page }: { page: Page }) {
  const codes = bandCodesOf(page);
  if (codes.length === 0) return null;
  return (
    <p className="band-legend">
      {codes.map((c) => (
        <span key={c} className="band-legend">
          <i style={{ background: bandColor(codes, c) }} aria-hidden="true" />
          {c}
        </span>
      ))}
      <span className="muted">{resultMsg.legendBand}</span>
    </p>
  );
}

/** SheetUse is one line of the order summary: the sheets of one stock row and one material and thickness. */
export interface SheetUse {
  /** key tells the lines apart */
  key: string;
  stockId: string;
  material: string;
  thickness: number;
  /** page is the first page of the line (it names the default canvas by its size) */
  page: Page;
  used: number;
  buy: number;
}

/**
 * sheetUses counts the sheets of every stock row per material and
 * thickness from the result's pages, in the order of result.used (the
 * stock rows' order) and then of the pages; an unlimited row's sheets (a
 * row in result.buy) are all bought. Counting by row alone put the sheets
 * of every material cut from the default canvas on one line ("Tuval: 4
 * levha" for MDF 18 mm, Sunta 18 mm and Sunta 8 mm). The PDF's order
 * summary counts the same way (export/pdf stockUses). Pages without a row
 * (a layout without stock rows) count for none.
 */
export function sheetUses(result: Result): SheetUse[] {
  const uses = new Map<string, SheetUse>();
  for (const p of result.pages) {
    if (p.stockId === undefined) continue;
    const material = p.material ?? '';
    const thickness = p.thickness ?? 0;
    const k = JSON.stringify([p.stockId, material, thickness]);
    const u = uses.get(k);
    if (u) u.used++;
    else uses.set(k, { key: k, stockId: p.stockId, material, thickness, page: p, used: 1, buy: 0 });
  }
  const used = result.used ?? [];
  const rank = (id: string) => {
    const i = used.findIndex((u) => u.stockId === id);
    return i < 0 ? used.length : i;
  };
  // Array.prototype.sort is stable: lines of one row keep the pages' order.
  const out = [...uses.values()].sort((a, b) => rank(a.stockId) - rank(b.stockId));
  for (const u of out) if (result.buy?.some((b) => b.stockId === u.stockId)) u.buy = u.used;
  return out;
}

/**
 * sheetUseName names a line of the order summary: its stock row, and
 * before it the pages' material and thickness when the row has none of
 * its own (the default canvas serves every material without a row).
 */
export function sheetUseName(stock: Stock[] | undefined, u: SheetUse): string {
  const row = stock?.find((r) => r.id === u.stockId);
  const own = !!row && (!!row.material?.trim() || (row.thickness ?? 0) > 0);
  const name = stockName(stock, u.stockId, u.page);
  return own || (!u.material.trim() && u.thickness <= 0) ? name : `${resultMsg.materialHeading(u.material, u.thickness)} · ${name}`;
}

/** OrderSummary is the summary card: total cost, sheets per row from stock and to buy, band metres, skipped parts. */
export function OrderSummary({ result, stock, bands }: { result: Result; stock?: Stock[]; bands?: Band[] }) {
  const st = result.stats;
  // Every sheet of a line is used; those of unlimited rows are bought, the
  // rest is taken from the workshop's stock.
  const uses = sheetUses(result);
  const fromStock = uses.filter((u) => u.used > u.buy);
  const toBuy = uses.filter((u) => u.buy > 0);
  // The sheets' cost and the band's make the total, as in the PDF's order summary.
  const bandCost = (result.bandTotals ?? []).reduce((sum, b) => sum + (b.cost ?? 0), 0);
  const short = (result.materials ?? []).reduce((sum, m) => sum + (m.stockOut ?? 0), 0);
  const bandName = (code: string) => {
    const name = bands?.find((b) => b.code === code)?.name;
    return name ? `${code} (${name})` : code;
  };
  return (
    <div className="order-summary" data-testid="order-summary">
      <h3>{resultMsg.summaryTitle}</h3>
      {short > 0 && (
        <p>
          <strong>{resultMsg.stockOutTotal(short)}</strong>
        </p>
      )}
      {bandCost > 0 ? (
        <>
          <p>
            {resultMsg.sheetCost}: {fmtTL(st.cost ?? 0)} TL
          </p>
          <p>
            <strong>
              {resultMsg.totalCost}: {fmtTL((st.cost ?? 0) + bandCost)} TL {resultMsg.withBand}
            </strong>
          </p>
        </>
      ) : (
        (st.cost ?? 0) > 0 && (
          <p>
            <strong>
              {resultMsg.totalCost}: {fmtTL(st.cost ?? 0)} TL
            </strong>
          </p>
        )
      )}
      {fromStock.length > 0 && (
        <>
          <h4>{resultMsg.fromStock}</h4>
          <ul aria-label={resultMsg.fromStock}>
            {fromStock.map((u) => (
              <li key={u.key}>{resultMsg.sheetsLine(sheetUseName(stock, u), u.used - u.buy)}</li>
            ))}
          </ul>
        </>
      )}
      {toBuy.length > 0 && (
        <>
          <h4>{resultMsg.toBuy}</h4>
          <ul aria-label={resultMsg.toBuy}>
            {toBuy.map((u) => (
              <li key={u.key}>{resultMsg.sheetsLine(sheetUseName(stock, u), u.buy)}</li>
            ))}
          </ul>
        </>
      )}
      {result.bandTotals && result.bandTotals.length > 0 && (
        <>
          <h4>{resultMsg.bandMeters}</h4>
          <ul>
            {result.bandTotals.map((b) => (
              <li key={b.code}>{resultMsg.bandLine(bandName(b.code), b.meters, b.cost)}</li>
            ))}
          </ul>
        </>
      )}
      {result.skipped.length > 0 && (
        <>
          <h4>{resultMsg.skippedTitle}</h4>
          <ul className="inline-notice warning" role="status">
            {result.skipped.map((s, i) => (
              <li key={`${s.id}-${i}`}>{resultMsg.skippedLine(`${s.name} (${fmtCm(s.width)}x${fmtCm(s.height)})`, s.quantity, s.reason)}</li>
            ))}
          </ul>
        </>
      )}
      <p className="muted">
        {fmtInt(st.pages)} levha · {fmtInt(st.placed)} parça
      </p>
    </div>
  );
}
