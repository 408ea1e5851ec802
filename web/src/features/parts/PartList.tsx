import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNotices } from '../../components/Notices';
import { fmt1d, fmtCm, parseWhole } from '../../lib/number';
import { STORE_MAX_NAME_LENGTH, STORE_MAX_QUANTITY } from '../../generated/limits';
import { msg } from '../../messages';
import { ExtrasFields } from './ExtrasFields';
import { checkExtras, dataSize, describeExtras, extrasDraft, hasExtras, jobLimit, totals, withExtras, type ExtrasDraft, type Part } from './parts';
import { partMsg } from './texts';

interface Props {
  parts: Part[];
  onEdit: (id: string, change: Partial<Part>) => void;
  onRemove: (id: string) => void;
  onClear: () => void;
  /** the known band codes (the stock dialog's): an edge's band is then chosen from them */
  bandCodes?: readonly string[];
}

const FIRST = 50;

/** PartList shows the parts in the nesting, with inline edit and delete. */
export function PartList({ parts, onEdit, onRemove, onClear, bandCodes }: Props) {
  const [collapsed, setCollapsed] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const notices = useNotices();
  const t = totals(parts);
  const size = dataSize(parts);
  const shown = showAll ? parts : parts.slice(0, FIRST);
  // After "Sil" the focus goes to the card that took the removed one's
  // place (or the one before it), or to the add form's name when none is
  // left, not to the page.
  const listRef = useRef<HTMLUListElement>(null);
  const removedAt = useRef<number | null>(null);
  const remove = (id: string) => {
    removedAt.current = shown.findIndex((p) => p.id === id);
    onRemove(id);
  };
  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const edits = listRef.current?.querySelectorAll<HTMLButtonElement>('.part-card .actions button:first-child');
    if (edits && edits.length > 0) edits[Math.min(at, edits.length - 1)].focus();
    else document.getElementById('part-name')?.focus();
  }, [parts]);

  const clear = async () => {
    if (parts.length === 0) {
      await notices.alert(msg.nothingToClear);
      return;
    }
    if (await notices.confirm(msg.confirmClear(t.types, t.pieces), { destructive: true })) {
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
          <ul className="part-grid" aria-label={msg.listTitle} ref={listRef}>
            {shown.map((p) => (
              <PartCard key={p.id} part={p} jobPieces={t.pieces} onEdit={onEdit} onRemove={remove} bandCodes={bandCodes} />
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

interface CardProps {
  part: Part;
  /** the pieces of the whole job: a quantity that takes it past MAX_JOB_PIECES is refused */
  jobPieces: number;
  onEdit: Props['onEdit'];
  onRemove: Props['onRemove'];
  bandCodes?: readonly string[];
}

function PartCard({ part, jobPieces, onEdit, onRemove, bandCodes }: CardProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(part.name);
  const [qty, setQty] = useState(String(part.quantity));
  // The optional columns are edited behind their toggle, open at once when the part uses them.
  const [extras, setExtras] = useState<ExtrasDraft>(() => extrasDraft(part));
  const [extrasOpen, setExtrasOpen] = useState(() => hasExtras(part));
  const notices = useNotices();
  const idPrefix = `edit-${part.id}-`;
  // After an edit is saved or cancelled the focus goes back to the card's
  // Düzenle button, not to the page (the edit form is gone).
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const save = async () => {
    const q = parseWhole(qty);
    if (!name.trim() || !(q > 0)) {
      await notices.alert(msg.invalidEdit);
      return;
    }
    // Past the saved limit, the add form's words.
    if (q > STORE_MAX_QUANTITY) {
      await notices.alert(partMsg.quantityTooLarge);
      return;
    }
    // A quantity the layout would refuse for the whole job (a quantity
    // made smaller always goes: a job already past it must be mended).
    const over = q > part.quantity ? jobLimit(jobPieces, jobPieces - part.quantity + q) : '';
    if (over) {
      await notices.alert(over);
      return;
    }
    const x = checkExtras(extras, bandCodes);
    if (!x.ok) {
      setExtrasOpen(true);
      await notices.alert(x.error);
      document.getElementById(idPrefix + x.field)?.focus();
      return;
    }
    // A thickness left as it was shown stays as it is kept, whatever its decimals.
    if (part.thickness && extras.thickness.trim() === extrasDraft(part).thickness) x.extras.thickness = part.thickness;
    onEdit(part.id, { name: name.trim().slice(0, STORE_MAX_NAME_LENGTH), quantity: q, ...withExtras(x.extras) });
    setEditing(false);
    refocus.current = true;
  };
  const cancel = () => {
    setName(part.name);
    setQty(String(part.quantity));
    setExtras(extrasDraft(part));
    setExtrasOpen(hasExtras(part));
    setEditing(false);
    refocus.current = true;
  };
  const startEdit = () => {
    // The part may have changed since this card last edited it.
    setName(part.name);
    setQty(String(part.quantity));
    setExtras(extrasDraft(part));
    setExtrasOpen(hasExtras(part));
    setEditing(true);
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
  const extrasLine = describeExtras(part);

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
        <button
          type="button"
          className="ghost part-extras-toggle"
          aria-expanded={extrasOpen}
          onClick={() => setExtrasOpen(!extrasOpen)}
        >
          <span aria-hidden="true">{extrasOpen ? '▾' : '▸'}</span> {partMsg.extrasToggle}
        </button>
        {extrasOpen && <ExtrasFields value={extras} onChange={setExtras} bandCodes={bandCodes} idPrefix={idPrefix} onKeyDown={keys} />}
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
        {extrasLine && <span className="part-extras-line">{extrasLine}</span>}
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
        <button type="button" className="ghost" ref={editButton} onClick={startEdit} aria-label={`${part.name}: ${msg.edit}`}>
          {msg.edit}
        </button>
        <button type="button" className="ghost danger-text" onClick={() => onRemove(part.id)} aria-label={`${part.name}: ${msg.remove}`}>
          {msg.remove}
        </button>
      </div>
    </li>
  );
}
