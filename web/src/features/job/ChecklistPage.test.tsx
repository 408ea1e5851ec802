import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import { msgRetry } from '../../generated/texts';
import { ChecklistPage, type PieceMark } from './ChecklistPage';
import css from './job.css?raw';
import { JobBanner } from './JobBanner';
import { POLL_MS, startKey, ticksKey } from './useChecklist';

const placed = (id: string, name: string, x: number, y: number) => ({ id, name, x, y, width: 40, height: 30, rotated: false, originalIndex: 0 });
const job = () => ({
  id: '7',
  name: 'Mutfak',
  parts: [{ id: 'k', name: 'Kapak', width: 40, height: 30, quantity: 3, material: 'Beyaz' }],
  options: { kerf: 0 },
  state: 'cutting',
  result: {
    sheet: { width: 100, height: 100 },
    pages: [
      { id: 'p1', efficiency: 36, parts: [placed('k-2', 'Kapak', 0, 40), placed('k-1', 'Kapak', 0, 0)] },
      { id: 'p2', efficiency: 12, parts: [placed('k-3', 'Kapak', 0, 0)] },
    ],
    skipped: [],
    stats: { pages: 2, lowerBound: 1, optimal: false, efficiency: 24, placed: 3, elapsedMs: 1 },
  },
});

let server: {
  cutPieces: string[];
  /** recutPieces: the pieces the server recorded as sent back (absent: a server that keeps none) */
  recutPieces?: string[];
  refuse: boolean;
  down?: boolean;
  busy?: boolean;
  hold?: Promise<void>;
  /** holdGet: a read of the job waits for it, answering what the server had when the read came in */
  holdGet?: Promise<void>;
  state?: Record<string, unknown>;
  /** patchBusy: the next state changes (PATCH) answer 503, one each, as a database that is down does */
  patchBusy?: number;
  /** refuseStart: the server refuses to move the job into cutting with this message (409) */
  refuseStart?: string;
  /** lockedTicks: the next ticks answer 409 "çakıştı" (msgRetry), one each, as a database behind another's lock does */
  lockedTicks?: number;
};
let calls: { method: string; url: string; body?: unknown }[];

beforeEach(() => {
  server = { cutPieces: [], refuse: false };
  calls = [];
  sessionStorage.clear();
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (server.down) throw new TypeError('Failed to fetch');
      if (url === '/api/layouts/7' && method === 'GET') {
        const answer = { ...job(), ...server.state, cutPieces: server.cutPieces, recutPieces: server.recutPieces };
        const held = server.holdGet;
        if (held) await held;
        return Response.json(answer);
      }
      if (url === '/api/layouts/7' && method === 'PATCH') {
        if (server.busy || (server.patchBusy ?? 0) > 0) {
          server.patchBusy = Math.max(0, (server.patchBusy ?? 0) - 1);
          return Response.json({ error: { code: 'unavailable', message: 'Veritabanına şu an ulaşılamıyor.' } }, { status: 503 });
        }
        if (server.refuseStart && body.state === 'cutting') return Response.json({ error: { code: 'conflict', message: server.refuseStart } }, { status: 409 });
        const now = (server.state?.state as string | undefined) ?? 'planned';
        if (body.from && now !== body.from && now !== body.state)
          return Response.json({ error: { code: 'conflict', message: 'İşin durumu bu arada başka bir yerden değiştirilmiş; sayfayı yenileyip tekrar deneyin.' } }, { status: 409 });
        server.state = { ...server.state, state: body.state };
        return Response.json({ ...job(), ...server.state, cutPieces: server.cutPieces, recutPieces: server.recutPieces });
      }
      const m = url.match(/^\/api\/layouts\/7\/pieces\/(.+)$/);
      if (m && method === 'PUT') {
        if (server.hold) await server.hold;
        if (server.busy) return Response.json({ error: { code: 'busy', message: 'Sunucu meşgul.' } }, { status: 503 });
        if ((server.lockedTicks ?? 0) > 0) {
          server.lockedTicks = server.lockedTicks! - 1;
          return Response.json({ error: { code: 'conflict', message: msgRetry } }, { status: 409 });
        }
        if (server.refuse) return Response.json({ error: { code: 'not_found', message: 'Parça bulunamadı.' } }, { status: 404 });
        const id = decodeURIComponent(m[1]);
        server.cutPieces = body.cut ? [...new Set([...server.cutPieces, id])] : server.cutPieces.filter((x) => x !== id);
        return Response.json({ cutPieces: server.cutPieces, progress: { cut: server.cutPieces.length, total: 3 } });
      }
      const recut = url.match(/^\/api\/layouts\/7\/pieces\/(.+)\/recut$/);
      if (recut && method === 'POST') {
        if (server.hold) await server.hold;
        const id = decodeURIComponent(recut[1]);
        if (server.recutPieces?.includes(id)) return Response.json({ error: { code: 'conflict', message: 'Bu parça zaten yeniden kesime gönderildi.' } }, { status: 409 });
        if (server.recutPieces) server.recutPieces = [...server.recutPieces, id];
        return Response.json({ id: 'n', name: 'Kapak (yeniden kesim)' }, { status: 201 });
      }
      return Response.json({ error: { message: 'yok' } }, { status: 404 });
    }),
  );
});
afterEach(() => vi.useRealTimers());

let drawnMarks: Record<string, PieceMark> = {};

