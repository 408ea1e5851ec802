import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ageDays, checkOffcutSettings, engineRow, offcutSettingsOf, rackAreaM2, type Offcut } from './offcuts';
import { EMPTY_STOCK, withStock, type StockSettings } from './stock';
import { NoticeProvider } from '../../components/Notices';
import { StockDialog } from './StockDialog';

const offcut = (id: string, w: number, h: number, over: Partial<Offcut> = {}): Offcut => ({
  id,
  material: 'Beyaz',
  thickness: 18,
  width: w,
  height: h,
  quantity: 1,
  offcut: true,
  sourceLayoutId: '7',
  createdAt: '2026-11-20T08:00:00Z',
  ...over,
});

describe('offcuts', () => {
  it('go to the engine as its stock rows, with offcut set and the least use', () => {
    const s: StockSettings = { ...EMPTY_STOCK, stock: [{ id: 's1', width: 183, height: 366 }, offcut('A-1', 80, 60)] };
    const base = { sheet: { width: 100, height: 100 }, parts: [], options: { kerf: 0, trim: 0, guillotine: false, timeLimitMs: 0, seed: 1 } };
    const req = withStock(base, s);
    expect(req.stock).toEqual([
      { id: 's1', width: 183, height: 366 },
      { id: 'A-1', material: 'Beyaz', thickness: 18, width: 80, height: 60, quantity: 1, offcut: true },
    ]);
    expect(req.options).toMatchObject({ offcutMinUse: 60 });
    const own = withStock(base, { ...s, offcutSettings: { rules: [], maxArea: 0, minUse: 25 } });
    expect(own.options).toMatchObject({ offcutMinUse: 25 });
    // no offcut: the request is as before
    const plain = withStock(base, { ...EMPTY_STOCK, stock: [{ id: 's1', width: 183, height: 366 }] });
    expect(plain.options).not.toHaveProperty('offcutMinUse');
  });

  it('count their area in m² and their age in days', () => {
    expect(rackAreaM2([offcut('A-1', 100, 50), offcut('A-2', 50, 50)])).toBeCloseTo(0.75);
    expect(ageDays('2026-11-20T08:00:00Z', Date.parse('2026-11-24T07:59:00Z'))).toBe(3);
    expect(ageDays('bozuk', Date.now())).toBe(0);
    expect(engineRow(offcut('A-3', 1, 1))).not.toHaveProperty('createdAt');
  });

  it('check the settings in the server’s words', () => {
    const rule = { material: 'Ceviz', thickness: '18', minWidth: '40', minHeight: '25,5' };
    expect(checkOffcutSettings([rule], '12,5', '70')).toEqual({
      ok: true,
      settings: { rules: [{ material: 'Ceviz', thickness: 18, minWidth: 40, minHeight: 25.5 }], maxArea: 12.5, minUse: 70 },
    });
    const bad = checkOffcutSettings([{ ...rule, minWidth: '10001' }], '-1', '101');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.map((p) => p.message)).toEqual([
      'Artık için en küçük ölçü 0 ile 10.000 cm arasında olmalı.',
      'Artık rafı sınırı 0 ile 100.000 m² arasında olmalı.',
      'Artık kullanım oranı 0 ile 100 arasında bir tam sayı olmalı.',
    ]);
    // a text that is no number is said to be none, not out of the range it may lie in
    const words = checkOffcutSettings([{ ...rule, minHeight: '30 cm' }], '1,5 m²', '70');
    expect(!words.ok && words.problems.map((p) => p.message)).toEqual([
      '"30 cm" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.',
      '"1,5 m²" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.',
    ]);
    expect(offcutSettingsOf({ rules: [{ minWidth: -1, minHeight: 3 }], maxArea: 'x', minUse: 500 })).toEqual({ rules: [], maxArea: 0, minUse: 60 });
  });
});

describe('one large leftover', () => {
  const base = { sheet: { width: 100, height: 100 }, parts: [], options: { kerf: 0, trim: 0, guillotine: false, timeLimitMs: 0, seed: 1 } };
  it('is asked with or without stock rows, and only when set', () => {
    expect(withStock(base, { ...EMPTY_STOCK, keepLeftover: true }).options).toMatchObject({ keepLeftover: true });
    expect(withStock(base, { ...EMPTY_STOCK, stock: [{ id: 's1', width: 183, height: 366 }], keepLeftover: true }).options).toMatchObject({ keepLeftover: true });
    expect(withStock(base, EMPTY_STOCK)).toBe(base);
  });
  it('is a checkbox of the stock dialog', async () => {
    const onSave = vi.fn();
    render(<StockDialog settings={EMPTY_STOCK} onSave={onSave} onClose={() => {}} />, { wrapper: NoticeProvider });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Son levhada artık tek parça kalsın'));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave.mock.calls[0][0]).toMatchObject({ keepLeftover: true });
  });
});

