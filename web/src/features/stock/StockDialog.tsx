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

const BAND_FIELDS: { key: keyof BandDraft; label: string; size: number; numeric?: boolean }[] = [
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
  const [rows, setRows] = useState<StockDraft[]>(() => settings.stock.map(stockDraft));
  const [bands, setBands] = useState<BandDraft[]>(() => settings.bands.map(bandDraft));
  const [objective, setObjective] = useState<Objective>(settings.objective);
  const [deduct, setDeduct] = useState(settings.deductBands);
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
    if (!c.ok) {
      setProblems(c.problems);
      return;
    }
    setProblems([]);
    onSave({ stock: c.stock, bands: c.bands, objective, deductBands: deduct });
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
          <table className="stock-table" aria-label={stockMsg.bandCodes}>
            <thead>
              <tr>
                {BAND_FIELDS.map((f) => (
                  <th key={f.key} scope="col">
                    {f.label}
                  </th>
                ))}
                <th scope="col">
                  <span className="sr-only">{stockMsg.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bands.map((b, i) => (
                <tr key={i} className={rowProblem('bands', i) ? 'bad' : undefined}>
                  {BAND_FIELDS.map((f) => (
                    <td key={f.key}>
                      <input
                        value={b[f.key]}
                        size={f.size}
                        inputMode={f.numeric ? 'decimal' : undefined}
                        aria-label={`${f.label}, ${stockMsg.bandLabel(i)}`}
                        aria-invalid={problemAt('bands', i, f.key) ? true : undefined}
                        onChange={(e) => setBand(i, { [f.key]: e.target.value })}
                      />
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className="ghost"
                      aria-label={`${stockMsg.remove}, ${stockMsg.bandLabel(i)}`}
                      onClick={() => {
                        setBands((bs) => bs.filter((_, k) => k !== i));
                        setProblems([]);
                      }}
                    >
                      {stockMsg.remove}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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
        </div>
      </div>
    </Dialog>
  );
}
