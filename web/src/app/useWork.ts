import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { canvasOf, type CanvasSettings } from '../features/canvas/settings';
import type { PartInput } from '../features/engine/types';
import { pinnedPages, resultFits } from '../features/job/checklist';
import { newPartId, type Part } from '../features/parts/parts';
import type { SavedLayout } from '../features/saved/api';
import { onJobGone } from '../features/saved/jobGone';
import { stockPrint } from '../features/stock/api';
import { settingsOf, stockOptions, type StockSettings } from '../features/stock/stock';
import { ownerOf, takesPlainCopies, type Me } from '../lib/account';
import type { JobState } from '../lib/api';
import { partsPrint, stillShown, stockKey, unsaved, WorkStore, type Work, type WorkJob } from './work';

/**
 * keptIds are a job's part lines with the ids they were saved with: its
 * result's pieces ("<partID>-<copy>") name them, so a re-plan's pinned
 * pages count against the right lines. Missing or repeated ids get new ones.
 */
function keptIds(parts: PartInput[]): Part[] {
  const seen = new Set<string>();
  return parts.map((p) => {
    const id = p.id && !seen.has(p.id) ? p.id : newPartId();
    seen.add(id);
    return { ...p, id };
  });
}

/** withoutJob is the work as no saved job. */
function withoutJob(w: Work): Work {
  const rest = { ...w };
  delete rest.job;
  return rest;
}

/** withStockVersion is w with the server's version of its stock, or none. */
function withStockVersion(w: Work, version: number | undefined): Work {
  if (version !== undefined) return { ...w, stockVersion: version };
  const rest = { ...w };
  delete rest.stockVersion;
  return rest;
}

/** jobOfLayout is the job a saved layout is, when the server keeps its result. */
function jobOfLayout(l: SavedLayout): WorkJob | undefined {
  if (l.local || !l.result || !l.id) return undefined;
  const state = l.state ?? 'planned';
  return { id: l.id, name: l.name, state, pinned: state === 'cutting' ? pinnedPages(l.result, l.cutPieces) : [] };
}

/**
 * isLayoutStock reports whether the stock settings s are what layout l was
 * made with (its rows, offcuts among them, its bands and their options),
 * so that its stored result is a layout of them: a layout loaded with
 * the user's stock of today (keepStock, or one saved without stock) is
 * laid out anew unless that stock is the layout's.
 */
function isLayoutStock(l: SavedLayout, s: StockSettings | undefined): boolean {
  const rows = (list: SavedLayout['stock']) =>
    (list ?? []).map((r) => [r.id, r.name ?? '', r.material ?? '', r.thickness ?? 0, r.width, r.height, r.quantity ?? 0, r.price ?? 0, r.grain ?? 'none', r.offcut === true]);
  const bands = (list: SavedLayout['bands']) => (list ?? []).map((b) => [b.code, b.name ?? '', b.thickness ?? 0, b.price ?? 0, b.overlength ?? 0]);
  const options = (o: { objective?: string; deductBands?: boolean; keepLeftover?: boolean } | undefined) => [o?.objective ?? 'cost', o?.deductBands === true, o?.keepLeftover === true];
  const print = (st: SavedLayout['stock'], b: SavedLayout['bands'], o: Parameters<typeof options>[0]) => JSON.stringify([rows(st), bands(b), options(o)]);
  return print(l.stock, l.bands, l.options) === print(s?.stock, s?.bands, stockOptions(s));
}

/** withoutShown is the work without a stored result to show. */
function withoutShown(w: Work): Work {
  const rest = { ...w };
  delete rest.shown;
  return rest;
}

/**
 * useWork is the work on screen: the parts, the canvas, and the print of
 * the layout last saved or loaded. It is the signed-in account's, kept in
 * this browser for them (work.ts) and back on screen when they sign in
 * again; while nobody is signed in (or the server has not said who is),
 * the page shows no work and keeps none.
 */
