import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import type { Progress, Request, Result } from '../engine/types';
import { CompareDialog, type PlanRunner } from './CompareDialog';
import type { Measure } from './plans';

const canvas = { width: 183, height: 366, kerfMm: 4, trimMm: 0, guillotine: false };
const stock = {
  stock: [
    { id: 's1', width: 183, height: 366, price: 1234.5 },
    { id: 's2', width: 210, height: 280, price: 1300 },
  ],
  bands: [],
  objective: 'cost' as const,
  deductBands: false,
};

/** job is the page's request: parts on two priced rows of two sizes (6 variants). */
function job(): Request {
  return {
    sheet: { width: 183, height: 366 },
    parts: [{ id: 'p1', name: 'Yan', width: 56, height: 72, quantity: 8 }],
    options: { kerf: 0.4, trim: 0, guillotine: false, timeLimitMs: 3000, seed: 1 },
    stock: stock.stock,
  };
}

function result(pages: number, stats: Partial<Result['stats']> = {}): Result {
  return { sheet: { width: 183, height: 366 }, pages: [], skipped: [], stats: { pages, lowerBound: 1, optimal: false, efficiency: 50, placed: 8, elapsedMs: 1, ...stats } };
}

/**
 * controlled is an engine whose runs end when the test says: each call is
 * kept with its request, progress and signal.
 */
function controlled() {
  const calls: { request: Request; progress: (p: Progress) => void; signal: AbortSignal; resolve: (r: Result) => void; reject: (e: Error) => void }[] = [];
  const run = vi.fn(
    (request: Request, progress: (p: Progress) => void, signal: AbortSignal) =>
      new Promise<Result>((resolve, reject) => {
        calls.push({ request, progress, signal, resolve, reject });
        signal.addEventListener('abort', () => reject(new Error('iptal edildi')));
      }),
  );
  return { engine: { run }, calls };
}

function Host(props: { runner: PlanRunner; pageBusy?: boolean; onUse?: (c: unknown) => void }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <CompareDialog
      job={job}
      canvas={canvas}
      stock={stock}
      version={7}
      runner={() => props.runner}
      pageBusy={props.pageBusy ?? false}
      onUse={props.onUse ?? (() => {})}
      onClose={() => setOpen(false)}
    />
  ) : (
    <p>kapandı</p>
  );
}

function open(runner: PlanRunner, onUse = vi.fn()) {
  const user = userEvent.setup();
  const view = render(<Host runner={runner} onUse={onUse} />, { wrapper: NoticeProvider });
  return { user, view, onUse, table: () => within(screen.getByRole('table', { name: 'Planları karşılaştır' })) };
}

