import { useEffect } from 'react';
import { useNotices } from '../components/Notices';
import { syncLocal, type Synced } from '../features/saved/api';
import type { Me } from '../lib/account';
import { msg } from '../messages';

// What this browser kept for a user while the server could not be reached
// goes to the server when they are signed in, and before they sign out.

type Notices = ReturnType<typeof useNotices>;

/** MOST_REFUSED is how many refused items are named one by one; the rest are counted. */
const MOST_REFUSED = 3;

/**
 * tell reports a sync: the counts when the server took something, then
 * each item it refused and why (they stay in this browser). quiet leaves
 * the refusals unsaid when nothing else was sent: they were told already.
 */
function tell(notices: Notices, r: Synced | null, quiet = false): void {
  if (!r) return;
  if (r.sent > 0) notices.toast(msg.syncDone(r.newParts, r.newLayouts), { ms: 5000 });
  if (quiet && r.sent === 0) return;
  const refused = { title: msg.syncErrorTitle, tone: 'error', ms: 10000 } as const;
  for (const x of r.refused.slice(0, MOST_REFUSED)) notices.toast(msg.syncRefused(x.kind, x.name, x.reason), refused);
  if (r.refused.length > MOST_REFUSED) notices.toast(msg.syncRefusedMore(r.refused.length - MOST_REFUSED), refused);
}

/**
 * useSyncOnSignIn sends what the browser kept for account once the page is
 * shown (shown), whenever another account signs in, and whenever the
 * browser is back online: a workshop tab left open for days would otherwise
 * keep what it saved offline until it is reloaded. Back online, a failure
 * says nothing (the network may still be settling); the next try sends it.
 * Nor does an item the server refused again, when nothing else was sent:
 * the user was told at sign-in.
 */
export function useSyncOnSignIn(account: Me | null | undefined, shown: boolean): void {
  const notices = useNotices();
  useEffect(() => {
    if (!shown || !account) return;
    syncLocal(account)
      .then((r) => tell(notices, r))
      .catch(() => notices.toast(msg.syncErrorText, { title: msg.syncErrorTitle, tone: 'error', ms: 5000 }));
    const online = () => {
      syncLocal(account)
        .then((r) => tell(notices, r, true))
        .catch(() => undefined);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [shown, account, notices]);
}

/** syncBeforeSignOut sends what the browser kept for account; what cannot be sent waits for the next sign-in. */
export async function syncBeforeSignOut(account: Me, notices: Notices): Promise<void> {
  let r: Synced | null;
  try {
    r = await syncLocal(account);
  } catch {
    notices.toast(msg.keptForNextSignIn, { tone: 'info', ms: 5000 });
    return;
  }
  tell(notices, r);
}
