// Writes to this browser's storage (localStorage, sessionStorage) that the
// browser may refuse: its storage for the site full (QuotaExceededError: a
// big part list beside the layouts kept here), or storage refused outright
// (a private window, storage turned off). A refused write never throws to
// the page: what it was to keep stays on screen, and the user is told once
// for each kind of thing not kept (onNotKept; components/Notices.tsx shows
// it in a toast), until a write of that kind goes through again (storageSet). The work on screen
// has its own (app/work.ts, onWorkNotWritten): it waits to be written again.

/** isQuotaExceeded reports whether e is a write refused for want of room (the browser's storage for the site full). */
export function isQuotaExceeded(e: unknown): boolean {
  // Firefox before 97 named it NS_ERROR_DOM_QUOTA_REACHED (code 1014).
  return e instanceof DOMException && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22 || e.code === 1014);
}

/**
 * StorageKind names what a write keeps, for the message of its refusal:
 * - merge: the "Aynı levhaları birleştir" choice (localStorage)
 * - quote: the quote form's values for the next quote (localStorage)
 * - draft: the half-typed part of the part form, over a reload (sessionStorage)
 * - ticks: a checklist's ticks not yet taken by the server, over a reload (sessionStorage)
 * - recuts: the pieces a checklist sent back for recutting, shown sent (localStorage)
 * - localCopies: the removal of layouts and parts kept here once the server took them (localStorage)
 * - signOut: the removal of the work from this browser at a sign-out (localStorage)
 */
export type StorageKind = 'merge' | 'quote' | 'draft' | 'ticks' | 'recuts' | 'localCopies' | 'signOut';

/** NotKept is a refused write as told: its kind, and full when the browser's storage for the site is full. */
export interface NotKept {
  kind: StorageKind;
  full: boolean;
}

const listeners = new Set<(e: NotKept) => void>();
/** told are the kinds told refused, with no write of them gone through since */
const told = new Set<StorageKind>();
/**
 * refusedAt is, for each kind told refused, the length of the shortest value refused since: a write of a shorter
 * value may go through in a full storage (it frees room), which does not show that there is room again, and would
 * have the next longer one told anew (a checklist's ticks, a tick sent and one added, on and on).
 */
const refusedAt = new Map<StorageKind, number>();

/** onNotKept calls f for a write refused (storageSet, storageRemove): once a kind, until one of it goes through. It returns the unsubscribe. */
export function onNotKept(f: (e: NotKept) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/**
 * refused tells a write of kind refused with e (length: the value's), once
 * for the kind until one goes through (storageSet). With nobody listening
 * (a screen without the notices) it is not counted as told.
 */
function refused(kind: StorageKind, e: unknown, length: number): void {
  refusedAt.set(kind, Math.min(refusedAt.get(kind) ?? Infinity, length));
  if (told.has(kind) || listeners.size === 0) return;
  told.add(kind);
  const notKept: NotKept = { kind, full: isQuotaExceeded(e) };
  for (const f of [...listeners]) f(notKept);
}

/**
 * storageSet writes value under key in store (localStorage or
 * sessionStorage), keeping kind, and answers whether it went through. A
 * refusal (any exception, the store itself unreachable too) is told
 * (onNotKept) once for the kind, and never thrown: the caller keeps what it
 * holds in memory. It is told again once a write of the kind at least as
 * long as the shortest refused has gone through (room was made) and
 * another is refused.
 */
export function storageSet(kind: StorageKind, store: () => Storage, key: string, value: string): boolean {
  try {
    store().setItem(key, value);
  } catch (e) {
    refused(kind, e, value.length);
    return false;
  }
  if (value.length >= (refusedAt.get(kind) ?? 0)) {
    refusedAt.delete(kind);
    told.delete(kind);
  }
  return true;
}

/**
 * storageRemove removes key from store, for kind, and answers whether it
 * went through. A refusal is told as storageSet's; one that goes through
 * frees room, and tells nothing of room for the next write, but it shows
 * that a refused removal of the kind (storage refused outright, as a
 * removal is never refused for want of room) would now go through: the
 * next refusal of the kind is told again.
 */
export function storageRemove(kind: StorageKind, store: () => Storage, key: string): boolean {
  try {
    store().removeItem(key);
  } catch (e) {
    refused(kind, e, 0);
    return false;
  }
  if (refusedAt.get(kind) === 0) {
    refusedAt.delete(kind);
    told.delete(kind);
  }
  return true;
}