/** rowOf is the row of the variant name ("Giyotin kesim" is not "Giyotin kesim ve …"). */
const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}(?! ve )`) }).closest('tr')!;

describe('CompareDialog', () => {
  it('lays the variants out one by one, each row saying where it is, then shows the figures the Turkish way with the best marked', async () => {
    const { engine, calls } = controlled();
    const measure = vi.fn<Measure>(async (r) => (r.stats.pages === 2 ? [{ page: 0, x: 0, y: 0, width: 40, height: 100.5 }] : []));
    const { table } = open({ engine, sharesPage: false, measure });
    expect(screen.getByRole('dialog', { name: 'Planları karşılaştır' })).toHaveTextContent('her seçenek ilk yerleşimden sonra 1 sn iyileştirilir');
    const names = table().getAllByRole('rowheader').map((h) => h.firstChild!.textContent);
    expect(names).toEqual(['Şu anki ayarlar', 'Giyotin kesim', 'Son levhada tek büyük artık', 'Giyotin kesim ve son levhada tek büyük artık', 'Hedef: alan', 'Hedef: levha sayısı']);
    expect(rowOf('Şu anki ayarlar')).toHaveTextContent('serbest yerleşim · hedef: maliyet');
    expect(table().getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Seçenek', 'Levha', 'Maliyet', 'Verim', 'Kesim sayısı', 'Kesim boyu', 'En büyük artık', 'İşlem']);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].request.options.timeLimitMs).toBe(1000);
    act(() => calls[0].progress({ done: 0.4, pages: 3, lowerBound: 2 }));
    expect(rowOf('Şu anki ayarlar')).toHaveTextContent('hesaplanıyor… %40');
    expect(rowOf('Giyotin kesim')).toHaveTextContent('sırada');
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Hesaplanan: 0 / 6');

    await act(async () => calls[0].resolve(result(3, { cost: 3703.5, efficiency: 45.5 })));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].request.options.guillotine).toBe(true);
    await act(async () => calls[1].resolve(result(2, { cost: 2469, efficiency: 68.25, cuts: 14, cutLength: 1812.4 })));
    for (let i = 2; i < 6; i++) {
      await vi.waitFor(() => expect(calls).toHaveLength(i + 1));
      await act(async () => calls[i].resolve(result(3, { cost: 3900, efficiency: 45.5 })));
    }
    await vi.waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Karşılaştırma bitti.'));
    await vi.waitFor(() => expect(measure).toHaveBeenCalledTimes(6));

    const current = rowOf('Şu anki ayarlar');
    expect(within(current).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '3.703,50 TL', '%45,5', '—', '—', '—', 'kullanılıyor']);
    const g = rowOf('Giyotin kesim');
    await vi.waitFor(() => expect(within(g).getAllByRole('cell')[5]).toHaveTextContent('40 × 100,5 cm'));
    // the best of each column: the guillotine plan's sheets, cost, efficiency and leftover; one plan has cuts (nothing to choose)
    expect(within(g).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '2 ★(en iyi)',
      '2.469,00 TL ★(en iyi)',
      '%68,3 ★(en iyi)',
      '14',
      '1.812,4 cm',
      '40 × 100,5 cm ★(en iyi)',
      'Bunu kullan',
    ]);
    expect(current.querySelectorAll('td.best')).toHaveLength(0);
    expect(screen.getByText('★ sütunun en iyi değeri (en çok parça yerleştiren planlar arasında)')).toBeInTheDocument();
    expect(screen.getByText(/^En büyük artık: iş kesilince rafa konacak artıkların en büyüğü/)).toBeInTheDocument();
    // no Durdur once all ended
    expect(screen.queryByRole('button', { name: 'Durdur' })).not.toBeInTheDocument();
  });

  it('marks cells that read alike alike: the values are compared as the table writes them', async () => {
    const { engine, calls } = controlled();
    open({ engine, sharesPage: false });
    const stats = [
      { cost: 3703.504, efficiency: 45.54 },
      { cost: 3703.496, efficiency: 45.51, cuts: 12, cutLength: 812.404 },
      { cost: 3900, efficiency: 40, cuts: 12, cutLength: 812.396 },
      { cost: 3900, efficiency: 40 },
      { cost: 3900, efficiency: 40 },
      { cost: 3900, efficiency: 40 },
    ];
    for (let i = 0; i < 6; i++) {
      await vi.waitFor(() => expect(calls).toHaveLength(i + 1));
      await act(async () => calls[i].resolve(result(3, stats[i])));
    }
    await vi.waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Karşılaştırma bitti.'));
    expect(within(rowOf('Şu anki ayarlar')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '3.703,50 TL ★(en iyi)', '%45,5 ★(en iyi)', '—', '—', 'kullanılıyor']);
    // 812,4 cm twice: nothing to choose
    expect(within(rowOf('Giyotin kesim')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '3.703,50 TL ★(en iyi)', '%45,5 ★(en iyi)', '12', '812,4 cm', 'Bunu kullan']);
    expect(within(rowOf('Son levhada tek büyük artık')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '3.900,00 TL', '%40,0', '12', '812,4 cm', 'Bunu kullan']);
  });

  it('says a leftover that could not be measured is not known, and marks none against it', async () => {
    const run = vi.fn(async (r: Request) => result(r.options.guillotine ? 2 : 3));
    // The export worker cannot start (the engine on the server): only the guillotine plan gets measured here.
    const measure = vi.fn<Measure>(async (r) => {
      if (r.stats.pages === 2) return [{ page: 0, x: 0, y: 0, width: 40, height: 100.5 }];
      throw new Error('worker');
    });
    open({ engine: { run }, sharesPage: false, measure });
    await vi.waitFor(() => expect(measure).toHaveBeenCalledTimes(6));
    await vi.waitFor(() => expect(within(rowOf('Şu anki ayarlar')).getAllByRole('cell')[5]).toHaveTextContent('ölçülemedi'));
    expect(within(rowOf('Şu anki ayarlar')).getAllByRole('cell')[5].textContent).toBe('ölçülemedi');
    await vi.waitFor(() => expect(within(rowOf('Giyotin kesim')).getAllByRole('cell')[5]).toHaveTextContent('40 × 100,5 cm'));
    // the guillotine plans' leftovers alone are known, and alike: nothing to choose
    expect(within(rowOf('Giyotin kesim')).getAllByRole('cell')[5].textContent).toBe('40 × 100,5 cm');
  });

  it('shows a refused variant with the engine\'s Turkish message in its row and goes on', async () => {
    const { engine, calls } = controlled();
    open({ engine, sharesPage: false });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0].resolve(result(2)));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1].reject(new Error('Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir.')));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    const g = rowOf('Giyotin kesim');
    expect(g).toHaveTextContent('Yerleşim yapılamadı. Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir.');
    expect(within(g).queryByRole('button')).not.toBeInTheDocument();
    expect(rowOf('Son levhada tek büyük artık')).toHaveTextContent('hesaplanıyor… %0');
  });

  it('Escape closes the dialog and cancels the run under way; the rest never start', async () => {
    const { engine, calls } = controlled();
    const { user } = open({ engine, sharesPage: false });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await user.keyboard('{Escape}');
    expect(screen.getByText('kapandı')).toBeInTheDocument();
    expect(calls[0].signal.aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(engine.run).toHaveBeenCalledTimes(1);
  });

  it('Durdur stops what is left, keeps what ended, and the dialog stays open', async () => {
    const { engine, calls } = controlled();
    const { user } = open({ engine, sharesPage: false });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0].resolve(result(2)));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Durdur' }));
    expect(calls[1].signal.aborted).toBe(true);
    expect(rowOf('Şu anki ayarlar')).toHaveTextContent('%50,0');
    for (const name of ['Giyotin kesim', 'Son levhada tek büyük artık', 'Giyotin kesim ve son levhada tek büyük artık', 'Hedef: alan', 'Hedef: levha sayısı']) expect(rowOf(name)).toHaveTextContent('durduruldu');
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Karşılaştırma durduruldu.');
    expect(screen.queryByRole('button', { name: 'Durdur' })).not.toBeInTheDocument();
    expect(engine.run).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(screen.getByText('kapandı')).toBeInTheDocument();
  });

  it('on the page\'s own engine waits for the page\'s layout to end', async () => {
    const { engine, calls } = controlled();
    const runner = { engine, sharesPage: true };
    const view = render(<Host runner={runner} pageBusy />, { wrapper: NoticeProvider });
    expect(screen.getByText('Ekrandaki düzen bitince başlar.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
    view.rerender(<Host runner={runner} pageBusy={false} />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText('Ekrandaki düzen bitince başlar.')).not.toBeInTheDocument();
    // a new layout of the page meanwhile does not stop the comparison
    view.rerender(<Host runner={runner} pageBusy />);
    expect(calls[0].signal.aborted).toBe(false);
  });

  it('"Bunu kullan" gives the plan\'s settings: guillotine on the canvas, an objective on the stock with the list and version it was opened on', async () => {
    const run = vi.fn(async (r: Request) => result(r.options.guillotine ? 2 : 3));
    const onUse = vi.fn();
    const { user } = open({ engine: { run }, sharesPage: false }, onUse);
    await screen.findByRole('button', { name: 'Bunu kullan: Hedef: levha sayısı' });
    expect(within(rowOf('Şu anki ayarlar')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bunu kullan: Giyotin kesim' }));
    expect(onUse).toHaveBeenLastCalledWith({ canvas: { ...canvas, guillotine: true }, read: { settings: stock, version: 7 }, label: 'Giyotin kesim' });
    await user.click(screen.getByRole('button', { name: 'Bunu kullan: Hedef: levha sayısı' }));
    expect(onUse).toHaveBeenLastCalledWith({ stock: { ...stock, objective: 'sheets' }, read: { settings: stock, version: 7 }, label: 'Hedef: levha sayısı' });
    // both switched: the canvas's guillotine and the stock's leftover, at once
    const both = 'Giyotin kesim ve son levhada tek büyük artık';
    await user.click(screen.getByRole('button', { name: `Bunu kullan: ${both}` }));
    expect(onUse).toHaveBeenLastCalledWith({ canvas: { ...canvas, guillotine: true }, stock: { ...stock, keepLeftover: true }, read: { settings: stock, version: 7 }, label: both });
  });
});
