import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useNotices } from '../components/Notices';
import { cutOptions, sheetOf, type CanvasSettings } from '../features/canvas/settings';
import type { EngineClient } from '../features/engine/client';
import { LayoutSearch } from '../features/engine/search';
import type { Page, Request, Result } from '../features/engine/types';
import type { Part } from '../features/parts/parts';
import { withStock, type StockSettings } from '../features/stock/stock';
import { withoutEmptyExtras } from '../lib/extras';
import { msg } from '../messages';

/** FIRST_SEARCH_MS: every change of the job is laid out and improved for this long. */
const FIRST_SEARCH_MS = 3000;
/** LONG_SEARCH_MS: 'Daha iyi ara' searches this long, from another seed. */
const LONG_SEARCH_MS = 30000;

/**
 * buildRequest is the engine's request for the parts on the canvas and
 * the stock rows and bands (withStock): without stock rows and bands it is
 * the canvas's request alone. The parts' material, thickness, grain and
 * edges go as they are kept, only when set. pinned are the cut sheets of
 * a job being cut (Request.pinned): the engine keeps them as they are and
 * lays out only what they do not hold.
 */
export function buildRequest(parts: Part[], canvas: CanvasSettings, timeLimitMs: number, seed = 1, stock?: StockSettings, pinned?: Page[]): Request {
  const req = withStock({ sheet: sheetOf(canvas), parts: parts.map(withoutEmptyExtras), options: { ...cutOptions(canvas), timeLimitMs, seed } }, stock);
  return pinned?.length ? { ...req, pinned } : req;
}

/**
 * useLayoutSearch lays out the parts on the canvas whenever either
 * changes, and searches longer when the user asks (searchMore), on the
 * helpers' engines too (one per further core); the page says when a
 * search ends or a layout fails (once for a job, whose reason the results
 * then show). stored is a loaded layout's stored result (useWork's
 * shown): while there is one it is the layout on screen and nothing is
 * laid out; once it goes (the work changed, or the user asked for a new
 * layout), the work is laid out as after any change.
 */
export function useLayoutSearch(
  engine: EngineClient,
  parts: Part[],
  canvas: CanvasSettings,
  stock?: StockSettings,
  pinned?: Page[],
  helpers: () => EngineClient[] = () => [],
  stored?: Result,
) {
  const notices = useNotices();
  const search = useMemo(
    () =>
      new LayoutSearch(
        engine,
        {
          searchDone: (pages) => notices.toast(msg.searchDone(pages)),
          failed: (e) => notices.toast(e.message || msg.unknownError, { tone: 'error', ms: 5000 }),
        },
        helpers,
      ),
    [engine, notices, helpers],
  );
  const { result, running, progress, failure } = useSyncExternalStore(search.subscribe, search.snapshot);
  // A stored result shown stops what runs and clears the layout before
  // it: when it goes, the work is laid out anew even if unchanged.
  useEffect(() => {
    search.layout(!stored && parts.length > 0 ? buildRequest(parts, canvas, FIRST_SEARCH_MS, 1, stock, pinned) : null);
  }, [search, parts, canvas, stock, pinned, stored]);
  useEffect(() => search.cancel, [search]);
  const searchMore = useCallback(() => search.search(LONG_SEARCH_MS, 2), [search]);
  return {
    result: stored ?? result,
    /** stored: the result on screen is the loaded layout's stored one, not laid out here */
    stored: !!stored,
    /** busy: the layout that follows a change runs */
    busy: !stored && running === 'layout',
    /** searching: a longer search runs */
    searching: !stored && running === 'search',
    progress,
    /** failure: why the engine refused the job on screen (told once by a toast), until the job changes */
    failure: stored ? null : failure,
    searchMore,
    cancelSearch: search.cancel,
    /** job is the request laid out last, as sent (null: none, or a stored result shown) */
    job: search.current,
  };
}
