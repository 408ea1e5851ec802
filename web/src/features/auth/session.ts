// The session of a team server. In local mode (no accounts) none of this
// does anything. Tokens live in HttpOnly cookies the page cannot read: the
// page only asks the server to refresh them (lib/api.ts), and to sign in
// again when that fails for good.
import { ApiError, refresh, request } from '../../lib/api';
import type { Me } from '../../lib/account';

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
    return { me: await request<Me>('POST', '/api/auth/login', { username, password, ...(code ? { code } : {}) }) };
  } catch (e) {
    return { error: (e as Error).message, needCode: e instanceof ApiError && !!e.fields.code };
  }
}

/** signOut ends the session on the server. */
export async function signOut(): Promise<void> {
  await fetch('/api/auth/logout', { method: 'POST' }).catch(() => {});
}
