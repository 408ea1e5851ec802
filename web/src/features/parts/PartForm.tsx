import { useState, type ClipboardEvent, type FormEvent } from 'react';
import { useNotices } from '../../components/Notices';
import { msg } from '../../messages';
import { checkDraft, isTabular, parsePaste, type Part, type PartDraft } from './parts';

interface Props {
  onAdd: (parts: Omit<Part, 'id'>[]) => void;
  onSaveLayout: () => void;
  onOpenSaved: () => void;
}

const emptyDraft: PartDraft = { name: '', width: '', height: '', quantity: '1' };

/** PartForm is the 'Parça Ekle' panel; pasting Excel rows adds them all. */
export function PartForm({ onAdd, onSaveLayout, onOpenSaved }: Props) {
  const [draft, setDraft] = useState<PartDraft>(emptyDraft);
  const [rotate, setRotate] = useState(true);
  const notices = useNotices();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const c = checkDraft(draft);
    if (!c.ok) {
      await notices.alert(c.error);
      document.getElementById(`part-${c.field}`)?.focus();
      return;
    }
    onAdd([{ ...c.part, ...(rotate ? {} : { rotate: false }) }]);
    setDraft(emptyDraft);
    document.getElementById('part-name')?.focus();
  };

  const paste = async (e: ClipboardEvent<HTMLElement>) => {
    const text = e.clipboardData.getData('text/plain');
    if (!isTabular(text)) return;
    e.preventDefault();
    const { parts, errors } = parsePaste(text);
    if (parts.length > 0) {
      onAdd(parts);
      notices.toast(msg.pasteAdded(parts.length));
    }
    if (errors.length > 0) await notices.alert(msg.pasteBadRows(errors));
  };

  const field = (key: keyof PartDraft, label: string, props: Record<string, unknown> = {}) => (
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
            <input type="checkbox" checked={rotate} onChange={(e) => setRotate(e.target.checked)} />
            <span>{msg.rotatable}</span>
          </label>
        </div>
        <p className="hint">{msg.pasteHint}</p>
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
      </form>
    </section>
  );
}
