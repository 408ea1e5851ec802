import { useState, type ReactNode } from 'react';
import { fmt1d, fmtCm } from '../../lib/number';
import { storageRemove, storageSet } from '../../lib/storage';
import { fmtInt, msg } from '../../messages';
import type { Band, Stock } from '../../generated/engine';
import { skipGrain, skipNoFit, skipNoStock, skipStockOut } from '../../generated/texts';
import type { Result, Skipped } from '../engine/types';
import { BandLegend, MaterialResults, OrderSummary } from './MaterialResults';
import { Pager } from './Pager';
import { groupByPattern, repeats } from './patterns';
import { Preview } from './Preview';
import { resultMsg } from './texts';

// MERGE_KEY keeps, in this browser, whether identical sheets are shown once.
const MERGE_KEY = 'kesim-merge-sheets';

function mergeChosen(): boolean {
  try {
    return localStorage.getItem(MERGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** chooseMerge keeps the choice; one this browser refuses lasts until the page is left, and is told (lib/storage.ts). */
function chooseMerge(on: boolean) {
  if (on) storageSet('merge', () => localStorage, MERGE_KEY, '1');
  else storageRemove('merge', () => localStorage, MERGE_KEY);
}

// The stock reasons a part is skipped for (docs/engine.md): a bigger canvas does not help with these.
const STOCK_REASONS = new Set([skipNoStock, skipNoFit, skipGrain, skipStockOut]);

/**
 * SkippedNotice lists the part lines the layout left out, each with its
 * reason as the order summary of a layout with materials has it; when none
 * was placed (none), it says what would help: a bigger canvas, unless a
 * part was left out for want of stock.
 */
function SkippedNotice({ skipped, none }: { skipped: Skipped[]; none?: boolean }) {
  const canvas = !skipped.some((s) => STOCK_REASONS.has(s.reason));
  return (
    <div className="inline-notice warning skipped-list" role="status">
      <p>{msg.skipped}</p>
      <ul>
        {skipped.map((s, i) => (
          <li key={`${s.id}-${i}`}>{resultMsg.skippedLine(`${s.name} (${fmtCm(s.width)}x${fmtCm(s.height)})`, s.quantity, s.reason)}</li>
        ))}
      </ul>
      {none && canvas && <p>{msg.noneFit(msg.canvasSettings)}</p>}
    </div>
  );
}

interface Props {
  result: Result | null;
  ultra: boolean;
  /** exports are the export buttons, shown first in the toolbar */
  exports: ReactNode;
  searching: boolean;
  searchDone: number;
  /** improving is the progress of the search that follows the first layout, or null. */
  improving?: number | null;
  onSearchMore: () => void;
  onCancelSearch: () => void;
  /** failure is why the engine refused the job (LayoutSearch's), shown instead of the empty line while there is no layout */
  failure?: string | null;
  /** stock and bands name the pages' stock rows and band codes in a layout with materials */
  stock?: Stock[];
  bands?: Band[];
  /** cutPages are the ids of the sheets already cut (a job being cut: its pinned pages), marked "Kesildi" */
  cutPages?: ReadonlySet<string>;
  /**
   * stored says the result is a loaded layout's stored one, not laid out
   * here: 'layout', which onRecompute lays out anew, or 'cut', a job
   * already cut, whose layout is the one sawn (no new layout offered).
   */
  stored?: 'layout' | 'cut' | null;
  onRecompute?: () => void;
  /** onCompare opens "Planları karşılaştır" (features/compare): offered beside the longer search, while none runs, for a layout laid out here */
  onCompare?: () => void;
}

/** ResultsView shows the summary, exports, page navigation and the page. */
export function ResultsView({
  result,
  ultra,
  exports,
  searching,
  searchDone,
  improving = null,
  onSearchMore,
  onCancelSearch,
  failure = null,
  stock,
  bands,
  cutPages,
  stored = null,
  onRecompute,
  onCompare,
}: Props) {
  const [index, setIndex] = useState(0);
  const [merge, setMerge] = useState(mergeChosen);
  const pages = result?.pages ?? [];
  // Identical sheets (same pages[].pattern) are shown once, × N, when the
  // user asks for it: by default the pager is the specification's, one
  // sheet a step, 'Sayfa n / N'.
  const patterns = groupByPattern(pages, 1, cutPages);
  const canMerge = repeats(patterns);
  const grouped = canMerge && merge;
  const groups = grouped ? patterns : pages.map((p, i) => ({ page: p, sheets: [i + 1] }));
  // A new layout with fewer sheets shows its last one.
  const last = Math.max(0, groups.length - 1);
  if (index > last) setIndex(last);

  const st = result?.stats;
  const short = (result?.materials ?? []).reduce((sum, m) => sum + (m.stockOut ?? 0), 0);
  const page = groups[Math.min(index, last)]?.page;
  // A layout with materials shows them section by section, with the order
  // summary; without, the view is the specification's.
  const materials = !!result?.materials?.length;
  // id and tabIndex: the part list's "Sonuçlara geç" link moves the focus here, past its cards.
  return (
    <section id="results" tabIndex={-1} className="card results" aria-labelledby="results-title">
      <h2 id="results-title" className="sr-only">
        {msg.resultsTitle}
      </h2>
      {/* A screen reader hears the new figures when a layout comes in (the form keeps the focus). */}
      <div className="stat-cards" aria-live="polite" aria-atomic="true">
        <div className="stat">
          <span>{msg.totalPages}</span>
          <strong data-testid="total-pages">{fmtInt(st?.pages ?? 0)}</strong>
        </div>
        <div className="stat">
          <span>{msg.totalParts}</span>
          <strong data-testid="total-parts">{fmtInt(st?.placed ?? 0)}</strong>
        </div>
        <div className="stat">
          <span>{msg.avgEfficiency}</span>
          <strong data-testid="avg-efficiency">%{fmt1d(st?.efficiency ?? 0)}</strong>
        </div>
      </div>
      <div className="status-row">
        {st && st.pages > 0 && (
          <p className={st.optimal && !short ? 'proof ok' : 'proof'}>
            {/* a plan short of stock proves nothing of the job (as the PDF) */}
            {short ? resultMsg.stockOut(short) : st.optimal ? msg.proven : msg.gap(st.lowerBound)}
            {st.cuts ? ` · ${msg.cutsInfo(st.cuts, fmtCm(st.cutLength ?? 0))}` : ''}
          </p>
        )}
        {improving !== null && (
          <div className="improving" aria-live="polite">
            <span className="muted">{msg.improving}</span>
            <div
              className="bar"
              role="progressbar"
              aria-label={msg.improving}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(improving * 100)}
            >
              <div style={{ width: `${Math.round(improving * 100)}%` }} />
            </div>
          </div>
        )}
      </div>
      {stored && (
        <div className="inline-notice info stored-layout" role="status">
          <span>{stored === 'cut' ? resultMsg.storedCut : resultMsg.storedShown}</span>
          {stored === 'layout' && onRecompute && (
            <button type="button" className="secondary" onClick={onRecompute}>
              {resultMsg.recompute}
            </button>
          )}
        </div>
      )}
      {/* With no page the list stands under the empty view's line instead. */}
      {result && !materials && result.skipped.length > 0 && page && <SkippedNotice skipped={result.skipped} />}
      <div className="toolbar">
        {exports}
        {/* A stored result is searched on (and compared) only once laid out anew (Yeniden hesapla). */}
        {st && st.pages > 0 && !stored && (!st.optimal || (onCompare && !searching)) && (
          <div className="search-more">
            {st.optimal ? null : searching ? (
              <>
                <span className="muted">
                  {msg.searching} %{Math.round(searchDone * 100)}
                </span>
                <button type="button" className="secondary" onClick={onCancelSearch}>
                  {msg.cancel}
                </button>
              </>
            ) : (
              <button type="button" className="secondary" onClick={onSearchMore}>
                {msg.searchMore}
              </button>
            )}
            {onCompare && !searching && (
              <button type="button" className="secondary" onClick={onCompare}>
                {msg.comparePlans}
              </button>
            )}
          </div>
        )}
      </div>
      {materials ? (
        <MaterialResults result={result!} stock={stock} bands={bands} ultra={ultra} cutPages={cutPages} />
      ) : pages.length === 0 || !page ? (
        <>
          {/* A refused job has parts: the engine's reason, not the line asking for them. */}
          {!result && failure !== null ? (
            <p className="inline-notice error">{msg.layoutFailed(failure || msg.unknownError)}</p>
          ) : (
            <p className="empty-line">{msg.noPages}</p>
          )}
          {/* Parts, but none placed: the specification's line alone would ask for parts there are. */}
          {result && result.skipped.length > 0 && <SkippedNotice skipped={result.skipped} none />}
        </>
      ) : (
        <>
          {canMerge && (
            <label className="merge-sheets">
              <input
                type="checkbox"
                checked={merge}
                onChange={(e) => {
                  setMerge(e.target.checked);
                  setIndex(0);
                  chooseMerge(e.target.checked);
                }}
              />{' '}
              {msg.mergeSheets}
            </label>
          )}
          <Pager
            label="Sayfalar"
            groups={groups}
            grouped={grouped}
            index={Math.min(index, last)}
            page={page}
            onIndex={setIndex}
            sheetTotal={grouped ? pages.length : undefined}
          />
          <Preview sheet={result!.sheet} page={page} ultra={ultra} cut={cutPages?.has(page.id)} />
          <BandLegend page={page} />
          {result?.bandTotals?.length ? <OrderSummary result={result} stock={stock} bands={bands} /> : null}
        </>
      )}
    </section>
  );
}
