import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { useNotices } from '../../components/Notices';
import type { Edges } from '../../generated/engine';
import { LIST_FILE_ACCEPT, type ListText } from '../../lib/csv';
import {
  bandDraft,
  bandsLost,
  bandUse,
  checkAll,
  diffText,
  emptyBandDraft,
  emptyStockDraft,
  numText,
  mergeStockCsv,
  parseStockCsv,
  readCsvFile,
  stockDiff,
  stockDraft,
  MAX_BANDS,
  MAX_STOCK_ROWS,
  type BandDraft,
  type DiffLists,
  type Grain,
  type Objective,
  type Problem,
  type StockDraft,
  type StockSettings,
} from './stock';
import {
  checkOffcutSettings,
  DEFAULT_OFFCUT_SETTINGS,
  emptyRuleDraft,
  isOffcut,
  ruleDraft,
  type Offcut,
  type OffcutProblem,
  type OffcutRule,
  type RuleDraft,
} from './offcuts';
import { OffcutRack, OffcutSettingsFields } from './Offcuts';
import { FieldTable, type Field } from './FieldTable';
import { stockMsg } from './texts';
import './stock.css';

interface Props {
  settings: StockSettings;
  /**
   * parts are the parts on screen: saving without a band code they use
   * (removed or renamed) asks first.
   */
  parts?: readonly { edges?: Edges }[];
  /**
   * onSave is given the checked lists and options, and what the dialog
   * was opened on (read: the list on screen then, at version): a save goes
   * with them, so that a list saved meanwhile (another tab's cut, taken
   * over by this tab) is a conflict, not overwritten with the old rows.
   */
  onSave: (s: StockSettings, read: StockRead) => void;
  /** version is the version of settings, the list on screen (undefined: a server without versions) */
  version?: number;
  onClose: () => void;
  /**
   * conflict is a save of this dialog the server refused because the list
   * was saved from another tab or device since it was read: the dialog
   * opens on the list refused (mine, settings being the server's list
   * now), says why in the server's words (message), and offers the
   * server's list instead (onReload, after a question). server is the
   * server's list as read after the refusal (none when it could not be
   * read): the rows that differ between it and mine are listed.
   */
  conflict?: { message: string; mine: StockSettings; server?: DiffLists };
  onReload?: () => void;
}

/** StockRead is the list a stock dialog was opened on and its version. */
export interface StockRead {
  settings: StockSettings;
  version?: number;
}

type Listed = Problem & { list: 'stock' | 'bands' };

/** ruleText is an offcut rule as the dialog shows it, its numbers the Turkish way (10.000, 25,5). */
const ruleText = (r: OffcutRule): RuleDraft => ({
  ...ruleDraft(r),
  thickness: numText(r.thickness),
  minWidth: numText(r.minWidth),
  minHeight: numText(r.minHeight),
});

/** lastRow is where the first field of a table's last row is (the row just added). */
const lastRow = (table: string) => `table[aria-label="${table}"] > tbody > tr:last-child input`;

/** MAX_DIFF_LINES bounds the differences listed after a conflict; the rest are counted. */
const MAX_DIFF_LINES = 20;

/** TEXT_INPUTS are the input types in which Enter saves, as in a form. */
const TEXT_INPUTS = new Set(['text', 'number', 'search', 'tel', 'url', 'email']);

/** firstBad is the first field the check found wrong: the wrong field of the first wrong row (its first field when none is marked), or a marked field. */
function firstBad(root: HTMLElement): HTMLElement | null {
  const el = root.querySelector<HTMLElement>('tr.bad, [aria-invalid="true"]');
  if (el?.tagName !== 'TR') return el;
  return el.querySelector<HTMLElement>('[aria-invalid="true"]') ?? el.querySelector<HTMLElement>('input, select');
}

/** rowLines groups the problems of a list by row, each message once: one line a row. */
function rowLines(problems: Listed[], list: 'stock' | 'bands'): [number, string[]][] {
  const lines = new Map<number, string[]>();
  for (const p of problems) {
    if (p.list !== list || p.row < 0) continue;
    const l = lines.get(p.row) ?? [];
    if (!l.includes(p.message)) l.push(p.message);
    lines.set(p.row, l);
  }
  return [...lines];
}

