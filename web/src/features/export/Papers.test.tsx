import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import type { Request, Result } from '../engine/types';
import { download } from './download';
import { ExportButtons, type Exporter } from './ExportButtons';
import type { PaperKind } from './Papers';

vi.mock('./download', () => ({ download: vi.fn() }));

const placed = (id: string) => ({ id, name: id, x: 0, y: 0, width: 50, height: 70, rotated: false, originalIndex: 0 });
const result: Result = {
  sheet: { width: 183, height: 366 },
  pages: [{ id: 'page-0', efficiency: 50, parts: [placed('Yan dikme')] }],
  skipped: [],
  stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 50, placed: 1, elapsedMs: 1 },
};
const empty: Result = { ...result, pages: [], stats: { ...result.stats, pages: 0, placed: 0 } };
const request = { parts: [], sheet: { width: 183, height: 366 }, options: {}, stock: [{ id: 's1', width: 183, height: 366 }] } as unknown as Request;

function exporter(paper?: Exporter['paper']): Exporter {
  return {
    pdf: vi.fn(async () => new Uint8Array()),
    dxf: vi.fn(async () => new Uint8Array()),
    fileName: vi.fn(async () => 'kesim.pdf'),
    ...(paper
      ? {
          paper: vi.fn(paper),
          paperFileName: vi.fn(async (k: PaperKind) => ({ labels: 'etiketler.pdf', xlsx: 'kesim-listesi.xlsx', cutCsv: 'kesim-listesi.csv', sheetsCsv: 'kesim-listesi-levhalar.csv', quotePdf: 'teklif.pdf', quoteCsv: 'teklif.csv' })[k]),
        }
      : {}),
  };
}

function show(ex: Exporter, r: Result | null, job = 'Mutfak Ayşe Hanım') {
  const view = render(
    <NoticeProvider>
      <ExportButtons exporter={ex} result={r} title="Kesim" request={request} job={job} />
    </NoticeProvider>,
  );
  return { user: userEvent.setup(), ...view };
}

const ok = async () => new TextEncoder().encode('%PDF');

beforeEach(() => vi.mocked(download).mockClear());

