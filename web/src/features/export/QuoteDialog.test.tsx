import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import type { Request, Result } from '../engine/types';
import { download } from './download';
import { Papers, type PaperExporter } from './Papers';
import { checkQuote, emptyForm } from './quoteOptions';

vi.mock('./download', () => ({ download: vi.fn() }));

const result: Result = {
  sheet: { width: 183, height: 366 },
  pages: [{ id: 'page-0', efficiency: 50, parts: [{ id: 'a', name: 'Kapak', x: 0, y: 0, width: 50, height: 70, rotated: false, originalIndex: 0 }] }],
  skipped: [],
  stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 50, placed: 1, elapsedMs: 1 },
};
const stock = [{ id: 's1', width: 183, height: 366, price: 1450 }];
const request = { parts: [], sheet: { width: 183, height: 366 }, options: {}, stock } as unknown as Request;

function exporter(): PaperExporter {
  return {
    paper: vi.fn(async () => new TextEncoder().encode('%PDF')),
    paperFileName: vi.fn(async (k: string) => (k === 'quoteCsv' ? 'teklif.csv' : 'teklif.pdf')),
  };
}

function show(ex: PaperExporter, factory?: string) {
  const view = render(
    <NoticeProvider>
      <Papers exporter={ex} result={result} request={request} job="" factory={factory} />
    </NoticeProvider>,
  );
  return { user: userEvent.setup(), ...view };
}

const input = (name: string) => screen.getByRole('textbox', { name });

beforeEach(() => {
  localStorage.clear();
  vi.mocked(download).mockClear();
});

