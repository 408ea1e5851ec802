import { memo, useCallback, useMemo, useState } from 'react';
import { Footer } from './app/Footer';
import { Header } from './app/Header';
import { useAppConfig } from './app/useAppConfig';
import { useEngine } from './app/useEngine';
import { buildRequest, useLayoutSearch } from './app/useLayoutSearch';
import { useSession } from './app/useSession';
import { useWork } from './app/useWork';
import { useSyncOnSignIn } from './app/sync';
import { saveStock, useStockSync } from './app/useStockSync';
import { useNotices } from './components/Notices';
import { Splash } from './components/Splash';
import { defaultFactory } from './generated/texts';
import { SignIn } from './features/auth/SignIn';
import { CanvasCard } from './features/canvas/CanvasCard';
import { cutOptions, sheetOf } from './features/canvas/settings';
import type { EngineClient } from './features/engine/client';
import { ExportButtons } from './features/export/ExportButtons';
import { PartForm } from './features/parts/PartForm';
import { PartList } from './features/parts/PartList';
import { PerformanceBanner } from './features/parts/PerformanceBanner';
import { dataSize, totals } from './features/parts/parts';
import { NoParts } from './features/results/NoParts';
import { ProgressCard } from './features/results/ProgressCard';
import { ResultsView } from './features/results/ResultsView';
import type { SavedLayout, SavedPart } from './features/saved/api';
import { SavedItemsDialog } from './features/saved/SavedItemsDialog';
import { SaveLayoutDialog } from './features/saved/SaveLayoutDialog';
import { EMPTY_STOCK, stockOptions, type StockSettings } from './features/stock/stock';
import { StockDialog } from './features/stock/StockDialog';
import { stockMsg } from './features/stock/texts';
import { msg } from './messages';

// The cards below re-render only when their own props change: progress
// reports from the engine (many a second) redraw the progress card alone.
const PartFormM = memo(PartForm);
const PartListM = memo(PartList);
const CanvasCardM = memo(CanvasCard);
const ResultsViewM = memo(ResultsView);

/**
 * App is the page: the header, the parts and the canvas, their layout,
 * and the dialogs over them. engine is a stand-in for tests.
 */
/** withoutUndefined drops the keys a saved part does not have, so that it is kept as it came. */
function withoutUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export function App({ engine: given }: { engine?: EngineClient }) {
  const notices = useNotices();
  const [splash, setSplash] = useState(true);
  const endSplash = useCallback(() => setSplash(false), []);
  const config = useAppConfig();
  const { engine, onServer } = useEngine(given);
  const session = useSession();
  const work = useWork(session.account);
  const layout = useLayoutSearch(engine, work.parts, work.canvas, work.stock);
  useSyncOnSignIn(session.account, !splash);
  useStockSync(session.account, !splash, work);

  // The saved-items dialogs belong to the work on screen: while nobody is
  // signed in there is none, and none stays open.
  const [dialog, setDialog] = useState<'save' | 'saved' | 'stock' | null>(null);
  if (work.owner === null && dialog !== null) setDialog(null);
  const closeDialog = () => setDialog(null);
  const hasParts = work.parts.length > 0;
  const openSaveDialog = useCallback(() => (hasParts ? setDialog('save') : void notices.alert(msg.needPartsToSave)), [hasParts, notices]);
  const openSavedDialog = useCallback(() => setDialog('saved'), []);
  const openStockDialog = useCallback(() => setDialog('stock'), []);
  const applyStock = async (s: StockSettings) => {
    setDialog(null);
    const r = await saveStock(s, work);
    if (r === 'saved') notices.toast(stockMsg.saved);
    else if (r === 'local') notices.toast(stockMsg.savedLocally, { tone: 'info', ms: 5000 });
    else notices.toast(r.message, { tone: 'error', ms: 8000 });
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
  const loadLayout = (l: SavedLayout) => {
    const stock = work.load(l);
    if (stock) void saveStock(stock, work);
    setDialog(null);
    notices.toast(msg.layoutLoaded(l.name));
  };

  // Signing out clears the work (after a question if it was never saved)
  // and sends what this browser kept for the user to the server first, so
  // nothing of theirs stays behind for the next user.
  const signOut = async () => {
    if (work.unsaved && !(await notices.confirm(msg.confirmSignOut))) return;
    // Stock the server has not taken yet goes before the work is forgotten.
    if (work.stockUnsent && work.stock) await saveStock(work.stock, work);
    await session.signOut();
    work.forget();
  };

  // The export buttons follow the layout, not the engine's progress: the
  // results view is drawn again only when they do.
  const stockRows = work.stock?.stock;
  const bandRows = work.stock?.bands;
  // The papers (labels, cut list, quote) read the request the layout was
  // made from: the finished sizes and the stock rows' prices. The layout
  // follows the work, so the work's request is the layout's.
  const paperRequest = useMemo(
    () => (layout.result ? buildRequest(work.parts, work.canvas, 0, 1, work.stock) : null),
    [layout.result, work.parts, work.canvas, work.stock],
  );
  // The quote's workshop name starts as the page's factory name, unless
  // that is the default tagline, which names no workshop.
  const quoteFactory = config.factory !== defaultFactory ? config.factory : undefined;
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
      />
    ),
    [engine, layout.result, config.title, stockRows, bandRows, paperRequest, quoteFactory],
  );
  const pieces = totals(work.parts).pieces;
  const bandCodes = useMemo(() => work.stock?.bands.map((b) => b.code) ?? [], [work.stock]);
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
          <PartFormM onAdd={work.add} onSaveLayout={openSaveDialog} onOpenSaved={openSavedDialog} bandCodes={bandCodes} />
          <PartListM parts={work.parts} onEdit={work.edit} onRemove={work.remove} onClear={work.clear} bandCodes={bandCodes} />
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
              stock={work.stock?.stock}
              bands={work.stock?.bands}
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
          stock={work.stock?.stock}
          bands={work.stock?.bands}
          owner={work.owner}
          onSaved={work.markSaved}
          onClose={closeDialog}
        />
      )}
      {dialog === 'stock' && work.owner !== null && (
        <StockDialog settings={work.stock ?? EMPTY_STOCK} onSave={(s) => void applyStock(s)} onClose={closeDialog} />
      )}
      {dialog === 'saved' && work.owner !== null && (
        <SavedItemsDialog owner={work.owner} onAddParts={addSaved} onLoadLayout={loadLayout} onClose={closeDialog} />
      )}
      {!splash && session.account === null && <SignIn ended={session.ended} onSignedIn={session.signedIn} />}
    </>
  );
}
