import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { NoticeProvider } from '../components/Notices';
import type { Result } from '../features/engine/types';
import { download } from '../features/export/download';
import type { SavedLayout } from '../features/saved/api';
import { partsPrint } from './work';
import { fakeEngine } from './fakeEngine';

vi.mock('../features/export/download', () => ({ download: vi.fn() }));

// A loaded job's stored result is what the screen shows, not a new layout,
// until the work changes or the user asks for one (Yeniden hesapla).

// The stand-in engine (fakeEngine) lays out one page per part line; the
// stored result below has both lines on one page, so the two are told apart
// by their page count.

const piece = (id: string, name: string, x: number) => ({ id, name, x, y: 0, width: 20, height: 30, rotated: false, originalIndex: 0 });

/** stored is the job's layout as planned: one sheet holding both pieces of both lines. */
const stored: Result = {
  sheet: { width: 100, height: 148 },
  pages: [{ id: 'page-0', efficiency: 80, parts: [piece('p1-0', 'Yan', 0), piece('p2-0', 'Raf', 20)] }],
  skipped: [],
  stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 80, placed: 2, elapsedMs: 5 },
};

function job(change: Partial<SavedLayout> = {}): SavedLayout {
  return {
    id: '9',
    name: 'Mutfak',
    parts: [
      { id: 'p1', name: 'Yan', width: 20, height: 30, quantity: 1 },
      { id: 'p2', name: 'Raf', width: 20, height: 30, quantity: 1 },
    ],
    sheet: { width: 100, height: 148 },
    options: {},
    result: stored,
    state: 'planned',
    cutPieces: [],
    createdAt: '2024-01-01T00:00:00Z',
    ...change,
  };
}

/** writes are the layouts the page saved (PUT /api/layouts/{id}), by id. */
let writes: Map<string, SavedLayout>;

/** serve answers as a server without accounts that keeps layouts ls. */
function serve(ls: SavedLayout[]) {
  writes = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0];
      if (init?.method === 'PUT' && path.startsWith('/api/layouts/')) {
        const l = { ...ls[0], ...JSON.parse(String(init.body)) };
        writes.set(l.id, l);
        return Response.json(l);
      }
      if (path === '/api/sync') return Response.json({ newParts: 0, newLayouts: 0 });
      if (path === '/api/auth/me') return Response.json({ mode: 'local' });
      if (path === '/api/parts') return Response.json([]);
      if (path === '/api/layouts')
        return Response.json({
          layouts: ls.map((l) => ({ id: l.id, name: l.name, createdAt: l.createdAt, sheet: l.sheet, partLines: l.parts.length, pieces: 2, state: l.state })),
        });
      const l = ls.find((l) => path === `/api/layouts/${l.id}`);
      if (l) return Response.json(l);
      return new Response('null', { status: 503 });
    }),
  );
}

async function setup(...ls: SavedLayout[]) {
  serve(ls);
  return start(fakeEngine());
}

/** start shows the page on engine, past its splash. */
async function start<E extends ReturnType<typeof fakeEngine>>(engine: E) {
  const user = userEvent.setup();
  render(
    <NoticeProvider>
      <App engine={engine} />
    </NoticeProvider>,
  );
  await user.keyboard('{Escape}'); // skip the splash
  return { user, engine, run: vi.mocked(engine.run) };
}

/** setupPapers starts the page on an engine that also writes papers (engine.paper), for the tests of what the papers get. */
function setupPapers() {
  const engine = { ...fakeEngine(), paper: vi.fn(async () => new Uint8Array([1])), paperFileName: vi.fn(() => 'mutfak.xlsx') } as unknown as ReturnType<typeof fakeEngine> & { paper: ReturnType<typeof vi.fn> };
  return start(engine);
}

async function load(user: ReturnType<typeof userEvent.setup>, answer?: string, name = 'Mutfak', part = 'Yan') {
  await user.click(screen.getByRole('button', { name: 'Kayıtlı Parçalar' }));
  await user.click(await screen.findByRole('button', { name: `${name}: Yükle` }));
  if (answer) await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: answer }));
  await screen.findByRole('listitem', { name: part });
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await act(async () => {});
}