const STOCK_FIELDS: { key: Exclude<keyof StockDraft, 'id' | 'grain'>; label: string; size: number; numeric?: boolean; hint?: string }[] = [
  { key: 'name', label: stockMsg.name, size: 12 },
  { key: 'material', label: stockMsg.material, size: 12 },
  { key: 'thickness', label: stockMsg.thickness, size: 4, numeric: true },
  { key: 'width', label: stockMsg.width, size: 5, numeric: true },
  { key: 'height', label: stockMsg.height, size: 5, numeric: true },
  { key: 'quantity', label: stockMsg.quantity, size: 5, numeric: true, hint: stockMsg.unlimited },
  { key: 'price', label: stockMsg.price, size: 7, numeric: true },
];

const BAND_FIELDS: Field<keyof BandDraft>[] = [
  { key: 'code', label: stockMsg.code, size: 5 },
  { key: 'name', label: stockMsg.bandName, size: 12 },
  { key: 'thickness', label: stockMsg.bandThickness, size: 4, numeric: true },
  { key: 'price', label: stockMsg.bandPrice, size: 6, numeric: true },
  { key: 'overlength', label: stockMsg.overlength, size: 4, numeric: true },
];

/**
 * StockDialog edits the stock rows ("Levha stoku"), the band codes and the
 * options (objective, band deduction); "Kaydet" checks every line and says
 * what is wrong beside it, in docs/engine.md's words. A stock CSV adds its
 * rows to the list.
 */