function show(sheet = 1, owner?: string) {
  const onSheet = vi.fn();
  const page = (n: number) => (
    <NoticeProvider>
      <ChecklistPage
        id="7"
        owner={owner}
        sheet={n}
        onSheet={onSheet}
        renderPreview={(_s, p, title, marks) => {
          drawnMarks = marks;
          return <div data-testid="preview">{`${p.id}: ${title}`}</div>;
        }}
      />
    </NoticeProvider>
  );
  const r = render(page(sheet));
  return { onSheet, goTo: (n: number) => r.rerender(page(n)), unmount: r.unmount };
}

/** row is the list item of the piece whose checkbox is named name. */
const row = (name: string) => screen.getByRole('checkbox', { name }).closest('li')!;
const puts = (piece: string) => calls.filter((c) => c.method === 'PUT' && c.url === `/api/layouts/7/pieces/${piece}`);

describe('ChecklistPage', () => {
  it('lists the sheet’s pieces in cut order and saves a tick at once', async () => {
    show();
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')!.textContent)).toEqual(['1. Kapak 40 x 30 cm', '2. Kapak 40 x 30 cm']);
    expect(screen.getByTestId('preview').textContent).toBe('p1: Levha 100 x 100 cm');
    expect(screen.getByTestId('job-progress').textContent).toBe('0 / 3 parça kesildi');
    await userEvent.click(boxes[0]);
    await waitFor(() => expect(screen.getByTestId('job-progress').textContent).toBe('1 / 3 parça kesildi'));
    expect(calls).toContainEqual({ method: 'PUT', url: '/api/layouts/7/pieces/k-1', body: { cut: true } });
    expect(boxes[0]).toBeChecked();
  });

  it('picks up others’ ticks by polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show();
    await screen.findAllByRole('checkbox');
    server.cutPieces = ['k-2', 'k-3'];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS + 10);
    });
    await waitFor(() => expect(screen.getByTestId('job-progress').textContent).toBe('2 / 3 parça kesildi'));
    expect(screen.getAllByRole('checkbox')[1]).toBeChecked();
  });

  it('puts a refused tick back and says why', async () => {
    server.refuse = true;
    show();
    const [first] = await screen.findAllByRole('checkbox');
    await userEvent.click(first);
    expect((await screen.findByRole('alert')).textContent).toContain('Parça bulunamadı.');
    expect(first).not.toBeChecked();
  });

  it('says in Turkish when the server cannot be reached, and clears it once it answers again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show();
    const [first] = await screen.findAllByRole('checkbox');
    server.down = true;
    await userEvent.click(first);
    expect((await screen.findByRole('alert')).textContent).toBe('Sunucuya ulaşılamıyor; bekleyen işaretler bağlantı gelince kendiliğinden gönderilecek.');
    server.down = false;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS + 10);
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('goes to the next sheet and says when a sheet is not in the job', async () => {
    const { onSheet } = show();
    await screen.findAllByRole('checkbox');
    expect(screen.getByRole('button', { name: /Önceki levha/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki levha' }));
    expect(onSheet).toHaveBeenCalledWith(2);
  });

  it('names the job and the sheet in the tab’s title, and gives the title back on leaving', async () => {
    document.title = 'Kesim – Nesting Programı';
    const { goTo, unmount } = show();
    await screen.findAllByRole('checkbox');
    await waitFor(() => expect(document.title).toBe('Mutfak · Levha 1 / 2 – Kesim'));
    goTo(2);
    await waitFor(() => expect(document.title).toBe('Mutfak · Levha 2 / 2 – Kesim'));
    unmount();
    expect(document.title).toBe('Kesim – Nesting Programı');
  });

  it("sends a spoiled piece back to recut, to the job owner's saved parts through the job", async () => {
    show();
    await screen.findAllByRole('checkbox');
    await userEvent.click(screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/layouts/7/pieces/k-1/recut', body: undefined }));
    expect(calls.some((c) => c.url === '/api/parts')).toBe(false);
    // a sawyer who is not the owner is told where the part went
    expect(await screen.findByText(/işi planlayanın Kayıtlı Parçalar listesine eklendi\./)).toBeInTheDocument();
  });
});

describe('ChecklistPage at the saw: the drawing beside or above the list, Sonraki under it', () => {
  it('puts the drawing and the list in their own columns, the error beside the list', async () => {
    server.refuse = true;
    show();
    const [first] = await screen.findAllByRole('checkbox');
    const drawing = screen.getByTestId('checklist-drawing');
    const list = screen.getByTestId('checklist-list');
    expect(within(drawing).getByTestId('preview')).toBeInTheDocument();
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
    // the drawing comes first, the list after it (one column), or beside it (two, job.css)
    expect(drawing.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(first);
    const alert = await screen.findByRole('alert');
    expect(list).toContainElement(alert);
    expect(alert.closest('.checklist-status')).not.toBeNull();
  });

  it('repeats Sonraki levha under the list and in the note that the sheet is done; the next sheet opens at its title', async () => {
    server.cutPieces = ['k-1'];
    const { onSheet, goTo } = show();
    await screen.findAllByRole('checkbox');
    const list = screen.getByTestId('checklist-list');
    const under = within(list).getByRole('button', { name: 'Sonraki levha ›' });
    // under the list: after the last piece
    expect(list.querySelector('ol')!.compareDocumentPosition(under) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: '2. Kapak 40 x 30 cm' }));
    const done = await screen.findByText('Bu levhanın tüm parçaları kesildi.');
    const inNote = within(done.closest('.sheet-done') as HTMLElement).getByRole('button', { name: 'Sonraki levha ›' });
    await userEvent.click(inNote);
    expect(onSheet).toHaveBeenLastCalledWith(2);
    goTo(2);
    await waitFor(() => expect(screen.getByTestId('checklist-sheet')).toHaveFocus());
    expect(screen.getByTestId('checklist-sheet').textContent).toBe('Levha 2 / 2');
  });

  it('works from the keyboard: Enter on Sonraki levha under the list', async () => {
    const { onSheet } = show();
    await screen.findAllByRole('checkbox');
    screen.getAllByRole('button', { name: 'Sonraki levha ›' })[0].focus();
    await userEvent.keyboard('{Enter}');
    expect(onSheet).toHaveBeenLastCalledWith(2);
  });

  it('has no Sonraki levha under the last sheet', async () => {
    show(2);
    await screen.findAllByRole('checkbox');
    expect(screen.queryByRole('button', { name: 'Sonraki levha ›' })).toBeNull();
  });

  it('shows who set the state and when as text, not as a hover title', async () => {
    server.state = { stateBy: 'ayse', stateAt: '2026-02-12T10:14:00Z' };
    show();
    await screen.findAllByRole('checkbox');
    const by = screen.getByTestId('job-state-by');
    expect(by.textContent).toMatch(/^ayse, /);
    expect(by.textContent).toMatch(/2026/);
    expect(screen.getByText('Kesimde').getAttribute('title')).toBeNull();
  });
});

describe('ChecklistPage: the drawing numbered and marked', () => {
  it('passes the cut order numbers and the ticked and spoiled pieces to the drawing', async () => {
    server.cutPieces = ['k-2'];
    show();
    await screen.findAllByRole('checkbox');
    // k-1 lies above k-2: 1 and 2, as the rows are numbered
    expect(drawnMarks).toEqual({ 'k-1': { n: 1, cut: false, spoiled: false }, 'k-2': { n: 2, cut: true, spoiled: false } });
    await userEvent.click(screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(drawnMarks['k-1']).toEqual({ n: 1, cut: false, spoiled: true }));
  });
});

describe('ChecklistPage: a ticked row', () => {
  it('says Kesildi in its row, described to the checkbox, its text as the others', async () => {
    server.cutPieces = ['k-1'];
    show();
    await screen.findAllByRole('checkbox');
    const done = row('1. Kapak 40 x 30 cm');
    expect(done).toHaveClass('piece', 'done');
    expect(within(done).getByText('✓ Kesildi')).toHaveClass('piece-note', 'cut');
    expect(screen.getByRole('checkbox', { name: '1. Kapak 40 x 30 cm' })).toHaveAccessibleDescription('✓ Kesildi');
    expect(row('2. Kapak 40 x 30 cm')).not.toHaveClass('done');
    expect(within(row('2. Kapak 40 x 30 cm')).queryByText('✓ Kesildi')).toBeNull();
  });
});

describe('ChecklistPage without a connection', () => {
  it('keeps a tick made offline on its row as waiting, and sends it once the browser is back online', async () => {
    show();
    const [first] = await screen.findAllByRole('checkbox');
    server.down = true;
    await userEvent.click(first);
    // ticked, waiting, said beside the list
    await waitFor(() => expect(within(row('1. Kapak 40 x 30 cm')).getByText(/^Bekliyor/)).toBeInTheDocument());
    expect(first).toBeChecked();
    expect(first).toBeEnabled();
    expect(row('1. Kapak 40 x 30 cm')).toHaveClass('waiting');
    const status = screen.getByTestId('checklist-status');
    expect(screen.getByTestId('checklist-list')).toContainElement(status);
    expect(within(status).getByRole('alert').textContent).toContain('Sunucuya ulaşılamıyor');
    expect(status.textContent).toContain('1 işaret kaydedilmeyi bekliyor.');
    expect(screen.getByTestId('job-progress').textContent).toBe('0 / 3 parça kesildi');
    server.down = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByTestId('job-progress').textContent).toBe('1 / 3 parça kesildi'));
    expect(server.cutPieces).toEqual(['k-1']);
    expect(within(row('1. Kapak 40 x 30 cm')).getByText('✓ Kesildi')).toBeInTheDocument();
    expect(screen.queryByTestId('checklist-status')).toBeNull();
    expect(sessionStorage.getItem(ticksKey('7'))).toBeNull();
  });

  it('keeps ticks made offline on their rows when the tab refuses to keep them (its storage full), says so once, and sends them', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    show();
    const [first, second] = await screen.findAllByRole('checkbox');
    server.down = true;
    await userEvent.click(first);
    await userEvent.click(second);
    await waitFor(() => expect(screen.getByTestId('checklist-status').textContent).toContain('2 işaret kaydedilmeyi bekliyor.'));
    expect(first).toBeChecked();
    expect(second).toBeChecked();
    const said =
      'Kesim listesindeki işaretler bu sekmede saklanamadı (tarayıcının depolama alanı dolu). Sunucunun aldığı işaretler kayıtlı; henüz gönderilemeyenler ekranda bekliyor, ama sayfa yenilenir ya da kapanırsa kaybolur. Gönderilene kadar sayfayı kapatmayın.';
    expect(screen.getAllByText(said)).toHaveLength(1);
    expect(sessionStorage.getItem(ticksKey('7'))).toBeNull();
    server.down = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByTestId('job-progress').textContent).toBe('2 / 3 parça kesildi'));
    expect(server.cutPieces.sort()).toEqual(['k-1', 'k-2']);
    expect(screen.getAllByText(said)).toHaveLength(1);
  });

  it('sends the waiting ticks on the next answer of the server (a poll)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show();
    const [first] = await screen.findAllByRole('checkbox');
    server.down = true;
    await userEvent.click(first);
    await screen.findByText(/^Bekliyor/);
    server.down = false;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS + 10);
    });
    await waitFor(() => expect(server.cutPieces).toEqual(['k-1']));
    await waitFor(() => expect(screen.queryByText(/^Bekliyor/)).toBeNull());
  });

  it('sends the last of several taps on a waiting piece, once', async () => {
    show();
    const [first] = await screen.findAllByRole('checkbox');
    server.down = true;
    await userEvent.click(first); // ticked
    await screen.findByText(/^Bekliyor/);
    await userEvent.click(first); // and taken back, still offline
    await waitFor(() => expect(first).not.toBeChecked());
    expect(within(row('1. Kapak 40 x 30 cm')).getByText(/^Bekliyor/)).toBeInTheDocument();
    server.down = false;
    const before = calls.length;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(/^Bekliyor/)).toBeNull());
    const sent = calls.slice(before).filter((c) => c.method === 'PUT');
    expect(sent).toEqual([{ method: 'PUT', url: '/api/layouts/7/pieces/k-1', body: { cut: false } }]);
    expect(server.cutPieces).toEqual([]);
    expect(first).not.toBeChecked();
  });

  it('keeps a tick the server is too busy for waiting, and says so', async () => {
    server.busy = true;
    show();
    const [first] = await screen.findAllByRole('checkbox');
    await userEvent.click(first);
    expect((await screen.findByRole('alert')).textContent).toContain('Sunucu meşgul.');
    expect(first).toBeChecked();
    expect(screen.getByRole('button', { name: 'Şimdi yeniden dene' })).toBeInTheDocument();
    server.busy = false;
    await userEvent.click(screen.getByRole('button', { name: 'Şimdi yeniden dene' }));
    await waitFor(() => expect(server.cutPieces).toEqual(['k-1']));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('keeps a tick the database could not take for another’s lock (409 "çakıştı") waiting, and sends it again', async () => {
    server.lockedTicks = 1;
    show();
    const [first] = await screen.findAllByRole('checkbox');
    await userEvent.click(first);
    expect((await screen.findByRole('alert')).textContent).toContain(msgRetry);
    expect(first).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Şimdi yeniden dene' }));
    await waitFor(() => expect(server.cutPieces).toEqual(['k-1']));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('keeps the waiting ticks over a reload of the page, and sends them', async () => {
    const first = show();
    const [box] = await screen.findAllByRole('checkbox');
    server.down = true;
    await userEvent.click(box);
    await screen.findByText(/^Bekliyor/);
    first.unmount();
    expect(JSON.parse(sessionStorage.getItem(ticksKey('7'))!)).toEqual({ 'k-1': true });
    server.down = false;
    show();
    await waitFor(() => expect(server.cutPieces).toEqual(['k-1']));
    await waitFor(() => expect(screen.getByTestId('job-progress').textContent).toBe('1 / 3 parça kesildi'));
    expect(puts('k-1').filter((c) => (c.body as { cut: boolean }).cut)).toHaveLength(2); // the one that failed, and the one that went
  });

  it('keeps a user\'s waiting ticks for that user: another who signs in on the tab does not send them', async () => {
    const ali = show(1, '@ali');
    const [box] = await screen.findAllByRole('checkbox');
    server.down = true;
    await userEvent.click(box);
    await screen.findByText(/^Bekliyor/);
    ali.unmount();
    expect(JSON.parse(sessionStorage.getItem(ticksKey('7', '@ali'))!)).toEqual({ 'k-1': true });
    server.down = false;
    const veli = show(1, '@veli');
    await waitFor(() => expect(screen.getByTestId('job-progress').textContent).toBe('0 / 3 parça kesildi'));
    expect(screen.queryByText(/^Bekliyor/)).toBeNull();
    expect(server.cutPieces).toEqual([]);
    veli.unmount();
    show(1, '@ali');
    await waitFor(() => expect(server.cutPieces).toEqual(['k-1']));
  });

  it('sends one request of a piece at a time: a tap while it is on its way follows its answer', async () => {
    let release = () => {};
    server.hold = new Promise<void>((r) => (release = r));
    show();
    const [first] = await screen.findAllByRole('checkbox');
    await userEvent.click(first);
    expect(first).toBeDisabled(); // on its way
    expect(first).toHaveAttribute('aria-busy', 'true');
    expect(puts('k-1')).toHaveLength(1);
    server.hold = undefined;
    release();
    await waitFor(() => expect(first).toBeEnabled());
    expect(server.cutPieces).toEqual(['k-1']);
    expect(puts('k-1')).toHaveLength(1);
  });
});

describe('ChecklistPage: a spoiled piece (Bozuk)', () => {
  it('says in its row that it went back for recutting, and is not sent twice', async () => {
    let release = () => {};
    server.hold = new Promise<void>((r) => (release = r));
    show();
    await screen.findAllByRole('checkbox');
    const bozuk = () => screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[0];
    await userEvent.click(bozuk());
    await userEvent.click(screen.getByRole('button', { name: 'Evet' }));
    // on its way: a second tap asks nothing and sends nothing
    await waitFor(() => expect(bozuk()).toBeDisabled());
    expect(within(row('1. Kapak 40 x 30 cm')).getByText('Yeniden kesime gönderiliyor…')).toBeInTheDocument();
    await userEvent.click(bozuk());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    server.hold = undefined;
    release();
    await waitFor(() => expect(within(row('1. Kapak 40 x 30 cm')).getByText('↻ Yeniden kesime gönderildi')).toBeInTheDocument());
    expect(row('1. Kapak 40 x 30 cm')).toHaveClass('spoiled');
    expect(bozuk()).toBeDisabled();
    await userEvent.click(bozuk());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/recut'))).toHaveLength(1);
    // the other piece is not marked
    expect(within(row('2. Kapak 40 x 30 cm')).queryByText('↻ Yeniden kesime gönderildi')).toBeNull();
    expect(screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[1]).toBeEnabled();
  });

  it('shows the recut sent when this browser refuses to remember it (its storage full), and says so once', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    show();
    await screen.findAllByRole('checkbox');
    for (const i of [0, 1]) {
      await userEvent.click(screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[i]);
      await userEvent.click(screen.getByRole('button', { name: 'Evet' }));
      await waitFor(() => expect(screen.getAllByText('↻ Yeniden kesime gönderildi')).toHaveLength(i + 1));
    }
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/recut'))).toHaveLength(2);
    expect(
      screen.getAllByText(
        'Yeniden kesime gönderilen parçalar bu tarayıcıda hatırlanamadı (tarayıcının depolama alanı dolu). Sunucuya gönderildiler; yalnızca sayfa yenilenince bu tarayıcıda gönderilmiş görünmeyebilirler.',
        { exact: false },
      ),
    ).toHaveLength(1);
  });

  it('remembers the recut over a reload of the page', async () => {
    const first = show();
    await screen.findAllByRole('checkbox');
    await userEvent.click(screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Evet' }));
    await screen.findByText('↻ Yeniden kesime gönderildi');
    first.unmount();
    show();
    await screen.findAllByRole('checkbox');
    expect(within(row('1. Kapak 40 x 30 cm')).getByText('↻ Yeniden kesime gönderildi')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[0]).toBeDisabled();
  });

  it('shows the pieces the server lists as sent back, from any phone, and picks up new ones by polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.recutPieces = ['k-1'];
    show();
    await screen.findAllByRole('checkbox');
    const bozuk = (k: number) => screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[k];
    expect(within(row('1. Kapak 40 x 30 cm')).getByText('↻ Yeniden kesime gönderildi')).toBeInTheDocument();
    expect(row('1. Kapak 40 x 30 cm')).toHaveClass('spoiled');
    expect(bozuk(0)).toBeDisabled();
    expect(drawnMarks['k-1']).toMatchObject({ spoiled: true });
    expect(within(row('2. Kapak 40 x 30 cm')).queryByText(/Yeniden kesime/)).toBeNull();
    expect(bozuk(1)).toBeEnabled();
    // Another phone sends the second piece back: the next poll shows it here.
    server.recutPieces = ['k-1', 'k-2'];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS + 10);
    });
    await waitFor(() => expect(within(row('2. Kapak 40 x 30 cm')).getByText('↻ Yeniden kesime gönderildi')).toBeInTheDocument());
    expect(bozuk(1)).toBeDisabled();
    expect(drawnMarks['k-2']).toMatchObject({ spoiled: true });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows a piece another phone sent first (409) as sent, not as a failure', async () => {
    server.recutPieces = [];
    show();
    await screen.findAllByRole('checkbox');
    // Sent from another phone after this one read the job.
    server.recutPieces = ['k-1'];
    const bozuk = () => screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[0];
    await userEvent.click(bozuk());
    await userEvent.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(within(row('1. Kapak 40 x 30 cm')).getByText('↻ Yeniden kesime gönderildi')).toBeInTheDocument());
    expect(row('1. Kapak 40 x 30 cm')).toHaveClass('spoiled');
    expect(bozuk()).toBeDisabled();
    expect(await screen.findByText('"Kapak" zaten yeniden kesime gönderilmiş; ikinci bir parça eklenmedi.')).toBeInTheDocument();
    expect(screen.queryByText(/gönderilemedi/)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/recut'))).toHaveLength(1);
    expect(server.recutPieces).toEqual(['k-1']);
  });

  it("follows the server's list once it answered: a recut a re-plan dropped is not shown from this browser's memory", async () => {
    server.recutPieces = [];
    const first = show();
    await screen.findAllByRole('checkbox');
    const bozuk = () => screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[0];
    await userEvent.click(bozuk());
    await userEvent.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(within(row('1. Kapak 40 x 30 cm')).getByText('↻ Yeniden kesime gönderildi')).toBeInTheDocument());
    const readAgain = async () => {
      const reads = calls.filter((c) => c.method === 'GET').length;
      await act(async () => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(reads));
    };
    // The server lists it: still sent.
    await readAgain();
    expect(row('1. Kapak 40 x 30 cm')).toHaveClass('spoiled');
    // A re-plan drops the server's record; the piece lies where it did.
    server.recutPieces = [];
    await readAgain();
    await waitFor(() => expect(within(row('1. Kapak 40 x 30 cm')).queryByText(/Yeniden kesime/)).toBeNull());
    expect(row('1. Kapak 40 x 30 cm')).not.toHaveClass('spoiled');
    expect(bozuk()).toBeEnabled();
    expect(drawnMarks['k-1']).toMatchObject({ spoiled: false });
    // Nor after a reload of the page.
    first.unmount();
    show();
    await screen.findAllByRole('checkbox');
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(3));
    expect(within(row('1. Kapak 40 x 30 cm')).queryByText(/Yeniden kesime/)).toBeNull();
    expect(bozuk()).toBeEnabled();
  });

  it('keeps a recut shown sent when a read of the job asked for before its answer does not list it yet', async () => {
    server.recutPieces = [];
    show();
    await screen.findAllByRole('checkbox');
    // A read of the job comes in, then the recut goes through before the read answers.
    let release = () => {};
    server.holdGet = new Promise<void>((r) => (release = r));
    const reads = calls.filter((c) => c.method === 'GET').length;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(reads));
    server.holdGet = undefined;
    await userEvent.click(screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(within(row('1. Kapak 40 x 30 cm')).getByText('↻ Yeniden kesime gönderildi')).toBeInTheDocument());
    expect(server.recutPieces).toEqual(['k-1']);
    // The read answers without it: the recut was answered after the read came in, so it stays sent.
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(within(row('1. Kapak 40 x 30 cm')).getByText('↻ Yeniden kesime gönderildi')).toBeInTheDocument();
    expect(row('1. Kapak 40 x 30 cm')).toHaveClass('spoiled');
  });

  it('lets a piece go again when its recut failed', async () => {
    show();
    await screen.findAllByRole('checkbox');
    server.down = true;
    await userEvent.click(screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Evet' }));
    await screen.findByText(/Bozuk parça gönderilemedi/);
    expect(screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[0]).toBeEnabled();
    expect(within(row('1. Kapak 40 x 30 cm')).queryByText(/Yeniden kesime/)).toBeNull();
  });
});