const pages = () => screen.getByTestId('total-pages').textContent;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('App loading a saved job', () => {
  it('shows its stored result without laying it out, until a part changes', async () => {
    const { user, run } = await setup(job());
    await load(user);
    expect(screen.getByText('Kayıtlı düzen gösteriliyor.')).toBeInTheDocument();
    expect(pages()).toBe('1');
    expect(run).not.toHaveBeenCalled();
    // The first edit lays the work out as any change does.
    await user.click(screen.getByRole('button', { name: 'Raf: Sil' }));
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0][0].parts.map((p) => p.name)).toEqual(['Yan']);
    expect(screen.queryByText('Kayıtlı düzen gösteriliyor.')).toBeNull();
  });

  it('lays the same work out anew at Yeniden hesapla', async () => {
    const { user, run } = await setup(job());
    await load(user);
    expect(run).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yeniden hesapla' }));
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0][0].parts.map((p) => p.id)).toEqual(['p1', 'p2']);
    await vi.waitFor(() => expect(pages()).toBe('2'));
    expect(screen.queryByText('Kayıtlı düzen gösteriliyor.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Yeniden hesapla' })).toBeNull();
  });

  it('lays out a layout saved without a result, as before: the result of the one loaded before goes', async () => {
    const older = job({ id: '8', name: 'Banyo', result: null, parts: [{ id: 'p1', name: 'Dolap', width: 20, height: 30, quantity: 1 }] });
    const { user, run } = await setup(job(), older);
    await load(user);
    expect(screen.getByText('Kayıtlı düzen gösteriliyor.')).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
    await load(user, undefined, 'Banyo', 'Dolap');
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0][0].parts.map((p) => p.name)).toEqual(['Dolap']);
    expect(screen.queryByText('Kayıtlı düzen gösteriliyor.')).toBeNull();
    // the engine's layout of Banyo's one part, not Mutfak's stored sheet
    await vi.waitFor(() => expect(screen.getByTestId('total-parts').textContent).toBe('1'));
  });

  it("lays out a layout loaded with today's stock, which is not the layout's; loaded with its own, its stored result shows", async () => {
    localStorage.setItem(
      'kesim-work',
      JSON.stringify({ parts: [], canvas: { width: 100, height: 148 }, stock: { stock: [{ id: 'yeni', name: 'Yeni', width: 100, height: 148, price: 1500 }], bands: [] }, stockUnsent: true }),
    );
    const { user, run } = await setup(job({ stock: [{ id: 'eski', name: 'Eski', width: 100, height: 148, price: 1450 }] }));
    await load(user, 'Güncel stokla yükle');
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0][0].stock?.map((r) => r.id)).toEqual(['yeni']);
    expect(screen.queryByText('Kayıtlı düzen gösteriliyor.')).toBeNull();
    await load(user, 'Düzenin stokuyla yükle');
    expect(screen.getByText('Kayıtlı düzen gösteriliyor.')).toBeInTheDocument();
    expect(pages()).toBe('1');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('shows a cut job as it was cut, with no new layout offered', async () => {
    const { user, run } = await setup(job({ state: 'cut', cutPieces: ['p1-0', 'p2-0'] }));
    await load(user);
    expect(screen.getByText('Kesilmiş iş: kesilen düzen gösteriliyor.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yeniden hesapla' })).toBeNull();
    expect(pages()).toBe('1');
    expect(run).not.toHaveBeenCalled();
    // Every sheet of a job already cut is marked so.
    expect(screen.getByTestId('page-cut')).toHaveTextContent('Kesildi');
  });

  it("shows a cut job with today's stock left as it is, naming its boards by the rows it was cut from", async () => {
    // Today's stock: the cut took the last sheet of "eski" off it.
    localStorage.setItem(
      'kesim-work',
      JSON.stringify({ parts: [], canvas: { width: 100, height: 148 }, stock: { stock: [{ id: 'yeni', name: 'Yeni', width: 100, height: 148, price: 1500 }], bands: [] } }),
    );
    const cutJob = job({ state: 'cut', cutPieces: ['p1-0', 'p2-0'], stock: [{ id: 'eski', name: 'Eski levha', width: 100, height: 148, quantity: 1, price: 1450 }] });
    cutJob.result = {
      ...stored,
      pages: stored.pages.map((p) => ({ ...p, stockId: 'eski', width: 100, height: 148 })),
      materials: [{ material: '', pages: 1, lowerBound: 1, efficiency: 80, objective: 'area', cost: 0, costLowerBound: 0, optimal: true }],
    };
    const { user, run } = await setup(cutJob);
    // No question: the cut job's old stock is never put back.
    await load(user);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Kesilmiş iş: kesilen düzen gösteriliyor.')).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('kesim-work')!).stock.stock.map((r: { id: string }) => r.id)).toEqual(['yeni']);
    expect(vi.mocked(fetch).mock.calls.some(([url, init]) => String(url).startsWith('/api/stock') && init?.method === 'PUT')).toBe(false);
    expect(screen.getByRole('img', { name: /Eski levha/ })).toBeInTheDocument();
  });

  it('gives the papers of a cut job the rows it was cut from, though the cut took the last of them off stock', async () => {
    localStorage.setItem(
      'kesim-work',
      JSON.stringify({ parts: [], canvas: { width: 100, height: 148 }, stock: { stock: [{ id: 'yeni', name: 'Yeni', width: 100, height: 148, price: 1500 }], bands: [] } }),
    );
    const eski = { id: 'eski', name: 'Eski levha', width: 100, height: 148, quantity: 1, price: 1450 };
    const cutJob = job({ state: 'cut', cutPieces: ['p1-0', 'p2-0'], stock: [eski] });
    cutJob.result = { ...stored, pages: stored.pages.map((p) => ({ ...p, stockId: 'eski', width: 100, height: 148 })) };
    serve([cutJob]);
    const { user, engine } = await setupPapers();
    await load(user);
    await user.click(screen.getByRole('button', { name: 'Kesim listesi (Excel)' }));
    await vi.waitFor(() => expect(engine.paper).toHaveBeenCalled());
    const [, , request, options] = engine.paper.mock.calls[0];
    expect(request.stock.map((r: { id: string }) => r.id)).toEqual(['eski']);
    expect(options.stock.map((r: { id: string }) => r.id)).toEqual(['eski']);
  });

  it("lists as a cut job's leftovers those its cut put on the rack, not those of today's rules", async () => {
    const today = { rules: [{ minWidth: 90, minHeight: 90 }], maxArea: 0, minUse: 60 };
    localStorage.setItem(
      'kesim-work',
      JSON.stringify({ parts: [], canvas: { width: 100, height: 148 }, stock: { stock: [], bands: [], offcutSettings: today } }),
    );
    const then = [{ page: 0, x: 40, y: 0, width: 60, height: 148, code: 'A-3' }];
    serve([job({ state: 'cut', cutPieces: ['p1-0', 'p2-0'], cutOffcuts: then }), job({ id: '8', name: 'Eski iş', state: 'cut', cutPieces: ['p1-0', 'p2-0'] })]);
    const { user, engine } = await setupPapers();
    await load(user);
    await user.click(screen.getByRole('button', { name: 'Kesim listesi (Excel)' }));
    await vi.waitFor(() => expect(engine.paper).toHaveBeenCalledTimes(1));
    expect(engine.paper.mock.calls[0][3].offcuts).toEqual(then);
    // A job cut before the server kept its offcuts: today's rules.
    await load(user, undefined, 'Eski iş');
    await user.click(screen.getByRole('button', { name: 'Kesim listesi (Excel)' }));
    await vi.waitFor(() => expect(engine.paper).toHaveBeenCalledTimes(2));
    expect(engine.paper.mock.calls[1][3].rules).toEqual(today.rules);
  });

  it('keeps showing a job marked cut here as it was sawn, though the cut changed the stock, and lists the leftovers it put on the rack', async () => {
    const then = [{ page: 0, x: 40, y: 0, width: 60, height: 148, code: 'A-1' }];
    let rack: { id: string; width: number; height: number; quantity: number; offcut: boolean }[] = [];
    let cut = false;
    const layout = job({ state: 'cutting' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = url.split('?')[0];
        if (path === '/api/auth/me') return Response.json({ mode: 'local' });
        if (path === '/api/sync') return Response.json({ newParts: 0, newLayouts: 0 });
        if (path === '/api/parts') return Response.json([]);
        if (path === '/api/stock') return Response.json({ stock: rack, bands: [], offcutSettings: { rules: [{ minWidth: 90, minHeight: 90 }], maxArea: 0, minUse: 60 } });
        if (path === '/api/layouts')
          return Response.json({ layouts: [{ id: '9', name: 'Mutfak', createdAt: layout.createdAt, sheet: layout.sheet, partLines: 2, pieces: 2, state: cut ? 'cut' : 'cutting', progress: { cut: 0, total: 2 } }] });
        if (path === '/api/layouts/9' && init?.method === 'PATCH') {
          // The cut puts an offcut on the rack, under the rules of then.
          cut = true;
          rack = [{ id: 'A-1', width: 60, height: 148, quantity: 1, offcut: true }];
          return Response.json({ ...layout, state: 'cut', cutOffcuts: then, offcuts: 1 });
        }
        if (path === '/api/layouts/9') return Response.json(cut ? { ...layout, state: 'cut', cutOffcuts: then } : layout);
        return new Response('null', { status: 503 });
      }),
    );
    const { user, engine } = await setupPapers();
    await load(user);
    expect(pages()).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Kayıtlı Parçalar' }));
    await user.click(await screen.findByRole('button', { name: 'Mutfak: Kesildi' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await screen.findByText(/"Mutfak" kesildi/);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem('kesim-work')!).stock.stock.map((r: { id: string }) => r.id)).toEqual(['A-1']));
    await act(async () => {});
    expect(screen.getByText('Kesilmiş iş: kesilen düzen gösteriliyor.')).toBeInTheDocument();
    expect(pages()).toBe('1');
    expect(vi.mocked(engine.run)).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Kesim listesi (Excel)' }));
    await vi.waitFor(() => expect(engine.paper).toHaveBeenCalled());
    expect(engine.paper.mock.calls[0][3].offcuts).toEqual(then);
  });

  it('shows a cut job as it was sawn after a reload too, reading it again', async () => {
    const cutJob = job({ state: 'cut', cutPieces: ['p1-0', 'p2-0'] });
    // The page reloaded with the cut job's work on screen: the stored result is not kept with it.
    localStorage.setItem(
      'kesim-work',
      JSON.stringify({ parts: cutJob.parts, canvas: { width: 100, height: 148 }, saved: partsPrint(cutJob.parts), job: { id: '9', name: 'Mutfak', state: 'cut', pinned: [] } }),
    );
    await setup(cutJob);
    await screen.findByText('Kesilmiş iş: kesilen düzen gösteriliyor.');
    await vi.waitFor(() => expect(pages()).toBe('1'));
  });

  it('re-plans a job being cut only once asked, with its cut sheet pinned', async () => {
    const { user, run } = await setup(job({ state: 'cutting', cutPieces: ['p1-0'] }));
    await load(user);
    expect(screen.getByText('Kayıtlı düzen gösteriliyor.')).toBeInTheDocument();
    expect(screen.getByTestId('page-cut')).toHaveTextContent('Kesildi');
    expect(run).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yeniden hesapla' }));
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0][0].pinned?.map((p) => p.id)).toEqual(['page-0']);
  });

  it('exports the stored result shown', async () => {
    const { user, engine, run } = await setup(job());
    await load(user);
    await user.click(screen.getByRole('button', { name: 'PDF İndir' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(vi.mocked(engine.pdf).mock.calls[0][0]).toEqual(stored);
    expect(run).not.toHaveBeenCalled();
  });

  it('saves a job being cut over itself with its stored result, as shown', async () => {
    const { user, run } = await setup(job({ state: 'cutting', cutPieces: ['p1-0'] }));
    await load(user);
    await user.click(screen.getByRole('button', { name: 'Düzeni Kaydet' }));
    const dlg = await screen.findByRole('dialog', { name: 'Kesimdeki İşi Güncelle' });
    await user.click(within(dlg).getByRole('button', { name: 'Kaydet' }));
    await vi.waitFor(() => expect(writes.get('9')).toBeDefined());
    expect(writes.get('9')!.result).toEqual(stored);
    expect(run).not.toHaveBeenCalled();
  });

  it('does not keep the stored result when the work is cleared, or after a reload', async () => {
    const { user, run } = await setup(job());
    await load(user);
    window.dispatchEvent(new Event('pagehide')); // the page left (a reload) writes what waits to be written
    expect(JSON.parse(localStorage.getItem('kesim-work')!).shown).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Tümünü Temizle' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    expect(screen.queryByText('Kayıtlı düzen gösteriliyor.')).toBeNull();
    expect(screen.queryByTestId('total-pages')).toBeNull();
    expect(run).not.toHaveBeenCalled();
  });
});