describe('shop-floor papers next to PDF and DXF', () => {
  it('appear only when there is a result with parts and the exporter writes them', () => {
    const names = ['Etiketler', 'Kesim listesi (Excel)', 'Kesim listesi (CSV)', 'Levhalar (CSV)', 'Teklif'];
    const { unmount } = show(exporter(ok), null);
    for (const n of names) expect(screen.queryByRole('button', { name: n })).toBeNull();
    unmount();
    show(exporter(ok), empty).unmount();
    expect(screen.queryByRole('button', { name: 'Etiketler' })).toBeNull();
    show(exporter(), result).unmount();
    expect(screen.queryByRole('button', { name: 'Etiketler' })).toBeNull();
    show(exporter(ok), result);
    for (const n of names) expect(screen.getByRole('button', { name: n })).toBeEnabled();
  });

  it('labels: the chosen preset and the job name go to the bridge; the PDF is downloaded under its name', async () => {
    const ex = exporter(ok);
    const { user } = show(ex, result);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Etiket boyutu' }), 'roll-100x50');
    await user.click(screen.getByRole('button', { name: 'Etiketler' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(ex.paper).toHaveBeenCalledWith('labels', result, request, { preset: 'roll-100x50', job: 'Mutfak Ayşe Hanım' });
    // named after the job
    expect(vi.mocked(download).mock.calls[0].slice(1)).toEqual(['mutfak-ayse-hanim_etiketler.pdf', 'application/pdf']);
  });

  it('is keyboard reachable: Tab to Kesim listesi (Excel), Enter downloads the workbook with the stock rows', async () => {
    const ex = exporter(ok);
    const { user } = show(ex, result, '');
    const xlsx = screen.getByRole('button', { name: 'Kesim listesi (Excel)' });
    for (let i = 0; i < 10 && document.activeElement !== xlsx; i++) await user.tab();
    expect(xlsx).toHaveFocus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(ex.paper).toHaveBeenCalledWith('xlsx', result, request, { stock: request.stock });
    expect(vi.mocked(download).mock.calls[0][1]).toBe('kesim-listesi.xlsx');
  });

  it('gives the cut lists the trim, so that their leftovers lie inside it', async () => {
    const ex = exporter(ok);
    const trimmed = { ...request, options: { trim: 1 } } as unknown as Request;
    render(
      <NoticeProvider>
        <ExportButtons exporter={ex} result={result} title="Kesim" request={trimmed} />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kesim listesi (Excel)' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(ex.paper).toHaveBeenCalledWith('xlsx', result, trimmed, { stock: request.stock, trim: 1 });
  });

  it("gives the cut lists the kerf and the user's offcut rules, so that their leftovers are the rack's offcuts", async () => {
    const ex = exporter(ok);
    const cut = { ...request, options: { kerf: 0.4, trim: 1 } } as unknown as Request;
    const rules = [{ minWidth: 30, minHeight: 30 }, { material: 'MDF', thickness: 18, minWidth: 50, minHeight: 20 }];
    render(
      <NoticeProvider>
        <ExportButtons exporter={ex} result={result} title="Kesim" request={cut} job="Mutfak" offcutRules={rules} />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    for (const [name, kind] of [
      ['Kesim listesi (Excel)', 'xlsx'],
      ['Kesim listesi (CSV)', 'cutCsv'],
      ['Levhalar (CSV)', 'sheetsCsv'],
    ] as const) {
      await user.click(screen.getByRole('button', { name }));
      await vi.waitFor(() => expect(ex.paper).toHaveBeenCalledWith(kind, result, cut, { stock: request.stock, trim: 1, kerf: 0.4, rules }));
    }
    // The labels and the quote take no rules.
    await user.click(screen.getByRole('button', { name: 'Etiketler' }));
    await vi.waitFor(() => expect(ex.paper).toHaveBeenCalledWith('labels', result, cut, { preset: 'a4-3x8', job: 'Mutfak' }));
  });

  it('gives the cut lists an empty rule list when the user removed every rule: the rack then keeps no offcut', async () => {
    const ex = exporter(ok);
    render(
      <NoticeProvider>
        <ExportButtons exporter={ex} result={result} title="Kesim" request={request} offcutRules={[]} />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Levhalar (CSV)' }));
    await vi.waitFor(() => expect(ex.paper).toHaveBeenCalledWith('sheetsCsv', result, request, { stock: request.stock, rules: [] }));
  });

  it("puts the job's name on the quote, bounded as on the labels; none when the job has no name", async () => {
    const ex = exporter(ok);
    const long = '  Otel ' + 'ş'.repeat(300) + '  ';
    const { user, unmount } = show(ex, result, long);
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    await user.click(screen.getByRole('button', { name: 'Teklif PDF' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(ex.paper).toHaveBeenCalledWith('quotePdf', result, request, expect.objectContaining({ job: long.trim().slice(0, 200) }));
    unmount();
    vi.mocked(download).mockClear();

    const none = exporter(ok);
    const again = show(none, result, '   ');
    await again.user.click(screen.getByRole('button', { name: 'Teklif' }));
    await again.user.click(screen.getByRole('button', { name: 'Teklif PDF' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(vi.mocked(none.paper!).mock.calls[0][3]).not.toHaveProperty('job');
  });

  it('downloads the sheets ("Levhalar") as CSV next to the cut list, as kesim nest --csv writes them', async () => {
    const ex = exporter(ok);
    const trimmed = { ...request, options: { trim: 1 } } as unknown as Request;
    render(
      <NoticeProvider>
        <ExportButtons exporter={ex} result={result} title="Kesim" request={trimmed} />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    const cut = screen.getByRole('button', { name: 'Kesim listesi (CSV)' });
    const sheets = screen.getByRole('button', { name: 'Levhalar (CSV)' });
    // right after the cut list's CSV
    expect(cut.closest('.paper')?.nextElementSibling).toBe(sheets.closest('.paper'));
    await user.click(sheets);
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(ex.paper).toHaveBeenCalledWith('sheetsCsv', result, trimmed, { stock: request.stock, trim: 1 });
    expect(vi.mocked(download).mock.calls[0].slice(1)).toEqual(['kesim-listesi-levhalar.csv', 'text/csv']);
  });

  it('shows progress while the file is made and a Turkish error when the bridge refuses', async () => {
    let refuse: (e: Error) => void = () => {};
    const ex = exporter(() => new Promise((_, reject) => (refuse = reject)));
    const { user } = show(ex, result);
    await user.click(screen.getByRole('button', { name: 'Teklif' }));
    await user.click(screen.getByRole('button', { name: 'Teklif PDF' }));
    const busy = await screen.findByRole('button', { name: 'Teklif hazırlanıyor...' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // jsdom keeps the focus on a disabled button, Chromium does not: the buttons must not be disabled.
    expect(busy).toHaveFocus();
    expect(busy).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Etiketler' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Etiketler' }));
    expect(ex.paper).toHaveBeenCalledTimes(1);
    refuse(new Error('Geçersiz sonuç: sayfa bulunamadı'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Teklif oluşturulamadı');
    expect(alert).toHaveTextContent('Geçersiz sonuç: sayfa bulunamadı');
    expect(download).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Teklif' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('Etiketler keeps the focus while the labels are made', async () => {
    let done: (b: Uint8Array) => void = () => {};
    const ex = exporter(() => new Promise((r) => (done = r)));
    const { user } = show(ex, result);
    const labels = screen.getByRole('button', { name: 'Etiketler' });
    await user.click(labels);
    const busy = await screen.findByRole('button', { name: 'Etiketler hazırlanıyor...' });
    expect(busy).toHaveFocus();
    expect(busy).toBeEnabled();
    done(new TextEncoder().encode('%PDF'));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Etiketler' })).toHaveFocus();
  });
});