describe('StockDialog offcuts', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ layouts: [{ id: '7', name: 'Mutfak dolabı' }] })),
    );
  });

  it('lists the rack with code, size, age, source job and total area, deletes one and saves the settings', async () => {
    const onSave = vi.fn();
    const settings: StockSettings = {
      ...EMPTY_STOCK,
      stock: [
        { id: 's1', width: 183, height: 366 },
        offcut('A-1', 120, 50),
        offcut('A-2', 40, 30, { createdAt: new Date().toISOString() }),
        offcut('A-3', 30, 30, { sourceLayoutId: '4f1c0a9e2b7d4c3e8a6f5b2d1c0e9f8a' }),
      ],
      offcutSettings: { rules: [{ minWidth: 30, minHeight: 30 }], maxArea: 0.5, minUse: 60 },
    };
    render(<StockDialog settings={settings} onSave={onSave} onClose={() => {}} />, { wrapper: NoticeProvider });
    const user = userEvent.setup();
    const rack = screen.getByRole('table', { name: 'Artıklar' });
    expect(within(rack).getAllByRole('row')).toHaveLength(4);
    expect(rack).toHaveTextContent('A-1');
    expect(rack).toHaveTextContent('120 x 50');
    expect(rack).toHaveTextContent('bugün');
    expect(await within(rack).findAllByText('Mutfak dolabı')).toHaveLength(2);
    // the job A-3 came from was deleted since: its name, not its id
    expect(within(rack).getByText('silinmiş iş')).toBeInTheDocument();
    expect(rack).not.toHaveTextContent('4f1c0a9e');
    expect(screen.getByTestId('rack-area')).toHaveTextContent('Rafta 3 artık, toplam 0,81 m².');
    expect(within(screen.getByRole('dialog', { name: 'Levha stoku' })).getByRole('status')).toHaveTextContent('Raf sınırı (0,50 m²) aşıldı');
    await user.click(screen.getByRole('button', { name: 'A-1 artığını sil' }));
    await user.clear(screen.getByLabelText('Artık en az kullanım (%)'));
    await user.type(screen.getByLabelText('Artık en az kullanım (%)'), '40');
    await user.click(screen.getByRole('button', { name: 'Kural ekle' }));
    await user.type(screen.getByLabelText('Malzeme, Kural 2'), 'Ceviz');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const saved = onSave.mock.calls[0][0] as StockSettings;
    expect(saved.stock.map((s) => s.id)).toEqual(['s1', 'A-2', 'A-3']);
    expect(saved.offcutSettings).toEqual({
      rules: [
        { minWidth: 30, minHeight: 30 },
        { material: 'Ceviz', minWidth: 30, minHeight: 30 },
      ],
      maxArea: 0.5,
      minUse: 40,
    });
  }, 20000);

  it('shows the kept numbers the Turkish way and reads them back unchanged', async () => {
    const onSave = vi.fn();
    const offcutSettings = { rules: [{ material: 'Ceviz', thickness: 18.5, minWidth: 1250.5, minHeight: 30 }], maxArea: 1500, minUse: 60 };
    render(<StockDialog settings={{ ...EMPTY_STOCK, offcutSettings }} onSave={onSave} onClose={() => {}} />, { wrapper: NoticeProvider });
    expect(screen.getByLabelText('Raf sınırı (m², 0 = sınırsız)')).toHaveValue('1.500');
    expect(screen.getByLabelText('En az genişlik (cm), Kural 1')).toHaveValue('1.250,5');
    expect(screen.getByLabelText('Kalınlık (mm), Kural 1')).toHaveValue('18,5');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Kaydet' }));
    // unchanged settings stay as they came
    expect((onSave.mock.calls[0][0] as StockSettings).offcutSettings).toEqual(offcutSettings);
  });

  it('puts the focus in the new rule', async () => {
    render(<StockDialog settings={EMPTY_STOCK} onSave={() => {}} onClose={() => {}} />, { wrapper: NoticeProvider });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Kural ekle' }));
    expect(screen.getByLabelText('Malzeme, Kural 2')).toHaveFocus();
  });

  it('refuses a bad least use beside the field', async () => {
    const onSave = vi.fn();
    render(<StockDialog settings={EMPTY_STOCK} onSave={onSave} onClose={() => {}} />, { wrapper: NoticeProvider });
    const user = userEvent.setup();
    expect(screen.getByText(/Rafta artık yok/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Artık en az kullanım (%)'));
    await user.type(screen.getByLabelText('Artık en az kullanım (%)'), '150');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Artık kullanım oranı 0 ile 100 arasında bir tam sayı olmalı.');
    expect(onSave).not.toHaveBeenCalled();
  });
});
