import { useEffect, useRef, useState, type ChangeEvent, type ClipboardEvent, type FormEvent } from 'react';
import { useNotices } from '../../components/Notices';
import { LIST_FILE_ACCEPT, ListFileError, readListFile, type ListText } from '../../lib/csv';
import { fmtCm } from '../../lib/number';
import { storageSet } from '../../lib/storage';
import { msg } from '../../messages';
import { ExtrasFields } from './ExtrasFields';
import {
  checkDraft,
  checkExtras,
  describeExtras,
  emptyExtras,
  fitsASheet,
  isTabular,
  jobLimit,
  looksLikeMm,
  MAX_CSV_BYTES,
  parsePartCsv,
  parsePaste,
  sizePair,
  totals,
  type ExtrasDraft,
  type Part,
  type PasteResult,
  type SheetSize,
} from './parts';
import { partMsg } from './texts';

interface Props {
  onAdd: (parts: Omit<Part, 'id'>[]) => void;
  onSaveLayout: () => void;
  onOpenSaved: () => void;
  /** the known band codes (the stock dialog's): an edge's band is then chosen from them */
  bandCodes?: readonly string[];
  /** draftKey: where in this tab's sessionStorage the half-typed part is kept over a reload (absent: not kept) */
  draftKey?: string;
  /**
   * jobPieces are the pieces of the job on screen (its quantities'
   * sum): parts that would take it past MAX_JOB_PIECES are not added
   */
  jobPieces?: number;
  /**
   * sheets are the sizes parts are laid out on (the canvas and the stock
   * rows): a pasted or imported list that fits none of them as cm and
   * all of them as mm is asked about (looksLikeMm)
   */
  sheets?: readonly SheetSize[];
}

interface BaseDraft {
  name: string;
  width: string;
  height: string;
  quantity: string;
}

const emptyDraft: BaseDraft = { name: '', width: '', height: '', quantity: '1' };

/** Kept is the form as a reload finds it again. */
interface Kept {
  draft: BaseDraft;
  extras: ExtrasDraft;
  rotate: boolean;
  extrasOpen: boolean;
}

/** keptForm reads the form kept under key, field by field (anything else is left at its default). */
function keptForm(key: string | undefined): Kept {
  const out: Kept = { draft: emptyDraft, extras: emptyExtras, rotate: true, extrasOpen: false };
  if (!key) return out;
  try {
    const v = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<Record<keyof Kept, unknown>> | null;
    if (!v || typeof v !== 'object') return out;
    const strings = <T extends object>(base: T, from: unknown): T => {
      const o = { ...base } as Record<string, unknown>;
      if (from && typeof from === 'object') {
        for (const k of Object.keys(base)) {
          const x = (from as Record<string, unknown>)[k];
          if (typeof x === 'string') o[k] = x;
        }
      }
      return o as T;
    };
    return {
      draft: strings(emptyDraft, v.draft),
      extras: strings(emptyExtras, v.extras),
      rotate: v.rotate !== false,
      extrasOpen: v.extrasOpen === true,
    };
  } catch {
    return out;
  }
}

