import { zipSync } from 'fflate';
import { useState } from 'react';
import { useNotices } from '../../components/Notices';
import { msg } from '../../messages';
import type { Result } from '../engine/types';
import { download } from './download';

/** Exporter writes the files (the engine's client does, off the page's thread). */
export interface Exporter {
  pdf(result: Result, title: string): Promise<Uint8Array>;
  /** dxf writes all sheets, or the given one (0-based). */
  dxf(result: Result, page?: number): Promise<Uint8Array>;
  fileName(result: Result, ext: 'pdf' | 'dxf'): Promise<string>;
}

interface Props {
  exporter: Exporter;
  result: Result | null;
  title: string;
}

function hasParts(r: Result | null): r is Result {
  return !!r && r.pages.some((p) => p.parts.length > 0);
}

/** ExportButtons are 'PDF İndir' and 'DXF İndir', with their states. */
export function ExportButtons({ exporter, result, title }: Props) {
  const [pdfBusy, setPdfBusy] = useState(false);
  const [dxfBusy, setDxfBusy] = useState(false);
  const [perSheet, setPerSheet] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const notices = useNotices();

  const pdf = async () => {
    if (!hasParts(result)) return notices.alert(msg.exportEmpty);
    setPdfBusy(true);
    setPdfError(null);
    try {
      const bytes = await exporter.pdf(result, title);
      download(bytes, await exporter.fileName(result, 'pdf'), 'application/pdf');
      notices.toast(msg.pdfSaved, { ms: 3000 });
    } catch (e) {
      setPdfError((e as Error)?.message || msg.unknownError);
      setTimeout(() => setPdfError(null), 8000);
    } finally {
      setPdfBusy(false);
    }
  };

  const dxf = async () => {
    if (!hasParts(result)) return notices.alert(msg.exportEmpty);
    setDxfBusy(true);
    try {
      const name = await exporter.fileName(result, 'dxf');
      if (perSheet && result.pages.length > 1) {
        const files: Record<string, Uint8Array> = {};
        for (let i = 0; i < result.pages.length; i++) {
          files[name.replace(/\.dxf$/, `_sayfa-${String(i + 1).padStart(2, '0')}.dxf`)] = await exporter.dxf(result, i);
        }
        download(zipSync(files), name.replace(/\.dxf$/, '.zip'), 'application/zip');
      } else {
        download(await exporter.dxf(result), name, 'application/dxf');
      }
      notices.toast(msg.dxfSaved);
    } catch (e) {
      notices.toast((e as Error)?.message || msg.unknownError, { title: msg.dxfError, tone: 'error', ms: 8000 });
    } finally {
      setDxfBusy(false);
    }
  };

  return (
    <div className="export">
      <button type="button" className="primary" onClick={() => void pdf()} disabled={pdfBusy}>
        {pdfBusy ? msg.pdfBusy : msg.pdfDownload}
      </button>
      <button type="button" className="primary" onClick={() => void dxf()} disabled={dxfBusy}>
        {msg.dxfDownload}
      </button>
      <label className="check small">
        <input type="checkbox" checked={perSheet} onChange={(e) => setPerSheet(e.target.checked)} />
        <span>{msg.dxfPerSheet}</span>
      </label>
      {pdfError && (
        <div className="inline-notice error" role="alert">
          <strong>{msg.pdfErrorTitle}</strong>
          <span>{pdfError}</span>
          <span>{msg.pdfErrorAdvice}</span>
        </div>
      )}
    </div>
  );
}
