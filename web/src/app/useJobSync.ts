import { useEffect, useEffectEvent } from 'react';
import { pinnedPages } from '../features/job/checklist';
import { ApiError, jobApi } from '../lib/api';
import { cutLayoutOf, type SavedLayout } from '../features/saved/api';
import type { WorkJob } from './work';

/** JOB_SYNC_MS: a job on screen that is not cut asks the server for its state and new ticks this often. */
export const JOB_SYNC_MS = 15000;

interface JobWork {
  job?: WorkJob;
  setJob: (id: string, change: Partial<Pick<WorkJob, 'state' | 'pinned'>>, cut?: SavedLayout) => void;
}

/** samePages reports whether two page lists hold the same page ids in the same order. */
function samePages(a: WorkJob['pinned'], b: WorkJob['pinned']): boolean {
  return a.length === b.length && a.every((p, i) => p.id === b[i].id);
}

/**
 * useJobSync keeps the job on screen as the shop floor has it: a planned
 * job whose first sheet a phone ticked becomes a job being cut, the
 * sheets ticked since it was loaded become pinned (a re-plan keeps them),
 * and a state changed elsewhere is taken. A cut job asks nothing.
 */
export function useJobSync(work: JobWork): void {
  const id = work.job && work.job.state !== 'cut' ? work.job.id : null;
  const sync = useEffectEvent(async (signal: AbortSignal) => {
    const job = work.job;
    if (!job || job.id !== id) return;
    try {
      const l = await jobApi.get<SavedLayout>(job.id, signal);
      const state = l.state ?? job.state;
      const pinned = state === 'cutting' ? pinnedPages(l.result, l.cutPieces) : [];
      // Cut elsewhere: the job as it was sawn stays on screen (setJob).
      const cut = state === 'cut' ? cutLayoutOf(l) : undefined;
      if (state !== job.state || !samePages(pinned, job.pinned)) {
        if (cut) work.setJob(job.id, { state, pinned }, cut);
        else work.setJob(job.id, { state, pinned });
      }
    } catch (e) {
      if (!signal.aborted && !(e instanceof ApiError)) console.warn('job', e);
    }
  });
  useEffect(() => {
    if (!id) return;
    const ctrl = new AbortController();
    void sync(ctrl.signal);
    const t = setInterval(() => void sync(ctrl.signal), JOB_SYNC_MS);
    return () => {
      ctrl.abort();
      clearInterval(t);
    };
  }, [id]);
}
