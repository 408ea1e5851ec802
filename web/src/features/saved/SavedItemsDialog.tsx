import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useNotices } from '../../components/Notices';
import { ApiError, type JobProgress, type JobState } from '../../lib/api';
import { foldName } from '../../lib/fold';
import { fmtCm } from '../../lib/number';
import { isQuotaExceeded } from '../../lib/storage';
import { msg } from '../../messages';
import { api, cutLayoutOf, keptLocally, localStore, offcutsOf, stockMovesOf, type LayoutSummary, type SavedLayout, type SavedPart } from './api';
import { announceJobGone } from './jobGone';
import { savedMsg, stateLabel } from './texts';

interface Props {
  /** whose local copy of layouts and parts to show (ownerOf) */
  owner: string;
  onAddParts: (parts: SavedPart[]) => void;
  /** onLoadLayout puts a layout on screen; it may ask first, and the dialog waits. */
  onLoadLayout: (l: SavedLayout) => void | Promise<void>;
  /** describePart is a saved part's material, thickness, grain and bands in a short line ('' for none). */
  describePart?: (p: SavedPart) => string;
  /** onJobState is told that a job moved to another state (the work and the stock follow), with the job as cut when the server answered it */
  onJobState?: (id: string, state: JobState, cut?: SavedLayout) => void;
  onClose: () => void;
}

const dateFmt = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'medium', timeStyle: 'short' });

/** SEARCH_DELAY_MS: the layout search asks the server once typing pauses this long. */
export const SEARCH_DELAY_MS = 300;

/** One row of the layout list: a summary from the server, or a layout kept in this browser. */
interface Row {
  key: string;
  id: string;
  name: string;
  partLines: number;
  pieces: number;
  createdAt: string;
  local?: SavedLayout;
  /** state and progress: a job on a server that keeps jobs */
  state?: JobState;
  progress?: JobProgress;
}

interface ServerList {
  /** query is the search the items answer; null before the first answer */
  query: string | null;
  items: LayoutSummary[];
  next?: string;
  loadingMore: boolean;
  moreFailed: boolean;
  /** unreachable: the server could not be asked (offline, 5xx): the list is not known, not empty */
  unreachable?: boolean;
}

const summaryRow = (l: LayoutSummary): Row => ({
  key: `s-${l.id}`,
  id: l.id,
  name: l.name,
  partLines: l.partLines,
  pieces: l.pieces,
  createdAt: l.createdAt,
  state: l.state,
  progress: l.progress,
});

/** MOVES are a job's next states from each state: [state, button text]. */
const MOVES: Record<JobState, [JobState, string][]> = {
  planned: [
    ['cutting', savedMsg.toCutting],
    ['cut', savedMsg.toCut],
  ],
  cutting: [
    ['cut', savedMsg.toCut],
    ['planned', savedMsg.undo],
  ],
  cut: [['cutting', savedMsg.undo]],
};

/**
 * nextFocus is what takes the focus when the row of a Sil button goes: the
 * Sil of the next row, else of the row before, else the dialog.
 */
function nextFocus(button: HTMLElement): HTMLElement | null {
  const row = button.closest('li');
  const other = row?.nextElementSibling ?? row?.previousElementSibling;
  return other?.querySelector<HTMLElement>('[data-remove]') ?? button.closest<HTMLElement>('[role="dialog"]');
}

/**
 * SETTLE_MS: after a job's state changes, its buttons change under the
 * finger ("Kesime başla" gives way to "Kesildi" in the same place), so a
 * second tap of a double tap would press the new one; a state button
 * pressed this soon after a change does nothing.
 */
export const SETTLE_MS = 600;

/** settling tells whether a tap now comes within SETTLE_MS of a change made at since (Date.now()); taps only, never a render. */
const settling = (since: number) => Date.now() - since < SETTLE_MS;

/**
 * touchScreen tells whether the main pointer is a finger: there the search
 * field is not focused on opening, as the on-screen keyboard would come up
 * over the list.
 */
const touchScreen = () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/** checklistPath is the checklist address of a job's first sheet (the route of features/job). */
const checklistPath = (id: string) => `/is/${encodeURIComponent(id)}/levha/1`;
const localRow = (l: SavedLayout): Row => ({
  key: `l-${l.id}`,
  id: l.id,
  name: l.name,
  partLines: l.parts.length,
  pieces: l.parts.reduce((a, p) => a + p.quantity, 0),
  createdAt: l.createdAt,
  local: l,
});

/**
 * SavedItemsDialog lists saved parts and layouts, with search. The server
 * sends layouts as summaries, a page at a time, found by name (q); a
 * layout's parts come when it is loaded. The parts list and the layouts
 * kept in this browser are searched here.
 */
