import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import type { LayoutSummary } from './api';
import { SavedItemsDialog } from './SavedItemsDialog';
import { onJobGone } from './jobGone';
import { SaveLayoutDialog } from './SaveLayoutDialog';

// Jobs in the saved-layouts dialog: a stand-in server with one job per state.
let layouts: LayoutSummary[];
let patched: { url: string; body: unknown }[];
let stock: unknown[];

const summary = (id: string, name: string, state: LayoutSummary['state'], cut = 0): LayoutSummary => ({
  id,
  name,
  createdAt: '2026-01-02T10:00:00Z',
  sheet: { width: 100, height: 148 },
  partLines: 1,
  pieces: 4,
  state,
  progress: { cut, total: 4 },
});

beforeEach(() => {
  layouts = [summary('1', 'Mutfak', 'planned'), summary('2', 'Banyo', 'cutting', 3), summary('3', 'Dolap', 'cut', 4)];
  patched = [];
  stock = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/parts') return Response.json([]);
      if (url === '/api/layouts') return Response.json({ layouts });
      if (url === '/api/stock') return Response.json({ stock, bands: [] });
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body));
        patched.push({ url, body });
        if (body.state === 'cut') stock = [{ id: 'o1', offcut: true, sourceLayoutId: url.split('/').pop(), width: 40, height: 50 }, { id: 'o2', offcut: true, sourceLayoutId: 'x', width: 40, height: 50 }];
        return Response.json({ id: url.split('/').pop(), state: body.state });
      }
      return new Response('null', { status: 404 });
    }),
  );
});

function show() {
  const onJobState = vi.fn();
  render(
    <NoticeProvider>
      <SavedItemsDialog owner="" onAddParts={() => {}} onLoadLayout={() => {}} onJobState={onJobState} onClose={() => {}} />
    </NoticeProvider>,
  );
  return { onJobState, user: userEvent.setup() };
}

