import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Stock } from '../../generated/engine';
import { msgRetry } from '../../generated/texts';
import { ApiError, jobApi, type JobState } from '../../lib/api';
import { storageRemove, storageSet } from '../../lib/storage';
import type { Options, PartInput, Placed, Result } from '../engine/types';
import { partLineOf } from './checklist';
import { jobMsg } from './texts';

/** POLL_MS: the checklist asks the server for others' ticks this often while the page is shown. */
export const POLL_MS = 4000;

/** JobView is a saved layout as the checklist reads it (GET /api/layouts/{id}). */
export interface JobView {
  id: string;
  name: string;
  parts: PartInput[];
  options?: Partial<Options>;
  stock?: Stock[];
  result?: Result | null;
  state?: JobState;
  stateBy?: string;
  stateAt?: string;
  cutPieces?: string[];
  /** recutPieces are the pieces sent back for recutting ("Bozuk"), from any phone: the server keeps them per job */
  recutPieces?: string[];
}

/**
 * Want is a tick made on this page that the server has not confirmed yet:
 * cut is what was asked; waiting says its last try failed for want of the
 * server (out of reach, busy, signed out) and it waits to be sent again
 * (false: on its way).
 */
export interface Want {
  cut: boolean;
  waiting: boolean;
}

/** RecutState is a piece's recut: on its way from this browser, or sent (from any). */
export type RecutState = 'sending' | 'sent';

const reason = (e: unknown) => (e instanceof Error && e.message ? e.message : String(e));

/**
 * retriable says whether a failed tick may go through later unchanged: the
 * server out of reach (status 0), a sign-in needed (401), the server
 * failing or busy (408, 429, 5xx), or its database busy with another's
 * lock past its wait (409 "…çakıştı; lütfen tekrar deneyin."). Any other
 * answer refuses the tick.
 */
function retriable(e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  return e.status === 0 || e.status === 401 || e.status === 408 || e.status === 429 || e.status >= 500 || (e.status === 409 && e.message === msgRetry);
}

/**
 * ticksKey is where this tab keeps a job's ticks not saved yet (sessionStorage: over a reload), for
 * owner (ownerOf: '' in local mode, '@NAME' in team mode): a user who signs in after another on the
 * tab does not send the other's waiting ticks as their own.
 */
export const ticksKey = (id: string, owner = '') => `kesim.checklist.ticks${owner}.${id}`;
/**
 * startKey is where this tab keeps, for owner as ticksKey, the move of a planned job into cutting that its first
 * tick asked for and the server has not taken yet (sessionStorage: over a reload).
 */
export const startKey = (id: string, owner = '') => `kesim.checklist.start${owner}.${id}`;
/**
 * recutsKey is where this browser keeps the pieces of a job it sent back for recutting (localStorage): shown
 * until the server has answered the job since (JobView.recutPieces, read with the job), whose list then wins:
 * a piece a re-plan dropped from it is no longer shown sent. A server that keeps no list leaves them shown.
 */
export const recutsKey = (id: string) => `kesim.checklist.recuts.${id}`;

/** placeOf names where a piece lies: a recut is remembered for that piece there, not for another a re-plan gives its id. */
const placeOf = (p: Pick<Placed, 'x' | 'y' | 'width' | 'height'>) => `${p.x},${p.y},${p.width},${p.height}`;

function readJSON(store: () => Storage, key: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(store().getItem(key) ?? 'null');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * writeJSON keeps v under key (an empty v removes it). A write the browser refuses (its storage full, or storage
 * off) leaves the state on the page, and is told once for its kind (lib/storage.ts): ticks, kept by this tab over
 * a reload, or recuts, kept by this browser.
 */
function writeJSON(store: () => Storage, key: string, v: Record<string, unknown>, kind: 'ticks' | 'recuts') {
  if (Object.keys(v).length === 0) storageRemove(kind, store, key);
  else storageSet(kind, store, key, JSON.stringify(v));
}

/** readWants reads a job's unsaved ticks kept by this tab: each waits to be sent. */
function readWants(id: string, owner: string): Record<string, Want> {
  const out: Record<string, Want> = {};
  for (const [k, v] of Object.entries(readJSON(() => sessionStorage, ticksKey(id, owner)))) if (typeof v === 'boolean') out[k] = { cut: v, waiting: true };
  return out;
}

/** readStart reads a job's move into cutting kept by this tab: it waits to be sent. */
function readStart(id: string, owner: string): 'waiting' | undefined {
  return readJSON(() => sessionStorage, startKey(id, owner)).cutting === true ? 'waiting' : undefined;
}

function readRecuts(id: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(readJSON(() => localStorage, recutsKey(id)))) if (typeof v === 'string') out[k] = v;
  return out;
}

