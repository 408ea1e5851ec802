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
    expect(await syncLocal({ mode: 'team', username: 'bob', admin: false })).toEqual({ newParts: 1, newLayouts: 1, sent: 2, refused: [] });
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

// A stand-in for POST /api/sync's all-or-nothing check (docs/http-api.md):
// the first layout over the engine's 100.000 pieces, or else the first part
// over 1000 cm, is refused by a 400 naming it, and nothing is saved.
const tooManyPieces = 'Parça sayısı çok fazla: bir işte en fazla 100.000 adet yerleştirilebilir.';
const tooLarge = 'Ölçüler en fazla 1.000 cm olabilir.';
type SyncBody = { parts: { name: string; width: number }[]; layouts: { name: string; parts: { quantity: number }[] }[] };
const invalid = (field: string, message: string) => Response.json({ error: { code: 'invalid', message, fields: { [field]: message } } }, { status: 400 });

function strictServer(before: (body: SyncBody, n: number) => Response | undefined = () => undefined) {
  const bodies: SyncBody[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init!.body)) as SyncBody;
      bodies.push(body);
      const answer = before(body, bodies.length);
      if (answer) return answer;
      const l = body.layouts.findIndex((x) => x.parts.reduce((n, p) => n + p.quantity, 0) > 100000);
      if (l >= 0) return invalid(`layouts[${l}].parts[0].quantity`, tooManyPieces);
      const p = body.parts.findIndex((x) => x.width > 1000);
      if (p >= 0) return invalid(`parts[${p}].width`, tooLarge);
      return Response.json({ newParts: body.parts.length, newLayouts: body.layouts.length });
    }),
  );
  return bodies;
}

// A layout as the browser kept it; every one of the same id, as two saved
// in one millisecond are (String(Date.now())).
const keptLayout = (name: string, quantity = 2) => ({
  id: '1700000000000',
  name,
  parts: [{ id: 'p', name: `${name} parça`, width: 10, height: 20, quantity }],
  sheet: { width: 100, height: 148 },
  options: {},
  createdAt: '2024-01-01T00:00:00.000Z',
});
const keptPart = (name: string, width = 10) => ({ id: '1700000000000-0', name, width, height: 20, quantity: 1, createdAt: '2024-01-01T00:00:00.000Z' });
const keep = (key: string, items: unknown[]) => localStorage.setItem(key, JSON.stringify(items));
const names = (key: string) => (JSON.parse(localStorage.getItem(key) ?? '[]') as { name: string }[]).map((x) => x.name);
const alice = { mode: 'team', username: 'alice', admin: false } as const;

