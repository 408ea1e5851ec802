import { stockMsg } from './texts';

/** Field is one text column of a FieldTable. */
export interface Field<K extends string> {
  key: K;
  label: string;
  size: number;
  numeric?: boolean;
  placeholder?: string;
}

interface Props<K extends string> {
  /** label names the table for screen readers */
  label: string;
  fields: Field<K>[];
  rows: Record<K, string>[];
  /** rowLabel names row i in its inputs' and its remove button's labels */
  rowLabel: (i: number) => string;
  /** bad reports whether row i has a problem, and with field key when given */
  bad: (i: number, key?: K) => boolean;
  onChange: (i: number, patch: Partial<Record<K, string>>) => void;
  onRemove: (i: number) => void;
}

/**
 * FieldTable edits a list of rows of text fields, one row a line, each with
 * a remove button (band codes, offcut rules). The table scrolls sideways
 * inside its own wrapper, as the stock rows' does: on a phone the table is
 * wider than the dialog, and the dialog's body must not scroll sideways.
 */
export function FieldTable<K extends string>({ label, fields, rows, rowLabel, bad, onChange, onRemove }: Props<K>) {
  return (
    <div className="stock-table-wrap">
      <table className="stock-table" aria-label={label}>
        <thead>
          <tr>
            {fields.map((f) => (
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
          {rows.map((r, i) => (
            <tr key={i} className={bad(i) ? 'bad' : undefined}>
              {fields.map((f) => (
                <td key={f.key}>
                  <input
                    value={r[f.key]}
                    size={f.size}
                    inputMode={f.numeric ? 'decimal' : undefined}
                    placeholder={f.placeholder}
                    aria-label={`${f.label}, ${rowLabel(i)}`}
                    aria-invalid={bad(i, f.key) ? true : undefined}
                    onChange={(e) => onChange(i, { [f.key]: e.target.value } as Partial<Record<K, string>>)}
                  />
                </td>
              ))}
              <td>
                <button type="button" className="ghost" aria-label={`${stockMsg.remove}, ${rowLabel(i)}`} onClick={() => onRemove(i)}>
                  {stockMsg.remove}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
