import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNotices } from '../../components/Notices';
import type { Page, Placed, Sheet } from '../engine/types';
import { cutOrder, neighbourSheets, pageIndexOf, progressOf } from './checklist';
import { jobMsg, sheetTitle, stateName } from './texts';
import { useChecklist } from './useChecklist';
import './job.css';

const dateFmt = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'medium', timeStyle: 'short' });

/** PieceMark is a piece as the drawing shows it: its number in the cut order, cut or sent back for recutting. */
export interface PieceMark {
  n: number;
  cut?: boolean;
  spoiled?: boolean;
}

interface Props {
  id: string;
  /** owner is the signed-in account's (ownerOf): the ticks this tab keeps unsent are theirs */
  owner?: string;
  /** sheet is the 1-based sheet number of the address */
  sheet: number;
  /** onSheet goes to another sheet of the job (1-based) */
  onSheet: (n: number) => void;
  /**
   * renderPreview draws a page under a title, its pieces numbered and
   * marked by marks (piece id → mark): the results' Preview, passed in by
   * App, drawn to fit the box the checklist gives it
   */
  renderPreview: (sheet: Sheet, page: Page, title: string, marks: Record<string, PieceMark>) => ReactNode;
}

/**
 * ChecklistPage is one sheet of a job at the saw, on a phone or a tablet:
 * the pattern with the pieces numbered in cut order (cut ones greyed with
 * a check), its pieces in that order to tick as cut (each a large target,
 * saved at once; one the server could not take waits on its row and is
 * sent again), the job's progress, and the previous and next sheet (the
 * next also under the list and in the note that the sheet is done). Wide
 * screens put the drawing beside the list (job.css).
 */