describe('ChecklistPage: the first tick of a planned job', () => {
  const patches = () => calls.filter((c) => c.method === 'PATCH');
  /** order is the requests sent so far, each as "METHOD url" */
  const order = () => calls.map((c) => `${c.method} ${c.url}`);
  beforeEach(() => {
    server.state = { state: 'planned' };
  });

  it('moves the job into cutting, then sends the tick', async () => {
    show();
    const [first] = await screen.findAllByRole('checkbox');
    expect(screen.getByText('Planlandı')).toBeInTheDocument();
    await userEvent.click(first);
    await waitFor(() => expect(server.cutPieces).toEqual(['k-1']));
    expect(patches()).toEqual([{ method: 'PATCH', url: '/api/layouts/7', body: { state: 'cutting', from: 'planned' } }]);
    expect(order().indexOf('PATCH /api/layouts/7')).toBeLessThan(order().indexOf('PUT /api/layouts/7/pieces/k-1'));
    expect(server.state?.state).toBe('cutting');
    expect(await screen.findByText('Kesimde')).toBeInTheDocument();
    expect(screen.queryByTestId('checklist-status')).toBeNull();
  });

  it('keeps the move into cutting the server could not take (503) waiting with the ticks, and sends it again before them', async () => {
    server.busy = true; // the database is down: the state change and the ticks fail
    show();
    const [first, second] = await screen.findAllByRole('checkbox');
    await userEvent.click(first);
    await waitFor(() => expect(within(row('1. Kapak 40 x 30 cm')).getByText(/^Bekliyor/)).toBeInTheDocument());
    await userEvent.click(second);
    await waitFor(() => expect(within(row('2. Kapak 40 x 30 cm')).getByText(/^Bekliyor/)).toBeInTheDocument());
    expect(patches().length).toBeGreaterThanOrEqual(1);
    // Not claimed as being cut: the job is still planned on the server.
    expect(screen.getByText('Planlandı')).toBeInTheDocument();
    expect(screen.queryByText('Kesimde')).toBeNull();
    const status = screen.getByTestId('checklist-status');
    expect(status.textContent).toContain('2 işaret kaydedilmeyi bekliyor.');
    expect(status.textContent).toContain('İşin kesime başladığı kaydedilmeyi bekliyor.');
    expect(within(status).getByRole('alert').textContent).toContain('Veritabanına şu an ulaşılamıyor.');
    expect(JSON.parse(sessionStorage.getItem(startKey('7'))!)).toEqual({ cutting: true });
    // The server answers again.
    server.busy = false;
    const before = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Şimdi yeniden dene' }));
    await waitFor(() => expect([...server.cutPieces].sort()).toEqual(['k-1', 'k-2']));
    expect(server.state?.state).toBe('cutting');
    const sent = order().slice(before);
    const patched = sent.indexOf('PATCH /api/layouts/7');
    expect(patched).toBeGreaterThanOrEqual(0);
    expect(patched).toBeLessThan(sent.indexOf('PUT /api/layouts/7/pieces/k-1'));
    expect(patched).toBeLessThan(sent.indexOf('PUT /api/layouts/7/pieces/k-2'));
    expect(sent.filter((c) => c === 'PATCH /api/layouts/7')).toHaveLength(1);
    expect(await screen.findByText('Kesimde')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('checklist-status')).toBeNull());
    expect(sessionStorage.getItem(startKey('7'))).toBeNull();
    expect(sessionStorage.getItem(ticksKey('7'))).toBeNull();
  });

  it('sends the move into cutting that failed once (503, then 200) before the ticks', async () => {
    server.patchBusy = 1;
    show();
    const [first, second] = await screen.findAllByRole('checkbox');
    await userEvent.click(first);
    await waitFor(() => expect(within(row('1. Kapak 40 x 30 cm')).getByText(/^Bekliyor/)).toBeInTheDocument());
    // The tick waits for the state change: none went to a job that is still planned.
    expect(puts('k-1')).toHaveLength(0);
    expect(screen.getByText('Planlandı')).toBeInTheDocument();
    await userEvent.click(second);
    await waitFor(() => expect([...server.cutPieces].sort()).toEqual(['k-1', 'k-2']));
    expect(server.state?.state).toBe('cutting');
    expect(patches()).toHaveLength(2);
    const sent = order();
    expect(sent.lastIndexOf('PATCH /api/layouts/7')).toBeLessThan(sent.indexOf('PUT /api/layouts/7/pieces/k-1'));
    expect(sent.lastIndexOf('PATCH /api/layouts/7')).toBeLessThan(sent.indexOf('PUT /api/layouts/7/pieces/k-2'));
    expect(await screen.findByText('Kesimde')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('checklist-status')).toBeNull());
  });

  it('keeps the move into cutting over a reload of the page, and sends it before the ticks', async () => {
    server.busy = true;
    const first = show();
    const [box] = await screen.findAllByRole('checkbox');
    await userEvent.click(box);
    await screen.findByText(/^Bekliyor/);
    first.unmount();
    expect(JSON.parse(sessionStorage.getItem(startKey('7'))!)).toEqual({ cutting: true });
    server.busy = false;
    const before = calls.length;
    show();
    await waitFor(() => expect(server.cutPieces).toEqual(['k-1']));
    expect(server.state?.state).toBe('cutting');
    const sent = order().slice(before);
    expect(sent.indexOf('PATCH /api/layouts/7')).toBeLessThan(sent.indexOf('PUT /api/layouts/7/pieces/k-1'));
    expect(await screen.findByText('Kesimde')).toBeInTheDocument();
    expect(sessionStorage.getItem(startKey('7'))).toBeNull();
  });

  it('does not take back into cutting a job cut meanwhile: the waiting ticks go, the state stays', async () => {
    server.busy = true;
    show();
    const [box] = await screen.findAllByRole('checkbox');
    await userEvent.click(box);
    await screen.findByText(/^Bekliyor/);
    const tried = patches().length;
    server.busy = false;
    server.state = { state: 'cut' }; // cut from another device meanwhile
    await userEvent.click(screen.getByRole('button', { name: 'Şimdi yeniden dene' }));
    await waitFor(() => expect(server.cutPieces).toEqual(['k-1']));
    expect(patches()).toHaveLength(tried);
    expect(server.state.state).toBe('cut');
    expect(await screen.findByText('Kesildi')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('checklist-status')).toBeNull());
  });

  it('sends the ticks of a job cut elsewhere between its read and the move (409 from planned), and leaves it cut', async () => {
    show();
    const [box] = await screen.findAllByRole('checkbox');
    await screen.findByText('Planlandı');
    server.state = { state: 'cut' }; // cut from another device after the page read the job
    await userEvent.click(box);
    await waitFor(() => expect(server.cutPieces).toEqual(['k-1']));
    expect(patches()).toHaveLength(1);
    expect(server.state.state).toBe('cut');
    expect(await screen.findByText('Kesildi')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why the server refused the move into cutting (409), takes the tick back and does not send it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const why = 'A-12 kodlu artık levha rafta yok: başka bir iş ondan kesilmiş ya da raftan kaldırılmış. İşi yeniden planlayın.';
    server.refuseStart = why;
    show();
    const [first] = await screen.findAllByRole('checkbox');
    await userEvent.click(first);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`İş kesime başlatılamadı; işaretler kaydedilmedi: ${why}`);
    expect(screen.getByTestId('checklist-list')).toContainElement(alert);
    await waitFor(() => expect(first).not.toBeChecked());
    expect(first).toBeEnabled();
    // Polls and a return online do not send it again.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(3 * POLL_MS + 10);
    });
    expect(patches()).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(server.state?.state).toBe('planned');
    expect(screen.getByText('Planlandı')).toBeInTheDocument();
    expect(screen.queryByText(/^Bekliyor/)).toBeNull();
    expect(screen.queryByText(/kaydedilmeyi bekliyor/)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(why);
    expect(sessionStorage.getItem(startKey('7'))).toBeNull();
    expect(sessionStorage.getItem(ticksKey('7'))).toBeNull();
  });
});

