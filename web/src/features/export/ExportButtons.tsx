import { zipSync } from 'fflate';
import { useState } from 'react';
import { useNotices } from '../../components/Notices';
import { jobApi, type CutOffcut } from '../../lib/api';
import { isZip } from '../../lib/csv';
import { materialKey } from '../../lib/extras';
import { msg } from '../../messages';
import type { Band, OffcutRule, Stock } from '../../generated/engine';
import type { Request, Result } from '../engine/types';
import { download } from './download';
import { fileName } from './fileNames';
import { Papers, type PaperExporter } from './Papers';
import { checklistBase, type JobReader } from './sheetUrl';
import './export.css';

/**
 * ExportExtra is the request's stock rows and band codes, which the
 * exporters name in a layout with materials, and for a saved job the
 * address its sheets' QR codes start with (sheetUrlBase).
 */
export interface ExportExtra {
  stock?: Stock[];
  bands?: Band[];
  sheetUrl?: string;
}

/**
 * Exporter writes the files (the engine's client does, off the page's
 * thread); one that also writes the shop-floor papers (PaperExporter) gets
 * their buttons.
 */
export interface Exporter extends Partial<PaperExporter> {
  pdf(result: Result, title: string, extra?: ExportExtra): Promise<Uint8Array>;
  /** dxf writes all sheets, or the given one (0-based); a layout of several materials may come as a zip. */
  dxf(result: Result, page?: number, extra?: ExportExtra): Promise<Uint8Array>;
  fileName(result: Result, ext: 'pdf' | 'dxf'): Promise<string>;
}

interface Props {
  exporter: Exporter;
  result: Result | null;
  title: string;
  /** the stock rows and band codes of the request the result was laid out from */
  stock?: Stock[];
  bands?: Band[];
  /** request is the request the result was laid out from, for the papers (part names, prices); null when unknown */
  request?: Request | null;
  /** job is the layout's name: the PDF's title, printed on the labels and the quote, and the files' names start with it */
  job?: string;
  /** offcutRules are the user's offcut rules: the cut lists' leftovers are the offcuts the rack gets under them (Papers) */
  offcutRules?: OffcutRule[];
  /** cutOffcuts are a cut job's leftovers that its cut put on the rack: its cut lists list these instead (Papers) */
  cutOffcuts?: CutOffcut[];
  /** factory is the page's workshop name, the quote's default "Atölye adı" */
  factory?: string;
  /**
   * layoutId is the id of the saved job on screen (on the server): when
   * the server keeps the layout shown for it, the PDF's sheet pages and
   * the labels carry QR codes of the sheets' checklists (checklistBase).
   */
  layoutId?: string | null;
  /** readJob reads the saved job (a stand-in for tests; GET /api/layouts/{id} by default) */
  readJob?: JobReader;
  /** origin is the page's address the QR codes start with (a stand-in for tests; location.origin by default) */
  origin?: string;
}

const readSavedJob: JobReader = (id) => jobApi.get<{ result?: Result | null }>(id);

export { isZip };

/** zipName is a file name ending in .zip instead of .dxf. */
function zipName(name: string): string {
  return /\.zip$/i.test(name) ? name : name.replace(/\.dxf$/i, '') + '.zip';
}

/** dxfName is a DXF file name for a name the bridge may have given as .zip. */
function dxfName(name: string): string {
  return /\.dxf$/i.test(name) ? name : name.replace(/\.zip$/i, '') + '.dxf';
}

/** safePart makes a material's name fit a file name. */
function safePart(s: string): string {
  return (
    s
      .trim()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'malzemesiz'
  );
}

/**
 * perMaterial splits a layout of several materials into one result per
 * material and thickness (its pages, its sheet size), for a DXF each when
 * the exporter writes one file for all.
 */
export function perMaterial(result: Result): { label: string; result: Result }[] {
  const out: { label: string; result: Result }[] = [];
  for (const m of result.materials ?? []) {
    const group = materialKey(m.material, m.thickness);
    const pages = result.pages.filter((p) => materialKey(p.material, p.thickness) === group);
    if (pages.length === 0) continue;
    const first = pages[0];
    const placed = pages.reduce((n, p) => n + p.parts.length, 0);
    out.push({
      label: safePart(`${m.material || 'malzemesiz'}${m.thickness ? `-${m.thickness}mm` : ''}`),
      result: {
        sheet: { width: first.width ?? result.sheet.width, height: first.height ?? result.sheet.height },
        pages,
        skipped: [],
        stats: { ...result.stats, pages: pages.length, lowerBound: m.lowerBound, optimal: m.optimal, efficiency: m.efficiency, placed },
        materials: [m],
      },
    });
  }
  return out;
}

