import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useNotices } from '../../components/Notices';
import { fmtCm } from '../../lib/number';
import { msg } from '../../messages';
import { api, local, type SavedLayout, type SavedPart } from './api';

interface Props {
  onAddParts: (parts: SavedPart[]) => void;
  onLoadLayout: (l: SavedLayout) => void;
  onClose: () => void;
}

const dateFmt = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'medium', timeStyle: 'short' });

/** SavedItemsDialog lists saved parts and layouts, with search. */
export function SavedItemsDialog({ onAddParts, onLoadLayout, onClose }: Props) {
  const [parts, setParts] = useState<SavedPart[] | null>(null);
  const [layouts, setLayouts] = useState<SavedLayout[]>([]);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const notices = useNotices();

  useEffect(() => {
    const localLayouts = local.layouts().map((l) => ({ ...l, local: true }));
    Promise.all([api.listParts(), api.listLayouts()])
      .then(([p, l]) => {
        setParts(p);
        setLayouts([...localLayouts, ...l]);
      })
      .catch(() => {
        // Database failures yield empty lists (section 8); local layouts stay.
        setParts(local.parts());
        setLayouts(localLayouts);
      });
  }, []);

  const q = query.trim().toLocaleLowerCase('tr-TR');
  const shownParts = useMemo(
    () =>
      (parts ?? []).filter(
        (p) =>
          !q ||
          p.name.toLocaleLowerCase('tr-TR').includes(q) ||
          `${fmtCm(p.width)}x${fmtCm(p.height)}`.includes(q.replace(/\s/g, '')) ||
          `${p.width}x${p.height}`.includes(q.replace(/\s/g, '')),
      ),
    [parts, q],
  );
  const shownLayouts = layouts.filter((l) => !q || l.name.toLocaleLowerCase('tr-TR').includes(q));

  const toggle = (id: string) => {
    const s = new Set(selected);
    if (s.has(id)) s.delete(id);
    else s.add(id);
    setSelected(s);
  };
  const addSelected = async () => {
    if (selected.size === 0) return notices.alert(msg.selectParts);
    onAddParts((parts ?? []).filter((p) => selected.has(p.id)));
    setSelected(new Set());
    onClose();
  };
  const deletePart = async (p: SavedPart) => {
    if (!(await notices.confirm(msg.confirmDeletePart(p.name)))) return;
    try {
      await api.deletePart(p.id);
      setParts((ps) => (ps ?? []).filter((x) => x.id !== p.id));
      notices.toast(msg.partDeleted);
    } catch {
      await notices.alert(msg.partDeleteError);
    }
  };
  const deleteLayout = async (l: SavedLayout) => {
    if (!(await notices.confirm(msg.confirmDeleteLayout(l.name)))) return;
    try {
      if (l.local) local.removeLayout(l.id);
      else await api.deleteLayout(l.id);
      setLayouts((ls) => ls.filter((x) => x.id !== l.id));
      notices.toast(msg.layoutDeleted);
    } catch {
      await notices.alert(msg.layoutDeleteError);
    }
  };

  return (
    <Dialog
      title={msg.savedDialogTitle}
      onClose={onClose}
      wide
      footer={
        <>
          <span className="muted grow">{msg.savedCounts(parts?.length ?? 0, layouts.length)}</span>
          <button type="button" className="secondary" onClick={onClose}>
            {msg.close}
          </button>
        </>
      }
    >
      <label className="field">
        <span>{msg.search}</span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} data-autofocus />
      </label>
      <h3>{msg.savedPartsTitle}</h3>
      {parts === null ? (
        <p className="muted">{msg.loadingParts}</p>
      ) : shownParts.length === 0 ? (
        <p className="muted">{q ? msg.noMatchingParts : msg.noSavedParts}</p>
      ) : (
        <>
          <ul className="saved-grid">
            {shownParts.map((p) => (
              <li key={p.id} className="saved-part">
                <label className="check">
                  <input type="checkbox" checked={selected.has(p.id)} onChange={() => toggle(p.id)} />
                  <span>
                    <strong>{p.name}</strong> {fmtCm(p.width)} x {fmtCm(p.height)} cm · {msg.pieces(p.quantity)}
                  </span>
                </label>
                <button type="button" className="ghost danger-text" onClick={() => void deletePart(p)} aria-label={`${p.name}: ${msg.remove}`}>
                  {msg.remove}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="primary" onClick={() => void addSelected()}>
            {msg.addSelected(selected.size)}
          </button>
        </>
      )}
      <h3>{msg.savedLayoutsTitle}</h3>
      {parts !== null && shownLayouts.length === 0 ? (
        <p className="muted">{q ? msg.noMatchingLayouts : msg.noSavedLayouts}</p>
      ) : (
        <ul className="saved-layouts">
          {shownLayouts.map((l) => (
            <li key={l.id}>
              <div>
                <strong>{l.name}</strong> {l.local && <span className="badge">{msg.localBadge}</span>}
                <div className="muted">
                  {msg.layoutInfo(
                    l.parts.length,
                    l.parts.reduce((a, p) => a + p.quantity, 0),
                    dateFmt.format(new Date(l.createdAt)),
                  )}
                </div>
              </div>
              <div className="actions">
                <button type="button" className="secondary" onClick={() => onLoadLayout(l)} aria-label={`${l.name}: ${msg.load}`}>
                  {msg.load}
                </button>
                <button type="button" className="ghost danger-text" onClick={() => void deleteLayout(l)} aria-label={`${l.name}: ${msg.remove}`}>
                  {msg.remove}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
