import { useEffect } from 'react';
import { useNotices } from '../components/Notices';
import { syncLocal } from '../features/saved/api';
import type { Me } from '../lib/account';
import { msg } from '../messages';

// What this browser kept for a user while the server could not be reached
// goes to the server when they are signed in, and before they sign out.

type Notices = ReturnType<typeof useNotices>;

/**
 * useSyncOnSignIn sends what the browser kept for account once the page is
 * shown (shown), whenever another account signs in, and whenever the
 * browser is back online: a workshop tab left open for days would otherwise
 * keep what it saved offline until it is reloaded. Back online, a failure
 * says nothing (the network may still be settling); the next try sends it.
 */
export function useSyncOnSignIn(account: Me | null | undefined, shown: boolean): void {
  const notices = useNotices();
  useEffect(() => {
    if (!shown || !account) return;
    const done = (r: Awaited<ReturnType<typeof syncLocal>>) => r && notices.toast(msg.syncDone(r.newParts, r.newLayouts), { ms: 5000 });
    syncLocal(account)
      .then(done)
      .catch(() => notices.toast(msg.syncErrorText, { title: msg.syncErrorTitle, tone: 'error', ms: 5000 }));
    const online = () => {
      syncLocal(account)
        .then(done)
        .catch(() => undefined);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [shown, account, notices]);
}

/** syncBeforeSignOut sends what the browser kept for account; what cannot be sent waits for the next sign-in. */
export async function syncBeforeSignOut(account: Me, notices: Notices): Promise<void> {
  try {
    const r = await syncLocal(account);
    if (r) notices.toast(msg.syncDone(r.newParts, r.newLayouts), { ms: 5000 });
  } catch {
    notices.toast(msg.keptForNextSignIn, { tone: 'info', ms: 5000 });
  }
}
