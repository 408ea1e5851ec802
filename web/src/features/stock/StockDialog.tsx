import { useRef, useState, type ChangeEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import {
  bandDraft,
  checkAll,
  emptyBandDraft,
  emptyStockDraft,
  parseStockCsv,
  readCsvFile,
  stockDraft,
  MAX_BANDS,
  MAX_STOCK_ROWS,
  type BandDraft,
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
  type RuleDraft,
} from './offcuts';
import { OffcutRack, OffcutSettingsFields } from './Offcuts';
import { FieldTable, type Field } from './FieldTable';
import { stockMsg } from './texts';
import './stock.css';

interface Props {
  settings: StockSettings;
  /** onSave is given the checked lists and options. */
  onSave: (s: StockSettings) => void;
  onClose: () => void;
}

type Listed = Problem & { list: 'stock' | 'bands' };

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
export function StockDialog({ settings, onSave, onClose }: Props) {
  const [rows, setRows] = useState<StockDraft[]>(() => settings.stock.filter((s) => !isOffcut(s)).map(stockDraft));
  // The offcuts are the server's: the dialog only takes one off the rack.
  const [offcuts, setOffcuts] = useState<Offcut[]>(() => settings.stock.filter(isOffcut));
  const offcutSettings = settings.offcutSettings ?? DEFAULT_OFFCUT_SETTINGS;
  const [rules, setRules] = useState<RuleDraft[]>(() => offcutSettings.rules.map(ruleDraft));
  const [maxArea, setMaxArea] = useState(() => (offcutSettings.maxArea ? String(offcutSettings.maxArea).replace('.', ',') : '0'));
  const [minUse, setMinUse] = useState(() => String(offcutSettings.minUse));
  const [offcutProblems, setOffcutProblems] = useState<OffcutProblem[]>([]);
  const [bands, setBands] = useState<BandDraft[]>(() => settings.bands.map(bandDraft));
  const [objective, setObjective] = useState<Objective>(settings.objective);
  const [deduct, setDeduct] = useState(settings.deductBands);
  const [keepLeftover, setKeepLeftover] = useState(settings.keepLeftover === true);
  const [problems, setProblems] = useState<Listed[]>([]);
  const [csvNote, setCsvNote] = useState<{ text: string; errors: string[] } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const problemAt = (list: 'stock' | 'bands', row: number, field: string) => problems.find((p) => p.list === list && p.row === row && p.field === field);
  const rowProblem = (list: 'stock' | 'bands', row: number) => problems.find((p) => p.list === list && p.row === row);
  const listProblem = (list: 'stock' | 'bands') => problems.find((p) => p.list === list && p.row === -1);

  const setRow = (i: number, change: Partial<StockDraft>) => setRows((rs) => rs.map((r, k) => (k === i ? { ...r, ...change } : r)));
  const setBand = (i: number, change: Partial<BandDraft>) => setBands((bs) => bs.map((b, k) => (k === i ? { ...b, ...change } : b)));

  const save = () => {
    const c = checkAll(rows, bands);
    const o = checkOffcutSettings(rules, maxArea, minUse);
    setProblems(c.ok ? [] : c.problems);
    setOffcutProblems(o.ok ? [] : o.problems);
    if (!c.ok || !o.ok) return;
    const out: StockSettings = { stock: [...c.stock, ...offcuts], bands: c.bands, objective, deductBands: deduct };
    if (keepLeftover) out.keepLeftover = true;
    // Settings left as they came stay as they were (absent: the server's defaults).
    const changed = JSON.stringify(o.settings) !== JSON.stringify(offcutSettings);
    if (changed || settings.offcutSettings) out.offcutSettings = changed ? o.settings : settings.offcutSettings;
    onSave(out);
  };

  const importCsv = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    let text: string;
    try {
      text = await readCsvFile(f);
    } catch (err) {
      setCsvNote({ text: '', errors: [(err as Error).message || stockMsg.csvEmpty] });
      return;
    }
    const r = parseStockCsv(text);
    const room = Math.max(0, MAX_STOCK_ROWS - rows.length);
    const added = r.rows.slice(0, room);
    const errors = r.rows.length > room ? [...r.errors, stockMsg.tooManyRows] : r.errors;
    setRows((rs) => [...rs, ...added]);
    setCsvNote({ text: added.length ? stockMsg.csvImported(added.length) : '', errors });
  };

  return (
    <Dialog
      title={stockMsg.title}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            {stockMsg.cancel}
          </button>
          <button type="button" className="primary" onClick={save}>
            {stockMsg.save}
          </button>
        </>
      }
    >
      <div className="stock-dialog">
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
                  return (
                    <tr key={r.id} className={bad ? 'bad' : undefined}>
                      {STOCK_FIELDS.map((f) => (
                        <td key={f.key}>
                          <input
                            value={r[f.key]}
                            size={f.size}
                            inputMode={f.numeric ? 'decimal' : undefined}
                            placeholder={f.hint}
                            title={f.key === 'quantity' ? stockMsg.quantityHint : undefined}
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
        {problems
          .filter((p) => p.list === 'stock' && p.row >= 0)
          .map((p) => (
            <p key={`s${p.row}`} className="inline-notice error" role="alert">
              {stockMsg.rowLabel(p.row)}: {p.message}
            </p>
          ))}
        {listProblem('stock') && (
          <p className="inline-notice error" role="alert">
            {listProblem('stock')!.message}
          </p>
        )}
        <div className="actions">
          <button type="button" className="secondary" disabled={rows.length >= MAX_STOCK_ROWS} onClick={() => setRows((rs) => [...rs, emptyStockDraft()])}>
            {stockMsg.addRow}
          </button>
          <button type="button" className="secondary" onClick={() => fileRef.current?.click()}>
            {stockMsg.importCsv}
          </button>
          <input ref={fileRef} type="file" accept=".csv,text/csv,text/plain" hidden aria-label={stockMsg.importCsv} onChange={(e) => void importCsv(e)} />
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
        {problems
          .filter((p) => p.list === 'bands' && p.row >= 0)
          .map((p) => (
            <p key={`b${p.row}`} className="inline-notice error" role="alert">
              {stockMsg.bandLabel(p.row)}: {p.message}
            </p>
          ))}
        {listProblem('bands') && (
          <p className="inline-notice error" role="alert">
            {listProblem('bands')!.message}
          </p>
        )}
        <div className="actions">
          <button type="button" className="secondary" disabled={bands.length >= MAX_BANDS} onClick={() => setBands((bs) => [...bs, emptyBandDraft()])}>
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
          onAddRule={() => setRules((rs) => [...rs, emptyRuleDraft()])}
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
          <label className="check" title={stockMsg.keepLeftoverHint}>
            <input type="checkbox" checked={keepLeftover} onChange={(e) => setKeepLeftover(e.target.checked)} />
            <span>{stockMsg.keepLeftover}</span>
          </label>
        </div>
      </div>
    </Dialog>
  );
}
