import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog } from '../../components/Dialog';
import type { Leftover } from '../../generated/engine';
import { fmt1d, fmtCm, fmtTL } from '../../lib/number';
import { fmtInt, msg } from '../../messages';
import type { Request } from '../engine/types';
import {
  bestOf,
  COMPARE_MS,
  currentWords,
  figures,
  keptProfile,
  planSettings,
  planVariants,
  runPlans,
  type Column,
  type Measure,
  type PlanCanvas,
  type PlanEngine,
  type PlanRow,
  type PlanSettings,
  type PlanStock,
  type PlanVariant,
} from './plans';
import { compareMsg } from './texts';
import './compare.css';

/**
 * PlanRunner is where the comparison runs: engine, an engine the page's
 * layout does not run on, or the page's own (sharesPage), in which case
 * the comparison starts once the page's layout ended; measure lists a
 * plan's leftovers (the export worker's kesimLeftovers).
 */
export interface PlanRunner {
  engine: PlanEngine;
  sharesPage: boolean;
  measure?: Measure;
}

/**
 * PlanChoice is a plan the user took: the settings it changes, the stock
 * list the dialog was opened on and its version (read: a stock saved goes
 * with them, as the stock dialog's StockRead), its name.
 */
export interface PlanChoice<C extends PlanCanvas, S extends PlanStock> extends PlanSettings<C, S> {
  read: { settings: S; version?: number };
  label: string;
}

interface Props<C extends PlanCanvas, S extends PlanStock> {
  /** job is the request the page lays out (null: none), read once as the dialog opens */
  job: () => Request | null;
  /** canvas and stock are the settings on screen: a plan taken changes them (the stock as it was when the dialog opened, with version) */
  canvas: C;
  stock: S;
  version?: number;
  /** runner says where the plans are laid out, asked once as the dialog opens */
  runner: () => PlanRunner;
  /** pageBusy: the page's own layout runs (the comparison waits for it when it shares the page's engine) */
  pageBusy: boolean;
  onUse: (choice: PlanChoice<C, S>) => void;
  onClose: () => void;
}

const COLUMN_LABELS: Record<Column, string> = {
  pages: compareMsg.sheets,
  cost: compareMsg.cost,
  efficiency: compareMsg.efficiency,
  cuts: compareMsg.cuts,
  cutLength: compareMsg.cutLength,
  leftover: compareMsg.leftover,
  unplaced: compareMsg.unplaced,
};

/** cellText writes a plan's figure the Turkish way: 3; 1.234,50 TL; %45,5; 812,4 cm; 120 × 80 cm. */
function cellText(col: Column, row: Extract<PlanRow, { status: 'done' }>): string {
  const s = row.result.stats;
  switch (col) {
    case 'pages':
      return fmtInt(s.pages);
    case 'cost':
      return s.cost === undefined ? compareMsg.none : `${fmtTL(s.cost)} TL`;
    case 'efficiency':
      return `%${fmt1d(s.efficiency)}`;
    case 'cuts':
      return s.cuts === undefined ? compareMsg.none : fmtInt(s.cuts);
    case 'cutLength':
      return s.cutLength === undefined ? compareMsg.none : `${fmtCm(s.cutLength)} cm`;
    case 'leftover':
      if (row.leftover === undefined) return compareMsg.measuring;
      if (row.leftover === 'unknown') return compareMsg.notMeasured;
      return row.leftover ? leftoverText(row.leftover) : compareMsg.none;
    case 'unplaced':
      return compareMsg.pieces(row.result.skipped.reduce((n, k) => n + k.quantity, 0));
  }
}

const leftoverText = (l: Leftover) => `${fmtCm(l.width)} × ${fmtCm(l.height)} cm`;

function statusText(row: PlanRow): ReactNode {
  switch (row.status) {
    case 'waiting':
      return compareMsg.waiting;
    case 'running':
      return compareMsg.running(Math.floor(row.done * 100));
    case 'stopped':
      return compareMsg.stopped;
    case 'failed':
      return <span className="compare-error">{msg.layoutFailed(row.message || msg.unknownError)}</span>;
    default:
      return null;
  }
}

/**
 * CompareDialog lays out the job on screen under a few variants of its
 * settings (plans.ts), one after another, each for COMPARE_MS, on an
 * engine of its own (runner), and shows them side by side with the best
 * value of each column marked. "Bunu kullan" takes a plan's settings
 * (onUse); "Durdur" stops the runs left, and closing (Escape, "Kapat")
 * stops them too. The layout on screen is never touched.
 */
