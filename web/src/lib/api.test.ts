import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorOf, onSignInNeeded, request, UNREACHABLE } from './api';

const json = (v: unknown, status = 200) => Response.json(v, { status });
const unauthorized = () => json({ error: { code: 'unauthorized', message: 'Oturum açmanız gerekiyor.' } }, 401);

afterEach(() => vi.unstubAllGlobals());

describe('errorOf', () => {
  it('reads the server’s message, code and fields', async () => {
    const e = await errorOf(json({ error: { code: 'invalid', message: 'Lütfen geçerli pozitif değerler girin!', fields: { width: 'pozitif olmalı' } } }, 400));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ message: 'Lütfen geçerli pozitif değerler girin!', status: 400, code: 'invalid', fields: { width: 'pozitif olmalı' } });
  });

  it('names the status when the body is not the error shape', async () => {
    expect(await errorOf(new Response('<html>Bad Gateway</html>', { status: 502 }))).toMatchObject({ message: 'HTTP 502', status: 502, code: '', fields: {} });
    expect(await errorOf(json({ error: 'plain' }, 500))).toMatchObject({ message: 'HTTP 500', code: '' });
  });
});

describe('request', () => {
  it('sends JSON and returns the answer’s JSON; 204 gives undefined', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json({ id: '1' }, 201)));
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('POST', '/api/layouts', { name: 'Mutfak' })).resolves.toEqual({ id: '1' });
    const init = fetchMock.mock.calls[0][1]!;
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Mutfak' });
    await expect(request('DELETE', '/api/layouts/1')).resolves.toBeUndefined();
  });

  it('refreshes a lost session once and sends the request again', async () => {
    let session = false;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/auth/refresh') {
        session = true;
        return json({ mode: 'team', username: 'ayse' });
      }
      return session ? json([]) : unauthorized();
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('GET', '/api/parts')).resolves.toEqual([]);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/parts', '/api/auth/refresh', '/api/parts']);
  });

  it('asks for a sign-in when the refresh fails, and throws the server’s 401', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => unauthorized()));
    const needed = vi.fn();
    const off = onSignInNeeded(needed);
    try {
      await expect(request('GET', '/api/parts')).rejects.toMatchObject({ status: 401, code: 'unauthorized', message: 'Oturum açmanız gerekiyor.' });
      expect(needed).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });

  it('keeps the session when the refresh fails (503, a proxy’s 502, out of reach): the request fails as out of reach', async () => {
    const needed = vi.fn();
    const off = onSignInNeeded(needed);
    try {
      for (const answer of [
        () => json({ error: { code: 'unavailable', message: 'Veritabanına şu an ulaşılamıyor; biraz sonra yeniden deneyin.' } }, 503),
        () => new Response('<html>Bad Gateway</html>', { status: 502 }),
        () => Promise.reject(new TypeError('Failed to fetch')),
      ]) {
        vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/auth/refresh' ? answer() : unauthorized())));
        await expect(request('GET', '/api/parts')).rejects.toMatchObject({ status: 0, message: UNREACHABLE });
      }
      expect(needed).not.toHaveBeenCalled();
    } finally {
      off();
    }
  });

  it('leaves the routes of /api/auth/ to answer for themselves', async () => {
    const fetchMock = vi.fn(async () => json({ error: { code: 'unauthorized', message: 'Kullanıcı adı veya şifre hatalı', fields: { code: 'x' } } }, 401));
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('POST', '/api/auth/login', {})).rejects.toMatchObject({ status: 401, fields: { code: 'x' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives status 0 when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(request('GET', '/api/parts')).rejects.toMatchObject({ status: 0, message: UNREACHABLE });
  });
});