/** PartForm is the 'Parça Ekle' panel; pasting Excel rows, or importing a CSV file or an Excel workbook, adds them all. */
export function PartForm({ onAdd, onSaveLayout, onOpenSaved, bandCodes, draftKey, jobPieces = 0, sheets }: Props) {
  // A half-typed part survives a reload of the tab (draftKey).
  const [kept] = useState(() => keptForm(draftKey));
  const [draft, setDraft] = useState<BaseDraft>(kept.draft);
  const [rotate, setRotate] = useState(kept.rotate);
  // The optional columns stay out of the way until opened; material and
  // thickness carry over to the next part (a job is entered material by
  // material), grain, bands and an unticked Döndürülebilir do not.
  const [extrasOpen, setExtrasOpen] = useState(kept.extrasOpen);
  const [extras, setExtras] = useState<ExtrasDraft>(kept.extras);
  useEffect(() => {
    if (!draftKey) return;
    // Storage full or off: the form is only not kept over a reload, which is told once (not at every key).
    storageSet('draft', () => sessionStorage, draftKey, JSON.stringify({ draft, extras, rotate, extrasOpen }));
  }, [draftKey, draft, extras, rotate, extrasOpen]);
  const notices = useNotices();
  const fileRef = useRef<HTMLInputElement>(null);
  // What a screen reader is told after an add: the focus goes back to the
  // name, and the list and the layout change elsewhere. n renews the line,
  // so that the same part added twice is said twice.
  const [added, setAdded] = useState<{ n: number; text: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const c = checkDraft({ ...draft, ...extras }, bandCodes);
    if (!c.ok) {
      if (!(c.field in emptyDraft)) setExtrasOpen(true);
      await notices.alert(c.error);
      document.getElementById(`part-${c.field}`)?.focus();
      return;
    }
    // A job the layout would refuse keeps the part in the form.
    const over = jobLimit(jobPieces, jobPieces + c.part.quantity);
    if (over) {
      await notices.alert(over);
      document.getElementById('part-quantity')?.focus();
      return;
    }
    onAdd([{ ...c.part, ...(rotate ? {} : { rotate: false }) }]);
    setAdded((a) => ({ n: (a?.n ?? 0) + 1, text: partMsg.oneAdded(c.part.name, c.part.quantity) }));
    setDraft(emptyDraft);
    setRotate(true);
    setExtras({ ...emptyExtras, material: extras.material, thickness: extras.thickness });
    document.getElementById('part-name')?.focus();
  };

  /** report adds the rows read and says what was not: the header's notes, then the bad rows. */
  const report = async ({ parts, errors, notes, converted }: PasteResult, added: (n: number) => string, none: string) => {
    // Rows that would take the job past the engine's limit are all left
    // out (which to keep would be a guess), saying why.
    const over = parts.length > 0 ? jobLimit(jobPieces, jobPieces + totals(parts).pieces) : '';
    if (over) {
      await notices.alert([`${over} ${partMsg.nothingAdded}`, ...notes, ...(errors.length > 0 ? [msg.pasteBadRows(errors)] : [])].join('\n'));
      return;
    }
    if (parts.length > 0) {
      onAdd(parts);
      notices.toast(partMsg.withConverted(added(parts.length), converted));
    }
    const lines = errors.length > 0 ? [...notes, msg.pasteBadRows(errors)] : notes;
    if (lines.length > 0) await notices.alert(lines.join('\n'));
    else if (parts.length === 0) await notices.alert(none);
  };

  /**
   * mmReading is the list read again with sizes without a unit as mm
   * (reread) when the list as read (res) looks like mm (looksLikeMm), else
   * null. A list with a part that fits a sheet, the usual case, is read
   * once.
   */
  const mmReading = (res: PasteResult, reread: () => PasteResult): PasteResult | null => {
    if (!sheets?.length || res.parts.some((p) => fitsASheet(p, sheets))) return null;
    const mm = reread();
    return looksLikeMm(res.parts, mm.parts, sheets) ? mm : null;
  };

  /** askMm asks whether a list that looks like mm is: res for "cm olarak ekle", mm for "mm olarak ekle", null for İptal (nothing is added). */
  const askMm = async (res: PasteResult, mm: PasteResult): Promise<PasteResult | null> => {
    const p = mm.parts[0];
    const how = await notices.choose(partMsg.looksLikeMm(fmtCm(p.width * 10), fmtCm(p.height * 10)), [
      { value: 'mm', label: partMsg.addAsMm },
      { value: 'cm', label: partMsg.addAsCm },
    ]);
    return how === null ? null : how === 'mm' ? mm : res;
  };

  const paste = async (e: ClipboardEvent<HTMLElement>) => {
    const text = e.clipboardData.getData('text/plain');
    // Two cells copied into the width field are the width and the height.
    const pair = (e.target as HTMLElement).id === 'part-width' ? sizePair(text) : null;
    if (pair) {
      e.preventDefault();
      setDraft((d) => ({ ...d, width: pair[0], height: pair[1] }));
      return;
    }
    if (!isTabular(text)) return;
    e.preventDefault();
    // Without a question the rows are added at once, within the paste.
    let res: PasteResult | null = parsePaste(text, bandCodes);
    const mm = mmReading(res, () => parsePaste(text, bandCodes, true));
    if (mm) res = await askMm(res, mm);
    if (res) await report(res, msg.pasteAdded, partMsg.pasteNoRows);
  };

  const importCsv = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    let file: ListText | null;
    try {
      file = await readListFile(f, MAX_CSV_BYTES, 'parts');
    } catch (err) {
      await notices.alert(err instanceof ListFileError ? err.message : partMsg.csvUnreadable);
      return;
    }
    if (file === null) {
      await notices.alert(partMsg.csvTooLarge);
      return;
    }
    const { text, sep } = file;
    let res: PasteResult | null = parsePartCsv(text, bandCodes, false, sep);
    const mm = mmReading(res, () => parsePartCsv(text, bandCodes, true, sep));
    if (mm) res = await askMm(res, mm);
    if (res) await report(res, partMsg.csvAdded, partMsg.csvNoRows);
  };

  const field = (key: keyof BaseDraft, label: string, props: Record<string, unknown> = {}) => (
    <label className="field">
      <span>{label}</span>
      <input
        id={`part-${key}`}
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        autoComplete="off"
        {...props}
      />
    </label>
  );

  return (
    <section className="card" aria-labelledby="add-title" onPaste={paste}>
      <h2 id="add-title">{msg.addPanelTitle}</h2>
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          {field('name', msg.partName, { placeholder: msg.partNamePlaceholder, maxLength: 200 })}
          {field('width', msg.width, { inputMode: 'decimal', placeholder: '0,0' })}
          {field('height', msg.height, { inputMode: 'decimal', placeholder: '0,0' })}
          {field('quantity', msg.quantity, { inputMode: 'numeric' })}
          <label className="check" title={msg.rotatableHint}>
            <input type="checkbox" checked={rotate} aria-describedby="part-rotate-hint" onChange={(e) => setRotate(e.target.checked)} />
            <span>{msg.rotatable}</span>
          </label>
          {/* A touch screen shows no title: there the hint is under the box
              (styles.css, pointer: coarse); with a mouse the form looks as
              the specification has it, and a screen reader reads the hint
              with the box either way. */}
          <p className="hint touch-hint" id="part-rotate-hint">
            {msg.rotatableHint}
          </p>
        </div>
        <div className="part-extras-box">
          <button
            type="button"
            className="ghost part-extras-toggle"
            aria-expanded={extrasOpen}
            aria-controls="part-extras"
            onClick={() => setExtrasOpen(!extrasOpen)}
          >
            <span aria-hidden="true">{extrasOpen ? '▾' : '▸'}</span> {partMsg.extrasToggle}
            {!extrasOpen && extrasSummary(extras) && <span className="part-extras-set">: {extrasSummary(extras)}</span>}
          </button>
          {extrasOpen && (
            <div id="part-extras">
              <ExtrasFields value={extras} onChange={setExtras} bandCodes={bandCodes} idPrefix="part-" />
              <p className="hint">{partMsg.extrasPasteHint}</p>
            </div>
          )}
        </div>
        <div className="actions">
          <p className="hint">{msg.pasteHint}</p>
          <button type="button" className="secondary" title={partMsg.importCsvHint} onClick={() => fileRef.current?.click()}>
            {partMsg.importCsv}
          </button>
          <input ref={fileRef} type="file" accept={LIST_FILE_ACCEPT} hidden aria-label={partMsg.importCsv} onChange={(e) => void importCsv(e)} />
        </div>
        <div className="actions">
          <button type="submit" className="primary">
            {msg.addToNesting}
          </button>
          <button type="button" className="secondary" onClick={onSaveLayout}>
            {msg.saveLayout}
          </button>
          <button type="button" className="secondary" onClick={onOpenSaved}>
            {msg.savedParts}
          </button>
        </div>
        <div className="sr-only" role="status">
          {added && <p key={added.n}>{added.text}</p>}
        </div>
      </form>
    </section>
  );
}


/** extrasSummary is what the closed toggle says is set, so that nothing hidden is applied unseen. */
function extrasSummary(x: ExtrasDraft): string {
  const c = checkExtras(x);
  return c.ok ? describeExtras(c.extras) : '';
}
