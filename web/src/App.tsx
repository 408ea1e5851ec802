import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNotices } from './components/Notices';
import { CanvasCard } from './features/canvas/CanvasCard';
import { DEFAULT_CANVAS, type CanvasSettings } from './features/canvas/settings';
import { AbortError, EngineClient } from './features/engine/client';
import type { Request, Result } from './features/engine/types';
import { PartForm } from './features/parts/PartForm';
import { PartList } from './features/parts/PartList';
import { dataSize, newPartId, showBanner, totals, type Part } from './features/parts/parts';
import { dropWork, loadWork, partsPrint, saveWork, unsaved, type Work } from './features/parts/work';
import { ProgressCard } from './features/results/ProgressCard';
import { ResultsView } from './features/results/ResultsView';
import { syncLocal, type SavedLayout, type SavedPart } from './features/saved/api';
import { SavedItemsDialog } from './features/saved/SavedItemsDialog';
import { SaveLayoutDialog } from './features/saved/SaveLayoutDialog';
import { Splash } from './components/Splash';
import { SignIn } from './features/auth/SignIn';
import { me as whoAmI, signOut } from './features/auth/session';
import { ExportButtons } from './features/export/ExportButtons';
import { ownerOf, takesPlainCopies, type Me } from './lib/account';
import { onSignInNeeded, refresh } from './lib/api';
import { msg, fmtInt } from './messages';

// The cards below re-render only when their own props change: progress
// reports from the engine (many a second) redraw the progress card alone.
const PartFormM = memo(PartForm);
const PartListM = memo(PartList);
const CanvasCardM = memo(CanvasCard);
const ResultsViewM = memo(ResultsView);

interface AppConfig {
  title: string;
  machine: string;
  factory: string;
}

const DEFAULT_CONFIG: AppConfig = {
  title: 'Kesim',
  machine: 'Yapay zekâ destekli kesim optimizasyonu ve nesting programı',
  factory: 'Atölyenizde kullanıma hazır',
};

const FIRST_SEARCH_MS = 3000;
const LONG_SEARCH_MS = 30000;

export function buildRequest(parts: Part[], canvas: CanvasSettings, timeLimitMs: number, seed = 1): Request {
  return {
    sheet: { width: canvas.width, height: canvas.height },
    parts,
    options: {
      kerf: canvas.kerfMm / 10,
      trim: canvas.trimMm / 10,
      guillotine: canvas.guillotine,
      timeLimitMs,
      seed,
    },
  };
}