describe('a sync the server refuses an item of', () => {
  it('saves the others, keeps exactly the refused one and tells why', async () => {
    const bodies = strictServer();
    keep('nesting-layouts@alice', [keptLayout('Mutfak'), keptLayout('Dev iş', 100001), keptLayout('Banyo')]);
    const refusedOne = JSON.parse(localStorage.getItem('nesting-layouts@alice')!)[1];
    expect(await syncLocal(alice)).toEqual({ newParts: 0, newLayouts: 2, sent: 2, refused: [{ kind: 'layout', name: 'Dev iş', reason: tooManyPieces }] });
    expect(bodies.map((b) => b.layouts.map((l) => l.name))).toEqual([
      ['Mutfak', 'Dev iş', 'Banyo'],
      ['Mutfak', 'Banyo'],
    ]);
    expect(JSON.parse(localStorage.getItem('nesting-layouts@alice')!)).toEqual([refusedOne]);

    // A later sync sends the refused one alone, and keeps it again.
    expect(await syncLocal(alice)).toEqual({ newParts: 0, newLayouts: 0, sent: 0, refused: [{ kind: 'layout', name: 'Dev iş', reason: tooManyPieces }] });
    expect(bodies.slice(2).map((b) => b.layouts.map((l) => l.name))).toEqual([['Dev iş']]);
    expect(JSON.parse(localStorage.getItem('nesting-layouts@alice')!)).toEqual([refusedOne]);
  });

  it('maps the refused items to the store they came from when the plain copies are read too', async () => {
    const bodies = strictServer();
    keep('nesting-layouts@ayse', [keptLayout('Ayşe 1'), keptLayout('Ayşe dev', 100001)]);
    keep('nesting-parts@ayse', [keptPart('Kapak'), keptPart('Uzun', 1200)]);
    keep('nesting-layouts', [keptLayout('Eski dev', 200000), keptLayout('Eski 1')]);
    keep('nesting-parts', [keptPart('Raf'), keptPart('Uzun', 1200), keptPart('Tabla')]);
    const r = await syncLocal({ mode: 'team', username: 'ayse', admin: true });
    expect(r).toEqual({
      newParts: 3,
      newLayouts: 2,
      sent: 5,
      refused: [
        { kind: 'layout', name: 'Ayşe dev', reason: tooManyPieces },
        { kind: 'layout', name: 'Eski dev', reason: tooManyPieces },
        { kind: 'part', name: 'Uzun', reason: tooLarge },
        { kind: 'part', name: 'Uzun', reason: tooLarge },
      ],
    });
    expect(bodies.at(-1)!.layouts.map((l) => l.name)).toEqual(['Ayşe 1', 'Eski 1']);
    expect(bodies.at(-1)!.parts.map((p) => p.name)).toEqual(['Kapak', 'Raf', 'Tabla']);
    expect(bodies).toHaveLength(5); // one refusal an answer, then the rest
    expect(names('nesting-layouts@ayse')).toEqual(['Ayşe dev']);
    expect(names('nesting-parts@ayse')).toEqual(['Uzun']);
    expect(names('nesting-layouts')).toEqual(['Eski dev']);
    expect(names('nesting-parts')).toEqual(['Uzun']);
  });

  it('keeps what another tab kept while the sync was on its way', async () => {
    strictServer((_, n) => {
      if (n === 2) keep('nesting-layouts@alice', [...JSON.parse(localStorage.getItem('nesting-layouts@alice')!), keptLayout('Yeni')]);
      return undefined;
    });
    keep('nesting-layouts@alice', [keptLayout('Mutfak'), keptLayout('Dev iş', 100001)]);
    await syncLocal(alice);
    expect(names('nesting-layouts@alice')).toEqual(['Dev iş', 'Yeni']);
  });

  it('keeps everything, as before, on a 400 that names no item sent, also after an item was set aside', async () => {
    const whole = () => Response.json({ error: { code: 'invalid', message: 'İstek gövdesi okunamadı.' } }, { status: 400 });
    let bodies = strictServer(whole);
    keep('nesting-layouts@alice', [keptLayout('Mutfak'), keptLayout('Dev iş', 100001), keptLayout('Banyo')]);
    keep('nesting-parts@alice', [keptPart('Kapak')]);
    const before = { ...localStorage };
    await expect(syncLocal(alice)).rejects.toMatchObject({ status: 400, message: 'İstek gövdesi okunamadı.' });
    expect(bodies).toHaveLength(1);
    expect({ ...localStorage }).toEqual(before);

    // A field outside the items sent names none of them.
    bodies = strictServer(() => invalid('layouts[7].name', 'Lütfen düzen için bir ad girin!'));
    await expect(syncLocal(alice)).rejects.toMatchObject({ status: 400 });
    expect(bodies).toHaveLength(1);
    expect({ ...localStorage }).toEqual(before);

    // The rest, sent again without the refused layout, is refused as a whole:
    // nothing was saved, so nothing is removed.
    bodies = strictServer((_, n) => (n === 2 ? whole() : undefined));
    await expect(syncLocal(alice)).rejects.toMatchObject({ status: 400 });
    expect(bodies.map((b) => b.layouts.map((l) => l.name))).toEqual([
      ['Mutfak', 'Dev iş', 'Banyo'],
      ['Mutfak', 'Banyo'],
    ]);
    expect({ ...localStorage }).toEqual(before);
  });

  it('fails as before on a 5xx after an item was set aside, keeping everything', async () => {
    keep('nesting-layouts@alice', [keptLayout('Mutfak'), keptLayout('Dev iş', 100001)]);
    const before = { ...localStorage };
    strictServer((_, n) => (n === 2 ? Response.json({ error: { code: 'internal', message: 'Sunucu hatası' } }, { status: 500 }) : undefined));
    await expect(syncLocal(alice)).rejects.toMatchObject({ status: 500 });
    expect({ ...localStorage }).toEqual(before);
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
