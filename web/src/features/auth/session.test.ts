import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNREACHABLE } from '../../lib/api';
import { me } from './session';

// What GET /api/auth/me says decides local mode (no accounts, the plain
// browser keys) or team mode: only an answer that says local mode may give it.
const json = (v: unknown, status = 200) => Response.json(v, { status });
const unauthorized = () => json({ error: { code: 'unauthorized', message: 'Oturum açmanız gerekiyor.' } }, 401);
const unavailable = () => json({ error: { code: 'unavailable', message: 'Veritabanına şu an ulaşılamıyor; biraz sonra yeniden deneyin.' } }, 503);

function server(answers: Record<string, () => Response | Promise<Response>>) {
  const f = vi.fn(async (url: string) => (answers[url] ?? (() => json(null, 404)))());
  vi.stubGlobal('fetch', f);
  return f;
}

afterEach(() => vi.unstubAllGlobals());

describe('me', () => {
  it('gives local mode when the server says so, or for the API’s 404 of a server without accounts’ routes', async () => {
    server({ '/api/auth/me': () => json({ mode: 'local' }) });
    await expect(me()).resolves.toEqual({ mode: 'local' });
    server({ '/api/auth/me': () => json({ error: { code: 'not_found', message: 'Böyle bir API yolu yok.' } }, 404) });
    await expect(me()).resolves.toEqual({ mode: 'local' });
  });

  it('gives the signed-in user, or null when the session ended for good', async () => {
    server({ '/api/auth/me': () => json({ mode: 'team', username: 'ayse', admin: false, aal: 'aal1' }) });
    await expect(me()).resolves.toMatchObject({ mode: 'team', username: 'ayse' });
    server({ '/api/auth/me': unauthorized, '/api/auth/refresh': unauthorized });
    await expect(me()).resolves.toBeNull();
  });

  it('never gives local mode for a 503 of the server, with the server’s message', async () => {
    server({ '/api/auth/me': unavailable });
    await expect(me()).rejects.toMatchObject({ status: 503, message: 'Veritabanına şu an ulaşılamıyor; biraz sonra yeniden deneyin.' });
  });

  it('never gives local mode for a proxy’s 502, 504 or 404 page', async () => {
    for (const status of [502, 504, 404]) {
      server({ '/api/auth/me': () => new Response('<html>Bad Gateway</html>', { status, headers: { 'Content-Type': 'text/html' } }) });
      await expect(me()).rejects.toMatchObject({ status });
    }
  });

  it('never gives local mode when the server is out of reach, or answers a page that is not the API’s', async () => {
    server({ '/api/auth/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(me()).rejects.toMatchObject({ status: 0, message: UNREACHABLE });
    server({ '/api/auth/me': () => new Response('<html>Giriş</html>', { status: 200 }) });
    await expect(me()).rejects.toMatchObject({ status: 200 });
  });

  it('does not sign out when the refresh could not tell (503, out of reach): the mode stays unknown', async () => {
    server({ '/api/auth/me': unauthorized, '/api/auth/refresh': unavailable });
    await expect(me()).rejects.toMatchObject({ status: 0 });
    server({ '/api/auth/me': unauthorized, '/api/auth/refresh': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(me()).rejects.toMatchObject({ status: 0 });
  });
});
