// A saved job the work on screen is linked to may be gone from the server
// (deleted elsewhere, or not in a backup the server was restored from):
// saving over it answers 404. Whoever learns it announces it; the work
// (app/useWork.ts) drops its link to the job, so the layout on screen is
// plain unsaved work that is saved as a new layout.

const JOB_GONE = 'kesim:job-gone';

/** announceJobGone tells the page that the server no longer has the job of this id. */
export function announceJobGone(id: string): void {
  window.dispatchEvent(new CustomEvent<string>(JOB_GONE, { detail: id }));
}

/** onJobGone calls f with the id of every job announced gone; it returns the unsubscribe. */
export function onJobGone(f: (id: string) => void): () => void {
  const listener = (e: Event) => {
    const id = (e as CustomEvent<unknown>).detail;
    if (typeof id === 'string') f(id);
  };
  window.addEventListener(JOB_GONE, listener);
  return () => window.removeEventListener(JOB_GONE, listener);
}