export function SavedItemsDialog({ owner, onAddParts, onLoadLayout, describePart, onJobState, onClose }: Props) {
  const store = useMemo(() => localStore(owner), [owner]);
  const [parts, setParts] = useState<SavedPart[] | null>(null);
  // The server could not be asked for the saved parts: those shown are the ones kept here.
  const [partsUnreachable, setPartsUnreachable] = useState(false);
  const [localLayouts, setLocalLayouts] = useState<SavedLayout[]>(() => store.layouts());
  const [server, setServer] = useState<ServerList>({ query: null, items: [], loadingMore: false, moreFailed: false });
  const [query, setQuery] = useState('');
  const [serverQuery, setServerQuery] = useState('');
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const [movingId, setMovingId] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [touch] = useState(touchScreen);
  // When a job last changed state (Date.now()); see SETTLE_MS.
  const movedAt = useRef(-Infinity);
  // The state buttons show that they wait out SETTLE_MS (disabled), so a deliberate tap is not lost unseen.
  const [settlingAfterMove, setSettlingAfterMove] = useState(false);
  const listSeq = useRef(0);
  const notices = useNotices();
  // After a delete the focus moves on once the row has gone (nextFocus).
  const focusAfterDelete = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    focusAfterDelete.current?.focus();
    focusAfterDelete.current = null;
  });

  useEffect(() => {
    api
      .listParts()
      .then(setParts)
      // Database failures yield empty lists (section 8); local parts stay.
      // Out of reach, the dialog says so rather than that none are saved.
      .catch((e) => {
        setPartsUnreachable(keptLocally(e));
        setParts(store.parts());
      });
  }, [store]);

  // The server is asked once typing pauses; an answer to an older search is dropped.
  useEffect(() => {
    const t = setTimeout(() => setServerQuery(query.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [query]);
  useEffect(() => {
    const seq = ++listSeq.current;
    api
      .listLayouts({ q: serverQuery || undefined })
      .then((page) => {
        if (seq === listSeq.current) setServer({ query: serverQuery, items: page.layouts, next: page.next, loadingMore: false, moreFailed: false });
      })
      .catch((e) => {
        console.error('layout list failed', e);
        if (seq === listSeq.current) setServer({ query: serverQuery, items: [], loadingMore: false, moreFailed: false, unreachable: keptLocally(e) });
      });
  }, [serverQuery]);
  // The list shown answers an older search (or none yet) while the server is asked.
  const loading = server.query !== serverQuery;
  // What the footer would count is not known while the server is out of reach.
  const unreachable = partsUnreachable || (!!server.unreachable && !loading);

  const loadMore = () => {
    if (!server.next || server.loadingMore) return;
    const seq = listSeq.current;
    setServer((s) => ({ ...s, loadingMore: true, moreFailed: false }));
    api
      .listLayouts({ q: serverQuery || undefined, cursor: server.next })
      .then((page) => {
        if (seq !== listSeq.current) return;
        setServer((s) => {
          const have = new Set(s.items.map((l) => l.id));
          return { ...s, items: [...s.items, ...page.layouts.filter((l) => !have.has(l.id))], next: page.next, loadingMore: false };
        });
      })
      .catch(() => {
        if (seq === listSeq.current) setServer((s) => ({ ...s, loadingMore: false, moreFailed: true }));
      });
  };

  // Names are matched folded as the server folds the layout search
  // (foldName): "arkalik" finds the part "Arkalık" as "mutfak isi" finds the layout "Mutfak İşi".
  const q = foldName(query.trim());
  const shownParts = useMemo(
    () =>
      (parts ?? []).filter(
        (p) =>
          !q ||
          foldName(p.name).includes(q) ||
          `${fmtCm(p.width)}x${fmtCm(p.height)}`.includes(q.replace(/\s/g, '')) ||
          `${p.width}x${p.height}`.includes(q.replace(/\s/g, '')),
      ),
    [parts, q],
  );
  const rows: Row[] = [
    ...localLayouts.filter((l) => !q || foldName(l.name).includes(q)).map(localRow),
    ...server.items.map(summaryRow),
  ];

  const toggle = (id: string) => {
    const s = new Set(selected);
    if (s.has(id)) s.delete(id);
    else s.add(id);
    setSelected(s);
  };
  const addSelected = async () => {
    if (selected.size === 0) return notices.alert(msg.selectParts);
    onAddParts((parts ?? []).filter((p) => selected.has(p.id)));
    setSelected(new Set());
    onClose();
  };
  const deletePart = async (p: SavedPart, button: HTMLElement) => {
    if (!(await notices.confirm(msg.confirmDeletePart(p.name), { destructive: true }))) return;
    try {
      await api.deletePart(p.id);
      setParts((ps) => (ps ?? []).filter((x) => x.id !== p.id));
      focusAfterDelete.current = nextFocus(button);
      notices.toast(msg.partDeleted);
    } catch {
      await notices.alert(msg.partDeleteError);
    }
  };
  const deleteLayout = async (r: Row, button: HTMLElement) => {
    if (!(await notices.confirm(msg.confirmDeleteLayout(r.name), { destructive: true }))) return;
    try {
      if (r.local) {
        try {
          store.removeLayout(r.id);
        } catch (e) {
          // This browser refused the write: the layout stays, and is still listed.
          await notices.alert(msg.localLayoutNotRemoved(isQuotaExceeded(e)));
          return;
        }
        setLocalLayouts((ls) => ls.filter((x) => x.id !== r.id));
      } else {
        await api.deleteLayout(r.id);
        setServer((s) => ({ ...s, items: s.items.filter((x) => x.id !== r.id) }));
        // The work on screen, when it was this job, is no job any more.
        announceJobGone(r.id);
      }
      focusAfterDelete.current = nextFocus(button);
      notices.toast(msg.layoutDeleted);
    } catch {
      await notices.alert(msg.layoutDeleteError);
    }
  };
  // A job moves to another state; marking it cut says how many offcuts went to the rack.
  const moveJob = async (r: Row, state: JobState) => {
    if (movingId || settling(movedAt.current)) return;
    // Marking it cut says how many pieces are not ticked yet.
    const progress = r.progress;
    const cutAsk = progress && progress.cut < progress.total ? savedMsg.confirmCutUnticked(r.name, progress.cut, progress.total) : savedMsg.confirmCut(r.name);
    if (state === 'cut' && !(await notices.confirm(cutAsk))) return;
    // Undoing a cut takes its offcuts off the rack and puts back those it used.
    if (r.state === 'cut' && !(await notices.confirm(savedMsg.confirmUndoCutRack(r.name), { destructive: true }))) return;
    // Back to planned, the sawyers' checklists stop and a re-plan drops the ticks.
    const backToPlanned = r.state === 'cutting' && state === 'planned';
    if (backToPlanned && !(await notices.confirm(savedMsg.confirmBackToPlanned(r.name, progress?.cut ?? 0), { destructive: true }))) return;
    setMovingId(r.id);
    let moved = false;
    try {
      const answer = await api.setState(r.id, state);
      setServer((s) => ({ ...s, items: s.items.map((x) => (x.id === r.id ? { ...x, state } : x)) }));
      moved = true;
      let text: string;
      // Kesildi and its undo also say which stock sheets they took off or put back.
      const sheets = savedMsg.stockMoved(stockMovesOf(answer));
      if (state === 'cut') text = savedMsg.markedCut(r.name, await offcutsOf(r.id, answer).catch(() => 0)) + sheets;
      else if (r.state === 'cut') text = savedMsg.undoneCut(r.name) + sheets;
      else if (backToPlanned) text = savedMsg.backToPlanned(r.name);
      else text = state === 'cutting' ? savedMsg.markedCutting(r.name) : savedMsg.markedPlanned(r.name);
      notices.toast(text, { ms: sheets ? 8000 : 5000 });
      const cut = state === 'cut' ? cutLayoutOf(answer) : undefined;
      if (cut) onJobState?.(r.id, state, cut);
      else onJobState?.(r.id, state);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 401)) await notices.alert(savedMsg.stateFailed((e as Error).message));
    } finally {
      // The new buttons take taps once they are enabled, SETTLE_MS from now.
      if (moved) {
        movedAt.current = Date.now();
        setSettlingAfterMove(true);
        setTimeout(() => setSettlingAfterMove(false), SETTLE_MS);
      }
      setMovingId(null);
    }
  };
  // A layout from the server is fetched whole when it is loaded.
  const loadLayout = async (r: Row) => {
    if (r.local) return onLoadLayout(r.local);
    if (loadingId) return;
    setLoadingId(r.id);
    try {
      // The load may be called off (a question about the stock): the list stays usable.
      await onLoadLayout(await api.getLayout(r.id));
    } catch (e) {
      // A lost session shows the sign-in screen instead.
      if (!(e instanceof ApiError && e.status === 401)) await notices.alert(`${msg.layoutLoadError}\n${(e as Error).message}`);
    } finally {
      setLoadingId(null);
    }
  };

  return (
    <Dialog
      title={msg.savedDialogTitle}
      onClose={onClose}
      // A stray tap beside the dialog keeps a search or a selection.
      closeOnBackdrop={selected.size === 0 && !query}
      wide
      footer={
        <>
          {/* A status: a screen reader hears the counts change as a search is typed. */}
          <span className="muted grow" role="status">
            {unreachable ? savedMsg.onlyLocal : (q ? savedMsg.foundCounts : savedMsg.savedCounts)(shownParts.length, rows.length, !!server.next)}
          </span>
          <button type="button" className="secondary" data-autofocus={touch || undefined} onClick={onClose}>
            {msg.close}
          </button>
        </>
      }
    >
      <label className="field">
        <span>{msg.search}</span>
        {/* On a touch screen the focus goes to Kapat instead (touchScreen). */}
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} data-autofocus={!touch || undefined} />
      </label>
      <h3>{msg.savedPartsTitle}</h3>
      {partsUnreachable && (
        <p className="inline-notice error" role="status">
          {savedMsg.partsUnreachable}
        </p>
      )}
      {parts === null ? (
        <p className="muted">{msg.loadingParts}</p>
      ) : shownParts.length === 0 ? (
        !partsUnreachable && <p className="muted">{q ? msg.noMatchingParts : msg.noSavedParts}</p>
      ) : (
        <>
          <ul className="saved-grid">
            {shownParts.map((p) => (
              <li key={p.id} className="saved-part">
                <label className="check">
                  <input type="checkbox" checked={selected.has(p.id)} onChange={() => toggle(p.id)} />
                  <span>
                    <strong>{p.name}</strong> {fmtCm(p.width)} x {fmtCm(p.height)} cm · {msg.pieces(p.quantity)}
                    {describePart?.(p) && <small className="muted"> · {describePart(p)}</small>}
                  </span>
                </label>
                <button type="button" className="ghost danger-text" data-remove onClick={(e) => void deletePart(p, e.currentTarget)} aria-label={`${p.name}: ${msg.remove}`}>
                  {msg.remove}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="primary" onClick={() => void addSelected()}>
            {msg.addSelected(selected.size)}
          </button>
        </>
      )}
      <h3>{msg.savedLayoutsTitle}</h3>
      {server.unreachable && !loading && (
        <p className="inline-notice error" role="status">
          {savedMsg.layoutsUnreachable}
        </p>
      )}
      {rows.length === 0 ? (
        !(server.unreachable && !loading) && <p className="muted">{loading ? msg.loadingLayouts : q ? msg.noMatchingLayouts : msg.noSavedLayouts}</p>
      ) : (
        <ul className="saved-layouts" aria-busy={loading}>
          {rows.map((r) => (
            <li key={r.key}>
              <div>
                <strong>{r.name}</strong> {r.local && <span className="badge">{msg.localBadge}</span>}
                {r.state && (
                  <span className={`badge job-${r.state}`} data-testid="job-state">
                    {stateLabel(r.state)}
                  </span>
                )}
                <div className="muted">
                  {msg.layoutInfo(r.partLines, r.pieces, dateFmt.format(new Date(r.createdAt)))}
                  {r.progress && r.progress.total > 0 && r.state !== 'planned' ? ` · ${savedMsg.progress(r.progress.cut, r.progress.total)}` : ''}
                </div>
              </div>
              <div className="actions">
                {/* A layout saved without its result (progress.total 0) cannot become a job. */}
                {r.state &&
                  (r.progress?.total ?? 0) > 0 &&
                  MOVES[r.state].map(([to, text]) => (
                    <button
                      key={to}
                      type="button"
                      className="secondary"
                      disabled={movingId !== null || settlingAfterMove}
                      aria-busy={movingId === r.id}
                      onClick={() => void moveJob(r, to)}
                      aria-label={`${r.name}: ${text}`}
                    >
                      {text}
                    </button>
                  ))}
                {r.state && r.state !== 'planned' && (
                  <a className="button secondary" href={checklistPath(r.id)} aria-label={`${r.name}: ${savedMsg.checklist}`}>
                    {savedMsg.checklist}
                  </a>
                )}
                <button
                  type="button"
                  className="secondary"
                  disabled={loadingId !== null}
                  aria-busy={loadingId === r.id}
                  onClick={() => void loadLayout(r)}
                  aria-label={`${r.name}: ${msg.load}`}
                >
                  {loadingId === r.id ? msg.layoutLoading : msg.load}
                </button>
                <button type="button" className="ghost danger-text" data-remove onClick={(e) => void deleteLayout(r, e.currentTarget)} aria-label={`${r.name}: ${msg.remove}`}>
                  {msg.remove}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {server.moreFailed && !loading && (
        <p className="inline-notice error" role="alert">
          {msg.layoutsLoadError}
        </p>
      )}
      {server.next && !loading && (
        <button type="button" className="secondary" disabled={server.loadingMore} onClick={loadMore}>
          {server.loadingMore ? msg.loadingLayouts : msg.moreLayouts}
        </button>
      )}
    </Dialog>
  );
}
