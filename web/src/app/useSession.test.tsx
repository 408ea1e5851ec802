import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../components/Notices';
import { request, UNREACHABLE } from '../lib/api';
import { RETRY_MS, useSession } from './useSession';

const json = (v: unknown, status = 200) => Response.json(v, { status });
const unauthorized = () => json({ error: { code: 'unauthorized', message: 'Oturum açmanız gerekiyor.' } }, 401);
const DB_DOWN = 'Veritabanına şu an ulaşılamıyor; biraz sonra yeniden deneyin.';
const unavailable = () => json({ error: { code: 'unavailable', message: DB_DOWN } }, 503);
const badGateway = () => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const ayse = { mode: 'team', username: 'ayse', admin: false, aal: 'aal1' };

/** serve answers each path with the latest handler given for it; any other path is the API's 404. */
function serve(routes: Record<string, () => Response | Promise<Response>>) {
  const f = vi.fn(async (url: string) => (routes[url] ?? (() => json({ error: { code: 'not_found', message: 'x' } }, 404)))());
  vi.stubGlobal('fetch', f);
  return routes;
}

const wrapper = ({ children }: { children: ReactNode }) => <NoticeProvider>{children}</NoticeProvider>;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useSession on a server that does not say its mode', () => {
  it.each([
    ['a 503 of the server', unavailable, DB_DOWN],
    ['a proxy’s 502', badGateway, UNREACHABLE],
    ['a network error', offline, UNREACHABLE],
  ])('%s: the mode stays unknown (no local mode), and a retry that answers gives it', async (_, failure, message) => {
    const routes = serve({ '/api/auth/me': failure });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.unreachable).toMatchObject({ message }));
    expect(result.current.account).toBeUndefined();
    routes['/api/auth/me'] = () => json(ayse);
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.account).toMatchObject({ mode: 'team', username: 'ayse' }));
    expect(result.current.unreachable).toBeNull();
  });

  it('asks again by itself, waiting longer each time, until the server says local mode', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const routes = serve({ '/api/auth/me': offline });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.unreachable).not.toBeNull());
    const asked = () => (fetch as ReturnType<typeof vi.fn>).mock.calls.filter(([u]) => u === '/api/auth/me').length;
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(RETRY_MS[0]));
    expect(asked()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(RETRY_MS[0]));
    expect(asked()).toBe(2); // the second wait is longer
    routes['/api/auth/me'] = () => json({ mode: 'local' });
    await act(() => vi.advanceTimersByTimeAsync(RETRY_MS[1]));
    await waitFor(() => expect(result.current.account).toEqual({ mode: 'local' }));
    expect(result.current.unreachable).toBeNull();
  });
});

describe('useSession of a signed-in user', () => {
  it('stays signed in when a refresh meets a 503 or no server: the request fails as out of reach', async () => {
    const routes = serve({ '/api/auth/me': () => json(ayse), '/api/parts': unauthorized, '/api/auth/refresh': unavailable });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.account).toMatchObject({ username: 'ayse' }));
    await expect(request('GET', '/api/parts')).rejects.toMatchObject({ status: 0 });
    routes['/api/auth/refresh'] = offline;
    await expect(request('GET', '/api/parts')).rejects.toMatchObject({ status: 0 });
    expect(result.current.account).toMatchObject({ mode: 'team', username: 'ayse' });
    expect(result.current.ended).toBe(false);
  });

  it('stays signed in on a screen mounted later whose /me meets a 503', async () => {
    const routes = serve({ '/api/auth/me': () => json(ayse) });
    const first = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(first.result.current.account).toMatchObject({ username: 'ayse' }));
    first.unmount();
    routes['/api/auth/me'] = unavailable;
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.account).toMatchObject({ mode: 'team', username: 'ayse' }));
    expect(result.current.unreachable).toBeNull();
  });

  it('still ends a session the server no longer knows (401 after the refresh)', async () => {
    serve({ '/api/auth/me': () => json(ayse), '/api/parts': unauthorized, '/api/auth/refresh': unauthorized });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.account).toMatchObject({ username: 'ayse' }));
    await expect(request('GET', '/api/parts')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(result.current.account).toBeNull());
    expect(result.current.ended).toBe(true);
  });
});