// The sizes job.css gives (jsdom lays nothing out): the rules the layout relies on.
describe('the checklist stylesheet', () => {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '');
  /** block is the body of the @media block whose condition matches, or the rules outside any. */
  const block = (media: RegExp | null): string => {
    if (media === null) return plain.replace(/@media[^{]*\{(?:[^{}]*\{[^}]*\})*\s*\}/g, '');
    const at = [...plain.matchAll(/@media([^{]*)\{((?:[^{}]*\{[^}]*\})*)\s*\}/g)].find((m) => media.test(m[1]));
    if (!at) throw new Error(`no @media ${media}`);
    return at[2];
  };
  /** prop is the value of a property in the rule of selector in a block. */
  const prop = (body: string, selector: string, name: string): string | undefined => {
    for (const m of body.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
      if (!m[1].split(',').map((x) => x.trim()).includes(selector)) continue;
      const v = new RegExp(`(?:^|;)\\s*${name}:\\s*([^;]+)`).exec(m[2]);
      if (v) return v[1].trim();
    }
    return undefined;
  };
  /** px reads a size in px or rem (the root is 15 px, styles.css). */
  const px = (v: string | undefined) => (v === undefined ? NaN : v.endsWith('rem') ? parseFloat(v) * 15 : parseFloat(v));

  it('caps the drawing at about 45 % of the screen on narrow screens', () => {
    expect(prop(block(null), '.checklist-drawing .canvas-wrap', 'max-height')).toMatch(/^45s?vh$/);
  });

  it('puts the drawing beside the list from 900 px wide or on a wide landscape screen, kept in view', () => {
    const wide = block(/min-width:\s*900px/);
    expect(block(/min-width:\s*900px/)).toBe(block(/orientation:\s*landscape/));
    expect(prop(wide, '.checklist', 'grid-template-areas')).toBe('"drawing head" "drawing nav" "drawing list"');
    expect(prop(wide, '.checklist-drawing', 'position')).toBe('sticky');
    expect(prop(wide, '.checklist-drawing .canvas-wrap', 'max-height')).toMatch(/100s?vh/);
  });

  it('makes the text large on tablets: the rows and the sheet 20 to 24 px, the badge 14 px or more', () => {
    const tablet = block(/min-width:\s*700px/);
    for (const sel of ['.checklist .piece label', '.checklist-sheet']) {
      expect(px(prop(tablet, sel, 'font-size')), sel).toBeGreaterThanOrEqual(20);
      expect(px(prop(tablet, sel, 'font-size')), sel).toBeLessThanOrEqual(24);
    }
    expect(px(prop(tablet, '.checklist-progress', 'font-size'))).toBeGreaterThanOrEqual(20);
    expect(px(prop(block(null), '.checklist .badge', 'font-size'))).toBeGreaterThanOrEqual(14);
    expect(px(prop(tablet, '.checklist .badge', 'font-size'))).toBeGreaterThanOrEqual(14);
  });

  it('makes every control 44 px high or more on a touch screen, the link home too', () => {
    const touch = block(/pointer:\s*coarse/);
    expect(px(prop(touch, '.back-link', 'min-height'))).toBeGreaterThanOrEqual(44);
    expect(px(prop(touch, '.checklist button', 'min-height'))).toBeGreaterThanOrEqual(44);
  });

  it('keeps a ticked row legible: no strike-through, dark text, a dark check box', () => {
    expect(plain).not.toMatch(/line-through/);
    expect(prop(block(null), '.checklist .piece input[type=\'checkbox\']', 'accent-color')).toBe('#15803d');
  });
});

