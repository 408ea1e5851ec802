import { useCallback, useEffect, useState } from 'react';
import { parseJobPath, type JobAddress } from '../features/job/checklist';

/**
 * useRoute is the page's client route: the checklist of a job's sheet
 * (/is/{id}/levha/{n}) or, for any other address, the work (job null).
 * go moves to another address in the history; Back and Forward follow it.
 */
export function useRoute(): { job: JobAddress | null; go: (path: string) => void } {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = useCallback((to: string) => {
    window.history.pushState(null, '', to);
    setPath(to);
    window.scrollTo?.(0, 0);
  }, []);
  return { job: parseJobPath(path), go };
}