export function StockDialog({ settings, parts, onSave, onClose, conflict, onReload, version }: Props) {
  const notices = useNotices();
  // What the dialog was opened on: the page may take a newer list from another tab meanwhile.
  const [read] = useState<StockRead>(() => ({ settings, version }));
  // What the fields start from: the list on screen, or the user's list the server refused.
  const start = conflict?.mine ?? settings;
  const [rows, setRows] = useState<StockDraft[]>(() => start.stock.filter((s) => !isOffcut(s)).map(stockDraft));
  // The offcuts are the server's: the dialog only takes one off the rack.
  const [offcuts, setOffcuts] = useState<Offcut[]>(() => start.stock.filter(isOffcut));
  const offcutSettings = start.offcutSettings ?? DEFAULT_OFFCUT_SETTINGS;
  const [rules, setRules] = useState<RuleDraft[]>(() => offcutSettings.rules.map(ruleText));
  const [maxArea, setMaxArea] = useState(() => numText(offcutSettings.maxArea) || '0');
  const [minUse, setMinUse] = useState(() => String(offcutSettings.minUse));
  const [offcutProblems, setOffcutProblems] = useState<OffcutProblem[]>([]);
  const [bands, setBands] = useState<BandDraft[]>(() => start.bands.map(bandDraft));
  const [objective, setObjective] = useState<Objective>(start.objective);
  const [deduct, setDeduct] = useState(start.deductBands);
  const [keepLeftover, setKeepLeftover] = useState(start.keepLeftover === true);
  const [problems, setProblems] = useState<Listed[]>([]);
  const [csvNote, setCsvNote] = useState<{ text: string; errors: string[] } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const keepLeftoverHint = useId();
  const quantityHint = useId();
  const diffId = useId();
  // After a conflict: what differs between the list refused and the server's, as they were then.
  const [diff] = useState(() => (conflict?.server ? stockDiff(conflict.mine, conflict.server) : null));
  const shownDiff = diff?.slice(0, MAX_DIFF_LINES) ?? [];
  // The user's sheet rows that differ: their first field is described by their line.
  const differs = new Map(shownDiff.flatMap((d, i) => (d.list === 'stock' && d.kind !== 'server' ? [[d.id, `${diffId}-${i}`] as const] : [])));
  const rootRef = useRef<HTMLDivElement>(null);
  const use = useMemo(() => bandUse(parts ?? []), [parts]);
  // What gets the focus once the next render is on screen: a new row's
  // first field, or the first wrong field after "Kaydet".
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const want = focusNext.current;
    const root = rootRef.current;
    if (!want || !root) return;
    focusNext.current = null;
    (want === 'bad' ? firstBad(root) : root.querySelector<HTMLElement>(want))?.focus();
  });
  // Saving (and closing with changes) waits for an answer to its
  // question; a second save or close meanwhile does nothing, and a dialog
  // closed meanwhile saves nothing.
  const asking = useRef(false);
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  // What the dialog holds, and what it held when it opened: closing it
  // with changes not saved (rows typed or imported, edits, removals,
  // options) asks first, as the page does before it drops unsaved work.
  // A list the server refused is not saved even as it opened.
  const holds = JSON.stringify([rows, offcuts, rules, maxArea, minUse, bands, objective, deduct, keepLeftover]);
  const [opened] = useState(holds);
  const requestClose = async () => {
    if (asking.current) return;
    if (holds === opened && !conflict) return onClose();
    asking.current = true;
    const ok = await notices.confirm(stockMsg.confirmDiscard, { destructive: true });
    asking.current = false;
    if (ok && open.current) onClose();
  };

  // The server's list instead of the refused one: the user's changes go, after a question.
  const reload = async () => {
    if (asking.current || !onReload) return;
    asking.current = true;
    const ok = await notices.confirm(stockMsg.confirmReload, { destructive: true });
    asking.current = false;
    if (ok && open.current) onReload();
  };

  const problemAt = (list: 'stock' | 'bands', row: number, field: string) => problems.find((p) => p.list === list && p.row === row && p.field === field);
  const rowProblem = (list: 'stock' | 'bands', row: number) => problems.find((p) => p.list === list && p.row === row);
  const listProblem = (list: 'stock' | 'bands') => problems.find((p) => p.list === list && p.row === -1);

  const setRow = (i: number, change: Partial<StockDraft>) => setRows((rs) => rs.map((r, k) => (k === i ? { ...r, ...change } : r)));
  const setBand = (i: number, change: Partial<BandDraft>) => setBands((bs) => bs.map((b, k) => (k === i ? { ...b, ...change } : b)));

  const save = async () => {
    if (asking.current) return;
    const c = checkAll(rows, bands);
    const o = checkOffcutSettings(rules, maxArea, minUse);
    setProblems(c.ok ? [] : c.problems);
    setOffcutProblems(o.ok ? [] : o.problems);
    if (!c.ok || !o.ok) {
      focusNext.current = 'bad';
      return;
    }
    // A band code that parts use, gone from the list, leaves them without a layout.
    const lost = bandsLost(settings.bands, c.bands, use);
    if (lost.length) {
      asking.current = true;
      const ok = await notices.confirm(stockMsg.confirmBandsLost(lost), { destructive: true });
      asking.current = false;
      if (!ok || !open.current) return;
    }
    const out: StockSettings = { stock: [...c.stock, ...offcuts], bands: c.bands, objective, deductBands: deduct };
    if (keepLeftover) out.keepLeftover = true;
    // Options left as they came, while the server keeps none, stay this
    // browser's (sent only when not the defaults); chosen, they are sent.
    if (start.optionsLocal && objective === start.objective && deduct === start.deductBands && keepLeftover === (start.keepLeftover === true))
      out.optionsLocal = true;
    // Settings left as they came stay as they were (absent: the server's defaults).
    const changed = JSON.stringify(o.settings) !== JSON.stringify(offcutSettings);
    if (changed || start.offcutSettings) out.offcutSettings = changed ? o.settings : start.offcutSettings;
    onSave(out, read);
  };

  // Enter in a field saves, as in a form; the keystroke goes no further, so
  // that it does not also answer the question saving may ask.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const t = e.target;
    if (!(t instanceof HTMLInputElement) || !TEXT_INPUTS.has(t.type)) return;
    e.preventDefault();
    void save();
  };

  const addRow = (table: string, add: () => void) => {
    focusNext.current = lastRow(table);
    add();
  };

  const importCsv = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    let file: ListText;
    try {
      file = await readCsvFile(f);
    } catch (err) {
      setCsvNote({ text: '', errors: [(err as Error).message || stockMsg.csvEmpty] });
      return;
    }
    // An offcut's code is not a sheet row's; a row of the list the file
    // gives again (its kod, or the same sheet) is updated, not added twice.
    const r = parseStockCsv(file.text, offcuts.map((o) => o.id), file.sep);
    const m = mergeStockCsv(rows, r, Math.max(0, MAX_STOCK_ROWS - rows.length));
    setRows(m.rows);
    const any = m.added + m.updated + m.same > 0;
    setCsvNote({ text: any ? stockMsg.withConverted(stockMsg.csvMerged(m.added, m.updated, m.same), r.converted) : '', errors: m.errors });
  };

  return (
    <Dialog
      title={stockMsg.title}
      onClose={() => void requestClose()}
      closeOnBackdrop={false}
      wide
      footer={
        <>
          <button type="button" className="secondary" onClick={() => void requestClose()}>
            {stockMsg.cancel}
          </button>
          <button type="button" className="primary" onClick={() => void save()}>
            {stockMsg.save}
          </button>
        </>
      }
    >
      <div className="stock-dialog" ref={rootRef} onKeyDown={onKeyDown}>
        {conflict && (
          <div className="inline-notice error stock-conflict" role="alert">
            <p>{conflict.message}</p>
            {diff && diff.length === 0 && <p>{stockMsg.diffNone}</p>}
            {diff && diff.length > 0 && (
              <div className="stock-diff">
                <p id={diffId}>{stockMsg.diffSummary(diff.filter((d) => d.list !== 'offcutSettings' && d.list !== 'options').length)}</p>
                <ul aria-labelledby={diffId}>
                  {shownDiff.map((d, i) => (
                    <li key={`${d.list}:${d.id}`} id={`${diffId}-${i}`}>
                      {diffText(d)}
                    </li>
                  ))}
                  {diff.length > shownDiff.length && <li>{stockMsg.diffMore(diff.length - shownDiff.length)}</li>}
                </ul>
              </div>
            )}
            <p>{stockMsg.conflictHint}</p>
            {onReload && (
              <div className="actions">
                <button type="button" className="secondary" data-autofocus onClick={() => void reload()}>
                  {stockMsg.reloadServer}
                </button>
              </div>
            )}
          </div>
        )}
        <h3>{stockMsg.stockRows}</h3>
        {rows.length === 0 ? (
          <p className="hint">{stockMsg.empty}</p>
        ) : (
          <div className="stock-table-wrap">
            <table className="stock-table" aria-label={stockMsg.stockRows}>
              <thead>
                <tr>
                  {STOCK_FIELDS.map((f) => (
                    <th key={f.key} scope="col">
                      {f.label}
                    </th>
                  ))}
                  <th scope="col">{stockMsg.grain}</th>
                  <th scope="col">
                    <span className="sr-only">{stockMsg.remove}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => {
                  const bad = rowProblem('stock', i);
                  const differ = differs.get(r.id);
                  return (
                    <tr key={r.id} className={[bad ? 'bad' : '', differ ? 'differs' : ''].filter(Boolean).join(' ') || undefined}>
                      {STOCK_FIELDS.map((f) => (
                        <td key={f.key}>
                          <input
                            value={r[f.key]}
                            size={f.size}
                            inputMode={f.numeric ? 'decimal' : undefined}
                            placeholder={f.hint}
                            aria-describedby={[f.key === 'quantity' ? quantityHint : '', f.key === 'name' ? (differ ?? '') : ''].filter(Boolean).join(' ') || undefined}
                            aria-label={`${f.label}, ${stockMsg.rowLabel(i)}`}
                            aria-invalid={problemAt('stock', i, f.key) ? true : undefined}
                            onChange={(e) => setRow(i, { [f.key]: e.target.value })}
                          />
                        </td>
                      ))}
                      <td>
                        <select
                          value={r.grain}
                          aria-label={`${stockMsg.grain}, ${stockMsg.rowLabel(i)}`}
                          aria-invalid={problemAt('stock', i, 'grain') ? true : undefined}
                          onChange={(e) => setRow(i, { grain: e.target.value as Grain })}
                        >
                          <option value="none">{stockMsg.grainNone}</option>
                          <option value="vertical">{stockMsg.grainVertical}</option>
                          <option value="horizontal">{stockMsg.grainHorizontal}</option>
                        </select>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="ghost"
                          aria-label={`${stockMsg.remove}, ${stockMsg.rowLabel(i)}`}
                          onClick={() => {
                            setRows((rs) => rs.filter((_, k) => k !== i));
                            setProblems([]);
                          }}
                        >
                          {stockMsg.remove}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {rows.length > 0 && (
          <p className="hint" id={quantityHint}>
            {stockMsg.quantity}: {stockMsg.quantityHint}
          </p>
        )}
        {rowLines(problems, 'stock').map(([row, messages]) => (
          <p key={`s${row}`} className="inline-notice error" role="alert">
            {stockMsg.rowLabel(row)}: {messages.join(' ')}
          </p>
        ))}
        {listProblem('stock') && (
          <p className="inline-notice error" role="alert">
            {listProblem('stock')!.message}
          </p>
        )}
        <div className="actions">
          <button type="button" className="secondary" disabled={rows.length >= MAX_STOCK_ROWS} onClick={() => addRow(stockMsg.stockRows, () => setRows((rs) => [...rs, emptyStockDraft()]))}>
            {stockMsg.addRow}
          </button>
          <button type="button" className="secondary" title={stockMsg.importCsvHint} onClick={() => fileRef.current?.click()}>
            {stockMsg.importCsv}
          </button>
          <input ref={fileRef} type="file" accept={LIST_FILE_ACCEPT} hidden aria-label={stockMsg.importCsv} onChange={(e) => void importCsv(e)} />
        </div>
        {csvNote && (
          <div role="status">
            {csvNote.text && <p className="inline-notice success">{csvNote.text}</p>}
            {csvNote.errors.length > 0 && (
              <ul className="inline-notice warning">
                {csvNote.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            )}
          </div>
        )}

        <h3>{stockMsg.bandCodes}</h3>
        {bands.length === 0 ? (
          <p className="hint">{stockMsg.noBands}</p>
        ) : (
          <FieldTable
            label={stockMsg.bandCodes}
            fields={BAND_FIELDS}
            rows={bands}
            rowLabel={stockMsg.bandLabel}
            bad={(i, key) => !!(key ? problemAt('bands', i, key) : rowProblem('bands', i))}
            onChange={setBand}
            onRemove={(i) => {
              setBands((bs) => bs.filter((_, k) => k !== i));
              setProblems([]);
            }}
          />
        )}
        {rowLines(problems, 'bands').map(([row, messages]) => (
          <p key={`b${row}`} className="inline-notice error" role="alert">
            {stockMsg.bandLabel(row)}: {messages.join(' ')}
          </p>
        ))}
        {listProblem('bands') && (
          <p className="inline-notice error" role="alert">
            {listProblem('bands')!.message}
          </p>
        )}
        <div className="actions">
          <button type="button" className="secondary" disabled={bands.length >= MAX_BANDS} onClick={() => addRow(stockMsg.bandCodes, () => setBands((bs) => [...bs, emptyBandDraft()]))}>
            {stockMsg.addBand}
          </button>
        </div>

        <h3>{stockMsg.offcuts}</h3>
        <OffcutRack offcuts={offcuts} maxArea={offcutSettings.maxArea} onRemove={(code) => setOffcuts((os) => os.filter((o) => o.id !== code))} />
        <OffcutSettingsFields
          rules={rules}
          maxArea={maxArea}
          minUse={minUse}
          problems={offcutProblems}
          onRules={setRules}
          onMaxArea={setMaxArea}
          onMinUse={setMinUse}
          onAddRule={() => addRow(stockMsg.offcutRules, () => setRules((rs) => [...rs, emptyRuleDraft()]))}
        />

        <h3>{stockMsg.options}</h3>
        <div className="stock-options">
          <label className="field">
            <span>{stockMsg.objective}</span>
            <select value={objective} onChange={(e) => setObjective(e.target.value as Objective)}>
              <option value="cost">{stockMsg.objectiveCost}</option>
              <option value="area">{stockMsg.objectiveArea}</option>
              <option value="sheets">{stockMsg.objectiveSheets}</option>
            </select>
          </label>
          <label className="check">
            <input type="checkbox" checked={deduct} onChange={(e) => setDeduct(e.target.checked)} />
            <span>{stockMsg.deductBands}</span>
          </label>
          <label className="check">
            <input type="checkbox" checked={keepLeftover} aria-describedby={keepLeftoverHint} onChange={(e) => setKeepLeftover(e.target.checked)} />
            <span>{stockMsg.keepLeftover}</span>
          </label>
        </div>
        {/* On screen, not in a title: a touch screen shows no title. */}
        <p className="hint" id={keepLeftoverHint}>
          {stockMsg.keepLeftover}: {stockMsg.keepLeftoverHint}
        </p>
      </div>
    </Dialog>
  );
}
