// The session of a team server. In local mode (no accounts) none of this
// does anything. Tokens live in HttpOnly cookies the page cannot read: the
// page only asks the server to refresh them (lib/api.ts), and to sign in
// again when that fails for good.
import { ApiError, errorOf, refresh, request, UNREACHABLE } from '../../lib/api';
import type { Me } from '../../lib/account';

/**
 * me asks who is signed in: the server's mode and user, or null when
 * nobody is (team mode). Only an answer that says so gives local mode:
 * 200 {"mode":"local"}, or the API's 404 not_found of a server from before
 * accounts (no /api/auth/ routes). Anything else (out of reach, a 5xx of
 * the server or a proxy, an answer that is not the API's, a refresh that
 * could not tell) throws an ApiError: the mode is not known, and no
 * owner's work may be read or written until it is.
 */
export async function me(): Promise<Me | null> {
  let res: Response;
  try {
    res = await fetch('/api/auth/me');
  } catch {
    throw new ApiError(UNREACHABLE, 0);
  }
  if (res.status === 401) {
    const refreshed = await refresh();
    if (refreshed === 'ok') return me();
    if (refreshed === 'ended') return null;
    throw new ApiError(UNREACHABLE, 0);
  }
  if (res.status === 404) {
    const e = await errorOf(res);
    if (e.code === 'not_found') return { mode: 'local' }; // a server without accounts' routes
    throw e; // a proxy's page, not the API
  }
  if (!res.ok) throw await errorOf(res);
  const body: unknown = await res.json().catch(() => null);
  const m = body as Partial<Me> | null;
  if (m?.mode === 'local') return { mode: 'local' };
  if (m?.mode === 'team' && typeof m.username === 'string' && m.username) return body as Me;
  throw new ApiError(UNREACHABLE, res.status); // 200 but not the API's answer (a proxy's or captive portal's page)
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