export function useWork(account: Me | null | undefined) {
  const owner = account ? ownerOf(account) : null;
  const adoptPlain = !!account && takesPlainCopies(account);
  const store = useMemo(() => new WorkStore(owner, adoptPlain), [owner, adoptPlain]);
  const work = useSyncExternalStore(store.subscribe, store.snapshot);
  const isUnsaved = useMemo(() => unsaved(work), [work]);
  const shown = useMemo(() => (stillShown(work) ? work.shown?.result : undefined), [work]);
  // The stock rows a cut job's shown layout was made with, to name its boards.
  const shownRows = useMemo(() => (stillShown(work) && work.shown?.cut ? work.shown.rows : undefined), [work]);
  // The leftovers a cut job's shown layout put on the rack, for its cut lists.
  const shownOffcuts = useMemo(() => (stillShown(work) && work.shown?.cut ? work.shown.offcuts : undefined), [work]);
  // A job on screen the server no longer has (a save over it was 404):
  // the work is no job any more, and unsaved, to be saved as a new layout.
  useEffect(
    () =>
      onJobGone((id) =>
        store.update((w) => {
          if (w.job?.id !== id) return w;
          const rest = withoutJob(w);
          delete rest.saved;
          return rest;
        }),
      ),
    [store],
  );
  const edits = useMemo(() => {
    const { update } = store;
    return {
      add: (ps: Omit<Part, 'id'>[]) => {
        const added = ps.map((p) => ({ ...p, id: newPartId() }));
        update((w) => ({ ...w, parts: [...w.parts, ...added] }));
      },
      edit: (id: string, change: Partial<Part>) => update((w) => ({ ...w, parts: w.parts.map((p) => (p.id === id ? { ...p, ...change } : p)) })),
      /** remove takes a line off the part list and returns it with its place, for restore (undefined: no such line). */
      remove: (id: string): { part: Part; index: number } | undefined => {
        const { parts } = store.snapshot();
        const index = parts.findIndex((p) => p.id === id);
        if (index < 0) return undefined;
        const part = parts[index];
        update((w) => ({ ...w, parts: w.parts.filter((p) => p.id !== id) }));
        return { part, index };
      },
      /** restore puts a removed part back at index (or at the end, when the list is shorter now); a part of its id still there stays as it is. */
      restore: (part: Part, index: number) =>
        update((w) => (w.parts.some((p) => p.id === part.id) ? w : { ...w, parts: [...w.parts.slice(0, index), part, ...w.parts.slice(index)] })),
      // A cleared list starts a new job.
      clear: () => update((w) => ({ ...withoutJob(w), parts: [] })),
      setCanvas: (canvas: CanvasSettings) => update((w) => ({ ...w, canvas })),
      /**
       * showCut shows a job already cut as it was sawn, after a reload (the
       * stored result is kept in the tab's memory only): l is the job read
       * again from the server, taken when it is the job on screen, cut, its
       * parts unchanged since they were loaded and its result fits them.
       */
      showCut: (l: SavedLayout) =>
        update((w) => {
          if (w.shown || w.job?.id !== l.id || l.state !== 'cut' || !l.result || unsaved(w)) return w;
          if (!resultFits(l.result, w.parts, new Set())) return w;
          return { ...w, shown: { result: l.result, parts: w.parts, canvas: w.canvas, stock: stockKey(w.stock), cut: true, rows: l.stock, offcuts: l.cutOffcuts } };
        }),
      /** relayout drops the stored result shown (load): the work is laid out anew, as it is. */
      relayout: () => update(withoutShown),
      /**
       * load puts a saved layout's parts and canvas on screen, and its stock
       * rows and bands unless keepStock (the user's stock and prices of today
       * stay). A job's stored result is shown as it is (shown), not laid
       * out anew, while the work stays as loaded: when the stock on screen
       * is the layout's (its own rows put back, or today's equal to them)
       * and the result fits the parts.
       */
      load: (l: SavedLayout, keepStock = false): StockSettings | undefined => {
        const job = jobOfLayout(l);
        const parts = job ? keptIds(l.parts) : l.parts.map((p) => ({ ...p, id: newPartId() }));
        // A layout saved with stock rows or bands puts them back (and
        // they become the user's stock, to be sent: the stock it returns);
        // one saved without leaves the user's stock as it is. The offcuts
        // are the rack's as the server has it now, not as they were saved.
        const rack = store.snapshot().stock;
        const sheetRows = l.stock?.filter((r) => !r.offcut);
        // A job already cut never puts its stock back: the cut took sheets
        // off today's stock, and its old list would give them back.
        const cut = job?.state === 'cut';
        const stock =
          !keepStock && !cut && (sheetRows?.length || l.bands?.length)
            ? settingsOf({
                stock: [...(sheetRows ?? []), ...(rack?.stock.filter((r) => r.offcut) ?? [])],
                bands: l.bands,
                objective: l.options?.objective,
                deductBands: l.options?.deductBands,
                keepLeftover: l.options?.keepLeftover,
                offcutSettings: rack?.offcutSettings,
              })
            : undefined;
        update((w) => {
          const canvas = canvasOf(l.sheet, l.options);
          const next: typeof w = { ...withoutShown(withoutJob(w)), parts, saved: partsPrint(l.parts), canvas };
          if (job) next.job = job;
          if (stock) {
            next.stock = stock;
            next.stockUnsent = true;
          }
          const pinned = new Set(job?.pinned.map((p) => p.id));
          if (job && l.result && (cut || stock || isLayoutStock(l, next.stock)) && resultFits(l.result, parts, pinned)) {
            next.shown = { result: l.result, parts, canvas, stock: stockKey(next.stock) };
            if (cut) next.shown = { ...next.shown, cut, rows: l.stock, offcuts: l.cutOffcuts };
          }
          return next;
        });
        return stock;
      },
      /**
       * setStock puts the stock dialog's lists on screen; unsent: the server
       * has not taken them yet (the version they were read at stays, to be
       * sent with them). Not unsent, they are the server's, at version
       * (undefined: a server without versions).
       */
      setStock: (stock: StockSettings, unsent: boolean, version?: number) =>
        update((w) => (unsent ? { ...w, stock, stockUnsent: true } : withStockVersion({ ...w, stock, stockUnsent: false, stockBase: stockPrint(stock) }, version))),
      /** stockSent notes that the server took the stock on screen, and the version it stored it as. */
      stockSent: (stock: StockSettings, version?: number) =>
        update((w) => (w.stock === stock ? withStockVersion({ ...w, stockUnsent: false, stockBase: stockPrint(stock) }, version) : w)),
      /** markSaved notes the parts just saved as a layout: they are no longer unsaved; the server's copy is the job on screen. */
      markSaved: (ps: PartInput[], saved?: Pick<SavedLayout, 'id' | 'name'>) =>
        update((w) => {
          const next = { ...withoutJob(w), saved: partsPrint(ps) };
          if (!saved?.id) return next;
          // A job saved over itself (a re-plan) keeps its state and pinned pages.
          const same = w.job?.id === saved.id ? w.job : undefined;
          return { ...next, job: { id: saved.id, name: saved.name, state: same?.state ?? 'planned', pinned: same?.pinned ?? [] } };
        }),
      /**
       * setJob notes a job's new state or ticks (pinned pages), when it is
       * the one on screen. Its stored result shown becomes the layout that
       * was sawn when the job is cut (cut: the job as the server has it
       * then, with the rows and the offcuts of its cut), as a cut job
       * loaded is shown: the cut takes sheets off the stock and puts
       * offcuts on the rack, which must not lay it out anew. Out of "cut"
       * again, it is a plan like any other.
       */
      setJob: (id: string, change: { state?: JobState; pinned?: WorkJob['pinned'] }, cut?: SavedLayout) =>
        update((w) => {
          if (w.job?.id !== id) return w;
          const next = { ...w, job: { ...w.job, ...change } };
          const shown = w.shown;
          if (change.state === 'cut' && cut?.result && shown && !shown.cut && stillShown(w) && resultFits(cut.result, w.parts, new Set())) {
            next.shown = { ...shown, result: cut.result, cut: true, rows: cut.stock, offcuts: cut.cutOffcuts };
          } else if (change.state && change.state !== 'cut' && shown?.cut) {
            next.shown = { result: shown.result, parts: shown.parts, canvas: shown.canvas, stock: stockKey(w.stock) };
          }
          return next;
        }),
      /** forget removes the owner's work from this browser (sign-out). */
      forget: store.forget,
    };
  }, [store]);

  return {
    owner: store.owner,
    parts: work.parts,
    canvas: work.canvas,
    stock: work.stock,
    stockUnsent: work.stockUnsent === true,
    stockBase: work.stockBase,
    stockVersion: work.stockVersion,
    job: work.job,
    /** shown is the loaded layout's stored result, on screen instead of a new layout while the work is as loaded */
    shown,
    /** shownRows are the stock rows a cut job's shown layout was made with (its boards' names), else undefined */
    shownRows,
    /** shownOffcuts are the leftovers a cut job's shown layout put on the rack (absent: cut before the server kept them), else undefined */
    shownOffcuts,
    /** unsaved: the parts on screen are not the layout last saved or loaded */
    unsaved: isUnsaved,
    ...edits,
  };
}