describe('ChecklistPage, a job re-planned while being cut', () => {
  // The cut sheet Levha 3 comes first, the re-planned sheets after it.
  const replanned = () => {
    const j = job();
    const pages = [
      { id: 'page-2', efficiency: 12, parts: [placed('k-3', 'Kapak', 0, 0)] },
      { id: 'page-0', efficiency: 12, parts: [placed('k-1', 'Kapak', 0, 0)] },
      { id: 'page-1', efficiency: 12, parts: [placed('k-2', 'Kapak', 0, 0)] },
    ];
    return { ...j, result: { ...j.result, pages, stats: { ...j.result.stats, pages: 3 } } };
  };
  beforeEach(() => {
    vi.mocked(fetch).mockImplementation(async () => Response.json({ ...replanned(), cutPieces: ['k-3'] }));
  });

  it('goes to the next and previous sheet by the sheets’ numbers, as their QR codes do', async () => {
    const { onSheet } = show(3);
    await screen.findAllByRole('checkbox');
    expect(screen.getByTestId('preview').textContent).toMatch(/^page-2:/);
    // Levha 3 is the last by number, though the first page: Sonraki had gone to Levha 1
    expect(screen.getByRole('button', { name: 'Sonraki levha' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Önceki levha/ }));
    expect(onSheet).toHaveBeenLastCalledWith(2);
  });

  it('goes on from Levha 2 to Levha 3, and back to Levha 1', async () => {
    const { onSheet } = show(2);
    await screen.findAllByRole('checkbox');
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki levha' }));
    expect(onSheet).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: /Önceki levha/ }));
    expect(onSheet).toHaveBeenLastCalledWith(1);
  });

  it('has no sheet before Levha 1', async () => {
    const { onSheet } = show(1);
    await screen.findAllByRole('checkbox');
    expect(screen.getByRole('button', { name: /Önceki levha/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki levha' }));
    expect(onSheet).toHaveBeenLastCalledWith(2);
  });
});

describe('ChecklistPage, a job that is gone', () => {
  it('says so and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(fetch).mockImplementation(async () => Response.json({ error: { code: 'not_found', message: 'Düzen bulunamadı.' } }, { status: 404 }));
    show();
    // the server answers 404 for a deleted job and for one not yet being cut alike
    expect((await screen.findByRole('alert')).textContent).toBe('İş bulunamadı: henüz kesime başlanmamış, silinmiş ya da bağlantı eski olabilir.');
    const asked = vi.mocked(fetch).mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * POLL_MS);
    });
    expect(vi.mocked(fetch).mock.calls.length).toBe(asked);
  });
});