function hasParts(r: Result | null): r is Result {
  return !!r && r.pages.some((p) => p.parts.length > 0);
}

/** ExportButtons are 'PDF İndir' and 'DXF İndir', with their states. */
export function ExportButtons({ exporter, result, title, stock, bands, request = null, job = '', offcutRules, cutOffcuts, factory, layoutId, readJob = readSavedJob, origin = location.origin }: Props) {
  const [pdfBusy, setPdfBusy] = useState(false);
  const [dxfBusy, setDxfBusy] = useState(false);
  const [perSheet, setPerSheet] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const notices = useNotices();
  // A saved job's PDF is titled with its name (on its first page and in every footer).
  const pdfTitle = job.trim() || title;
  // The QR codes' address, asked for each file: the job on the server may
  // have changed since the page showed it.
  const sheetUrl = async (r: Result): Promise<string | undefined> => {
    const { base, note } = await checklistBase(layoutId, r, origin, readJob);
    if (note) notices.toast(note, { tone: 'info', ms: 6000 });
    return base;
  };

  const pdf = async () => {
    if (pdfBusy) return;
    if (!hasParts(result)) return notices.alert(msg.exportEmpty);
    setPdfBusy(true);
    setPdfError(null);
    try {
      const url = await sheetUrl(result);
      const cut = request
        ? { kerf: request.options.kerf, deductBands: request.options.deductBands, firstCut: request.options.firstCut, stages: request.options.stages }
        : {};
      const bytes = await exporter.pdf(result, pdfTitle, url ? { stock, bands, sheetUrl: url, ...cut } : { stock, bands, ...cut });
      download(bytes, fileName(await exporter.fileName(result, 'pdf'), job, result), 'application/pdf');
      notices.toast(msg.pdfSaved, { ms: 3000 });
    } catch (e) {
      setPdfError((e as Error)?.message || msg.unknownError);
      setTimeout(() => setPdfError(null), 8000);
    } finally {
      setPdfBusy(false);
    }
  };

  const dxf = async () => {
    if (dxfBusy) return;
    if (!hasParts(result)) return notices.alert(msg.exportEmpty);
    setDxfBusy(true);
    try {
      const given = fileName(await exporter.fileName(result, 'dxf'), job, result);
      const name = dxfName(given);
      const extra = { stock, bands, ...(request ? { kerf: request.options.kerf } : {}) };
      if (perSheet && result.pages.length > 1) {
        const files: Record<string, Uint8Array> = {};
        for (let i = 0; i < result.pages.length; i++) {
          files[name.replace(/\.dxf$/, `_sayfa-${String(i + 1).padStart(2, '0')}.dxf`)] = await exporter.dxf(result, i, extra);
        }
        download(zipSync(files), zipName(name), 'application/zip');
      } else {
        const bytes = await exporter.dxf(result, undefined, extra);
        const several = (result.materials?.length ?? 0) > 1;
        if (isZip(bytes)) {
          // the bridge wrote one DXF per material, zipped
          download(bytes, zipName(given), 'application/zip');
        } else if (several) {
          // one DXF per material, zipped here
          const files: Record<string, Uint8Array> = {};
          for (const m of perMaterial(result)) files[name.replace(/\.dxf$/, `_${m.label}.dxf`)] = await exporter.dxf(m.result, undefined, extra);
          download(zipSync(files), zipName(name), 'application/zip');
        } else {
          download(bytes, name, 'application/dxf');
        }
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
      {/* Busy buttons are aria-disabled, not disabled: a disabled button drops the focus to the page. */}
      <button type="button" className="primary" onClick={() => void pdf()} aria-disabled={pdfBusy} aria-busy={pdfBusy}>
        {pdfBusy ? msg.pdfBusy : msg.pdfDownload}
      </button>
      <button type="button" className="primary" onClick={() => void dxf()} aria-disabled={dxfBusy} aria-busy={dxfBusy}>
        {msg.dxfDownload}
      </button>
      <label className="check small">
        <input type="checkbox" checked={perSheet} onChange={(e) => setPerSheet(e.target.checked)} />
        <span>{msg.dxfPerSheet}</span>
      </label>
      {hasParts(result) && exporter.paper && exporter.paperFileName && (
        <Papers
          exporter={exporter as PaperExporter}
          result={result}
          request={request}
          job={job}
          offcutRules={offcutRules}
          cutOffcuts={cutOffcuts}
          factory={factory}
          sheetUrl={layoutId ? sheetUrl : undefined}
        />
      )}
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
