import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import { localStore, type LayoutSummary, type SavedPart } from './api';
import { onJobGone } from './jobGone';
import { SavedItemsDialog, SEARCH_DELAY_MS, SETTLE_MS } from './SavedItemsDialog';
import { savedMsg } from './texts';

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
let parts: SavedPart[];
let deleted: string[];
let getLayout: (id: string) => Promise<Response>;

beforeEach(() => {
  localStorage.clear();
  calls = [];
  parts = [];
  deleted = [];
  getLayout = async (id) =>
    Response.json({ id, name: all.find((l) => l.id === id)!.name, parts: [{ id: 'x', name: 'Kapı', width: 60, height: 120, quantity: 2 }], sheet: null, options: {}, createdAt: all[0].createdAt });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(url);
      const u = new URL(url, 'http://x');
      if (init?.method === 'DELETE') {
        deleted.push(u.pathname);
        return new Response(null, { status: 204 });
      }
      if (u.pathname === '/api/parts') return Response.json(parts);
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
  const onClose = vi.fn();
  render(
    <NoticeProvider>
      <SavedItemsDialog owner={owner} onAddParts={() => {}} onLoadLayout={onLoadLayout} onClose={onClose} />
    </NoticeProvider>,
  );
  return { onLoadLayout, onClose, user: userEvent.setup() };
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

  it('says the server is out of reach instead of "none saved" and zero counts, and shows what this browser kept', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(fetch).mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    localStore('@alice').keep({ name: 'Yerel mutfak', parts: [{ id: 'a', name: 'Raf', width: 45, height: 30, quantity: 3 }], sheet: { width: 100, height: 148 }, options: {} });
    show('@alice');
    expect(await screen.findByText('Sunucuya ulaşılamıyor; kayıtlı düzenler şu an gösterilemiyor.')).toBeInTheDocument();
    expect(screen.getByText('Sunucuya ulaşılamıyor; kayıtlı parçalar şu an gösterilemiyor.')).toBeInTheDocument();
    expect(screen.getByText('Yerel mutfak')).toBeInTheDocument();
    expect(screen.queryByText('Henüz kayıtlı parça bulunmuyor.')).not.toBeInTheDocument();
    expect(screen.queryByText(/0 kayıtlı parça/)).not.toBeInTheDocument();
    expect(screen.getByText(/yalnız bu tarayıcıda tutulanlar gösteriliyor/)).toBeInTheDocument();
    quiet.mockRestore();
  });

  it('says so too when the server fails (5xx), without a local copy', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(fetch).mockImplementation(async () => Response.json({ error: { code: 'internal', message: 'Sunucu hatası' } }, { status: 503 }));
    show();
    expect(await screen.findByText('Sunucuya ulaşılamıyor; kayıtlı düzenler şu an gösterilemiyor.')).toBeInTheDocument();
    expect(screen.queryByText('Henüz kayıtlı düzen bulunmuyor.')).not.toBeInTheDocument();
    expect(screen.queryByText(/kayıtlı düzen$/)).not.toBeInTheDocument();
    quiet.mockRestore();
  });

  it('still says "none saved" when the server answers with none', async () => {
    vi.mocked(fetch).mockImplementation(async (url) => Response.json(String(url).startsWith('/api/layouts') ? { layouts: [] } : []));
    show();
    expect(await screen.findByText('Henüz kayıtlı düzen bulunmuyor.')).toBeInTheDocument();
    expect(screen.getByText('0 kayıtlı parça · 0 kayıtlı düzen')).toBeInTheDocument();
    expect(screen.queryByText(/Sunucuya ulaşılamıyor/)).not.toBeInTheDocument();
  });
});

const part = (id: string, name: string, width: number, height: number): SavedPart => ({ id, name, width, height, quantity: 1, createdAt: '2024-01-01T00:00:00Z' });

