import { useCallback, useEffect, useState } from 'react';
import { useNotices } from '../components/Notices';
import { me as whoAmI, signOut as endOnServer } from '../features/auth/session';
import type { Me } from '../lib/account';
import { onSignInNeeded, refresh } from '../lib/api';
import { syncBeforeSignOut } from './sync';

// The access token lives 15 minutes: a team server's session is refreshed before it ends.
const REFRESH_EVERY_MS = 12 * 60 * 1000;

export interface Session {
  /** account is who is signed in: undefined until the server answered, null while nobody is (team mode). */
  account: Me | null | undefined;
  /** ended reports that the last session ended by itself (the sign-in screen says so). */
  ended: boolean;
  signedIn: (account: Me) => void;
  /** signOut sends what this browser kept for the user to the server, then ends the session. */
  signOut: () => Promise<void>;
}

/**
 * useSession is who is signed in. A team server without a session, or
 * one whose session ended (the API's refresh failed), leaves nobody
 * signed in: the page shows the sign-in screen.
 */
export function useSession(): Session {
  const notices = useNotices();
  const [account, setAccount] = useState<Me | null | undefined>(undefined);
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    whoAmI()
      .then(setAccount)
      .catch(() => setAccount({ mode: 'local' }));
    return onSignInNeeded(() => {
      setEnded(true);
      setAccount(null);
    });
  }, []);

  const team = account?.mode === 'team';
  useEffect(() => {
    if (!team) return;
    const t = setInterval(() => void refresh(), REFRESH_EVERY_MS);
    return () => clearInterval(t);
  }, [team]);

  const signOut = useCallback(async () => {
    if (account?.mode !== 'team') return;
    await syncBeforeSignOut(account, notices);
    await endOnServer();
    setEnded(false);
    setAccount(null);
  }, [account, notices]);

  return { account, ended, signedIn: setAccount, signOut };
}
