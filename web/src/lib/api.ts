// The client of Kesim's HTTP API, shared by every feature. A request that
// answers 401 refreshes the session once and is sent again; a failed
// request becomes an ApiError with the server's Turkish message, read from
// its error body {"error": {"code", "message", "fields"}} (docs/http-api.md).

/**
 * ApiError is a failed API request: the server's message (Turkish), its
 * code and per-field messages, and the HTTP status. Status 0 means the
 * server could not be reached.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code = '',
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** errorOf reads the server's error body of a failed response; a body of another shape gives "HTTP status". */
export async function errorOf(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  const e = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  const message = typeof e?.message === 'string' && e.message ? e.message : `HTTP ${res.status}`;
  const fields = e?.fields && typeof e.fields === 'object' ? (e.fields as Record<string, string>) : {};
  return new ApiError(message, res.status, typeof e?.code === 'string' ? e.code : '', fields);
}

const SIGN_IN_NEEDED = 'kesim:sign-in-needed';

/** onSignInNeeded calls f whenever the server wants a new sign-in; it returns the unsubscribe. */
export function onSignInNeeded(f: () => void): () => void {
  window.addEventListener(SIGN_IN_NEEDED, f);
  return () => window.removeEventListener(SIGN_IN_NEEDED, f);
}

/**
 * Refreshed is how a refresh ended: 'ok' (new tokens), 'ended' (the server
 * no longer knows the session: sign in again) or 'failed' (the server
 * could not tell: out of reach, a proxy's error, its database failing;
 * the session may well go on, and the cookies are as they were).
 */
export type Refreshed = 'ok' | 'ended' | 'failed';

/** refreshedBy reads the refresh's answer: a 5xx, 408, 409 (a lock not had in time) or 429 is a failure, not an end. */
function refreshedBy(status: number): Refreshed {
  if (status >= 200 && status < 300) return 'ok';
  if (status >= 500 || status === 408 || status === 409 || status === 429) return 'failed';
  return 'ended';
}

let refreshing: Promise<Refreshed> | null = null;

/**
 * refresh rotates the session's tokens (HttpOnly cookies the page cannot
 * read). Callers in this tab share one try, and tabs take turns through a
 * Web Lock: two refreshes with the same token would look like a stolen
 * token replayed, and end the sign-in. A tab that waited sends the cookie
 * the other tab's refresh just set.
 */
export function refresh(): Promise<Refreshed> {
  const once = () =>
    fetch('/api/auth/refresh', { method: 'POST' })
      .then((r) => refreshedBy(r.status))
      .catch((): Refreshed => 'failed');
  const inTurn = async (): Promise<Refreshed> => {
    if (typeof navigator === 'undefined' || !navigator.locks) return once();
    let done: Refreshed = 'failed';
    await navigator.locks.request('kesim-session-refresh', async () => {
      done = await once();
    });
    return done;
  };
  return (refreshing ??= inTurn().finally(() => {
    refreshing = null;
  }));
}

/**
 * apiFetch is fetch for the API: a 401 refreshes the session once and
 * retries; if the session ended the app is told to show the sign-in
 * screen. A refresh that failed (the server out of reach or its database
 * failing) ends nothing: the request fails as one that could not reach
 * the server, and the user stays signed in. The routes of /api/auth/
 * answer for themselves.
 */
async function apiFetch(path: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(path, init);
  if (res.status !== 401 || path.startsWith('/api/auth/')) return res;
  const refreshed = await refresh();
  if (refreshed === 'ok') return fetch(path, init);
  if (refreshed === 'failed') throw new TypeError('the session could not be refreshed');
  window.dispatchEvent(new Event(SIGN_IN_NEEDED));
  return res;
}

/** UNREACHABLE is the message of a request that could not reach the server (ApiError status 0). */
export const UNREACHABLE = 'Sunucuya ulaşılamıyor; bağlantıyı denetleyip yeniden deneyin.';

/**
 * request sends body (as JSON) to the API and returns the answer's JSON
 * (undefined for 204, null for a body that is not JSON). It throws an ApiError: the server's, or status 0
 * with UNREACHABLE when the server could not be reached. An
 * aborted request throws the signal's reason as fetch does.
 */
export async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await apiFetch(path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    // The browser's own words ("Failed to fetch") are English and say
    // nothing to a user.
    throw new ApiError(UNREACHABLE, 0);
  }
  if (!res.ok) throw await errorOf(res);
  if (res.status === 204) return undefined as T;
  return (await res.json().catch(() => null)) as T;
}

// Jobs: a saved layout that is cut (docs/http-api.md, "Jobs"). Shared by
// the saved-layouts dialog, the re-plan of a job being cut and the phone
// checklist, so it lives here with the client.

/** JobState is a saved layout's life: planned, being cut (Kesimde), cut (Kesildi). */
/**
 * CutOffcut is a leftover a job's cut put on the rack (a cut job's
 * cutOffcuts, and the cut lists' offcuts option): where it lies, in cm on
 * the page of that index in the result, and its offcut's code.
 */
export interface CutOffcut {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  code: string;
}

export type JobState = 'planned' | 'cutting' | 'cut';

/** JobProgress counts a job's ticked pieces against all pieces of its result. */
export interface JobProgress {
  cut: number;
  total: number;
}

/** Ticks is the answer to a tick: every ticked piece id and the job's progress. */
export interface Ticks {
  cutPieces: string[];
  progress: JobProgress;
}

const layoutPath = (id: string) => `/api/layouts/${encodeURIComponent(id)}`;

/** jobApi is the job routes of /api/layouts; T is the saved layout as the caller types it. */
export const jobApi = {
  get: <T>(id: string, signal?: AbortSignal) => request<T>('GET', layoutPath(id), undefined, signal),
  /**
   * setState moves a job to state; the answer is the server's (the layout, or a note of the offcuts). With from,
   * only a job in that state (or in state already) moves: one moved meanwhile elsewhere is 409.
   */
  setState: (id: string, state: JobState, from?: JobState) => request<unknown>('PATCH', layoutPath(id), from ? { state, from } : { state }),
  /** replace saves a re-plan of a saved layout (409 when a cut sheet of a job being cut changed). */
  replace: <T>(id: string, body: object) => request<T>('PUT', layoutPath(id), body),
  /** tick marks one piece (a Placed id) cut or not. */
  tick: (id: string, pieceId: string, cut: boolean) => request<Ticks>('PUT', `${layoutPath(id)}/pieces/${encodeURIComponent(pieceId)}`, { cut }),
  /**
   * recut puts a spoiled piece back as one part of its line in the job owner's saved parts; the answer is the part.
   * The job records it (its recutPieces): a piece already sent is refused with 409, adding nothing.
   */
  recut: (id: string, pieceId: string) => request<unknown>('POST', `${layoutPath(id)}/pieces/${encodeURIComponent(pieceId)}/recut`),
};