describe('SavedItemsDialog deletes', () => {
  it('asks with İptal focused, so that Enter keeps the part', async () => {
    parts = [part('p1', 'Kapak', 45.5, 72)];
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Kapak: Sil' }));
    const ask = screen.getByRole('alertdialog');
    expect(within(ask).getByRole('button', { name: 'İptal' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleted).toEqual([]);
    expect(screen.getByRole('button', { name: 'Kapak: Sil' })).toHaveFocus();
  });

  it('moves the focus to the next row’s Sil after a part goes, and Escape still closes', async () => {
    parts = [part('p1', 'Kapak', 45.5, 72), part('p2', 'Raf', 40, 60), part('p3', 'Yan', 30, 60)];
    const { user, onClose } = show();
    await user.click(await screen.findByRole('button', { name: 'Raf: Sil' }));
    await user.keyboard('{Tab}{Enter}'); // İptal, then Evet
    await vi.waitFor(() => expect(screen.queryByText('Raf')).not.toBeInTheDocument());
    expect(deleted).toEqual(['/api/parts/p2']);
    expect(screen.getByRole('button', { name: 'Yan: Sil' })).toHaveFocus();
    // The last row: the one before takes the focus.
    await user.keyboard('{Enter}{Tab}{Enter}');
    await vi.waitFor(() => expect(screen.queryByText('Yan')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Kapak: Sil' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('tells the work that a deleted server layout is gone (the job on screen, if it was)', async () => {
    const announced: string[] = [];
    const stop = onJobGone((id) => announced.push(id));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Banyo 0: Sil' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await vi.waitFor(() => expect(deleted).toEqual(['/api/layouts/100']));
    expect(announced).toEqual(['100']);
    stop();
  });

  it('leaves the focus on the dialog when the last layout goes, and Escape closes it', async () => {
    localStore('').keep({ name: 'Tek yerel', parts: [], sheet: { width: 100, height: 148 }, options: {} });
    vi.mocked(fetch).mockImplementation(async (url) => {
      if (String(url) === '/api/parts') return Response.json([]);
      if (String(url) === '/api/layouts') return Response.json({ layouts: [] });
      return new Response('null', { status: 404 });
    });
    const { user, onClose } = show();
    await user.click(await screen.findByRole('button', { name: 'Tek yerel: Sil' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    expect(await screen.findByText('Henüz kayıtlı düzen bulunmuyor.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Kayıtlı Parçalar ve Düzenler' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says a layout kept here was not deleted when this browser refuses the write, and keeps it listed', async () => {
    const kept = (id: string, name: string) => ({ id, name, parts: [], sheet: { width: 100, height: 148 }, options: {}, createdAt: '2024-01-20T00:00:00Z' });
    localStorage.setItem('nesting-layouts', JSON.stringify([kept('1', 'Eski yerel'), kept('2', 'Yeni yerel')]));
    const refuse = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Eski yerel: Sil' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Düzen bu tarayıcıdan silinemedi (tarayıcı depolamaya izin vermedi). Listede duruyor; sayfayı yenileyip yeniden deneyin.',
    );
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Tamam' }));
    expect(screen.getByText('Eski yerel')).toBeInTheDocument();
    expect(localStore('').layouts().map((l) => l.name)).toEqual(['Eski yerel', 'Yeni yerel']);
    // Allowed again: it goes.
    refuse.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Eski yerel: Sil' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await vi.waitFor(() => expect(screen.queryByText('Eski yerel')).not.toBeInTheDocument());
    expect(localStore('').layouts().map((l) => l.name)).toEqual(['Yeni yerel']);
  });
});

describe('SavedItemsDialog footer', () => {
  it('counts what the search shows, parts and layouts alike', async () => {
    parts = [part('p1', 'Kapak', 45.5, 72), part('p2', 'Raf', 40, 60)];
    const { user } = show();
    await screen.findByText('Kapak');
    expect(await screen.findByText('2 kayıtlı parça · 3+ kayıtlı düzen')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Ara (parça adı, 40x60 veya düzen adı)'), '45,5x72');
    expect(await screen.findByText('Aramaya uyan: 1 parça · 0 düzen')).toBeInTheDocument();
    expect(screen.queryByText('Raf')).not.toBeInTheDocument();
    // said to a screen reader as well: the counts are a status
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Aramaya uyan: 1 parça · 0 düzen');
  });

  it('finds saved parts and layouts kept here by a query typed without Turkish letters, as the server finds layouts', async () => {
    parts = [part('p1', 'Arkalık', 59.6, 71.6), part('p2', 'ÇEKMECE ÖNÜ', 40, 15), part('p3', 'Raf', 40, 60)];
    localStore('').keep({ name: 'Mutfak İşi Ayşe', parts: [], sheet: { width: 100, height: 148 }, options: {} });
    const { user } = show();
    await screen.findByText('Arkalık');
    const search = screen.getByLabelText('Ara (parça adı, 40x60 veya düzen adı)');
    await user.type(search, 'arkalik');
    expect(await screen.findByText('Aramaya uyan: 1 parça · 0 düzen')).toBeInTheDocument();
    expect(screen.getByText('Arkalık')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'cekmece onu');
    expect(await screen.findByText('Aramaya uyan: 1 parça · 0 düzen')).toBeInTheDocument();
    expect(screen.getByText('ÇEKMECE ÖNÜ')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'MUTFAK ISI');
    expect(await screen.findByText('Aramaya uyan: 0 parça · 1 düzen')).toBeInTheDocument();
    expect(screen.getByText('Mutfak İşi Ayşe')).toBeInTheDocument();
  });

  it('offers the job states only for a layout saved with its result', async () => {
    all[0] = { ...all[0], state: 'planned', progress: { cut: 0, total: 5 } };
    all[1] = { ...all[1], state: 'planned', progress: { cut: 0, total: 0 } };
    try {
      show();
      await screen.findByText(all[0].name);
      expect(screen.getByRole('button', { name: `${all[0].name}: ${savedMsg.toCutting}` })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `${all[1].name}: ${savedMsg.toCutting}` })).toBeNull();
    } finally {
      delete all[0].state;
      delete all[0].progress;
      delete all[1].state;
      delete all[1].progress;
    }
  });

  it('writes the counts the Turkish way', () => {
    expect(savedMsg.savedCounts(1234, 20000, true)).toBe('1.234 kayıtlı parça · 20.000+ kayıtlı düzen');
    expect(savedMsg.foundCounts(1500, 0, false)).toBe('Aramaya uyan: 1.500 parça · 0 düzen');
  });
});

describe('SavedItemsDialog backdrop', () => {
  const backdrop = () => screen.getByRole('dialog', { name: 'Kayıtlı Parçalar ve Düzenler' }).parentElement!;

  it('closes on a click beside it while nothing is chosen or searched', async () => {
    const { user, onClose } = show();
    await screen.findByText('Banyo 0');
    await user.pointer({ keys: '[MouseLeft]', target: backdrop() });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open with parts chosen', async () => {
    parts = [part('p1', 'Kapak', 45.5, 72)];
    const { user, onClose } = show();
    await user.click(await screen.findByRole('checkbox', { name: /Kapak/ }));
    await user.pointer({ keys: '[MouseLeft]', target: backdrop() });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('SavedItemsDialog on a touch screen', () => {
  /** pointer stands in for matchMedia: the main pointer is a finger (coarse) or a mouse (fine). */
  const pointer = (kind: 'coarse' | 'fine') =>
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query === `(pointer: ${kind})`, media: query, addEventListener() {}, removeEventListener() {} })),
    );
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('does not put the focus in the search field, whose keyboard would cover the list', async () => {
    pointer('coarse');
    show();
    expect(await screen.findByText('Banyo 0')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).not.toHaveFocus();
    expect(screen.getByRole('button', { name: 'Kapat' })).toHaveFocus();
  });

  it('puts it there with a mouse, as before', async () => {
    pointer('fine');
    show();
    expect(screen.getByRole('searchbox')).toHaveFocus();
    expect(await screen.findByText('Banyo 0')).toBeInTheDocument();
  });

  it('ignores a second tap of a double tap on the button that took the tapped one’s place', async () => {
    const patched: string[] = [];
    const job: LayoutSummary = { ...all[0], name: 'Mutfak', state: 'planned', progress: { cut: 0, total: 4 } };
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (url === '/api/parts') return Response.json([]);
      if (String(url).startsWith('/api/layouts?') || url === '/api/layouts') return Response.json({ layouts: [job] });
      if (init?.method === 'PATCH') {
        const { state } = JSON.parse(String(init.body)) as { state: LayoutSummary['state'] };
        patched.push(state!);
        return Response.json({ id: job.id, state });
      }
      return new Response('null', { status: 404 });
    });
    // the clock the dialog reads, moved by hand
    const start = Date.now();
    let clock = start;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Mutfak: Kesime başla' }));
    // "Kesildi" is now where "Kesime başla" was
    const cut = await screen.findByRole('button', { name: 'Mutfak: Kesildi' });
    // it shows that it waits: disabled once the move is done, until SETTLE_MS have passed
    await screen.findByText('"Mutfak" kesimde.');
    expect(cut).toBeDisabled();
    await vi.waitFor(() => expect(cut).toBeEnabled());
    expect(patched).toEqual(['cutting']);
    clock = start + SETTLE_MS - 100;
    await user.click(cut);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // a tap after the buttons have settled is a tap
    clock = start + SETTLE_MS + 1;
    await user.click(cut);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Mutfak');
  });
});
