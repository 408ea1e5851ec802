import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Footer } from './app/Footer';
import { Header } from './app/Header';
import { JobScreen } from './app/JobScreen';
import { useRoute } from './app/useRoute';
import { useAppConfig } from './app/useAppConfig';
import { useEngine } from './app/useEngine';
import { buildRequest, useLayoutSearch } from './app/useLayoutSearch';
import { useSession } from './app/useSession';
import { useSignOut } from './app/useSignOut';
import { useWork } from './app/useWork';
import { onWorkNotWritten } from './app/work';
import { useSyncOnSignIn } from './app/sync';
import { useJobSync } from './app/useJobSync';
import { refreshStock, saveStock, StockConflict, useStockSync } from './app/useStockSync';
import { useNotices } from './components/Notices';
import { Splash } from './components/Splash';
import { defaultFactory } from './generated/texts';
import { SignIn } from './features/auth/SignIn';
import { Unreachable } from './features/auth/Unreachable';
import { CanvasCard } from './features/canvas/CanvasCard';
import { cutOptions, sheetOf, type CanvasSettings } from './features/canvas/settings';
import { CompareDialog, type PlanChoice, type PlanRunner } from './features/compare/CompareDialog';
import { compareMsg } from './features/compare/texts';
import type { EngineClient } from './features/engine/client';
import { resultFits } from './features/job/checklist';
import { JobBanner } from './features/job/JobBanner';
import { ExportButtons } from './features/export/ExportButtons';
import { PartForm } from './features/parts/PartForm';
import { PartList } from './features/parts/PartList';
import { PerformanceBanner } from './features/parts/PerformanceBanner';
import { dataSize, describeExtras, totals } from './features/parts/parts';
import { NoParts } from './features/results/NoParts';
import { ProgressCard } from './features/results/ProgressCard';
import { ResultsView } from './features/results/ResultsView';
import { api as savedApi, type SavedLayout, type SavedPart } from './features/saved/api';
import { SavedItemsDialog } from './features/saved/SavedItemsDialog';
import { SaveLayoutDialog } from './features/saved/SaveLayoutDialog';
import { savedMsg } from './features/saved/texts';
import type { JobState } from './lib/api';
import { EMPTY_STOCK, replacesStock, stockOptions, type StockSettings } from './features/stock/stock';
import { DEFAULT_OFFCUT_SETTINGS, engineRow } from './features/stock/offcuts';
import { StockDialog, type StockRead } from './features/stock/StockDialog';
import { stockMsg } from './features/stock/texts';
import { msg } from './messages';

// The cards below re-render only when their own props change: progress
// reports from the engine (many a second) redraw the progress card alone.
const PartFormM = memo(PartForm);
const PartListM = memo(PartList);
const CanvasCardM = memo(CanvasCard);
const ResultsViewM = memo(ResultsView);

/** withoutUndefined drops the keys a saved part does not have, so that it is kept as it came. */
function withoutUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * App is the page: at a sheet's checklist address (/is/{id}/levha/{n})
 * that sheet's checklist, else the work (Workbench): the header, the
 * parts and the canvas, their layout, and the dialogs over them. engine
 * is a stand-in for tests.
 */
export function App({ engine }: { engine?: EngineClient }) {
  const route = useRoute();
  if (route.job) return <JobScreen address={route.job} go={route.go} />;
  return <Workbench engine={engine} />;
}

