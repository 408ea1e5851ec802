import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotices } from '../components/Notices';
import { me as whoAmI, signOut as endOnServer } from '../features/auth/session';
import type { Me } from '../lib/account';
import { ApiError, onSignInNeeded, refresh, UNREACHABLE } from '../lib/api';
import { knownSession, setKnownSession } from './knownSession';
import { syncBeforeSignOut } from './sync';

// The access token lives 15 minutes: a team server's session is refreshed before it ends.
const REFRESH_EVERY_MS = 12 * 60 * 1000;

/** RETRY_MS are the waits before asking again a server that did not say its mode; the last repeats. */
export const RETRY_MS = [2000, 4000, 8000, 15000, 30000] as const;

/** Unreachable is a server that did not say its mode: the message to show (the server's own when it gave one). */
export interface Unreachable {
  message: string;
  /** checking: a question is under way (the retry button waits). */
  checking: boolean;
}

export interface Session {
  /** account is who is signed in: undefined until the server answered, null while nobody is (team mode). */
  account: Me | null | undefined;
  /**
   * unreachable is set while the mode is not known because the server did
   * not say it (out of reach, a 5xx of its own or a proxy's): the page
   * shows the unreachable screen instead of the work, and asks again by
   * itself every few seconds (RETRY_MS).
   */
  unreachable: Unreachable | null;
  /** retry asks the server again at once ("Yeniden dene"). */
  retry: () => void;
  /** ended reports that the last session ended by itself (the sign-in screen says so). */
  ended: boolean;
  signedIn: (account: Me) => void;
  /** signOut sends what this browser kept for the user to the server, then ends the session. */
  signOut: () => Promise<void>;
}

/** detailOf is what the unreachable screen adds to its own words: the server's message, if it sent one. */
function detailOf(e: unknown): string {
  return e instanceof ApiError && e.status !== 0 && !e.message.startsWith('HTTP ') ? e.message : UNREACHABLE;
}

/**
 * useSession is who is signed in. A team server without a session, or
 * one whose session ended (the API's refresh failed for good), leaves
 * nobody signed in: the page shows the sign-in screen. A server that does
 * not say its mode (out of reach, a 5xx) leaves it unknown: the page shows
 * the unreachable screen and nothing is read or written for any owner
 * until a later try answers. A user signed in stays signed in through
 * such failures.
 */
export function useSession(): Session {
  const notices = useNotices();
  const [account, setAccountState] = useState<Me | null | undefined>(undefined);
  const [ended, setEnded] = useState(false);
  const [unreachable, setUnreachable] = useState<Unreachable | null>(null);
  const askNow = useRef<() => void>(() => {});

  const setAccount = useCallback((a: Me | null) => {
    setKnownSession(a);
    setAccountState(a);
  }, []);

  useEffect(() => {
    let stopped = false;
    let asking = false;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      if (stopped || asking) return;
      clearTimeout(timer);
      asking = true;
      setUnreachable((u) => (u ? { ...u, checking: true } : u));
      whoAmI().then(
        (a) => {
          asking = false;
          if (stopped) return;
          setUnreachable(null);
          setAccount(a);
        },
        (e: unknown) => {
          asking = false;
          if (stopped) return;
          // This page already knew the mode (a screen before this one):
          // it goes on as that screen did.
          const known = knownSession();
          if (known !== undefined) {
            setUnreachable(null);
            setAccountState(known);
            return;
          }
          setUnreachable({ message: detailOf(e), checking: false });
          timer = setTimeout(ask, RETRY_MS[Math.min(tries, RETRY_MS.length - 1)]);
          tries++;
        },
      );
    };
    askNow.current = () => {
      tries = 0;
      ask();
    };
    ask();
    const off = onSignInNeeded(() => {
      setEnded(true);
      setAccount(null);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      off();
    };
  }, [setAccount]);

  const team = account?.mode === 'team';
  useEffect(() => {
    if (!team) return;
    // A refresh that fails (out of reach, the database) ends nothing; one
    // the server refuses is found out by the next request (its 401).
    const t = setInterval(() => void refresh(), REFRESH_EVERY_MS);
    return () => clearInterval(t);
  }, [team]);

  const signOut = useCallback(async () => {
    if (account?.mode !== 'team') return;
    await syncBeforeSignOut(account, notices);
    await endOnServer();
    setEnded(false);
    setAccount(null);
  }, [account, notices, setAccount]);

  const retry = useCallback(() => askNow.current(), []);
  return { account, unreachable, retry, ended, signedIn: setAccount, signOut };
}
