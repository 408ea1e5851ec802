import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, localStore, syncLocal } from './api';

const layout = (name: string) => ({ name, parts: [{ id: 'p', name: `${name} parça`, width: 10, height: 20, quantity: 2 }], sheet: { width: 100, height: 148 }, options: {} });

let synced: { parts: { name: string }[]; layouts: { name: string }[] }[];

beforeEach(() => {
  localStorage.clear();
  synced = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/sync') {
        const body = JSON.parse(String(init!.body));
        synced.push(body);
        return Response.json({ newParts: body.parts.length, newLayouts: body.layouts.length });
      }
      return Response.json({ layouts: [] });
    }),
  );
});

describe('local copies', () => {
  it('keep layouts under the plain key in local mode and under KEY@NAME in team mode', () => {
    localStore('').keep(layout('Yerel'));
    localStore('@alice').keep(layout('Alice'));
    expect(JSON.parse(localStorage.getItem('nesting-layouts')!).map((l: { name: string }) => l.name)).toEqual(['Yerel']);
    expect(JSON.parse(localStorage.getItem('nesting-layouts@alice')!).map((l: { name: string }) => l.name)).toEqual(['Alice']);
    expect(JSON.parse(localStorage.getItem('nesting-parts@alice')!).map((p: { name: string }) => p.name)).toEqual(['Alice parça']);
    expect(localStore('@bob').layouts()).toEqual([]);
  });

  it('sync only the signed-in user’s own items', async () => {
    localStore('').keep(layout('Hesapsız'));
    localStore('@alice').keep(layout('Alice'));
    localStore('@bob').keep(layout('Bob'));
    expect(await syncLocal({ mode: 'team', username: 'bob', admin: false })).toEqual({ newParts: 1, newLayouts: 1 });
    expect(synced.map((b) => b.layouts.map((l) => l.name))).toEqual([['Bob']]);
    expect(localStore('@bob').layouts()).toEqual([]);
    expect(localStore('@alice').layouts()).toHaveLength(1);
    expect(localStore('').layouts()).toHaveLength(1);
    // Nothing kept for bob any more: no request.
    expect(await syncLocal({ mode: 'team', username: 'bob', admin: false })).toBeNull();
    expect(synced).toHaveLength(1);
  });

  it('give what was kept before accounts to an admin’s sync', async () => {
    localStore('').keep(layout('Hesapsız'));
    localStore('@alice').keep(layout('Alice'));
    await syncLocal({ mode: 'team', username: 'ayse', admin: true });
    expect(synced[0].layouts.map((l) => l.name)).toEqual(['Hesapsız']);
    expect(localStore('').layouts()).toEqual([]);
    expect(localStore('@alice').layouts()).toHaveLength(1);
  });

  it('sync the plain key in local mode, as the specification does', async () => {
    localStore('').keep(layout('Yerel'));
    await syncLocal({ mode: 'local' });
    expect(synced[0].layouts.map((l) => l.name)).toEqual(['Yerel']);
    expect(localStorage.getItem('nesting-layouts')).toBeNull();
  });
});

describe('api.listLayouts', () => {
  it('asks for a page by name and cursor', async () => {
    await api.listLayouts();
    await api.listLayouts({ q: 'mutfak dolabı', cursor: 'c2', limit: 20 });
    const urls = (fetch as ReturnType<typeof vi.fn>).mock.calls.map((c) => c[0]);
    expect(urls).toEqual(['/api/layouts', '/api/layouts?q=mutfak+dolab%C4%B1&limit=20&cursor=c2']);
  });
});
