import { useMemo, type ReactNode } from 'react';
import { useNotices } from '../../components/Notices';
import type { Page, Sheet } from '../engine/types';
import { cutOrder, neighbourSheets, pageIndexOf, progressOf } from './checklist';
import { jobMsg, sheetTitle, stateName } from './texts';
import { useChecklist } from './useChecklist';
import './job.css';

const dateFmt = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'medium', timeStyle: 'short' });

interface Props {
  id: string;
  /** sheet is the 1-based sheet number of the address */
  sheet: number;
  /** onSheet goes to another sheet of the job (1-based) */
  onSheet: (n: number) => void;
  /** renderPreview draws a page under a title (the results' Preview, passed in by App) */
  renderPreview: (sheet: Sheet, page: Page, title: string) => ReactNode;
}

/**
 * ChecklistPage is one sheet of a job on a phone: the pattern, its pieces
 * in cut order to tick as cut (each a large target, saved at once), the
 * job's progress, and the previous and next sheet.
 */
export function ChecklistPage({ id, sheet, onSheet, renderPreview }: Props) {
  const notices = useNotices();
  const c = useChecklist(id);
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

  if (c.missing) return <p className="inline-notice error" role="alert">{jobMsg.notFound}</p>;
  if (!c.job) return <p className="muted" role="status">{jobMsg.loading}</p>;
  if (!result) return <p className="inline-notice warning" role="alert">{jobMsg.noResult}</p>;

  const spoil = async (p: (typeof order)[number]) => {
    if (!(await notices.confirm(jobMsg.confirmSpoiled(p.name)))) return;
    const r = await c.spoil(p);
    notices.toast(r.message, r.ok ? { ms: 5000 } : { tone: 'error', ms: 8000 });
  };
  const size: Sheet = page ? { width: page.width ?? result.sheet.width, height: page.height ?? result.sheet.height } : result.sheet;
  const sheetDone = order.length > 0 && order.every((p) => c.isCut(p.id));
  return (
    <section className="checklist" aria-labelledby="checklist-title">
      <header className="checklist-head">
        <h2 id="checklist-title">{c.job.name}</h2>
        <p>
          <span className="badge" title={c.job.stateAt ? jobMsg.stateBy(c.job.stateBy, dateFmt.format(new Date(c.job.stateAt))) : undefined}>
            {stateName(c.job.state)}
          </span>{' '}
          <span data-testid="job-progress">{jobMsg.progress(progress.cut, progress.total)}</span>
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
        <strong>{jobMsg.sheetOf(sheet, pages.length)}</strong>
        <button
          type="button"
          className="secondary"
          disabled={next === null}
          onClick={() => next !== null && onSheet(next)}
          aria-label={jobMsg.nextSheet}
        >
          {jobMsg.next} ›
        </button>
      </nav>
      {c.error && (
        <p className="inline-notice error" role="alert">
          {c.error}
        </p>
      )}
      {!page ? (
        <p className="inline-notice warning" role="alert">
          {jobMsg.noSheet(sheet, pages.length)}
        </p>
      ) : (
        <>
          {renderPreview(size, page, sheetTitle(c.job.stock, page, size))}
          <h3>{jobMsg.piecesTitle}</h3>
          {sheetDone && (
            <p className="inline-notice success" role="status">
              {jobMsg.sheetDone}
            </p>
          )}
          <ol className="pieces">
            {order.map((p, k) => {
              const busy = p.id in c.pending;
              const label = jobMsg.pieceLabel(k + 1, p.name, p.width, p.height);
              return (
                <li key={p.id} className={c.isCut(p.id) ? 'piece done' : 'piece'}>
                  <label>
                    <input type="checkbox" checked={c.isCut(p.id)} disabled={busy} aria-busy={busy} onChange={(e) => void c.tick(p.id, e.target.checked)} />
                    <span>{label}</span>
                  </label>
                  <button type="button" className="ghost danger-text" aria-label={jobMsg.spoiledAria(label)} onClick={() => void spoil(p)}>
                    {jobMsg.spoiled}
                  </button>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