/**
 * useChecklist is a job's ticks as a phone shows them: the job loaded,
 * others' ticks picked up every POLL_MS, and each tick sent at once (the
 * piece waits, busy, until the server answered). A refused tick goes back
 * and says why. A tick the server could not take (out of reach, busy,
 * signed out) is kept as waiting on its row, in this tab over a reload,
 * and sent again when the browser is back online, on the next answer of
 * the server (a poll or another tick) or when asked (retry). The route
 * sets a piece's state (PUT …/pieces/{id} {"cut"}: ticking twice is one
 * tick), so a tick sent again is never counted twice; one piece has one
 * request on its way at a time, and a change made meanwhile follows it,
 * so the last tap wins. A poll that started before a tick's answer
 * arrived does not undo it. The first tick of a planned job moves it into
 * cutting first (start), kept and sent again as the ticks are; its ticks
 * wait for it (a re-plan of a planned job drops its ticks).
 */
export function useChecklist(id: string, owner = '') {
  const [job, setJob] = useState<JobView | null>(null);
  const [cutPieces, setCutPieces] = useState<string[]>([]);
  const [wants, setWantsState] = useState<Record<string, Want>>(() => readWants(id, owner));
  // The job's move into cutting for its first tick, until the server took it: on its way, or waiting to be sent again.
  const [starting, setStartState] = useState<'sending' | 'waiting' | undefined>(() => readStart(id, owner));
  const [recuts, setRecutsState] = useState<Record<string, string>>(() => readRecuts(id));
  const [recutsSending, setRecutsSending] = useState<Record<string, true>>({});
  // A passing error (out of reach, the server busy) goes when the server answers again.
  const [error, setError] = useState<{ text: string; passing: boolean } | null>(null);
  const [missing, setMissing] = useState(false);
  // applied counts the tick answers taken: a poll answer from before one is stale.
  const applied = useRef(0);
  // The callbacks read the latest wants and job, not their render's.
  const wantsRef = useRef(wants);
  const startRef = useRef(starting);
  const jobRef = useRef(job);
  useEffect(() => {
    jobRef.current = job;
  }, [job]);
  const recutBusy = useRef(new Set<string>());
  const recutsRef = useRef(recuts);
  // recutsSent counts the recuts this page remembered; recutAt is each remembered piece's count then (0: read
  // from storage). A job answer asked for after that count judges the piece by the server's list.
  const recutsSent = useRef(0);
  const recutAt = useRef<Record<string, number>>({});

  const { send, flush } = useMemo(() => {
    const inFlight = new Set<string>();
    const setWants = (f: (w: Record<string, Want>) => Record<string, Want>) => {
      wantsRef.current = f(wantsRef.current);
      setWantsState(wantsRef.current);
      const kept: Record<string, boolean> = {};
      for (const [k, w] of Object.entries(wantsRef.current)) kept[k] = w.cut;
      writeJSON(() => sessionStorage, ticksKey(id, owner), kept, 'ticks');
    };
    const drop = (pieceId: string) =>
      setWants((ws) => {
        const rest = { ...ws };
        delete rest[pieceId];
        return rest;
      });
    const setStart = (s: 'sending' | 'waiting' | undefined) => {
      startRef.current = s;
      setStartState(s);
      writeJSON(() => sessionStorage, startKey(id, owner), s ? { cutting: true } : {}, 'ticks');
    };
    /** moved shows the job in state, as the server has it. */
    const moved = (state: JobState) => {
      if (jobRef.current) jobRef.current = { ...jobRef.current, state };
      setJob((j) => (j ? { ...j, state } : j));
    };
    let started: Promise<boolean> | null = null;
    /**
     * start moves a planned job into cutting (PATCH {"state":"cutting"}), once for all the ticks waiting on it,
     * and answers whether they go on: the server took it, or the job is no longer planned. One the server could
     * not take (retriable) is kept as waiting, over a reload too, and throws, so that its ticks wait as well; sent
     * again, it reads the job's state first: a job started or cut meanwhile is not moved (the server would take a
     * cut job back into cutting as an undo of its cut). One the server refuses because the job left planned
     * meanwhile goes on as that read would (the ticks are sent); one it refuses otherwise (409: the job cannot
     * start) is said on the page, and the cut ticks waiting on it go back (false).
     */
    const start = (): Promise<boolean> => {
      started ??= (async () => {
        try {
          if (startRef.current === 'waiting') {
            const j = await jobApi.get<JobView>(id);
            if (j.state !== 'planned') {
              setStart(undefined);
              if (j.state) moved(j.state);
              return true;
            }
          }
          setStart('sending');
          // From planned only: a job cut meanwhile is not taken back into cutting (the server's 409).
          await jobApi.setState(id, 'cutting', 'planned');
          setStart(undefined);
          moved('cutting');
          return true;
        } catch (e) {
          if (retriable(e)) {
            setStart('waiting');
            throw e;
          }
          // Refused because the job left planned meanwhile (started or cut elsewhere, 409): the ticks go on as
          // when the read above finds it so, whichever came first.
          const now = e instanceof ApiError && e.status === 409 ? await jobApi.get<JobView>(id).catch(() => undefined) : undefined;
          if (now?.state && now.state !== 'planned') {
            setStart(undefined);
            moved(now.state);
            return true;
          }
          setStart(undefined);
          setWants((ws) => {
            const rest = { ...ws };
            for (const [k, w] of Object.entries(ws)) if (w.cut && !inFlight.has(k)) delete rest[k];
            return rest;
          });
          setError({ text: jobMsg.startFailed(reason(e)), passing: false });
          return false;
        } finally {
          started = null;
        }
      })();
      return started;
    };
    /** flush sends every tick waiting, and the move into cutting they wait on. */
    const flush = () => {
      // A move no tick waits on any longer (taken back meanwhile) is not sent.
      if (startRef.current === 'waiting' && !Object.values(wantsRef.current).some((w) => w.cut)) setStart(undefined);
      for (const [pieceId, w] of Object.entries(wantsRef.current)) if (w.waiting) void send(pieceId);
    };
    /** send sends a piece's wanted tick, unless one of it is on its way (whose answer sends it then). */
    const send = async (pieceId: string, cut?: boolean): Promise<void> => {
      if (cut !== undefined) setWants((ws) => ({ ...ws, [pieceId]: { cut, waiting: false } }));
      const w = wantsRef.current[pieceId];
      if (!w || inFlight.has(pieceId)) return;
      inFlight.add(pieceId);
      if (w.waiting) setWants((ws) => ({ ...ws, [pieceId]: { cut: w.cut, waiting: false } }));
      try {
        // The first tick of a planned job starts its cutting, and goes once the server took that.
        if (w.cut && (startRef.current || jobRef.current?.state === 'planned') && !(await start())) {
          // The job could not start (start said why): the tick goes back.
          inFlight.delete(pieceId);
          const now = wantsRef.current[pieceId];
          if (now && now.cut !== w.cut) void send(pieceId);
          else drop(pieceId);
          return;
        }
        const r = await jobApi.tick(id, pieceId, w.cut);
        applied.current++;
        setCutPieces(r.cutPieces);
        inFlight.delete(pieceId);
        const now = wantsRef.current[pieceId];
        if (now && now.cut !== w.cut) void send(pieceId); // changed while on its way: the last tap goes too
        else drop(pieceId);
        // The server answers: what it could not take before goes now.
        setError((e) => (e?.passing ? null : e));
        flush();
      } catch (e) {
        inFlight.delete(pieceId);
        const now = wantsRef.current[pieceId];
        if (retriable(e)) {
          if (now) setWants((ws) => ({ ...ws, [pieceId]: { cut: now.cut, waiting: true } }));
          setError({ text: e instanceof ApiError && e.status === 0 ? jobMsg.offline : jobMsg.tickWaiting(reason(e)), passing: true });
        } else if (now && now.cut !== w.cut) {
          void send(pieceId);
        } else {
          drop(pieceId);
          setError({ text: jobMsg.tickFailed(reason(e)), passing: false });
        }
      }
    };
    return { send, flush };
  }, [id, owner]);

  useEffect(() => {
    let live = true;
    const ctrl = new AbortController();
    /**
     * forgetRecuts drops what this browser remembered of the recuts answered up to sentBefore (those the job's
     * answer was asked for after), once the server answered with its list of the job's recuts: that list wins.
     * A piece on it shows sent by it; one a re-plan dropped from it no longer shows sent. A recut answered
     * after the request started is kept until the next answer.
     */
    const forgetRecuts = (sentBefore: number) => {
      const gone = Object.keys(recutsRef.current).filter((k) => (recutAt.current[k] ?? 0) <= sentBefore);
      if (gone.length === 0) return;
      const kept = { ...recutsRef.current };
      const stored = readRecuts(id);
      for (const k of gone) {
        if (stored[k] === kept[k]) delete stored[k];
        delete kept[k];
        delete recutAt.current[k];
      }
      recutsRef.current = kept;
      setRecutsState(kept);
      writeJSON(() => localStorage, recutsKey(id), stored, 'recuts');
    };
    const load = async () => {
      if (typeof document !== 'undefined' && document.hidden) return;
      const started = applied.current;
      const recutsBefore = recutsSent.current;
      try {
        const j = await jobApi.get<JobView>(id, ctrl.signal);
        if (!live) return;
        // The ticks flushed below go by this answer's state.
        jobRef.current = j;
        setJob(j);
        // A server that keeps no list of recuts (none in its answer) leaves this browser's memory as it is.
        if (Array.isArray(j.recutPieces)) forgetRecuts(recutsBefore);
        if (applied.current === started) setCutPieces(j.cutPieces ?? []);
        setError((e) => (e?.passing ? null : e));
        flush();
      } catch (e) {
        if (!live) return;
        if (e instanceof ApiError && e.status === 404) {
          setMissing(true);
          clearInterval(t); // a job that is gone does not come back
        } else if (e instanceof ApiError && e.status === 0) setError({ text: jobMsg.offline, passing: true });
      }
    };
    const t = setInterval(() => void load(), POLL_MS);
    void load();
    // Back online: the ticks waiting go at once, and the others' are read.
    const online = () => {
      flush();
      void load();
    };
    window.addEventListener('online', online);
    return () => {
      live = false;
      ctrl.abort();
      clearInterval(t);
      window.removeEventListener('online', online);
    };
  }, [id, flush]);

  /** tick ticks a piece (cut) or takes its tick back, at once; the answer shows on its row. */
  const tick = useCallback(
    (pieceId: string, cut: boolean): Promise<void> => {
      setError(null);
      return send(pieceId, cut);
    },
    [send],
  );

  /**
   * spoil sends a spoiled piece back as a saved part of its line, one copy
   * to recut, in the saved parts ("Kayıtlı Parçalar") of the job's owner,
   * who plans the next job, whoever taps it (POST …/pieces/{id}/recut; the
   * server takes the line's size, material, grain and bands). Its tick
   * stays as it is: the sheet was cut, and the recut is a line of its own.
   * A piece goes once: the server records each recut of a job and refuses
   * a second (409), which the row shows as sent, from whichever phone; one
   * on its way, sent from this browser (remembered for the piece where it
   * lies) or on the server's list is not sent again (null). It answers
   * the message to show.
   */
  const spoil = useCallback(
    async (piece: Placed): Promise<{ ok: boolean; message: string } | null> => {
      if (recutBusy.current.has(piece.id) || recutsRef.current[piece.id] === placeOf(piece) || jobRef.current?.recutPieces?.includes(piece.id)) return null;
      recutBusy.current.add(piece.id);
      setRecutsSending((r) => ({ ...r, [piece.id]: true }));
      const line = jobRef.current?.parts.find((p) => p.id === partLineOf(piece.id));
      const sent = () => {
        // Remembered from now on: pieces other tabs remembered are judged with it, by an answer asked for later.
        const n = ++recutsSent.current;
        const stored = readRecuts(id);
        for (const k of Object.keys(stored)) if (!(k in recutsRef.current)) recutAt.current[k] = n;
        recutAt.current[piece.id] = n;
        recutsRef.current = { ...stored, ...recutsRef.current, [piece.id]: placeOf(piece) };
        setRecutsState(recutsRef.current);
        writeJSON(() => localStorage, recutsKey(id), recutsRef.current, 'recuts');
      };
      try {
        await jobApi.recut(id, piece.id);
        sent();
        return { ok: true, message: jobMsg.spoiledSent(line?.name ?? piece.name) };
      } catch (e) {
        // 409: another phone sent it first (the server keeps one recut a piece). No failure: the row shows it sent.
        if (e instanceof ApiError && e.status === 409) {
          sent();
          return { ok: true, message: jobMsg.spoiledAlready(line?.name ?? piece.name) };
        }
        return { ok: false, message: jobMsg.spoiledFailed(reason(e)) };
      } finally {
        recutBusy.current.delete(piece.id);
        setRecutsSending((r) => {
          const rest = { ...r };
          delete rest[piece.id];
          return rest;
        });
      }
    },
    [id],
  );

  const isCut = (pieceId: string) => wants[pieceId]?.cut ?? cutPieces.includes(pieceId);
  /** tickState is a piece's unsaved tick: 'sending' (on its way), 'waiting' (to be sent again), or undefined. */
  const tickState = (pieceId: string): 'sending' | 'waiting' | undefined => (wants[pieceId] ? (wants[pieceId].waiting ? 'waiting' : 'sending') : undefined);
  /**
   * recutState is a piece's recut: on its way, sent (on the server's list, from any phone, or from this browser
   * for the piece where it lies, until the server's next answer gives its list: recutsKey), or undefined.
   */
  const recutState = (piece: Placed): RecutState | undefined =>
    recutsSending[piece.id] ? 'sending' : job?.recutPieces?.includes(piece.id) || recuts[piece.id] === placeOf(piece) ? 'sent' : undefined;
  const waiting = Object.values(wants).filter((w) => w.waiting).length;
  /** startWaiting says the job's move into cutting waits to be sent again: the job is not being cut on the server yet. */
  const startWaiting = starting === 'waiting';
  return { job, missing, error: error?.text ?? null, cutPieces, isCut, tickState, waiting, startWaiting, retry: flush, tick, spoil, recutState };
}