describe('jobs in the saved layouts', () => {
  it('show each job’s state and progress, and the moves it allows', async () => {
    show();
    await screen.findByText('Mutfak');
    expect(screen.getAllByTestId('job-state').map((b) => b.textContent)).toEqual(['Planlandı', 'Kesimde', 'Kesildi']);
    expect(screen.getByText(/3 \/ 4 parça kesildi/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mutfak: Kesime başla' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Banyo: Geri al' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dolap: Geri al' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dolap: Kesildi' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Banyo: Kontrol listesi' })).toHaveAttribute('href', '/is/2/levha/1');
  });

  it('mark a job cut after a question and tell how many offcuts went to the rack', async () => {
    const { user, onJobState } = show();
    await user.click(await screen.findByRole('button', { name: 'Banyo: Kesildi' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(onJobState).toHaveBeenCalledWith('2', 'cut'));
    expect(patched).toEqual([{ url: '/api/layouts/2', body: { state: 'cut' } }]);
    expect(await screen.findByText('"Banyo" kesildi; 1 artık rafa eklendi.')).toBeInTheDocument();
    expect(screen.getAllByTestId('job-state').map((b) => b.textContent)).toEqual(['Planlandı', 'Kesildi', 'Kesildi']);
  });

  it('say which stock sheets a cut took and its undo put back', async () => {
    const sheet = { stockId: 's1', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366, quantity: 3 };
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (url === '/api/parts') return Response.json([]);
      if (url === '/api/layouts') return Response.json({ layouts });
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body));
        const id = String(url).split('/').pop();
        if (body.state === 'cut') return Response.json({ id, state: 'cut', offcuts: 0, stockTaken: [{ ...sheet, left: 2 }] });
        return Response.json({ id, state: body.state, stockReturned: [sheet] });
      }
      return new Response('null', { status: 404 });
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Banyo: Kesildi' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    expect(
      await screen.findByText('"Banyo" kesildi; rafa yeni artık eklenmedi. Stoktan düşüldü: Beyaz Sunta 18 mm 183x366: 3 levha (kalan 2).'),
    ).toBeInTheDocument();
    // The buttons take taps again once the move has settled.
    const undo = await screen.findByRole('button', { name: 'Dolap: Geri al' });
    await waitFor(() => expect(undo).toBeEnabled(), { timeout: 3000 });
    await user.click(undo);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    expect(await screen.findByText(/Stoka geri kondu: Beyaz Sunta 18 mm 183x366: 3 levha\.$/)).toBeInTheDocument();
  });

  it('undo a cut job back to being cut', async () => {
    const { user, onJobState } = show();
    await user.click(await screen.findByRole('button', { name: 'Dolap: Geri al' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(onJobState).toHaveBeenCalledWith('3', 'cutting'));
    expect(patched).toEqual([{ url: '/api/layouts/3', body: { state: 'cutting' } }]);
  });

  it('ask before taking a job being cut back to planned, and say what that did', async () => {
    const { user, onJobState } = show();
    await user.click(await screen.findByRole('button', { name: 'Banyo: Geri al' }));
    let ask = screen.getByRole('alertdialog');
    expect(ask).toHaveTextContent('"Banyo" işi Kesimde durumundan Planlandı durumuna geri alınsın mı?');
    expect(ask).toHaveTextContent('kontrol listeleri bu işte artık çalışmaz');
    expect(ask).toHaveTextContent('işaretlenmiş 3 parçanın işaretleri silinir');
    // Destructive: the focus is on İptal, and İptal keeps the job being cut.
    expect(within(ask).getByRole('button', { name: 'İptal' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'İptal' }));
    expect(patched).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Banyo: Geri al' }));
    ask = screen.getByRole('alertdialog');
    await user.click(within(ask).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(onJobState).toHaveBeenCalledWith('2', 'planned'));
    expect(patched).toEqual([{ url: '/api/layouts/2', body: { state: 'planned' } }]);
    expect(await screen.findByText('"Banyo" yeniden planlanacak işler arasına alındı (Planlandı).')).toBeInTheDocument();
    expect(screen.queryByText(/yeniden planlandı/)).not.toBeInTheDocument();
  });

  it('say how many pieces are not ticked when marking cut, and nothing of it when all are', async () => {
    layouts = [summary('2', 'Banyo', 'cutting', 3), summary('4', 'Hol', 'cutting', 4)];
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Banyo: Kesildi' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('4 parçadan 1 tanesi henüz işaretlenmedi.');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'İptal' }));
    await user.click(screen.getByRole('button', { name: 'Hol: Kesildi' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('"Hol" kesildi olarak işaretlensin mi? Levhalardaki kullanılabilir artıklar rafa eklenir; adedi sayılı stok satırlarından kullanılan levhalar düşülür.');
    expect(screen.getByRole('alertdialog')).not.toHaveTextContent('işaretlenmedi');
  });

  it('say that the offcuts the job used come back to the rack when a cut is undone', async () => {
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Dolap: Geri al' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('henüz kullanılmamış artıklar raftan kaldırılır; işin kesildiği artık levhalar rafa geri döner; stoktan düşülen levhalar geri konur.');
  });

  it('say in Turkish when the server refuses a move', async () => {
    vi.mocked(fetch).mockImplementation(async (url) => {
      if (url === '/api/parts') return Response.json([]);
      if (url === '/api/layouts') return Response.json({ layouts });
      return Response.json({ error: { code: 'conflict', message: 'İş değiştirilemez.' } }, { status: 409 });
    });
    const { user, onJobState } = show();
    await user.click(await screen.findByRole('button', { name: 'Mutfak: Kesime başla' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('İşin durumu değiştirilemedi: İş değiştirilemez.');
    expect(onJobState).not.toHaveBeenCalled();
  });
});

describe('saving a job', () => {
  const parts = [{ id: 'a', name: 'Yan', width: 56, height: 72, quantity: 1 }];
  const result = {
    sheet: { width: 100, height: 100 },
    pages: [{ id: 'p1', efficiency: 40, parts: [{ id: 'a-1', name: 'Yan', x: 0, y: 0, width: 56, height: 72, rotated: false, originalIndex: 0 }] }],
    skipped: [],
    stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 40, placed: 1, elapsedMs: 1 },
  };
  let sent: { method: string; url: string; body: Record<string, unknown> }[];
  let conflict: boolean;
  let tooLarge: boolean;
  let misfit: boolean;
  let gone: boolean;
  beforeEach(() => {
    gone = false;
    localStorage.clear();
    sent = [];
    conflict = false;
    tooLarge = false;
    misfit = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = init?.body ? JSON.parse(String(init.body)) : {};
        sent.push({ method: init?.method ?? 'GET', url, body });
        if (url === '/api/layouts/9' && init?.method === 'PUT') {
          if (gone) return Response.json({ error: { code: 'not_found', message: 'Düzen bulunamadı.' } }, { status: 404 });
          if (conflict) return Response.json({ error: { code: 'conflict', message: 'Kesimi başlamış levhalar değiştirilemez.' } }, { status: 409 });
          return Response.json({ id: '9', name: body.name, state: 'cutting' });
        }
        if (url === '/api/layouts' && tooLarge && body.result) return Response.json({ error: { code: 'too_large', message: 'İstek gövdesi çok büyük' } }, { status: 413 });
        if (url === '/api/layouts' && misfit && body.result)
          return Response.json({ error: { code: 'invalid', message: 'Yerleşim uymuyor.', fields: { result: 'Yerleşim uymuyor.' } } }, { status: 400 });
        if (url === '/api/layouts') return Response.json({ id: '12', name: body.name, createdAt: '' }, { status: 201 });
        return Response.json({ newParts: 0, newLayouts: 0 });
      }),
    );
  });

  async function save(job?: { id: string; name: string }) {
    const onSaved = vi.fn();
    render(
      <NoticeProvider>
        <SaveLayoutDialog parts={parts} sheet={{ width: 100, height: 100 }} options={{ kerf: 0 }} result={result} job={job} owner="" onSaved={onSaved} onClose={() => {}} />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    if (!job) await user.type(screen.getByLabelText('Düzen Adı'), 'Yeni iş');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    return onSaved;
  }

  it('sends the layout on screen with a new layout and names the job it became', async () => {
    const onSaved = await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(parts, expect.objectContaining({ id: '12', name: 'Yeni iş' })));
    expect(sent.find((c) => c.method === 'POST')).toMatchObject({ method: 'POST', url: '/api/layouts', body: { name: 'Yeni iş', result } });
  });

  it('saves a layout too large with its result without it', async () => {
    tooLarge = true;
    const onSaved = await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent.filter((c) => c.url === '/api/layouts').map((c) => 'result' in c.body)).toEqual([true, false]);
  });

  it('saves a layout whose result the server refuses without it', async () => {
    misfit = true;
    const onSaved = await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent.filter((c) => c.url === '/api/layouts').map((c) => 'result' in c.body)).toEqual([true, false]);
  });

  it('replaces a job being cut with PUT under its name', async () => {
    const onSaved = await save({ id: '9', name: 'Mutfak' });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/layouts/9', body: { name: 'Mutfak', result } });
    expect(screen.getByText('Kesimdeki iş güncellendi.')).toBeInTheDocument();
  });

  it('says why the server refused a re-plan, and keeps nothing in this browser', async () => {
    conflict = true;
    const onSaved = await save({ id: '9', name: 'Mutfak' });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Kesimi başlamış levhalar değiştirilemez.');
    expect(onSaved).not.toHaveBeenCalled();
    expect(localStorage.getItem('nesting-layouts')).toBeNull();
  });

  it('offers to save as a new layout when the job is gone from the server (404), and the work drops the job', async () => {
    gone = true;
    const announced: string[] = [];
    const stop = onJobGone((id) => announced.push(id));
    const onSaved = await save({ id: '9', name: 'Mutfak' });
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('"Mutfak" işi sunucuda artık yok');
    expect(ask).toHaveTextContent('yeni bir düzen olarak kaydedilsin mi?');
    expect(ask).not.toHaveTextContent('Düzen kaydedilirken hata oluştu!');
    expect(announced).toEqual(['9']);
    await userEvent.setup().click(within(ask).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(parts, expect.objectContaining({ id: '12', name: 'Mutfak' })));
    expect(sent.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/layouts/9', 'POST /api/layouts', 'POST /api/sync']);
    expect(sent.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Mutfak', result });
    stop();
  });

  it('leaves the dialog saving a new layout when the offer is declined', async () => {
    gone = true;
    const onSaved = await save({ id: '9', name: 'Mutfak' });
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'İptal' }));
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByText('Bu iş sunucuda artık yok; Kaydet, ekrandaki düzeni yeni bir düzen olarak kaydeder.')).toBeInTheDocument();
    expect(screen.queryByText('Kesimdeki İşi Güncelle')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(parts, expect.objectContaining({ id: '12' })));
    expect(sent.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
