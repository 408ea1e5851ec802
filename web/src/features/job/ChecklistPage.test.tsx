import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import { ChecklistPage } from './ChecklistPage';
import { JobBanner } from './JobBanner';
import { POLL_MS } from './useChecklist';

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

let server: { cutPieces: string[]; refuse: boolean; down?: boolean };
let calls: { method: string; url: string; body?: unknown }[];

beforeEach(() => {
  server = { cutPieces: [], refuse: false };
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (server.down) throw new TypeError('Failed to fetch');
      if (url === '/api/layouts/7' && method === 'GET') return Response.json({ ...job(), cutPieces: server.cutPieces });
      const m = url.match(/^\/api\/layouts\/7\/pieces\/(.+)$/);
      if (m && method === 'PUT') {
        if (server.refuse) return Response.json({ error: { code: 'not_found', message: 'Parça bulunamadı.' } }, { status: 404 });
        const id = decodeURIComponent(m[1]);
        server.cutPieces = body.cut ? [...new Set([...server.cutPieces, id])] : server.cutPieces.filter((x) => x !== id);
        return Response.json({ cutPieces: server.cutPieces, progress: { cut: server.cutPieces.length, total: 3 } });
      }
      if (/^\/api\/layouts\/7\/pieces\/.+\/recut$/.test(url) && method === 'POST') return Response.json({ id: 'n', name: 'Kapak (yeniden kesim)' }, { status: 201 });
      return Response.json({ error: { message: 'yok' } }, { status: 404 });
    }),
  );
});
afterEach(() => vi.useRealTimers());

function show(sheet = 1) {
  const onSheet = vi.fn();
  render(
    <NoticeProvider>
      <ChecklistPage id="7" sheet={sheet} onSheet={onSheet} renderPreview={(_s, p, title) => <div data-testid="preview">{`${p.id}: ${title}`}</div>} />
    </NoticeProvider>,
  );
  return { onSheet };
}

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
    expect((await screen.findByRole('alert')).textContent).toBe('Sunucuya ulaşılamıyor; işaretler bağlantı gelince yeniden denenmeli.');
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
    await userEvent.click(screen.getByRole('button', { name: /Sonraki levha/ }));
    expect(onSheet).toHaveBeenCalledWith(2);
  });

  it("sends a spoiled piece back to recut, to the job owner's saved parts through the job", async () => {
    show();
    await screen.findAllByRole('checkbox');
    await userEvent.click(screen.getAllByRole('button', { name: /bozuk, yeniden kesilecek/ })[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/layouts/7/pieces/k-1/recut', body: undefined }));
    expect(calls.some((c) => c.url === '/api/parts')).toBe(false);
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
    expect(screen.getByRole('button', { name: /Sonraki levha/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Önceki levha/ }));
    expect(onSheet).toHaveBeenLastCalledWith(2);
  });

  it('goes on from Levha 2 to Levha 3, and back to Levha 1', async () => {
    const { onSheet } = show(2);
    await screen.findAllByRole('checkbox');
    await userEvent.click(screen.getByRole('button', { name: /Sonraki levha/ }));
    expect(onSheet).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: /Önceki levha/ }));
    expect(onSheet).toHaveBeenLastCalledWith(1);
  });

  it('has no sheet before Levha 1', async () => {
    const { onSheet } = show(1);
    await screen.findAllByRole('checkbox');
    expect(screen.getByRole('button', { name: /Önceki levha/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Sonraki levha/ }));
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