export function ChecklistPage({ id, owner, sheet, onSheet, renderPreview }: Props) {
  const notices = useNotices();
  const c = useChecklist(id, owner);
  const result = c.job?.result;
  const pages = result?.pages ?? [];
  const at = pageIndexOf(pages, sheet);
  const page = at >= 0 ? pages[at] : undefined;
  // Önceki and Sonraki go by the sheets' numbers, as the QR codes on them
  // do; a sheet not in the job has neither.
  const { prev, next } = page ? neighbourSheets(pages, sheet) : { prev: null, next: null };
  const kerf = c.job?.options?.kerf ?? 0;
  const order = useMemo(() => (page ? cutOrder(page, kerf) : []), [page, kerf]);
  const progress = progressOf(result, c.cutPieces);
  // Sonraki from under the list: the next sheet opens at its top, and so does the keyboard's place.
  const sheetTitleRef = useRef<HTMLElement>(null);
  const focusSheet = useRef(false);
  useEffect(() => {
    if (!focusSheet.current) return;
    focusSheet.current = false;
    sheetTitleRef.current?.focus();
  }, [sheet]);
  // The tab's title names the job and the sheet (WCAG 2.4.2): a screen
  // reader says it when the sheet changes, and phones at the saw keep
  // several sheets open; the page's own title comes back on leaving.
  const jobName = c.job?.name;
  const sheets = pages.length;
  useEffect(() => {
    if (!jobName) return;
    const before = document.title;
    document.title = jobMsg.pageTitle(jobName, sheets > 0 ? jobMsg.sheetOf(sheet, sheets) : '');
    return () => {
      document.title = before;
    };
  }, [jobName, sheet, sheets]);
  // A piece whose "Bozuk" question is open is not asked about again.
  const asking = useRef(new Set<string>());

  if (c.missing) return <p className="inline-notice error" role="alert">{jobMsg.notFound}</p>;
  if (!c.job) return <p className="muted" role="status">{jobMsg.loading}</p>;
  if (!result) return <p className="inline-notice warning" role="alert">{jobMsg.noResult}</p>;

  const spoil = async (p: Placed) => {
    if (asking.current.has(p.id) || c.recutState(p)) return;
    asking.current.add(p.id);
    try {
      if (!(await notices.confirm(jobMsg.confirmSpoiled(p.name)))) return;
      const r = await c.spoil(p);
      if (r) notices.toast(r.message, r.ok ? { ms: 5000 } : { tone: 'error', ms: 8000 });
    } finally {
      asking.current.delete(p.id);
    }
  };
  const goNext = (below: boolean) => {
    if (next === null) return;
    focusSheet.current = below;
    onSheet(next);
  };
  const size: Sheet = page ? { width: page.width ?? result.sheet.width, height: page.height ?? result.sheet.height } : result.sheet;
  const sheetDone = order.length > 0 && order.every((p) => c.isCut(p.id));
  const marks: Record<string, PieceMark> = {};
  order.forEach((p, k) => {
    marks[p.id] = { n: k + 1, cut: c.isCut(p.id), spoiled: c.recutState(p) === 'sent' };
  });
  const nextBelow = (where: string) =>
    next !== null && (
      <button type="button" className={`primary checklist-next ${where}`} onClick={() => goNext(true)}>
        {jobMsg.nextSheetBelow}
      </button>
    );
  // What the server has not taken, beside the list: said at once, with the ticks still to go.
  const status = (c.error || c.waiting > 0 || c.startWaiting) && (
    <div className={`inline-notice ${c.error ? 'error' : 'warning'} checklist-status`} data-testid="checklist-status">
      {c.error && (
        <p role="alert" aria-live="assertive">
          {c.error}
        </p>
      )}
      {(c.waiting > 0 || c.startWaiting) && (
        <p className="checklist-waiting">
          <span>{[c.waiting > 0 && jobMsg.waitingCount(c.waiting), c.startWaiting && jobMsg.startWaiting].filter(Boolean).join(' ')}</span>
          <button type="button" className="secondary" onClick={c.retry}>
            {jobMsg.retryNow}
          </button>
        </p>
      )}
    </div>
  );
  return (
    <section className="checklist" aria-labelledby="checklist-title">
      <header className="checklist-head">
        <h2 id="checklist-title">{c.job.name}</h2>
        <p className="checklist-state">
          <span className={`badge job-${c.job.state ?? 'planned'}`}>{stateName(c.job.state)}</span>
          <span className="checklist-progress" data-testid="job-progress">
            {jobMsg.progress(progress.cut, progress.total)}
          </span>
          {/* who set the state and when, as text: no hover at the saw */}
          {c.job.stateAt && (
            <span className="state-by" data-testid="job-state-by">
              {jobMsg.stateBy(c.job.stateBy, dateFmt.format(new Date(c.job.stateAt)))}
            </span>
          )}
        </p>
        <div
          className="bar"
          role="progressbar"
          aria-label={jobMsg.progress(progress.cut, progress.total)}
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.cut}
        >
          <div style={{ width: `${progress.total ? Math.round((100 * progress.cut) / progress.total) : 0}%` }} />
        </div>
      </header>
      <nav className="checklist-nav" aria-label={jobMsg.sheetOf(sheet, pages.length)}>
        <button type="button" className="secondary" disabled={prev === null} onClick={() => prev !== null && onSheet(prev)} aria-label={jobMsg.prevSheet}>
          ‹ {jobMsg.prev}
        </button>
        <strong ref={sheetTitleRef} tabIndex={-1} className="checklist-sheet" data-testid="checklist-sheet">
          {jobMsg.sheetOf(sheet, pages.length)}
        </strong>
        <button type="button" className="secondary" disabled={next === null} onClick={() => goNext(false)} aria-label={jobMsg.nextSheet}>
          {jobMsg.next} ›
        </button>
      </nav>
      {!page ? (
        <div className="checklist-list">
          <p className="inline-notice warning" role="alert">
            {jobMsg.noSheet(sheet, pages.length)}
          </p>
          {status}
        </div>
      ) : (
        <>
          <div className="checklist-drawing" data-testid="checklist-drawing">
            {renderPreview(size, page, sheetTitle(c.job.stock, page, size), marks)}
          </div>
          <div className="checklist-list" data-testid="checklist-list">
            <h3>{jobMsg.piecesTitle}</h3>
            {sheetDone && (
              <div className="inline-notice success sheet-done" role="status">
                <span>{jobMsg.sheetDone}</span>
                {nextBelow('in-notice')}
              </div>
            )}
            <ol className="pieces">
              {order.map((p, k) => {
                const cut = c.isCut(p.id);
                const ticking = c.tickState(p.id);
                const recut = c.recutState(p);
                const label = jobMsg.pieceLabel(k + 1, p.name, p.width, p.height);
                // What became of the piece, said in its row: cut, waiting to be saved, sent back.
                const notes: { kind: string; text: string }[] = [];
                if (ticking === 'waiting') notes.push({ kind: 'waiting', text: jobMsg.pieceWaiting(cut) });
                else if (cut) notes.push({ kind: 'cut', text: jobMsg.pieceCut });
                if (recut) notes.push({ kind: 'recut', text: recut === 'sent' ? jobMsg.recutSent : jobMsg.recutSending });
                const noteId = `checklist-piece-${k + 1}-note`;
                const cls = ['piece', cut && 'done', ticking === 'waiting' && 'waiting', recut === 'sent' && 'spoiled'].filter(Boolean).join(' ');
                return (
                  <li key={p.id} className={cls} data-testid="checklist-piece">
                    <label>
                      <input
                        type="checkbox"
                        checked={cut}
                        disabled={ticking === 'sending'}
                        aria-busy={ticking === 'sending'}
                        aria-describedby={notes.length ? noteId : undefined}
                        onChange={(e) => void c.tick(p.id, e.target.checked)}
                      />
                      <span className="piece-text">{label}</span>
                    </label>
                    <button type="button" className="ghost danger-text" disabled={recut !== undefined} aria-label={jobMsg.spoiledAria(label)} onClick={() => void spoil(p)}>
                      {jobMsg.spoiled}
                    </button>
                    {notes.length > 0 && (
                      <p className="piece-notes" id={noteId}>
                        {notes.map((n) => (
                          <span key={n.kind} className={`piece-note ${n.kind}`}>
                            {n.text}
                          </span>
                        ))}
                      </p>
                    )}
                  </li>
                );
              })}
            </ol>
            {status}
            {nextBelow('under-list')}
          </div>
        </>
      )}
    </section>
  );
}
