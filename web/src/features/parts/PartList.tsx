import { useState, type KeyboardEvent } from 'react';
import { useNotices } from '../../components/Notices';
import { fmt1d, fmtCm, parseWhole } from '../../lib/number';
import { msg } from '../../messages';
import { dataSize, totals, type Part } from './parts';

interface Props {
  parts: Part[];
  onEdit: (id: string, change: Partial<Part>) => void;
  onRemove: (id: string) => void;
  onClear: () => void;
}

const FIRST = 50;

/** PartList shows the parts in the nesting, with inline edit and delete. */
export function PartList({ parts, onEdit, onRemove, onClear }: Props) {
  const [collapsed, setCollapsed] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const notices = useNotices();
  const t = totals(parts);
  const size = dataSize(parts);
  const shown = showAll ? parts : parts.slice(0, FIRST);

  const clear = async () => {
    if (parts.length === 0) {
      await notices.alert(msg.nothingToClear);
      return;
    }
    if (await notices.confirm(msg.confirmClear(t.types, t.pieces))) {
      onClear();
      notices.toast(msg.cleared(t.types));
    }
  };

  if (parts.length === 0) return null;
  return (
    <section className="card" aria-labelledby="list-title">
      <div className="card-head">
        <h2 id="list-title">
          {msg.listTitle}
          {size !== 'normal' && <span className={`badge ${size}`}>{size === 'ultra' ? msg.ultraBadge : msg.largeBadge}</span>}
        </h2>
        <div className="actions">
          <button type="button" className="ghost" aria-expanded={!collapsed} onClick={() => setCollapsed(!collapsed)}>
            {collapsed ? msg.expand : msg.collapse}
          </button>
          <button type="button" className="danger" onClick={clear}>
            {msg.clearAll}
          </button>
        </div>
      </div>
      <p className="summary">{msg.summary(t.pieces, t.types, fmt1d(t.area))}</p>
      {!collapsed && (
        <>
          <ul className="part-grid" aria-label={msg.listTitle}>
            {shown.map((p) => (
              <PartCard key={p.id} part={p} onEdit={onEdit} onRemove={onRemove} />
            ))}
          </ul>
          {parts.length > FIRST && (
            <button type="button" className="ghost" onClick={() => setShowAll(!showAll)}>
              {showAll ? msg.showFirst : msg.showAll(parts.length)}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function PartCard({ part, onEdit, onRemove }: { part: Part; onEdit: Props['onEdit']; onRemove: Props['onRemove'] }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(part.name);
  const [qty, setQty] = useState(String(part.quantity));
  const notices = useNotices();

  const save = async () => {
    const q = parseWhole(qty);
    if (!name.trim() || !(q > 0)) {
      await notices.alert(msg.invalidEdit);
      return;
    }
    onEdit(part.id, { name: name.trim(), quantity: q });
    setEditing(false);
  };
  const cancel = () => {
    setName(part.name);
    setQty(String(part.quantity));
    setEditing(false);
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    }
  };
  const size = `${fmtCm(part.width)} x ${fmtCm(part.height)} cm`;
  const area = fmt1d(part.width * part.height * part.quantity);

  if (editing) {
    return (
      <li className="part-card editing" aria-label={part.name}>
        <label className="field">
          <span>{msg.partName}</span>
          <input value={name} onChange={(e) => setName(e.target.value)} onKeyDown={keys} autoFocus maxLength={200} />
        </label>
        <p className="muted">
          {size} · {msg.sizeLocked}
        </p>
        <label className="field">
          <span>{msg.quantity}</span>
          <input value={qty} inputMode="numeric" onChange={(e) => setQty(e.target.value)} onKeyDown={keys} />
        </label>
        <div className="actions">
          <button type="button" className="primary" onClick={() => void save()}>
            {msg.save}
          </button>
          <button type="button" className="secondary" onClick={cancel}>
            {msg.cancel}
          </button>
        </div>
      </li>
    );
  }
  return (
    <li className="part-card" aria-label={part.name}>
      <div className="part-main">
        <strong className="part-name">{part.name}</strong>
        <span>{size}</span>
        <span>
          {msg.pieces(part.quantity)} · {msg.partArea(area)}
        </span>
        <label className="check small">
          <input
            type="checkbox"
            checked={part.rotate !== false}
            onChange={(e) => onEdit(part.id, { rotate: e.target.checked ? undefined : false })}
          />
          <span>{msg.rotatable}</span>
        </label>
      </div>
      <div className="actions">
        <button type="button" className="ghost" onClick={() => setEditing(true)} aria-label={`${part.name}: ${msg.edit}`}>
          {msg.edit}
        </button>
        <button type="button" className="ghost danger-text" onClick={() => onRemove(part.id)} aria-label={`${part.name}: ${msg.remove}`}>
          {msg.remove}
        </button>
      </div>
    </li>
  );
}
