// The session of a team server. In local mode (no accounts) none of this
// does anything. Tokens live in HttpOnly cookies the page cannot read: the
// page only asks the server to refresh them, and to sign in again when
// that fails for good.

export interface Me {
  mode: 'local' | 'team';
  username?: string;
  admin?: boolean;
}

/**
 * ownerOf names whose copies in this browser's localStorage belong to the
 * account: '' in local mode (the plain keys of the specification, e.g.
 * 'nesting-layouts'), '@NAME' in team mode ('nesting-layouts@ayse').
 */
export function ownerOf(account: Me): string {
  return account.mode === 'team' ? `@${account.username ?? ''}` : '';
}

const SIGN_IN_NEEDED = 'kesim:sign-in-needed';

/** onSignInNeeded calls f whenever the server wants a new sign-in. */
export function onSignInNeeded(f: () => void): () => void {
  window.addEventListener(SIGN_IN_NEEDED, f);
  return () => window.removeEventListener(SIGN_IN_NEEDED, f);
}

let refreshing: Promise<boolean> | null = null;

/**
 * refresh rotates the session's tokens. Callers in this tab share one try,
 * and tabs take turns through a Web Lock: two refreshes with the same
 * token would look like a stolen token replayed, and end the sign-in. A
 * tab that waited sends the cookie the other tab's refresh just set.
 */
export function refresh(): Promise<boolean> {
  const once = () =>
    fetch('/api/auth/refresh', { method: 'POST' })
      .then((r) => r.ok)
      .catch(() => false);
  const inTurn = async (): Promise<boolean> => {
    if (typeof navigator === 'undefined' || !navigator.locks) return once();
    let ok = false;
    await navigator.locks.request('kesim-session-refresh', async () => {
      ok = await once();
    });
    return ok;
  };
  const p = (refreshing ??= inTurn().finally(() => {
    refreshing = null;
  }));
  return p;
}

/**
 * apiFetch is fetch for the API: a 401 refreshes the session once and
 * retries; if that fails the app is told to show the sign-in screen.
 */
export async function apiFetch(input: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, init);
  if (res.status !== 401 || input.startsWith('/api/auth/')) return res;
  if (await refresh()) return fetch(input, init);
  window.dispatchEvent(new Event(SIGN_IN_NEEDED));
  return res;
}

/** me asks who is signed in; null when nobody is (team mode). */
export async function me(): Promise<Me | null> {
  const res = await fetch('/api/auth/me');
  if (res.status === 401) {
    if (await refresh()) return me();
    return null;
  }
  if (!res.ok) return { mode: 'local' }; // an older or failing server: behave as before
  return (await res.json()) as Me;
}

/** signIn signs in; needCode reports that the account asks for its authenticator's code. */
export async function signIn(
  username: string,
  password: string,
  code?: string,
): Promise<{ me?: Me; error?: string; needCode?: boolean }> {
  try {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password, ...(code ? { code } : {}) }),
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) return { error: body?.error?.message ?? `HTTP ${res.status}`, needCode: !!body?.error?.fields?.code };
    return { me: body as Me };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

export async function signOut(): Promise<void> {
  await fetch('/api/auth/logout', { method: 'POST' }).catch(() => {});
}
