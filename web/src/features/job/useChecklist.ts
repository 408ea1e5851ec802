import { useCallback, useEffect, useRef, useState } from 'react';
import type { Stock } from '../../generated/engine';
import { ApiError, jobApi, type JobState } from '../../lib/api';
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
}

const reason = (e: unknown) => (e instanceof Error && e.message ? e.message : String(e));

/**
 * useChecklist is a job's ticks as a phone shows them: the job loaded,
 * others' ticks picked up every POLL_MS, and each tick sent at once
 * (the piece waits, busy, until the server answered; a refused tick
 * goes back and says why). A poll that started before a tick's answer
 * arrived does not undo it.
 */
export function useChecklist(id: string) {
  const [job, setJob] = useState<JobView | null>(null);
  const [cutPieces, setCutPieces] = useState<string[]>([]);
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  // applied counts the tick answers taken: a poll answer from before one is stale.
  const applied = useRef(0);

  useEffect(() => {
    let live = true;
    const ctrl = new AbortController();
    const load = async () => {
      if (typeof document !== 'undefined' && document.hidden) return;
      const started = applied.current;
      try {
        const j = await jobApi.get<JobView>(id, ctrl.signal);
        if (!live) return;
        setJob(j);
        if (applied.current === started) setCutPieces(j.cutPieces ?? []);
        setError((e) => (e === jobMsg.offline ? null : e));
      } catch (e) {
        if (!live) return;
        if (e instanceof ApiError && e.status === 404) {
          setMissing(true);
          clearInterval(t); // a job that is gone does not come back
        } else if (e instanceof ApiError && e.status === 0) setError(jobMsg.offline);
      }
    };
    const t = setInterval(() => void load(), POLL_MS);
    void load();
    return () => {
      live = false;
      ctrl.abort();
      clearInterval(t);
    };
  }, [id]);

  const tick = useCallback(
    async (pieceId: string, cut: boolean) => {
      setPending((p) => ({ ...p, [pieceId]: cut }));
      setError(null);
      try {
        // The first tick of a planned job starts its cutting.
        if (cut && job?.state === 'planned') {
          await jobApi.setState(id, 'cutting').catch(() => undefined);
          setJob((j) => (j ? { ...j, state: 'cutting' } : j));
        }
        const r = await jobApi.tick(id, pieceId, cut);
        applied.current++;
        setCutPieces(r.cutPieces);
      } catch (e) {
        // Offline: the message that the next poll clears once the server answers.
        setError(e instanceof ApiError && e.status === 0 ? jobMsg.offline : jobMsg.tickFailed(reason(e)));
      } finally {
        setPending((p) => {
          const rest = { ...p };
          delete rest[pieceId];
          return rest;
        });
      }
    },
    [id, job],
  );

  /**
   * spoil sends a spoiled piece back as a saved part of its line, one copy
   * to recut, in the saved parts ("Kayıtlı Parçalar") of the job's owner,
   * who plans the next job, whoever taps it (POST …/pieces/{id}/recut; the
   * server takes the line's size, material, grain and bands). Its tick
   * stays as it is: the sheet was cut, and the recut is a line of its own.
   * It answers the message to show.
   */
  const spoil = useCallback(
    async (piece: Placed): Promise<{ ok: boolean; message: string }> => {
      const line = job?.parts.find((p) => p.id === partLineOf(piece.id));
      try {
        await jobApi.recut(id, piece.id);
      } catch (e) {
        return { ok: false, message: jobMsg.spoiledFailed(reason(e)) };
      }
      return { ok: true, message: jobMsg.spoiledSent(line?.name ?? piece.name) };
    },
    [id, job],
  );

  const isCut = (pieceId: string) => pending[pieceId] ?? cutPieces.includes(pieceId);
  return { job, missing, error, cutPieces, pending, isCut, tick, spoil };
}
