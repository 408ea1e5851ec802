import { useState } from 'react';
import { useNotices } from '../../components/Notices';
import type { CutOffcut } from '../../lib/api';
import { msg } from '../../messages';
import type { OffcutRule } from '../../generated/engine';
import type { PaperKind, Request, Result } from '../engine/types';
import { download } from './download';
import { fileName } from './fileNames';
import { QuoteDialog } from './QuoteDialog';
import type { QuoteOptions } from './quoteOptions';
import { paperMsg } from './texts';

export type { PaperKind };

/** LabelPreset is a label sheet the bridge's kesimLabels knows. */
export type LabelPreset = 'a4-3x8' | 'a4-2x4' | 'roll-100x50';
export const labelPresets: LabelPreset[] = ['a4-3x8', 'a4-2x4', 'roll-100x50'];

/** maxJob is the longest job name the labels and the quote print (labels.MaxJob, quote.MaxText). */
const maxJob = 200;

/**
 * PaperExporter writes the papers through the WebAssembly bridge
 * (kesimLabels, kesimXLSX, kesimCutCSV, kesimSheetsCSV, kesimQuotePDF: cmd/kesim-wasm
 * labels.go and sheets.go); request is the request the result was laid out
 * from (part names, stock prices, band names) or null.
 */
export interface PaperExporter {
  paper(kind: PaperKind, result: Result, request: Request | null, options: Record<string, unknown>): Promise<Uint8Array>;
  /** paperFileName is the file's name: the bridge's kesimLabelsFileName for the labels. */
  paperFileName(kind: PaperKind, result: Result): Promise<string>;
}

const kinds: { kind: PaperKind; text: string; type: string }[] = [
  { kind: 'labels', text: paperMsg.labels, type: 'application/pdf' },
  { kind: 'xlsx', text: paperMsg.xlsx, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { kind: 'cutCsv', text: paperMsg.cutCsv, type: 'text/csv' },
  { kind: 'sheetsCsv', text: paperMsg.sheetsCsv, type: 'text/csv' },
  { kind: 'quotePdf', text: paperMsg.quote, type: 'application/pdf' },
];

interface Props {
  exporter: PaperExporter;
  result: Result;
  request: Request | null;
  /** job is the layout's name, printed on each label and under the quote's title; empty when it has none */
  job: string;
  /**
   * offcutRules are the user's offcut rules (the stock dialog's, else the
   * server's default): the cut lists then list as a sheet's leftovers the
   * offcuts the rack gets when the job is marked cut
   */
  offcutRules?: OffcutRule[];
  /** cutOffcuts are a cut job's leftovers that its cut put on the rack, with their codes: its cut lists list these, not offcutRules' */
  cutOffcuts?: CutOffcut[];
  /** available lists the papers the bridge offers */
  available?: PaperKind[];
  /** factory is the page's workshop name, the quote form's default "Atölye adı" */
  factory?: string;
  /** sheetUrl gives a saved job's checklist address for the labels (checklistBase): each label's QR code then opens its sheet's checklist */
  sheetUrl?: (result: Result) => Promise<string | undefined>;
}

/** Papers are the buttons for the shop-floor papers, shown next to PDF and DXF when there is a result. */
export function Papers({ exporter, result, request, job, offcutRules, cutOffcuts, available = kinds.map((k) => k.kind), factory, sheetUrl }: Props) {
  const [busy, setBusy] = useState<PaperKind | null>(null);
  const [asking, setAsking] = useState(false);
  const [preset, setPreset] = useState<LabelPreset>('a4-3x8');
  const notices = useNotices();

  const make = async (kind: PaperKind, text: string, type: string, quote?: QuoteOptions) => {
    setBusy(kind);
    try {
      const jobName = job.trim().slice(0, maxJob);
      const options: Record<string, unknown> = kind === 'labels' ? { preset, job: jobName } : { ...quote };
      const url = kind === 'labels' && sheetUrl ? await sheetUrl(result) : undefined;
      if (url) options.sheetUrl = url;
      if (kind !== 'labels' && request?.stock?.length) options.stock = request.stock;
      if (kind !== 'labels' && request?.bands?.length) options.bands = request.bands;
      // The quote prints the job's name under its title, as the PDF its title.
      if ((kind === 'quotePdf' || kind === 'quoteCsv') && jobName) options.job = jobName;
      // The cut lists' leftovers are the rack's offcuts (nest.Leftovers):
      // inside the trim, the kerf kept from the parts, under the user's rules.
      if (kind === 'xlsx' || kind === 'cutCsv' || kind === 'sheetsCsv') {
        if (request?.options?.trim) options.trim = request.options.trim;
        if (request?.options?.kerf) options.kerf = request.options.kerf;
        // None (every rule removed) lists none, as the rack then keeps none.
        // A cut job's are those its cut put on the rack.
        if (cutOffcuts) options.offcuts = cutOffcuts;
        else if (offcutRules) options.rules = offcutRules;
      }
      const bytes = await exporter.paper(kind, result, request, options);
      download(bytes, fileName(await exporter.paperFileName(kind, result), job, result), type);
      notices.toast(paperMsg.saved(text), { ms: 3000 });
    } catch (e) {
      notices.toast((e as Error)?.message || msg.unknownError, { title: paperMsg.error(text), tone: 'error', ms: 8000 });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="export papers" role="group" aria-label={paperMsg.group}>
      {kinds
        .filter((k) => available.includes(k.kind))
        .map(({ kind, text, type }) => (
          <span key={kind} className="paper">
            <button
              type="button"
              className="secondary"
              onClick={() => {
                if (busy) return;
                if (kind === 'quotePdf') setAsking(true);
                else void make(kind, text, type);
              }}
              // Not disabled while busy: a disabled button drops the focus to the page.
              aria-disabled={busy !== null}
              aria-busy={busy === kind}
            >
              {busy === kind ? paperMsg.busy(text) : text}
            </button>
            {kind === 'labels' && (
              <select aria-label={paperMsg.preset} value={preset} onChange={(e) => setPreset(e.target.value as LabelPreset)}>
                {labelPresets.map((p) => (
                  <option key={p} value={p}>
                    {paperMsg.presets[p]}
                  </option>
                ))}
              </select>
            )}
          </span>
        ))}
      {asking && (
        <QuoteDialog
          factory={factory}
          onClose={() => setAsking(false)}
          onSubmit={(quote, format) => {
            setAsking(false);
            if (format === 'csv') void make('quoteCsv', paperMsg.quote, 'text/csv', quote);
            else void make('quotePdf', paperMsg.quote, 'application/pdf', quote);
          }}
        />
      )}
    </div>
  );
}