export function CompareDialog<C extends PlanCanvas, S extends PlanStock>({ job, canvas, stock, version, runner, pageBusy, onUse, onClose }: Props<C, S>) {
  // What the dialog compares, read once: the job, its variants, the stock list (and version) a plan taken saves over.
  const [setup] = useState(() => {
    const request = job();
    return {
      // A plan switched to guillotine takes the saw profile the canvas keeps meanwhile, as the canvas would.
      variants: request ? planVariants(request, COMPARE_MS, keptProfile(canvas)) : [],
      words: request ? currentWords(request) : [],
      read: { settings: stock, version },
      runner: runner(),
    };
  });
  const { variants, runner: run } = setup;
  const [rows, setRows] = useState<PlanRow[]>(() => variants.map(() => ({ status: 'waiting' })));
  // On the page's own engine the comparison starts once the page's layout ended (and then runs on whatever comes).
  const [go, setGo] = useState(false);
  if (!go && !(run.sharesPage && pageBusy)) setGo(true);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    if (!go) return;
    const ctl = new AbortController();
    controller.current = ctl;
    void runPlans(variants, run.engine, ctl.signal, (i, row) => setRows((rs) => rs.map((r, k) => (k === i ? row : r))), run.measure);
    return () => ctl.abort();
  }, [go, variants, run]);

  const ended = (r: PlanRow) => r.status === 'done' || r.status === 'failed' || r.status === 'stopped';
  const running = rows.some((r) => !ended(r));
  const stop = () => {
    controller.current?.abort();
    setRows((rs) => rs.map((r) => (ended(r) ? r : { status: 'stopped' })));
  };

  const priced = variants[0]?.request.stock?.some((s) => !s.offcut && (s.price ?? 0) > 0) ?? false;
  const figs = rows.map((r) => (r.status === 'done' ? figures(r.result, r.leftover) : null));
  const columns: Column[] = [
    ...(figs.some((f) => f && f.unplaced > 0) ? (['unplaced'] as const) : []),
    'pages',
    ...(priced ? (['cost'] as const) : []),
    'efficiency',
    'cuts',
    'cutLength',
    ...(run.measure ? (['leftover'] as const) : []),
  ];
  const best = bestOf(figs);
  const marked = columns.some((c) => best[c].size > 0);
  const doneCount = rows.filter((r) => r.status === 'done' || r.status === 'failed').length;
  const take = (v: PlanVariant) => onUse({ ...planSettings(v.change, canvas, setup.read.settings), read: setup.read, label: v.label });

  return (
    <Dialog
      title={compareMsg.title}
      onClose={onClose}
      wide
      footer={
        <>
          {running && (
            <button type="button" className="secondary" onClick={stop}>
              {compareMsg.stop}
            </button>
          )}
          <button type="button" className="secondary" data-autofocus onClick={onClose}>
            {msg.close}
          </button>
        </>
      }
    >
      <div className="compare-plans">
        <p className="hint">{compareMsg.intro(fmtCm(COMPARE_MS / 1000))}</p>
        {!go && <p className="hint">{compareMsg.waitPage}</p>}
        <p className="sr-only" role="status">
          {running ? compareMsg.progress(doneCount, rows.length) : rows.some((r) => r.status === 'stopped') ? compareMsg.stoppedAll : compareMsg.finished}
        </p>
        <div className="compare-table-wrap">
          <table className="compare-table" aria-label={compareMsg.title}>
            <thead>
              <tr>
                <th scope="col">{compareMsg.option}</th>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {COLUMN_LABELS[c]}
                  </th>
                ))}
                <th scope="col">
                  <span className="sr-only">{compareMsg.action}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.map((v, i) => {
                const row = rows[i];
                return (
                  <tr key={v.key} data-plan={v.key} className={v.key === 'current' ? 'current' : undefined}>
                    <th scope="row">
                      {v.label}
                      {v.key === 'current' && setup.words.length > 0 && <span className="compare-words">{compareMsg.currentIs(setup.words)}</span>}
                    </th>
                    {row.status === 'done' ? (
                      columns.map((c) => {
                        const isBest = best[c].has(i);
                        return (
                          <td key={c} className={isBest ? 'best' : undefined}>
                            {cellText(c, row)}
                            {isBest && (
                              <>
                                {' '}
                                <span aria-hidden="true">★</span>
                                <span className="sr-only">({compareMsg.best})</span>
                              </>
                            )}
                          </td>
                        );
                      })
                    ) : (
                      <td colSpan={columns.length} className="compare-status">
                        {statusText(row)}
                      </td>
                    )}
                    <td className="compare-action">
                      {v.key === 'current' ? (
                        <span className="muted">{compareMsg.inUse}</span>
                      ) : (
                        row.status === 'done' && (
                          <button type="button" className="secondary" aria-label={compareMsg.useLabel(v.label)} onClick={() => take(v)}>
                            {compareMsg.use}
                          </button>
                        )
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {marked && <p className="hint">{compareMsg.legend}</p>}
        {columns.includes('leftover') && <p className="hint">{compareMsg.leftoverHint}</p>}
      </div>
    </Dialog>
  );
}
