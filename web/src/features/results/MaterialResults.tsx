import { useState } from 'react';
import type { Band, Stock } from '../../generated/engine';
import { fmtCm } from '../../lib/number';
import { fmtInt } from '../../messages';
import type { Page, Result } from '../engine/types';
import { Pager } from './Pager';
import { groupByPattern, repeats } from './patterns';
import { bandCodesOf, bandColor, Preview } from './Preview';
import { fmtTL, resultMsg } from './texts';
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
  const key = (m: string | undefined, t: number | undefined) => `${(m ?? '').trim().toLocaleLowerCase('tr-TR')}|${t ?? 0}`;
  const groups = new Map<string, MaterialGroup>();
  for (const m of result.materials ?? []) {
    const k = key(m.material, m.thickness);
    if (!groups.has(k)) groups.set(k, { key: k, material: m.material, thickness: m.thickness, pages: [], info: m });
  }
  for (const p of result.pages) {
    const k = key(p.material, p.thickness);
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

/** pageTitle says which stock row a page is cut from, and its size. */
export function pageTitle(stock: Stock[] | undefined, page: Page, sheet: { width: number; height: number }): string {
  const named = stock?.find((r) => r.id === page.stockId)?.name;
  const size = `${fmtCm(sheet.width)} x ${fmtCm(sheet.height)} cm`;
  return named ? `${resultMsg.pageStock(named)} · ${size}` : resultMsg.pageStock(stockName(stock, page.stockId, page));
}

/** proofOf is a material's cost sentence: the cost and its proven bound, or that it is the cheapest. */
export function proofOf(m: NonNullable<Result['materials']>[number]): string {
  if (m.cost > 0) return m.optimal ? resultMsg.costProven(m.cost) : resultMsg.costProof(m.cost, m.costLowerBound);
  return m.optimal ? resultMsg.sheetProven : resultMsg.sheetProof(m.pages, m.lowerBound);
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
  // Identical sheets (same pages[].pattern) are shown once, × N, numbered as the pager numbers this material's sheets.
  const patterns = groupByPattern(group.pages, 1, cutPages);
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
      {m && <p className={m.optimal ? 'proof ok' : 'proof'}>{proofOf(m)}</p>}
      {page && (
        <>
          <Pager
            label={`${resultMsg.pagesNav}: ${title}`}
            groups={patterns}
            grouped={grouped}
            index={Math.min(index, last)}
            page={page}
            onIndex={setIndex}
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

/** OrderSummary is the summary card: total cost, sheets per row from stock and to buy, band metres, skipped parts. */
export function OrderSummary({ result, stock, bands }: { result: Result; stock?: Stock[]; bands?: Band[] }) {
  const st = result.stats;
  const page = (id: string) => result.pages.find((p) => p.stockId === id);
  // used counts every sheet of a row, buy those of unlimited rows: the
  // rest is taken from the workshop's stock.
  const fromStock = (result.used ?? [])
    .map((u) => ({ stockId: u.stockId, quantity: u.quantity - (result.buy?.find((b) => b.stockId === u.stockId)?.quantity ?? 0) }))
    .filter((u) => u.quantity > 0);
  // The sheets' cost and the band's make the total, as in the PDF's order summary.
  const bandCost = (result.bandTotals ?? []).reduce((sum, b) => sum + (b.cost ?? 0), 0);
  const bandName = (code: string) => {
    const name = bands?.find((b) => b.code === code)?.name;
    return name ? `${code} (${name})` : code;
  };
  return (
    <div className="order-summary" data-testid="order-summary">
      <h3>{resultMsg.summaryTitle}</h3>
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
              <li key={u.stockId}>{resultMsg.sheetsLine(stockName(stock, u.stockId, page(u.stockId)), u.quantity)}</li>
            ))}
          </ul>
        </>
      )}
      {result.buy && result.buy.length > 0 && (
        <>
          <h4>{resultMsg.toBuy}</h4>
          <ul aria-label={resultMsg.toBuy}>
            {result.buy.map((u) => (
              <li key={u.stockId}>{resultMsg.sheetsLine(stockName(stock, u.stockId, page(u.stockId)), u.quantity)}</li>
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
