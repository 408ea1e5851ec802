// Who the server last said was signed in, in this page only (never kept in
// storage): a screen that mounts later (the work after a sheet's
// checklist) and finds the server out of reach goes on with it, as the
// screen before did, instead of showing the unreachable screen.
import type { Me } from '../lib/account';

let known: Me | null | undefined;

/** knownSession is who this page last knew was signed in: undefined before the server said its mode. */
export function knownSession(): Me | null | undefined {
  return known;
}

/** setKnownSession notes who is signed in now (null: nobody, in team mode). */
export function setKnownSession(account: Me | null): void {
  known = account;
}

/** forgetKnownSession forgets it (tests start each from a fresh page). */
export function forgetKnownSession(): void {
  known = undefined;
}