/** Workbench is the work: the parts, the canvas, the layout and the dialogs. */
function Workbench({ engine: given }: { engine?: EngineClient }) {
  const notices = useNotices();
  const [splash, setSplash] = useState(true);
  const endSplash = useCallback(() => setSplash(false), []);
  const config = useAppConfig();
  const { engine, onServer, helpers } = useEngine(given);
  const session = useSession();
  const work = useWork(session.account);
  // The browser refused to keep the work (its storage full): the change is
  // on screen but a reload would lose it. Told once, until a write goes through.
  useEffect(() => onWorkNotWritten((e) => void notices.alert(e.full ? msg.workNotWrittenFull : msg.workNotWritten)), [notices]);
  // A job being cut re-plans with its ticked sheets pinned. A loaded
  // layout's stored result is shown as it is until the work changes (or
  // the user asks for a new layout): a job's screen is its saved plan, and
  // a job already cut shows the layout that was sawn.
  const cutting = work.job?.state === 'cutting' ? work.job : undefined;
  const pinned = cutting?.pinned;
  const layout = useLayoutSearch(engine, work.parts, work.canvas, work.stock, pinned, helpers, work.shown);
  const stored = layout.stored ? (work.job?.state === 'cut' ? 'cut' : 'layout') : null;
  // A job already cut is shown as it was sawn after a reload too (the
  // stored result is not kept with the work in the browser): read again.
  const cutId = work.job?.state === 'cut' && !work.shown && !work.unsaved ? work.job.id : undefined;
  const { showCut } = work;
  useEffect(() => {
    if (!cutId) return;
    let live = true;
    savedApi.getLayout(cutId).then(
      (l) => live && showCut(l),
      () => {}, // out of reach: the layout laid out here stays
    );
    return () => {
      live = false;
    };
  }, [cutId, showCut]);
  useSyncOnSignIn(session.account, !splash);
  useStockSync(session.account, !splash, work, notices.confirm);
  useJobSync(work);
  const cutPages = useMemo(() => (pinned?.length ? new Set(pinned.map((p) => p.id)) : undefined), [pinned]);
  // The sheets marked "Kesildi" on screen: a job already cut shown as it was sawn has every sheet cut.
  const shownCutPages = useMemo(
    () => (stored === 'cut' && layout.result ? new Set(layout.result.pages.map((p) => p.id)) : cutPages),
    [stored, layout.result, cutPages],
  );
  // A line taken off the part list can be put back from the toast that says so: one tap on Sil is not final.
  const { remove: removeLine, restore: restoreLine } = work;
  const removePart = useCallback(
    (id: string) => {
      const gone = removeLine(id);
      if (!gone) return;
      notices.toast(msg.partRemoved(gone.part.name), {
        tone: 'info',
        ms: 6000,
        action: { label: msg.undo, run: () => restoreLine(gone.part, gone.index), undo: true },
      });
    },
    [removeLine, restoreLine, notices],
  );

  // The saved-items dialogs belong to the work on screen: while nobody is
  // signed in there is none, and none stays open.
  const [dialog, setDialog] = useState<'save' | 'saved' | 'stock' | 'compare' | null>(null);
  // A save of the stock the server refused (saved elsewhere since): the
  // stock dialog shows it again over the server's list until it is saved
  // or given up.
  const [stockConflict, setStockConflict] = useState<StockConflict | null>(null);
  if (work.owner === null && dialog !== null) setDialog(null);
  if (work.owner === null && stockConflict !== null) setStockConflict(null);
  const closeDialog = () => setDialog(null);
  const hasParts = work.parts.length > 0;
  // A layout is saved with its result once the result is of the parts on
  // screen; a job being cut cannot be saved without one. It is checked only
  // then (the save dialog open, a job being cut): a change of the parts
  // does not check the old result against 20.000 lines.
  const checkFit = dialog === 'save' || !!cutting;
  const fitting = useMemo(
    () => (checkFit && layout.result && resultFits(layout.result, work.parts, cutPages) ? layout.result : null),
    [checkFit, layout.result, work.parts, cutPages],
  );
  const needsResult = !!cutting && !fitting;
  // A layout keeps its stock rows as the engine read them (offcuts without the rack's own fields).
  const savedStock = useMemo(() => work.stock?.stock.map(engineRow), [work.stock]);
  const openSaveDialog = useCallback(() => {
    if (!hasParts) return void notices.alert(msg.needPartsToSave);
    if (needsResult) return void notices.toast(savedMsg.waitForLayout, { tone: 'info', ms: 4000 });
    setDialog('save');
  }, [hasParts, needsResult, notices]);
  const openSavedDialog = useCallback(() => setDialog('saved'), []);
  // The dialog opens on the server's rack as it is now: a job cut
  // elsewhere since may have put offcuts on it or used some.
  const openStockDialog = async () => {
    await refreshStock(work);
    setDialog('stock');
  };
  // A save refused because the list was saved elsewhere since opens the
  // dialog again on the user's list, with the server's message.
  const stockRefused = (c: StockConflict) => {
    setStockConflict(c);
    setDialog('stock');
  };
  // The dialog's save goes with the version and rack it was opened on (a
  // list taken from another tab since is then a conflict, not overwritten).
  // A plan taken from the comparison (plan: its name) changed a setting,
  // not the list: its save, when it goes, says the setting was applied.
  const applyStock = async (s: StockSettings, read?: StockRead, plan?: string) => {
    setDialog(null);
    setStockConflict(null);
    const r = read ? await saveStock(s, work, read.version ?? work.stockVersion, read.settings) : await saveStock(s, work);
    if (r instanceof StockConflict) stockRefused(r);
    else if (r === 'saved') notices.toast(plan === undefined ? stockMsg.saved : compareMsg.applied(plan));
    else if (r === 'local') notices.toast(plan === undefined ? stockMsg.savedLocally : compareMsg.appliedLocally(plan), { tone: 'info', ms: 5000 });
    else notices.toast(r.message, { tone: 'error', ms: 8000 });
  };
  const closeStockDialog = () => {
    setStockConflict(null);
    setDialog(null);
  };
  // The server's list instead of the refused one: read again, the dialog opens anew on it.
  const reloadStock = async () => {
    if (await refreshStock(work, true)) setStockConflict(null);
    else notices.toast(stockMsg.reloadFailed, { tone: 'error', ms: 8000 });
  };
  // "Planları karşılaştır" (features/compare, docs/worker.md): the job as
  // the page lays it out, under other settings, on a helper engine (with
  // none, on the page's engine once its layout ended), never on the layout
  // on screen. A plan taken changes the settings as their dialogs do.
  const openCompare = useCallback(() => setDialog('compare'), []);
  // The cut lists list as leftovers the offcuts the rack gets when the job
  // is marked cut: under the user's offcut rules (the server's default 30 × 30 cm without);
  // a cut job's those its cut put on the rack, with their codes. The
  // comparison's largest leftover is the largest of those offcuts too.
  const offcutRules = (work.stock?.offcutSettings ?? DEFAULT_OFFCUT_SETTINGS).rules;
  const compareRunner = useCallback((): PlanRunner => {
    const helper = helpers()[0];
    return { engine: helper ?? engine, sharesPage: !helper, measure: (r, q) => engine.leftovers(r, q, offcutRules) };
  }, [helpers, engine, offcutRules]);
  const takePlan = (c: PlanChoice<CanvasSettings, StockSettings>) => {
    setDialog(null);
    if (c.canvas) work.setCanvas(c.canvas);
    if (c.stock) void applyStock(c.stock, c.read, c.label);
    else notices.toast(compareMsg.applied(c.label));
  };
  const addSaved = (ps: SavedPart[]) => {
    // A saved part comes back with its optional columns (material,
    // thickness, grain, bands) when it has them, and without when not.
    work.add(
      ps.map(({ name, width, height, quantity, material, thickness, grain, edges }) =>
        withoutUndefined({ name, width, height, quantity, material, thickness, grain, edges }),
      ),
    );
    notices.toast(msg.partsAdded(ps.length));
  };
  const jobMoved = (id: string, state: JobState, cut?: SavedLayout) => {
    work.setJob(id, { state, pinned: [] }, cut);
    void refreshStock(work);
  };
  // Loading a layout made with other stock rows or bands puts those back
  // in the user's stock, which is asked first.
  const loadLayout = async (l: SavedLayout) => {
    if (work.unsaved && !(await notices.confirm(msg.confirmLoadOverUnsaved(l.name), { destructive: true }))) return;
    // A layout of other stock rows loads with them (they become the user's) or with today's stock and prices.
    let keepStock = false;
    // A job already cut shows the layout that was sawn and never puts its
    // old stock back (work.load), so there is nothing to ask.
    if (l.state !== 'cut' && replacesStock(work.stock, l.stock, l.bands)) {
      const how = await notices.choose(msg.confirmStockReplace(l.name), [
        { value: 'current', label: msg.loadWithCurrentStock },
        { value: 'layout', label: msg.loadWithLayoutStock },
      ]);
      if (how === null) return;
      keepStock = how === 'current';
    }
    const stock = work.load(l, keepStock);
    if (stock)
      void saveStock(stock, work).then((r) => {
        if (r instanceof StockConflict) stockRefused(r);
      });
    setDialog(null);
    notices.toast(msg.layoutLoaded(l.name));
  };

  // Signing out clears the work (after a question if it was never saved)
  // and sends what this browser kept for the user to the server first, as
  // on a sheet's checklist page (JobScreen).
  const signOut = useSignOut(session, work);

  // The export buttons follow the layout, not the engine's progress: the
  // results view is drawn again only when they do.
  // A cut job's layout names its boards by the rows it was made with (a cut may have taken a row off today's stock).
  const stockRows = work.shownRows ?? work.stock?.stock;
  const bandRows = work.stock?.bands;
  // The papers (labels, cut list, quote) read the request the layout was
  // made from: the finished sizes and the stock rows' prices. The layout
  // follows the work (a stored one shown is of the work as loaded), so the
  // work's request is the layout's.
  // A cut job's papers are of the rows it was cut from: the cut may have
  // taken the last sheet of a row off today's stock, and the quote and cut
  // list then found no row for its pages.
  const paperStock = useMemo(
    () => (work.shownRows ? { ...(work.stock ?? { bands: [], objective: 'cost' as const, deductBands: false }), stock: work.shownRows } : work.stock),
    [work.shownRows, work.stock],
  );
  const paperRequest = useMemo(
    () => (layout.result ? buildRequest(work.parts, work.canvas, 0, 1, paperStock, pinned) : null),
    [layout.result, work.parts, work.canvas, paperStock, pinned],
  );
  // The quote's workshop name starts as the page's factory name, unless
  // that is the default tagline, which names no workshop.
  const quoteFactory = config.factory !== defaultFactory ? config.factory : undefined;
  // A saved job's PDF and labels carry its sheets' QR codes (when the server keeps the layout shown).
  const jobId = work.job?.id;
  // The labels and the quote carry the saved layout's name (the job's), as kesim nest --job does.
  const jobName = work.job?.name ?? '';
  const cutOffcuts = work.shownOffcuts;
  const exports = useMemo(
    () => (
      <ExportButtons
        exporter={engine}
        result={layout.result}
        title={config.title}
        stock={stockRows}
        bands={bandRows}
        request={paperRequest}
        factory={quoteFactory}
        layoutId={jobId}
        job={jobName}
        offcutRules={offcutRules}
        cutOffcuts={cutOffcuts}
      />
    ),
    [engine, layout.result, config.title, stockRows, bandRows, paperRequest, quoteFactory, jobId, jobName, offcutRules, cutOffcuts],
  );
  const pieces = totals(work.parts).pieces;
  const bandCodes = useMemo(() => work.stock?.bands.map((b) => b.code) ?? [], [work.stock]);
  // The sizes parts are laid out on, for the form's mm question (looksLikeMm).
  const partSheets = useMemo(
    () => [sheetOf(work.canvas), ...(work.stock?.stock ?? []).map((s) => ({ width: s.width, height: s.height }))],
    [work.canvas, work.stock],
  );
  return (
    <>
      {splash && <Splash title={config.title} onDone={endSplash} />}
      <div className="app" aria-hidden={splash}>
        <Header
          title={config.title}
          machine={config.machine}
          account={session.account}
          onSignOut={() => void signOut()}
          onOpenStock={work.owner !== null ? openStockDialog : undefined}
        />
        <main className="main">
          <PerformanceBanner parts={work.parts} />
          {onServer && <div className="inline-notice info">{msg.serverFallback}</div>}
          <JobBanner job={work.job} />
          <PartFormM
            key={work.owner ?? ''}
            draftKey={`kesim-part-draft@${work.owner ?? ''}`}
            onAdd={work.add}
            onSaveLayout={openSaveDialog}
            onOpenSaved={openSavedDialog}
            bandCodes={bandCodes}
            jobPieces={pieces}
            sheets={partSheets}
          />
          <PartListM parts={work.parts} onEdit={work.edit} onRemove={removePart} onClear={work.clear} bandCodes={bandCodes} />
          <CanvasCardM settings={work.canvas} onChange={work.setCanvas} />
          {/* Until the first layout the progress card stands alone; after
              that the results view shows the improvement in a row of its
              own height, so nothing on the page jumps when it ends. */}
          {layout.busy && !layout.result && <ProgressCard pieces={pieces} done={layout.progress.done} bestPages={layout.progress.pages} />}
          {hasParts ? (
            <ResultsViewM
              result={layout.result}
              ultra={dataSize(work.parts) === 'ultra'}
              exports={exports}
              searching={layout.searching}
              searchDone={layout.searching ? layout.progress.done : 0}
              improving={layout.busy && layout.result ? layout.progress.done : null}
              onSearchMore={layout.searchMore}
              onCancelSearch={layout.cancelSearch}
              failure={layout.failure}
              stock={stockRows}
              bands={work.stock?.bands}
              cutPages={shownCutPages}
              stored={stored}
              onRecompute={work.relayout}
              onCompare={work.owner !== null ? openCompare : undefined}
            />
          ) : (
            <NoParts />
          )}
        </main>
        <Footer factory={config.factory} title={config.title} pieces={pieces} />
      </div>
      {dialog === 'save' && work.owner !== null && (
        <SaveLayoutDialog
          parts={work.parts}
          sheet={sheetOf(work.canvas)}
          options={{ ...cutOptions(work.canvas), ...stockOptions(work.stock) }}
          stock={savedStock}
          bands={work.stock?.bands}
          result={fitting}
          job={cutting}
          owner={work.owner}
          onSaved={work.markSaved}
          onClose={closeDialog}
        />
      )}
      {dialog === 'stock' && work.owner !== null && (
        <StockDialog
          key={stockConflict ? 'conflict' : 'stock'}
          settings={work.stock ?? EMPTY_STOCK}
          parts={work.parts}
          conflict={stockConflict ?? undefined}
          version={work.stockVersion}
          onSave={(s, read) => void applyStock(s, read)}
          onClose={closeStockDialog}
          onReload={() => void reloadStock()}
        />
      )}
      {dialog === 'compare' && work.owner !== null && (
        <CompareDialog
          job={layout.job}
          canvas={work.canvas}
          stock={work.stock ?? EMPTY_STOCK}
          version={work.stockVersion}
          runner={compareRunner}
          pageBusy={layout.busy || layout.searching}
          onUse={takePlan}
          onClose={closeDialog}
        />
      )}
      {dialog === 'saved' && work.owner !== null && (
        <SavedItemsDialog owner={work.owner} onAddParts={addSaved} onLoadLayout={loadLayout} describePart={describeExtras} onJobState={jobMoved} onClose={closeDialog} />
      )}
      {!splash && session.account === null && <SignIn ended={session.ended} onSignedIn={session.signedIn} />}
      {!splash && session.account === undefined && session.unreachable && <Unreachable state={session.unreachable} onRetry={session.retry} />}
    </>
  );
}