describe('ChecklistPage, a missing sheet', () => {
  it('says the job has no such sheet', async () => {
    show(5);
    expect((await screen.findByRole('alert')).textContent).toContain('5. levha yok');
  });
});

describe('JobBanner', () => {
  it('names a job being cut with its checklist, and shows nothing for a planned one', () => {
    const { rerender } = render(<JobBanner job={{ id: '7', name: 'Mutfak', state: 'cutting' }} />);
    expect(screen.getByTestId('job-banner')).toHaveTextContent('İş: Mutfak Kesimde Kesilen levhalar olduğu gibi kalır');
    expect(screen.getByRole('link', { name: 'Kontrol listesi' })).toHaveAttribute('href', '/is/7/levha/1');
    rerender(<JobBanner job={{ id: '7', name: 'Mutfak', state: 'planned' }} />);
    expect(screen.queryByTestId('job-banner')).not.toBeInTheDocument();
  });
});

describe('ChecklistPage sheet title', () => {
  it('names the board to fetch: an offcut by its code, with its material and thickness', async () => {
    const base = job().result;
    server.state = {
      stock: [{ id: 'A-13', material: 'Ceviz MDF', thickness: 18, width: 39.7, height: 79.7, quantity: 1, offcut: true }],
      result: {
        ...base,
        pages: [{ ...base.pages[0], stockId: 'A-13', material: 'Ceviz MDF', thickness: 18, width: 39.7, height: 79.7 }, base.pages[1]],
      },
    };
    show();
    await screen.findAllByRole('checkbox');
    expect(screen.getByTestId('preview').textContent).toBe('p1: Artık A-13 · Ceviz MDF 18 mm · 39,7 x 79,7 cm');
  });
});
