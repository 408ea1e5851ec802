import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import type { Result } from '../engine/types';
import { download } from './download';
import { ExportButtons, type Exporter } from './ExportButtons';
import type { PaperKind } from './Papers';
import type { JobReader } from './sheetUrl';
import { exportMsg } from './texts';

vi.mock('./download', () => ({ download: vi.fn() }));

const result: Result = {
  sheet: { width: 183, height: 366 },
  pages: [{ id: 'page-0', efficiency: 50, parts: [{ id: 'yan-0', name: 'Yan', x: 0, y: 0, width: 50, height: 70, rotated: false, originalIndex: 0 }] }],
  skipped: [],
  stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 50, placed: 1, elapsedMs: 1 },
};
const other: Result = { ...result, pages: [{ ...result.pages[0], parts: [{ ...result.pages[0].parts[0], y: 70 }] }] };

function exporter(): Exporter {
  return {
    pdf: vi.fn(async () => new TextEncoder().encode('%PDF')),
    dxf: vi.fn(async () => new Uint8Array()),
    fileName: vi.fn(async () => 'kesim.pdf'),
    paper: vi.fn(async () => new TextEncoder().encode('%PDF')),
    paperFileName: vi.fn(async (k: PaperKind) => `${k}.pdf`),
  };
}

/** origin is a workshop computer's address on the network, which a phone opens. */
const origin = 'http://192.168.1.20:8080';

function show(ex: Exporter, layoutId?: string, readJob?: JobReader, at = origin) {
  render(
    <NoticeProvider>
      <ExportButtons exporter={ex} result={result} title="Kesim" request={null} job="Mutfak" layoutId={layoutId} readJob={readJob} origin={at} />
    </NoticeProvider>,
  );
  return userEvent.setup();
}

/** downloadBoth downloads the PDF and the labels. */
async function downloadBoth(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'PDF İndir' }));
  await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(1));
  await user.click(screen.getByRole('button', { name: 'Etiketler' }));
  await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(2));
}

beforeEach(() => vi.mocked(download).mockClear());

describe("a saved job's QR codes", () => {
  const base = `${origin}/is/lay-42/levha/`;

  it("put the job's checklist address on the PDF and the labels when the server keeps the layout shown", async () => {
    const ex = exporter();
    const read = vi.fn(async () => ({ result: structuredClone(result) }));
    await downloadBoth(show(ex, 'lay-42', read));
    expect(read).toHaveBeenCalledWith('lay-42');
    expect(ex.pdf).toHaveBeenCalledWith(result, 'Mutfak', { stock: undefined, bands: undefined, sheetUrl: base });
    expect(ex.paper).toHaveBeenCalledWith('labels', result, null, { preset: 'a4-3x8', job: 'Mutfak', sheetUrl: base });
  });

  it('are left out, and the user told why, when the layout shown is not the one saved', async () => {
    const ex = exporter();
    await downloadBoth(show(ex, 'lay-42', async () => ({ result: other })));
    expect(Object.keys(vi.mocked(ex.pdf).mock.calls[0][2] ?? {})).not.toContain('sheetUrl');
    expect(Object.keys(vi.mocked(ex.paper!).mock.calls[0][3])).not.toContain('sheetUrl');
    expect((await screen.findAllByText(exportMsg.qrNotSaved)).length).toBeGreaterThan(0);
  });

  it('are left out for a layout that is no saved job: the files as before, nothing asked', async () => {
    const ex = exporter();
    const read = vi.fn(async () => ({ result }));
    await downloadBoth(show(ex, undefined, read));
    expect(read).not.toHaveBeenCalled();
    expect(Object.keys(vi.mocked(ex.pdf).mock.calls[0][2] ?? {})).not.toContain('sheetUrl');
    expect(vi.mocked(ex.paper!).mock.calls[0][3]).toEqual({ preset: 'a4-3x8', job: 'Mutfak' });
  });

  it('are left out on a page opened by a loopback address, which no phone opens, and the user told once how to get them', async () => {
    for (const at of ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']) {
      const ex = exporter();
      const read = vi.fn(async () => ({ result: structuredClone(result) }));
      const user = show(ex, 'lay-42', read, at);
      await user.click(screen.getByRole('button', { name: 'PDF İndir' }));
      await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(1));
      expect(read).not.toHaveBeenCalled();
      expect(Object.keys(vi.mocked(ex.pdf).mock.calls[0][2] ?? {})).not.toContain('sheetUrl');
      const host = new URL(at).hostname;
      expect(await screen.findAllByText(exportMsg.qrLoopback(host))).toHaveLength(1);
      expect(exportMsg.qrLoopback(host)).toContain(`Kesim bu bilgisayarın kendi adresiyle (${host}) açık`);
      expect(exportMsg.qrLoopback(host)).toContain('--public-host');
      cleanup();
      vi.mocked(download).mockClear();
    }
  });
});
