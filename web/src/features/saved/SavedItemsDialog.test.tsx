import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import { localStore, type LayoutSummary } from './api';
import { SavedItemsDialog, SEARCH_DELAY_MS } from './SavedItemsDialog';

// A stand-in server: 3 summaries a page, names matched as the server
// does (case-insensitively), layouts fetched whole by id.
const all: LayoutSummary[] = Array.from({ length: 9 }, (_, i) => ({
  id: String(100 - i),
  name: i % 2 ? `Mutfak ${i}` : `Banyo ${i}`,
  createdAt: new Date(Date.UTC(2024, 0, 20 - i)).toISOString(),
  sheet: { width: 100, height: 148 },
  partLines: 2,
  pieces: 5 + i,
}));
let calls: string[];
let getLayout: (id: string) => Promise<Response>;

beforeEach(() => {
  localStorage.clear();
  calls = [];
  getLayout = async (id) =>
    Response.json({ id, name: all.find((l) => l.id === id)!.name, parts: [{ id: 'x', name: 'Kapı', width: 60, height: 120, quantity: 2 }], sheet: null, options: {}, createdAt: all[0].createdAt });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const u = new URL(url, 'http://x');
      if (u.pathname === '/api/parts') return Response.json([]);
      if (u.pathname === '/api/layouts') {
        const q = (u.searchParams.get('q') ?? '').toLowerCase();
        const from = Number(u.searchParams.get('cursor') ?? 0);
        const found = all.filter((l) => l.name.toLowerCase().includes(q));
        const page = found.slice(from, from + 3);
        return Response.json(from + 3 < found.length ? { layouts: page, next: String(from + 3) } : { layouts: page });
      }
      const m = u.pathname.match(/^\/api\/layouts\/(\w+)$/);
      if (m) return getLayout(m[1]);
      return new Response('null', { status: 404 });
    }),
  );
});
afterEach(() => vi.useRealTimers());

function show(owner = '') {
  const onLoadLayout = vi.fn();
  render(
    <NoticeProvider>
      <SavedItemsDialog owner={owner} onAddParts={() => {}} onLoadLayout={onLoadLayout} onClose={() => {}} />
    </NoticeProvider>,
  );
  return { onLoadLayout, user: userEvent.setup() };
}

const layoutCalls = () => calls.filter((c) => c.startsWith('/api/layouts'));

describe('SavedItemsDialog', () => {
  it('lists summaries a page at a time with "Daha fazla"', async () => {
    const { user } = show();
    expect(await screen.findByText('Banyo 0')).toBeInTheDocument();
    expect(screen.getByText(/^2 çeşit · 5 adet · /)).toBeInTheDocument();
    expect(screen.queryByText('Banyo 4')).not.toBeInTheDocument();
    expect(screen.getByText('0 kayıtlı parça · 3+ kayıtlı düzen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Daha fazla' }));
    expect(await screen.findByText('Banyo 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Daha fazla' }));
    expect(await screen.findByText('Banyo 6')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Daha fazla' })).not.toBeInTheDocument();
    expect(screen.getByText('0 kayıtlı parça · 9 kayıtlı düzen')).toBeInTheDocument();
    expect(layoutCalls()).toEqual(['/api/layouts', '/api/layouts?cursor=3', '/api/layouts?cursor=6']);
  });

  it('searches layouts on the server once typing pauses, and pages the matches', async () => {
    const { user } = show();
    await screen.findByText('Banyo 0');
    await user.type(screen.getByLabelText('Ara (parça adı, 40x60 veya düzen adı)'), 'MUTFAK');
    expect(await screen.findByText('Mutfak 1')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DELAY_MS + 50)));
    expect(layoutCalls()).toEqual(['/api/layouts', '/api/layouts?q=MUTFAK']);
    expect(screen.queryByText('Banyo 0')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Daha fazla' }));
    expect(await screen.findByText('Mutfak 7')).toBeInTheDocument();
    expect(layoutCalls().at(-1)).toBe('/api/layouts?q=MUTFAK&cursor=3');
    await user.clear(screen.getByLabelText('Ara (parça adı, 40x60 veya düzen adı)'));
    await user.type(screen.getByLabelText('Ara (parça adı, 40x60 veya düzen adı)'), 'yok böyle');
    expect(await screen.findByText('Arama kriterinize uygun düzen bulunamadı.')).toBeInTheDocument();
  });

  it('loads a layout’s parts only when it is chosen, showing that it loads', async () => {
    let answer!: () => void;
    const slow = getLayout;
    getLayout = (id) => new Promise((r) => (answer = () => r(slow(id))));
    const { user, onLoadLayout } = show();
    await screen.findByText('Mutfak 1');
    expect(calls.some((c) => /\/api\/layouts\/\d/.test(c))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Mutfak 1: Yükle' }));
    const button = screen.getByRole('button', { name: 'Mutfak 1: Yükle' });
    expect(button).toHaveTextContent('Yükleniyor...');
    expect(button).toBeDisabled();
    expect(calls.at(-1)).toBe('/api/layouts/99');
    answer();
    await vi.waitFor(() => expect(onLoadLayout).toHaveBeenCalled());
    expect(onLoadLayout.mock.calls[0][0]).toMatchObject({ id: '99', name: 'Mutfak 1', parts: [{ name: 'Kapı', quantity: 2 }] });
  });

  it('stays usable when the load is called off (the user keeps their stock)', async () => {
    const { user, onLoadLayout } = show();
    onLoadLayout.mockResolvedValue(undefined); // asked, and the user said İptal: the dialog stays
    await user.click(await screen.findByRole('button', { name: 'Mutfak 1: Yükle' }));
    await vi.waitFor(() => expect(onLoadLayout).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Mutfak 1: Yükle' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Mutfak 1: Yükle' })).toHaveTextContent('Yükle');
  });

  it('says in Turkish when a layout cannot be loaded', async () => {
    getLayout = async () => Response.json({ error: { code: 'not_found', message: 'Kayıt bulunamadı.' } }, { status: 404 });
    const { user, onLoadLayout } = show();
    await user.click(await screen.findByRole('button', { name: 'Mutfak 1: Yükle' }));
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Düzen yüklenirken hata oluştu!');
    expect(dlg).toHaveTextContent('Kayıt bulunamadı.');
    await user.click(within(dlg).getByRole('button', { name: 'Tamam' }));
    expect(onLoadLayout).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Mutfak 1: Yükle' })).toHaveTextContent('Yükle');
    expect(screen.getByRole('button', { name: 'Mutfak 1: Yükle' })).toBeEnabled();
  });

  it('shows and loads the owner’s locally kept layouts, not another user’s', async () => {
    localStore('@alice').keep({ name: 'Alice yerel', parts: [{ id: 'a', name: 'Raf', width: 45, height: 30, quantity: 3 }], sheet: { width: 100, height: 148 }, options: {} });
    localStore('@bob').keep({ name: 'Bob yerel', parts: [], sheet: { width: 100, height: 148 }, options: {} });
    const { user, onLoadLayout } = show('@alice');
    expect(await screen.findByText('Alice yerel')).toBeInTheDocument();
    expect(screen.queryByText('Bob yerel')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Alice yerel: Yükle' }));
    expect(onLoadLayout.mock.calls[0][0]).toMatchObject({ name: 'Alice yerel', parts: [{ name: 'Raf' }] });
    expect(calls.some((c) => /\/api\/layouts\/\d/.test(c))).toBe(false);
  });
});
