import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import type { Result } from '../engine/types';
import { download } from './download';
import { ExportButtons, isZip, perMaterial, type Exporter } from './ExportButtons';

vi.mock('./download', () => ({ download: vi.fn() }));

const placed = (id: string) => ({ id, name: id, x: 0, y: 0, width: 50, height: 70, rotated: false, originalIndex: 0 });
const mat = (material: string, thickness: number) => ({ material, thickness, pages: 1, lowerBound: 1, efficiency: 50, objective: 'cost' as const, cost: 100, costLowerBound: 100, optimal: true });
const multi: Result = {
  sheet: { width: 183, height: 366 },
  pages: [
    { id: 'page-0', efficiency: 50, parts: [placed('a')], stockId: 's1', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366 },
    { id: 'page-1', efficiency: 50, parts: [placed('b')], stockId: 's2', material: 'Ceviz MDF', thickness: 18, width: 210, height: 280 },
  ],
  materials: [mat('Beyaz Sunta', 18), mat('Ceviz MDF', 18)],
  skipped: [],
  stats: { pages: 2, lowerBound: 2, optimal: true, efficiency: 50, placed: 2, elapsedMs: 1, cost: 200, costLowerBound: 200 },
};
const stock = [{ id: 's1', width: 183, height: 366 }];
const bands = [{ code: 'B1' }];

function fakeExporter(dxfBytes: (r: Result) => Uint8Array, name = 'kesim_183x366.dxf'): Exporter {
  return {
    pdf: vi.fn(async () => new TextEncoder().encode('%PDF-1.7')),
    dxf: vi.fn(async (r: Result) => dxfBytes(r)),
    fileName: vi.fn(async (_r: Result, ext: 'pdf' | 'dxf') => (ext === 'pdf' ? 'kesim.pdf' : name)),
  };
}

