import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { NoticeProvider } from './components/Notices';
import { fakeEngine } from './app/fakeEngine';
import type { Request } from './features/engine/types';

// "Planları karşılaştır" on the page, with the stand-in engine (fakeEngine:
// one page per part line). The tests have no helper engines, so the
// comparison runs on the page's engine once its layout ended.

async function setup() {
  const user = userEvent.setup();
  const engine = fakeEngine();
  render(
    <NoticeProvider>
      <App engine={engine} />
    </NoticeProvider>,
  );
  await user.keyboard('{Escape}'); // skip the splash
  await user.type(screen.getByLabelText('Parça Adı'), 'Kapak');
  await user.type(screen.getAllByLabelText('Genişlik (cm)')[0], '45,5');
  await user.type(screen.getAllByLabelText('Yükseklik (cm)')[0], '30');
  await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
  await screen.findByText('En az sayfa sayısı (kanıtlandı)');
  const requests = () => vi.mocked(engine.run).mock.calls.map((c) => c[0] as Request);
  return { user, engine, requests };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // A server without accounts whose every other route is out of reach (503).
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/auth/me' ? Response.json({ mode: 'local' }) : new Response('null', { status: 503 }))));
});

describe('App: Planları karşılaştır', () => {
  it('compares the page\'s job under each variant for 1 s without laying out the page anew, and "Bunu kullan" sets guillotine as the canvas dialog does', async () => {
    const { user, engine, requests } = await setup();
    const page = requests().at(-1)!;
    const before = requests().length;
    await user.click(screen.getByRole('button', { name: 'Planları karşılaştır' }));
    const dlg = screen.getByRole('dialog', { name: 'Planları karşılaştır' });
    await within(dlg).findByRole('button', { name: 'Bunu kullan: Giyotin kesim ve son levhada tek büyük artık' });
    const compared = requests().slice(before);
    // the page's request, 1 s each: current, guillotine, one leftover, both; nothing else ran
    expect(compared.map((r) => [r.options.timeLimitMs, r.options.guillotine, r.options.keepLeftover])).toEqual([
      [1000, false, undefined],
      [1000, true, undefined],
      [1000, false, true],
      [1000, true, true],
    ]);
    // each plan's largest leftover is of the offcuts the rack would get: the user's offcut rules (none set: 30 × 30 cm)
    await vi.waitFor(() => expect(vi.mocked(engine.leftovers)).toHaveBeenCalledTimes(4));
    for (const call of vi.mocked(engine.leftovers).mock.calls) expect(call[2]).toEqual([{ minWidth: 30, minHeight: 30 }]);
    expect({ ...compared[0], options: { ...compared[0].options, timeLimitMs: 3000 } }).toEqual(page);
    expect(within(dlg).getByRole('rowheader', { name: /^Şu anki ayarlar/ }).closest('tr')).toHaveTextContent('1%50,0———kullanılıyor');

    await user.click(within(dlg).getByRole('button', { name: 'Bunu kullan: Giyotin kesim' }));
    expect(screen.queryByRole('dialog', { name: 'Planları karşılaştır' })).not.toBeInTheDocument();
    expect(await screen.findByText('Ayar uygulandı: Giyotin kesim. Düzen yeniden hesaplanıyor.')).toBeInTheDocument();
    // the page lays out as after the canvas dialog: guillotine, its usual 3 s
    await vi.waitFor(() => expect(requests().at(-1)!.options).toMatchObject({ guillotine: true, timeLimitMs: 3000 }));
    expect(screen.getByRole('region', { name: 'Tuval Boyutu' })).toHaveTextContent('Giyotin kesim');
    window.dispatchEvent(new Event('pagehide')); // the page left (a reload) writes what waits to be written
    expect(JSON.parse(localStorage.getItem('kesim-work')!).canvas).toMatchObject({ guillotine: true });
    // and the comparison now starts from it
    await user.click(await screen.findByRole('button', { name: 'Planları karşılaştır' }));
    expect(await screen.findByRole('button', { name: 'Bunu kullan: Serbest yerleşim' })).toBeInTheDocument();
  });

  it('"Bunu kullan" sets one leftover in the stock settings as the stock dialog saves them', async () => {
    const { user, requests } = await setup();
    await user.click(screen.getByRole('button', { name: 'Planları karşılaştır' }));
    await user.click(await screen.findByRole('button', { name: 'Bunu kullan: Son levhada tek büyük artık' }));
    await vi.waitFor(() => expect(requests().at(-1)!.options).toMatchObject({ keepLeftover: true, guillotine: false, timeLimitMs: 3000 }));
    // kept with the work (the server is out of reach: sent at the next start), shown in the stock dialog;
    // the toast names the setting taken, not a stock list the user never touched
    expect(
      await screen.findByText('Ayar uygulandı: Son levhada tek büyük artık. Düzen yeniden hesaplanıyor. Ayar bu tarayıcıda saklandı; sunucuya bağlanınca gönderilecek.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Levha stoku bu tarayıcıda saklandı; sunucuya bağlanınca gönderilecek.')).not.toBeInTheDocument();
    window.dispatchEvent(new Event('pagehide')); // the page left (a reload) writes what waits to be written
    expect(JSON.parse(localStorage.getItem('kesim-work')!).stock).toMatchObject({ keepLeftover: true });
    await user.click(screen.getByRole('button', { name: 'Levha stoku' }));
    expect(await screen.findByRole('checkbox', { name: 'Son levhada artık tek parça kalsın' })).toBeChecked();
  });

  it('"Bunu kullan" on a stock option saved on the server says the setting was applied, not that the stock was saved', async () => {
    const puts: { options?: unknown }[] = [];
    // A server without accounts that keeps the stock (no list saved yet); every other route is out of reach.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/auth/me') return Response.json({ mode: 'local' });
        if (url !== '/api/stock') return new Response('null', { status: 503 });
        if ((init?.method ?? 'GET') === 'GET') return Response.json(null);
        const body = JSON.parse(String(init!.body));
        puts.push(body);
        return Response.json({ stock: body.stock, bands: body.bands, options: body.options, version: 1 });
      }),
    );
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Planları karşılaştır' }));
    await user.click(await screen.findByRole('button', { name: 'Bunu kullan: Son levhada tek büyük artık' }));
    expect(await screen.findByText('Ayar uygulandı: Son levhada tek büyük artık. Düzen yeniden hesaplanıyor.')).toBeInTheDocument();
    expect(puts).toEqual([expect.objectContaining({ stock: [], options: expect.objectContaining({ keepLeftover: true }) })]);
    expect(screen.queryByText('Levha stoku kaydedildi.')).not.toBeInTheDocument();
  });

  it('Escape closes the comparison and leaves the layout on screen as it was', async () => {
    const { user, engine, requests } = await setup();
    const run = vi.mocked(engine.run);
    const lay = run.getMockImplementation()!;
    // the comparison's runs never end until cancelled
    run.mockImplementation((req, onProgress, signal) =>
      req.options.timeLimitMs === 1000 ? new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('iptal edildi')))) : lay(req, onProgress, signal),
    );
    const before = requests().length;
    await user.click(screen.getByRole('button', { name: 'Planları karşılaştır' }));
    await vi.waitFor(() => expect(requests()).toHaveLength(before + 1));
    expect(screen.getByRole('rowheader', { name: /^Şu anki ayarlar/ }).closest('tr')).toHaveTextContent('hesaplanıyor… %0');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Planları karşılaştır' })).not.toBeInTheDocument();
    expect(run.mock.calls.at(-1)![2].aborted).toBe(true);
    expect(requests()).toHaveLength(before + 1);
    expect(screen.getByTestId('total-pages')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'Planları karşılaştır' })).toHaveFocus();
  });
});
