import { useEffect, useId, useState } from 'react';
import { fmtCm } from '../../lib/number';
import { stockApi } from './api';
import { ageDays, rackAreaM2, type Offcut, type OffcutProblem, type RuleDraft } from './offcuts';
import { FieldTable, type Field } from './FieldTable';
import { stockMsg } from './texts';

/** useJobNames names the jobs offcuts came from, once there are offcuts; unknown ones stay unnamed. */
function useJobNames(wanted: boolean): Record<string, string> | null {
  // null until the names are known: an id not among them is a deleted job.
  const [names, setNames] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    stockApi
      .jobNames()
      .then((n) => live && setNames(n))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [wanted]);
  return names;
}

interface RackProps {
  offcuts: Offcut[];
  /** maxArea is the rack's limit in m² (0: none) */
  maxArea: number;
  onRemove: (code: string) => void;
  /** now is the time ages are counted from (tests) */
  now?: number;
}

/** OffcutRack lists the offcuts on the rack: code, material, thickness, size, age, source job; the total area they tie up. */
export function OffcutRack({ offcuts, maxArea, onRemove, now: given }: RackProps) {
  const [opened] = useState(() => Date.now());
  const now = given ?? opened;
  const names = useJobNames(offcuts.some((o) => o.sourceLayoutId));
  const area = rackAreaM2(offcuts);
  if (offcuts.length === 0) return <p className="hint">{stockMsg.noOffcuts}</p>;
  return (
    <>
      <p data-testid="rack-area">{stockMsg.rackArea(area, offcuts.length)}</p>
      {maxArea > 0 && area > maxArea && (
        <p className="inline-notice warning" role="status">
          {stockMsg.rackFull(maxArea)}
        </p>
      )}
      <div className="stock-table-wrap">
        <table className="stock-table" aria-label={stockMsg.offcuts}>
          <thead>
            <tr>
              <th scope="col">{stockMsg.offcutCode}</th>
              <th scope="col">{stockMsg.material}</th>
              <th scope="col">{stockMsg.thickness}</th>
              <th scope="col">{stockMsg.offcutSize}</th>
              <th scope="col">{stockMsg.offcutAge}</th>
              <th scope="col">{stockMsg.offcutJob}</th>
              <th scope="col">
                <span className="sr-only">{stockMsg.remove}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {offcuts.map((o) => (
              <tr key={o.id}>
                <td>
                  <strong>{o.id}</strong>
                </td>
                <td>{o.material ?? ''}</td>
                <td>{o.thickness ? fmtCm(o.thickness) : ''}</td>
                <td>
                  {fmtCm(o.width)} x {fmtCm(o.height)}
                </td>
                <td>{stockMsg.ageDays(ageDays(o.createdAt, now))}</td>
                <td>{o.sourceLayoutId && names ? (names[o.sourceLayoutId] ?? stockMsg.deletedJob) : ''}</td>
                <td>
                  <button type="button" className="ghost" aria-label={stockMsg.removeOffcut(o.id)} onClick={() => onRemove(o.id)}>
                    {stockMsg.remove}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

const RULE_FIELDS: Field<keyof RuleDraft>[] = [
  { key: 'material', label: stockMsg.ruleMaterial, size: 12, placeholder: stockMsg.allMaterials },
  { key: 'thickness', label: stockMsg.ruleThickness, size: 4, numeric: true },
  { key: 'minWidth', label: stockMsg.ruleMinWidth, size: 5, numeric: true },
  { key: 'minHeight', label: stockMsg.ruleMinHeight, size: 5, numeric: true },
];

interface SettingsProps {
  rules: RuleDraft[];
  maxArea: string;
  minUse: string;
  problems: OffcutProblem[];
  onRules: (rules: RuleDraft[]) => void;
  onMaxArea: (v: string) => void;
  onMinUse: (v: string) => void;
  onAddRule: () => void;
}

/** OffcutSettingsFields edits the smallest offcut per material, the rack's area limit and the least use of an offcut. */
export function OffcutSettingsFields({ rules, maxArea, minUse, problems, onRules, onMaxArea, onMinUse, onAddRule }: SettingsProps) {
  const bad = (row: number, field: string) => problems.some((p) => p.row === row && p.field === field);
  const minUseHint = useId();
  return (
    <>
      <h4>{stockMsg.offcutRules}</h4>
      <p className="hint">{stockMsg.offcutRulesHint}</p>
      <FieldTable
        label={stockMsg.offcutRules}
        fields={RULE_FIELDS}
        rows={rules}
        rowLabel={stockMsg.ruleLabel}
        bad={(i, key) => (key ? bad(i, key) : problems.some((p) => p.row === i))}
        onChange={(i, patch) => onRules(rules.map((x, k) => (k === i ? { ...x, ...patch } : x)))}
        onRemove={(i) => onRules(rules.filter((_, k) => k !== i))}
      />
      <div className="actions">
        <button type="button" className="secondary" onClick={onAddRule}>
          {stockMsg.addRule}
        </button>
      </div>
      <div className="stock-options">
        <label className="field">
          <span>{stockMsg.maxArea}</span>
          <input value={maxArea} inputMode="decimal" size={8} aria-invalid={bad(-1, 'maxArea') ? true : undefined} onChange={(e) => onMaxArea(e.target.value)} />
        </label>
        <label className="field">
          <span>{stockMsg.minUse}</span>
          <input
            value={minUse}
            inputMode="numeric"
            size={4}
            aria-describedby={minUseHint}
            aria-invalid={bad(-1, 'minUse') ? true : undefined}
            onChange={(e) => onMinUse(e.target.value)}
          />
        </label>
      </div>
      {/* On screen, not in a title: a touch screen shows no title. */}
      <p className="hint" id={minUseHint}>
        {stockMsg.minUse}: {stockMsg.minUseHint}
      </p>
      {problems.map((p) => (
        <p key={`${p.row}-${p.field}`} className="inline-notice error" role="alert">
          {p.row >= 0 ? `${stockMsg.ruleLabel(p.row)}: ` : ''}
          {p.message}
        </p>
      ))}
    </>
  );
}