function show(exporter: Exporter, result: Result) {
  render(
    <NoticeProvider>
      <ExportButtons exporter={exporter} result={result} title="Kesim" stock={stock} bands={bands} />
    </NoticeProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => vi.mocked(download).mockClear());

describe('exports of several materials', () => {
  it('passes the stock rows and bands to the PDF', async () => {
    const ex = fakeExporter(() => new Uint8Array());
    const user = show(ex, multi);
    await user.click(screen.getByRole('button', { name: 'PDF İndir' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(ex.pdf).toHaveBeenCalledWith(multi, 'Kesim', { stock, bands });
    expect(vi.mocked(download).mock.calls[0][1]).toBe('kesim.pdf');
  });

  it("downloads the bridge's zip under a .zip name", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]);
    const ex = fakeExporter(() => zip, 'kesim_3-malzeme.zip');
    const user = show(ex, multi);
    await user.click(screen.getByRole('button', { name: 'DXF İndir' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(vi.mocked(download).mock.calls[0]).toEqual([zip, 'kesim_3-malzeme.zip', 'application/zip']);
    expect(ex.dxf).toHaveBeenCalledWith(multi, undefined, { stock, bands });
  });

  it('zips one DXF per material when the bridge writes one file', async () => {
    const ex = fakeExporter((r) => new TextEncoder().encode(`DXF ${r.pages.map((p) => p.id).join(',')} ${r.sheet.width}x${r.sheet.height}`));
    const user = show(ex, multi);
    await user.click(screen.getByRole('button', { name: 'DXF İndir' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    const [bytes, name, type] = vi.mocked(download).mock.calls[0];
    expect(name).toBe('kesim_183x366.zip');
    expect(type).toBe('application/zip');
    expect(isZip(bytes as Uint8Array)).toBe(true);
    const files = unzipSync(bytes as Uint8Array);
    expect(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]))).toEqual({
      'kesim_183x366_Beyaz-Sunta-18mm.dxf': 'DXF page-0 183x366',
      'kesim_183x366_Ceviz-MDF-18mm.dxf': 'DXF page-1 210x280',
    });
  });

  it('keeps one DXF for one material', async () => {
    const one: Result = { ...multi, pages: [multi.pages[0]], materials: [multi.materials![0]] };
    const ex = fakeExporter(() => new TextEncoder().encode('DXF'));
    const user = show(ex, one);
    await user.click(screen.getByRole('button', { name: 'DXF İndir' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    expect(vi.mocked(download).mock.calls[0][1]).toBe('kesim_183x366.dxf');
    expect(perMaterial(one)).toHaveLength(1);
  });
});

describe('busy export buttons', () => {
  it('PDF İndir keeps the focus while the file is made and ignores a second press', async () => {
    let done: (b: Uint8Array) => void = () => {};
    const ex = fakeExporter(() => new Uint8Array());
    ex.pdf = vi.fn(() => new Promise<Uint8Array>((r) => (done = r)));
    const user = show(ex, multi);
    await user.click(screen.getByRole('button', { name: 'PDF İndir' }));
    const busy = await screen.findByRole('button', { name: 'PDF Oluşturuluyor...' });
    // jsdom keeps the focus on a disabled button, Chromium does not: the button must not be disabled.
    expect(busy).toHaveFocus();
    expect(busy).toBeEnabled();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(ex.pdf).toHaveBeenCalledTimes(1);
    done(new TextEncoder().encode('%PDF'));
    await vi.waitFor(() => expect(download).toHaveBeenCalled());
    const idle = await screen.findByRole('button', { name: 'PDF İndir' });
    expect(idle).toHaveFocus();
    expect(idle).toHaveAttribute('aria-disabled', 'false');
  });

  it('DXF İndir keeps the focus while the file is made', async () => {
    let done: (b: Uint8Array) => void = () => {};
    const one: Result = { ...multi, pages: [multi.pages[0]], materials: [multi.materials![0]] };
    const ex = fakeExporter(() => new Uint8Array());
    ex.dxf = vi.fn(() => new Promise<Uint8Array>((r) => (done = r)));
    const user = show(ex, one);
    const button = screen.getByRole('button', { name: 'DXF İndir' });
    await user.click(button);
    await vi.waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveFocus();
    expect(button).toBeEnabled();
    await user.click(button);
    done(new TextEncoder().encode('DXF'));
    await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(ex.dxf).toHaveBeenCalledTimes(1);
    expect(button).toHaveFocus();
  });
});

describe("a saved job's name", () => {
  it('titles the PDF and names the files, not the unused canvas', async () => {
    const bridge = 'efeaktif_cutting_100x148_2026-12-06_1796522400000';
    const ex: Exporter = {
      pdf: vi.fn(async () => new TextEncoder().encode('%PDF-1.7')),
      dxf: vi.fn(async () => new TextEncoder().encode('DXF')),
      fileName: vi.fn(async (_r: Result, ext: 'pdf' | 'dxf') => `${bridge}.${ext}`),
    };
    render(
      <NoticeProvider>
        <ExportButtons exporter={ex} result={{ ...multi, materials: [multi.materials![0]] }} title="Kesim" job="Yılmaz Mutfak – ğüşıöçİ" />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'PDF İndir' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(vi.mocked(ex.pdf).mock.calls[0][1]).toBe('Yılmaz Mutfak – ğüşıöçİ');
    expect(vi.mocked(download).mock.calls[0][1]).toBe('yilmaz-mutfak-gusioci_2026-12-06_1796522400000.pdf');
    await user.click(screen.getByRole('button', { name: 'DXF İndir' }));
    await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    expect(vi.mocked(download).mock.calls[1][1]).toBe('yilmaz-mutfak-gusioci_2026-12-06_1796522400000.dxf');
  });
});

describe('the PDF of a layout with its request', () => {
  it("gets the request's kerf and band deduction, so its piece numbers are the checklist's", async () => {
    const ex: Exporter = {
      pdf: vi.fn(async () => new TextEncoder().encode('%PDF-1.7')),
      dxf: vi.fn(async () => new TextEncoder().encode('DXF')),
      fileName: vi.fn(async (_r: Result, ext: 'pdf' | 'dxf') => `kesim.${ext}`),
    };
    const request = {
      sheet: { width: 100, height: 148 },
      parts: [],
      options: { kerf: 0.4, trim: 0, guillotine: true, timeLimitMs: 0, seed: 1, deductBands: true, firstCut: 'long' as const, stages: 2 },
    };
    render(
      <NoticeProvider>
        <ExportButtons exporter={ex} result={multi} title="Kesim" request={request} />
      </NoticeProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'PDF İndir' }));
    await vi.waitFor(() => expect(ex.pdf).toHaveBeenCalledTimes(1));
    // the saw profile too, which the PDF's summary names
    expect(vi.mocked(ex.pdf).mock.calls[0][2]).toMatchObject({ kerf: 0.4, deductBands: true, firstCut: 'long', stages: 2 });
  });
});