export function App({ engine: given }: { engine?: EngineClient }) {
  const notices = useNotices();
  const [phase, setPhase] = useState<'splash' | 'ready'>('splash');
  const [config, setConfig] = useState<AppConfig>(DEFAULT_CONFIG);
  // The work on screen belongs to workOwner (ownerOf): it comes once the
  // server said who is signed in, and goes when nobody is.
  const [parts, setParts] = useState<Part[]>([]);
  const [canvas, setCanvas] = useState<CanvasSettings>(DEFAULT_CANVAS);
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const [workOwner, setWorkOwner] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState({ done: 0, pages: 0 });
  const [searching, setSearching] = useState(false);
  const [serverNotice, setServerNotice] = useState(false);
  const [dialog, setDialog] = useState<'save' | 'saved' | null>(null);
  const [account, setAccount] = useState<Me | null | undefined>(undefined); // undefined: not asked yet
  const [sessionEnded, setSessionEnded] = useState(false);
  const engine = useMemo(() => given ?? new EngineClient(() => setServerNotice(true)), [given]);
  const running = useRef<AbortController | null>(null);
  // The layout on screen, read by a running search without restarting it.
  const resultRef = useRef<Result | null>(null);
  resultRef.current = result;
  const ready = useCallback(() => setPhase('ready'), []);

  useEffect(() => {
    engine.warm();
    fetch('/api/config')
      .then((r) => (r.ok ? r.json() : null))
      .then((c) => c && setConfig({ ...DEFAULT_CONFIG, ...c }))
      .catch(() => {});
  }, [engine]);

  useEffect(() => {
    if (workOwner !== null) saveWork(workOwner, { parts, canvas, saved });
  }, [parts, canvas, saved, workOwner]);

  // The work on screen is the signed-in user's: showWork puts the owner's
  // on screen, or nobody's (null) while nobody is signed in.
  const showWork = useCallback((owner: string | null, w: Work = { parts: [], canvas: DEFAULT_CANVAS }) => {
    if (owner === null) {
      running.current?.abort();
      setDialog(null);
    }
    setParts(w.parts);
    setCanvas(w.canvas);
    setSaved(w.saved);
    setWorkOwner(owner);
  }, []);

  // Who is signed in. A team server without a session shows the sign-in
  // screen; the work is hidden at once (and stays in this browser for its
  // owner, whose sign-in brings it back).
  useEffect(() => {
    whoAmI()
      .then(setAccount)
      .catch(() => setAccount({ mode: 'local' }));
    return onSignInNeeded(() => {
      showWork(null);
      setSessionEnded(true);
      setAccount(null);
    });
  }, [showWork]);

  const workOwnerRef = useRef(workOwner);
  workOwnerRef.current = workOwner;
  useEffect(() => {
    if (!account) return;
    const owner = ownerOf(account);
    if (owner !== workOwnerRef.current) showWork(owner, loadWork(owner, takesPlainCopies(account)));
  }, [account, showWork]);
  useEffect(() => {
    if (account?.mode !== 'team') return;
    const t = setInterval(() => void refresh(), 12 * 60 * 1000); // before the 15-minute access token ends
    return () => clearInterval(t);
  }, [account]);

  // Startup synchronisation: what this browser kept for the signed-in user
  // goes to the server.
  useEffect(() => {
    if (phase !== 'ready' || !account) return;
    syncLocal(account)
      .then((r) => r && notices.toast(msg.syncDone(r.newParts, r.newLayouts), { ms: 5000 }))
      .catch(() => notices.toast(msg.syncErrorText, { title: msg.syncErrorTitle, tone: 'error', ms: 5000 }));
  }, [phase, notices, account]);

  const compute = useCallback(
    (timeLimitMs: number, seed: number, long: boolean) => {
      running.current?.abort();
      if (parts.length === 0) {
        setResult(null);
        setBusy(false);
        setSearching(false);
        return;
      }
      const ctl = new AbortController();
      running.current = ctl;
      // A new computation replaces whatever ran: its flags go with it.
      setSearching(long);
      setBusy(!long);
      setProgress({ done: 0, pages: 0 });
      // Progress arrives many times a second: the page takes the latest once
      // a frame, so typing never waits behind a queue of renders.
      let frame = 0;
      let latest: { done: number; pages: number } | null = null;
      const flush = () => {
        frame = 0;
        if (latest && !ctl.signal.aborted) setProgress(latest);
        latest = null;
      };
      const better = (r: Result) => !long || !resultRef.current || r.stats.pages <= resultRef.current.stats.pages;
      engine
        .run(
          buildRequest(parts, canvas, timeLimitMs, seed),
          (p) => {
            if (ctl.signal.aborted) return;
            latest = { done: p.done, pages: p.pages };
            if (!frame) frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(flush) : (setTimeout(flush, 16) as unknown as number);
            if (p.best && better(p.best)) setResult(p.best);
          },
          ctl.signal,
        )
        .then((r) => {
          if (ctl.signal.aborted) return;
          if (better(r)) setResult(r);
          if (long) notices.toast(msg.searchDone(r.stats.pages));
        })
        .catch((e) => {
          if (e instanceof AbortError || ctl.signal.aborted) return;
          console.error('nesting failed', e);
          if (!long) setResult(null);
          notices.toast((e as Error).message || msg.unknownError, { tone: 'error', ms: 5000 });
        })
        .finally(() => {
          if (running.current === ctl) {
            running.current = null;
            setBusy(false);
            setSearching(false);
          }
        });
    },
    // The result is read through resultRef: a new layout must not restart the search.
    [parts, canvas, engine],
  );

  useEffect(() => {
    compute(FIRST_SEARCH_MS, 1, false);
  }, [compute]);

  const addParts = useCallback((ps: Omit<Part, 'id'>[]) => {
    setParts((cur) => [...cur, ...ps.map((p) => ({ ...p, id: newPartId() }))]);
  }, []);
  const editPart = useCallback(
    (id: string, change: Partial<Part>) => setParts((cur) => cur.map((p) => (p.id === id ? { ...p, ...change } : p))),
    [],
  );
  const removePart = useCallback((id: string) => setParts((cur) => cur.filter((p) => p.id !== id)), []);
  const clearParts = useCallback(() => setParts([]), []);
  const openSavedDialog = useCallback(() => setDialog('saved'), []);
  const partsRef = useRef(parts);
  partsRef.current = parts;
  const openSaveDialog = useCallback(() => {
    if (partsRef.current.length === 0) return notices.alert(msg.needPartsToSave);
    setDialog('save');
  }, [notices]);
  const searchMore = useCallback(() => compute(LONG_SEARCH_MS, 2, true), [compute]);
  const cancelSearch = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setSearching(false);
  }, []);
  const addSaved = (ps: SavedPart[]) => {
    addParts(ps.map(({ name, width, height, quantity }) => ({ name, width, height, quantity })));
    notices.toast(msg.partsAdded(ps.length));
  };
  const loadLayout = (l: SavedLayout) => {
    setParts(l.parts.map((p) => ({ ...p, id: newPartId() })));
    setSaved(partsPrint(l.parts));
    setCanvas({
      width: l.sheet?.width ?? DEFAULT_CANVAS.width,
      height: l.sheet?.height ?? DEFAULT_CANVAS.height,
      kerfMm: (l.options?.kerf ?? 0) * 10,
      trimMm: (l.options?.trim ?? 0) * 10,
      guillotine: !!l.options?.guillotine,
    });
    setDialog(null);
    notices.toast(msg.layoutLoaded(l.name));
  };

  // Signing out clears the work (after a question if it was never saved)
  // and sends what this browser kept for the user to the server first, so
  // nothing of theirs stays behind for the next user.
  const signOutNow = async () => {
    if (account?.mode !== 'team') return;
    if (unsaved({ parts, saved }) && !(await notices.confirm(msg.confirmSignOut))) return;
    try {
      const r = await syncLocal(account);
      if (r) notices.toast(msg.syncDone(r.newParts, r.newLayouts), { ms: 5000 });
    } catch {
      notices.toast(msg.keptForNextSignIn, { tone: 'info', ms: 5000 });
    }
    await signOut();
    dropWork(ownerOf(account));
    showWork(null);
    setSessionEnded(false);
    setAccount(null);
  };
  const savedNow = useCallback((ps: Part[]) => setSaved(partsPrint(ps)), []);

  // The export buttons follow the layout, not the engine's progress: the
  // results view is drawn again only when they do.
  const exports = useMemo(() => <ExportButtons exporter={engine} result={result} title={config.title} />, [engine, result, config.title]);
  const t = totals(parts);
  const size = dataSize(parts);
  return (
    <>
      {phase === 'splash' && <Splash title={config.title} onDone={ready} />}
      <div className="app" aria-hidden={phase === 'splash'}>
        <header className="header">
          <div className="brand">
            <svg viewBox="0 0 32 32" width="36" height="36" aria-hidden="true">
              <rect width="32" height="32" rx="6" fill="#1d4ed8" />
              <rect x="6" y="6" width="12" height="9" fill="#fff" />
              <rect x="20" y="6" width="6" height="20" fill="#bfdbfe" />
              <rect x="6" y="17" width="12" height="9" fill="#93c5fd" />
            </svg>
            <div className="grow">
              <h1>{config.title}</h1>
              <p>{config.machine}</p>
            </div>
            {account?.mode === 'team' && (
              <div className="account">
                <span>{account.username}</span>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => void signOutNow()}
                >
                  {msg.signOut}
                </button>
              </div>
            )}
          </div>
        </header>
        <main className="main">
          {showBanner(parts) && (
            <div className="banner" role="status">
              <strong>{msg.bannerTitle}</strong>
              <span>{msg.banner(t.pieces, t.types)}</span>
            </div>
          )}
          {serverNotice && <div className="inline-notice info">{msg.serverFallback}</div>}
          <PartFormM onAdd={addParts} onSaveLayout={openSaveDialog} onOpenSaved={openSavedDialog} />
          <PartListM parts={parts} onEdit={editPart} onRemove={removePart} onClear={clearParts} />
          <CanvasCardM settings={canvas} onChange={setCanvas} />
          {/* Until the first layout the progress card stands alone; after
              that the results view shows the improvement in a row of its
              own height, so nothing on the page jumps when it ends. */}
          {busy && !result && <ProgressCard pieces={t.pieces} done={progress.done} bestPages={progress.pages} />}
          {parts.length > 0 ? (
            <ResultsViewM
              result={result}
              ultra={size === 'ultra'}
              exports={exports}
              searching={searching}
              searchDone={searching ? progress.done : 0}
              improving={busy && !!result ? progress.done : null}
              onSearchMore={searchMore}
              onCancelSearch={cancelSearch}
            />
          ) : (
            <section className="card empty">
              <h2>{msg.empty}</h2>
              <p className="muted">{msg.emptyHint}</p>
            </section>
          )}
        </main>
        <footer className="footer">
          <span>{config.factory}</span>
          <span className="muted">
            {config.title} · {fmtInt(t.pieces)} parça
          </span>
        </footer>
      </div>
      {dialog === 'save' && workOwner !== null && (
        <SaveLayoutDialog
          parts={parts}
          sheet={{ width: canvas.width, height: canvas.height }}
          options={{ kerf: canvas.kerfMm / 10, trim: canvas.trimMm / 10, guillotine: canvas.guillotine }}
          owner={workOwner}
          onSaved={savedNow}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'saved' && workOwner !== null && (
        <SavedItemsDialog owner={workOwner} onAddParts={addSaved} onLoadLayout={loadLayout} onClose={() => setDialog(null)} />
      )}
      {phase === 'ready' && account === null && <SignIn ended={sessionEnded} onSignedIn={setAccount} />}
    </>
  );
}