describe('the quote (Teklif) form', () => {
  it('opens on Teklif with the page factory, KDV 20 and empty prices; no PDF until asked', async () => {
    const ex = exporter();
    const { user } = show(ex, 'Usta Mobilya');
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    const dlg = screen.getByRole('dialog', { name: 'Teklif' });
    expect(input('Atölye adı')).toHaveValue('Usta Mobilya');
    expect(input('Atölye adı')).toHaveFocus();
    expect(input('Müşteri')).toHaveValue('');
    expect(input('Levha fiyatı (fiyatı olmayan levha için, TL)')).toHaveValue('');
    expect(input('Kesim ücreti (TL/metre)')).toHaveValue('');
    expect(input('Kesim ücreti (TL/levha)')).toHaveValue('');
    expect(input('Kâr oranı (%)')).toHaveValue('');
    expect(input('KDV (%)')).toHaveValue('20');
    expect(screen.getByRole('checkbox', { name: 'Levhayı kullanılan alana göre fiyatla' })).not.toBeChecked();
    expect(within(dlg).getByRole('button', { name: 'Teklif PDF' })).toBeEnabled();
    expect(within(dlg).getByRole('button', { name: 'Teklif CSV' })).toBeEnabled();
    expect(ex.paper).not.toHaveBeenCalled();
  });

  it('without a factory prop the workshop name starts empty; Escape closes without a PDF', async () => {
    const ex = exporter();
    const { user } = show(ex);
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    expect(input('Atölye adı')).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ex.paper).not.toHaveBeenCalled();
  });

  it('Teklif PDF with the defaults sends KDV 20 and the stock rows, and downloads the PDF', async () => {
    const ex = exporter();
    const { user } = show(ex);
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    await user.click(screen.getByRole('button', { name: 'Teklif PDF' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(ex.paper).toHaveBeenCalledWith('quotePdf', result, request, { kdvPct: 20, stock });
    expect(vi.mocked(download).mock.calls[0].slice(1)).toEqual(['teklif.pdf', 'application/pdf']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps what was typed after a click beside the form', async () => {
    const { user } = show(exporter());
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    await user.type(input('Müşteri'), 'Ayşe Hanım');
    await user.pointer({ keys: '[MouseLeft]', target: screen.getByRole('dialog', { name: 'Teklif' }).parentElement! });
    expect(input('Müşteri')).toHaveValue('Ayşe Hanım');
  });

  it('Teklif CSV sends the same options for the CSV and downloads it', async () => {
    const ex = exporter();
    const { user } = show(ex);
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    await user.click(screen.getByRole('button', { name: 'Teklif CSV' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(ex.paper).toHaveBeenCalledWith('quoteCsv', result, request, { kdvPct: 20, stock });
    expect(vi.mocked(download).mock.calls[0].slice(1)).toEqual(['teklif.csv', 'text/csv']);
  });

  it('reads Turkish numbers; Enter submits the options; the form is remembered for the next quote', async () => {
    const ex = exporter();
    const { user, unmount } = show(ex, 'Usta Mobilya');
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    await user.type(input('Müşteri'), ' Ayşe Hanım ');
    await user.type(input('Levha fiyatı (fiyatı olmayan levha için, TL)'), '1450,5');
    await user.click(screen.getByRole('checkbox', { name: 'Levhayı kullanılan alana göre fiyatla' }));
    await user.type(input('Kesim ücreti (TL/metre)'), '12,75');
    await user.type(input('Kesim ücreti (TL/levha)'), '40');
    await user.type(input('Kâr oranı (%)'), '15');
    await user.clear(input('KDV (%)'));
    await user.type(input('KDV (%)'), '0{Enter}');
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(ex.paper).toHaveBeenCalledWith('quotePdf', result, request, {
      factory: 'Usta Mobilya',
      customer: 'Ayşe Hanım',
      sheetByArea: true,
      sheetPrice: 1450.5,
      cutPerMetre: 12.75,
      cutPerSheet: 40,
      marginPct: 15,
      kdvPct: 0,
      stock,
    });
    unmount();

    const again = show(exporter(), 'Başka Atölye');
    await again.user.click(screen.getByRole('button', { name: 'Teklif' }));
    expect(input('Atölye adı')).toHaveValue('Usta Mobilya');
    expect(input('Levha fiyatı (fiyatı olmayan levha için, TL)')).toHaveValue('1450,5');
    expect(input('Kesim ücreti (TL/metre)')).toHaveValue('12,75');
    expect(input('Kâr oranı (%)')).toHaveValue('15');
    expect(input('KDV (%)')).toHaveValue('0');
    expect(screen.getByRole('checkbox', { name: 'Levhayı kullanılan alana göre fiyatla' })).toBeChecked();
  });

  it('makes the quote with what was typed when this browser refuses to keep it (its storage full), and says so once', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const ex = exporter();
    const { user } = show(ex);
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    await user.type(input('Müşteri'), 'Ayşe Hanım');
    await user.click(screen.getByRole('button', { name: 'Teklif PDF' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(ex.paper).toHaveBeenCalledWith('quotePdf', result, request, { customer: 'Ayşe Hanım', kdvPct: 20, stock });
    const said =
      'Teklif bilgileri (atölye, müşteri, fiyatlar) bu tarayıcıda saklanamadı (tarayıcının depolama alanı dolu). Bu teklif girdiğiniz değerlerle hazırlanıyor, ama bir sonraki teklifte onları yeniden girmeniz gerekebilir. Yer açmak için "Kayıtlı Parçalar ve Düzenler"de bu tarayıcıda tutulan (yerel) eski düzenleri silin.';
    expect(screen.getByRole('alert')).toHaveTextContent(said);
    // A second quote, still refused: made, and not said again.
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    expect(input('Müşteri')).toHaveValue('');
    await user.type(input('Müşteri'), 'Ali Bey');
    await user.click(screen.getByRole('button', { name: 'Teklif CSV' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    expect(ex.paper).toHaveBeenLastCalledWith('quoteCsv', result, request, { customer: 'Ali Bey', kdvPct: 20, stock });
    expect(screen.getAllByText(said)).toHaveLength(1);
  });

  it('refuses out-of-bounds and non-numbers with Turkish messages and sends nothing', async () => {
    const ex = exporter();
    const { user } = show(ex);
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    await user.type(input('Levha fiyatı (fiyatı olmayan levha için, TL)'), '10000000,01');
    await user.type(input('Kesim ücreti (TL/metre)'), 'on iki');
    await user.type(input('Kesim ücreti (TL/levha)'), '-1');
    await user.type(input('Kâr oranı (%)'), '1000,5');
    await user.clear(input('KDV (%)'));
    await user.type(input('KDV (%)'), '101');
    await user.click(screen.getByRole('button', { name: 'Teklif PDF' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Teklif hazırlanamadı: işaretli alanları düzeltin.');
    const sheet = input('Levha fiyatı (fiyatı olmayan levha için, TL)');
    expect(sheet).toHaveAttribute('aria-invalid', 'true');
    expect(sheet).toHaveAccessibleDescription('Fiyat 0 ile 10.000.000 TL arasında olmalı.');
    expect(input('Kesim ücreti (TL/metre)')).toHaveAccessibleDescription('Bir sayı yazın (ör. 45,5).');
    expect(input('Kesim ücreti (TL/levha)')).toHaveAccessibleDescription('Fiyat 0 ile 10.000.000 TL arasında olmalı.');
    expect(input('Kâr oranı (%)')).toHaveAccessibleDescription('Kâr oranı %0 ile %1.000 arasında olmalı.');
    expect(input('KDV (%)')).toHaveAccessibleDescription('KDV %0 ile %100 arasında olmalı.');
    expect(ex.paper).not.toHaveBeenCalled();
    expect(localStorage.getItem('kesim-quote')).toBeNull();

    await user.clear(input('KDV (%)'));
    await user.keyboard('{Enter}');
    expect(input('KDV (%)')).toHaveAccessibleDescription('Bir oran yazın (KDV yoksa 0).');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(ex.paper).not.toHaveBeenCalled();
  });

  it('accepts the bounds themselves and refuses names over 200 characters', () => {
    const edge = { ...emptyForm(), sheetPrice: '10000000', cutPerMetre: '0', marginPct: '1000', kdvPct: '100' };
    expect(checkQuote(edge).options).toEqual({ sheetPrice: 10_000_000, marginPct: 1000, kdvPct: 100 });
    const long = { ...emptyForm(), customer: 'ş'.repeat(201), factory: 'ğ'.repeat(200) };
    expect(checkQuote(long).errors).toEqual({ customer: 'En fazla 200 karakter yazın.' });
  });

  it('ignores a broken remembered value', async () => {
    localStorage.setItem('kesim-quote', '{bozuk');
    const { user } = show(exporter(), 'Usta Mobilya');
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    expect(input('Atölye adı')).toHaveValue('Usta Mobilya');
    expect(input('KDV (%)')).toHaveValue('20');
  });
});
