import { useId, type KeyboardEvent } from 'react';
import { EDGE_KEYS, EDGE_LABELS, GRAIN_LABELS, GRAINS, type ExtrasDraft, type Grain } from './parts';
import { partMsg } from './texts';

interface Props {
  value: ExtrasDraft;
  onChange: (v: ExtrasDraft) => void;
  /** the known band codes: each edge is then a select of them; without them, a free-text code */
  bandCodes?: readonly string[];
  /** idPrefix names the inputs (idPrefix + field), so that a bad field can be focused */
  idPrefix: string;
  /** onKeyDown for the text inputs (the inline edit's Enter; its card takes Escape) */
  onKeyDown?: (e: KeyboardEvent) => void;
}

/**
 * ExtrasFields are a part's optional columns: material, thickness (mm),
 * grain and a band code on each edge.
 */
export function ExtrasFields({ value, onChange, bandCodes, idPrefix, onKeyDown }: Props) {
  const set = (change: Partial<ExtrasDraft>) => onChange({ ...value, ...change });
  const bandsId = useId();
  const allBands = (code: string) => set({ top: code, bottom: code, left: code, right: code });
  const sameOnAll = EDGE_KEYS.every((k) => value[k] === value.top) ? value.top : '';
  return (
    <div className="part-extras">
      <label className="field">
        <span>{partMsg.material}</span>
        <input
          id={`${idPrefix}material`}
          value={value.material}
          onChange={(e) => set({ material: e.target.value })}
          onKeyDown={onKeyDown}
          placeholder={partMsg.materialPlaceholder}
          maxLength={200}
          autoComplete="off"
        />
      </label>
      <label className="field">
        <span>{partMsg.thickness}</span>
        <input
          id={`${idPrefix}thickness`}
          value={value.thickness}
          onChange={(e) => set({ thickness: e.target.value })}
          onKeyDown={onKeyDown}
          inputMode="decimal"
          placeholder="18"
          autoComplete="off"
        />
      </label>
      <label className="field">
        <span>{partMsg.grain}</span>
        <select id={`${idPrefix}grain`} value={value.grain} onChange={(e) => set({ grain: e.target.value as Grain })}>
          {GRAINS.map((g) => (
            <option key={g} value={g}>
              {GRAIN_LABELS[g]}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="part-bands" aria-labelledby={bandsId}>
        <span id={bandsId} className="part-bands-title">
          {partMsg.bands}
        </span>
        {bandCodes && bandCodes.length === 0 && <p className="hint part-bands-none">{partMsg.noBandCodes}</p>}
        <label className="field">
          <span>{partMsg.bandAll}</span>
          {bandCodes ? (
            <select id={`${idPrefix}bands`} value={sameOnAll} onChange={(e) => allBands(e.target.value)}>
              <option value="">{partMsg.bandNone}</option>
              {bandCodes.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${idPrefix}bands`}
              value={sameOnAll}
              onChange={(e) => allBands(e.target.value)}
              onKeyDown={onKeyDown}
              maxLength={200}
              autoComplete="off"
            />
          )}
        </label>
        {EDGE_KEYS.map((k) => (
          <label className="field" key={k}>
            <span>{EDGE_LABELS[k]}</span>
            {bandCodes ? (
              <select id={`${idPrefix}${k}`} value={value[k]} onChange={(e) => set({ [k]: e.target.value })}>
                <option value="">{partMsg.bandNone}</option>
                {/* a code the list no longer has stays shown, to be changed */}
                {value[k] && !bandCodes.includes(value[k]) && <option value={value[k]}>{value[k]}</option>}
                {bandCodes.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${idPrefix}${k}`}
                value={value[k]}
                onChange={(e) => set({ [k]: e.target.value })}
                onKeyDown={onKeyDown}
                maxLength={200}
                autoComplete="off"
              />
            )}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
