import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useNotices } from '../../components/Notices';
import { fmt1d, fmtCm, parseWhole } from '../../lib/number';
import { STORE_MAX_NAME_LENGTH, STORE_MAX_QUANTITY } from '../../generated/limits';
import { msg } from '../../messages';
import { ExtrasFields } from './ExtrasFields';
import { useListWindow } from './listWindow';
import { filterParts, isSearching, warmKeys } from './partSearch';
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
/**
 * WINDOW_FROM: an expanded list of more part lines draws only the rows on
 * screen (listWindow.ts), and has a search above it (partSearch.ts): the
 * browser's Ctrl+F does not reach the cards not drawn.
 */
export const WINDOW_FROM = 200;
/** RESULTS_ID is the results section's id (features/results/ResultsView), the skip link's target */
const RESULTS_ID = 'results';

/** cardOf is the list's card of the part id, if it is drawn. */
function cardOf(list: HTMLUListElement | null, id: string): HTMLElement | undefined {
  for (const li of list?.children ?? []) if ((li as HTMLElement).dataset.id === id) return li as HTMLElement;
  return undefined;
}

/** PartList shows the parts in the nesting, with inline edit and delete. */
export function PartList({ parts, onEdit, onRemove, onClear, bandCodes }: Props) {
  const [collapsed, setCollapsed] = useState(false);
  const [showAll, setShowAll] = useState(false);
  // The cards open for edit, and the card with the focus: a long list keeps them drawn.
  const [editing, setEditing] = useState<ReadonlySet<string>>(() => new Set());
  const [focused, setFocused] = useState<string | null>(null);
  // The search over a windowed list (the browser's Ctrl+F finds only the
  // cards drawn): the cards it shows, and those edited since it was
  // typed, which stay shown until it changes (a name edited out of the
  // search does not take the card and its focus away).
  const [query, setQuery] = useState('');
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set());
  const searchRef = useRef<HTMLInputElement>(null);
  const notices = useNotices();
  const t = useMemo(() => totals(parts), [parts]);
  const size = useMemo(() => dataSize(parts), [parts]);
  const windowed = showAll && !collapsed && parts.length > WINDOW_FROM;
  // The search is there exactly while the list is windowed, and filters only then.
  const shown = useMemo(() => (windowed ? filterParts(parts, query, kept) : parts), [windowed, parts, query, kept]);
  const searching = windowed && isSearching(query);
  // The names are folded for the search once the search is there, in slices.
  useEffect(() => (windowed ? warmKeys(parts) : undefined), [windowed, parts]);
  const pinned: number[] = [];
  if (windowed) {
    for (const id of focused === null ? editing : [focused, ...editing]) {
      const i = shown.findIndex((p) => p.id === id);
      if (i >= 0) pinned.push(i);
    }
  }
  const { ref: listRef, cols, segments, prepare } = useListWindow(shown.length, windowed, pinned);

  // The cards' handlers stay the same from one drawing to the next, so that
  // a card is drawn again only when its part changes (PartCard is memo'd):
  // they read the parts shown in the latest drawing.
  const latest = useRef(shown);
  useLayoutEffect(() => {
    latest.current = shown;
  });
  // After "Sil" the focus goes to the card that took the removed one's
  // place among those shown (or the one before it), or when none is left
  // to the search if there is one, else to the add form's name, not to
  // the page; after "Tümünü Temizle", to the add form's name.
  // undefined: nothing to focus; null: the search or the form.
  const focusAfter = useRef<string | null | undefined>(undefined);
  const remove = useCallback(
    (id: string) => {
      const ps = latest.current;
      const at = ps.findIndex((p) => p.id === id);
      const next = ps[at + 1]?.id ?? ps[at - 1]?.id ?? null;
      focusAfter.current = next;
      // The card to be focused is drawn, wherever the list's window is.
      setFocused(next);
      setEditing((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : s));
      onRemove(id);
    },
    [onRemove],
  );
  const markEditing = useCallback((id: string, on: boolean) => {
    if (on) setKept((s) => (s.has(id) ? s : new Set(s).add(id)));
    setEditing((s) => {
      if (s.has(id) === on) return s;
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  useEffect(() => {
    const target = focusAfter.current;
    if (target === undefined) return;
    focusAfter.current = undefined;
    const edit = target === null ? null : cardOf(listRef.current, target)?.querySelector<HTMLButtonElement>('.actions button');
    if (edit) edit.focus();
    else (searchRef.current ?? document.getElementById('part-name'))?.focus();
  }, [parts, listRef]);

  const clear = async () => {
    if (parts.length === 0) {
      await notices.alert(msg.nothingToClear);
      return;
    }
    if (await notices.confirm(msg.confirmClear(t.types, t.pieces), { destructive: true })) {
      focusAfter.current = null;
      setEditing(new Set());
      onClear();
      notices.toast(msg.cleared(t.types));
    }
  };
  const search = (q: string) => {
    setQuery(q);
    setKept(editing);
  };
  const clearSearch = () => {
    search('');
    searchRef.current?.focus();
  };
  const searchKeys = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && query !== '') {
      e.preventDefault();
      search('');
    }
  };
  const toggleAll = () => {
    // The list's columns and place, measured before it grows.
    if (!showAll) prepare();
    setShowAll(!showAll);
  };
  // "Sonuçlara geç" skips the cards, three Tab stops each, to the results.
  const toResults = (e: MouseEvent) => {
    const results = document.getElementById(RESULTS_ID);
    if (!results) return;
    e.preventDefault();
    results.focus();
  };

  if (parts.length === 0) return null;
  const card = (p: Part, i: number) => {
    const on = editing.has(p.id);
    return (
      <PartCard
        key={p.id}
        part={p}
        editing={on}
        jobPieces={on ? t.pieces : 0}
        onEdit={onEdit}
        onRemove={remove}
        onEditing={markEditing}
        bandCodes={bandCodes}
        posinset={windowed ? i + 1 : undefined}
        setsize={windowed ? shown.length : undefined}
      />
    );
  };
  return (
    <section className="card part-list" aria-labelledby="list-title">
      <a className="skip-link" href={`#${RESULTS_ID}`} onClick={toResults}>
        {partMsg.skipToResults}
      </a>
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
          {windowed && (
            <div className="part-search">
              <div className="actions" style={{ alignItems: 'end' }}>
                <label className="field grow">
                  <span>{partMsg.searchLabel}</span>
                  <input
                    ref={searchRef}
                    type="search"
                    value={query}
                    placeholder={partMsg.searchPlaceholder}
                    autoComplete="off"
                    spellCheck={false}
                    onChange={(e) => search(e.target.value)}
                    onKeyDown={searchKeys}
                    aria-describedby="part-search-count"
                  />
                </label>
                {query !== '' && (
                  <button type="button" className="secondary" onClick={clearSearch}>
                    {partMsg.searchClear}
                  </button>
                )}
              </div>
              <p className="muted" role="status" id="part-search-count">
                {searching ? (shown.length > 0 ? partMsg.searchCount(parts.length, shown.length) : msg.noMatchingParts) : ''}
              </p>
            </div>
          )}
          <ul
            className="part-grid"
            aria-label={msg.listTitle}
            ref={listRef}
            data-cols={segments ? cols : undefined}
            onFocus={(e) => setFocused(e.target.closest<HTMLElement>('li[data-id]')?.dataset.id ?? null)}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(null);
            }}
          >
            {segments
              ? segments.map((s) =>
                  s.kind === 'space' ? (
                    <li key={`space-${s.from}`} className="part-spacer" aria-hidden="true" style={{ height: s.height }} />
                  ) : (
                    shown.slice(s.from * cols, s.to * cols).map((p, j) => card(p, s.from * cols + j))
                  ),
                )
              : (showAll ? parts : parts.slice(0, FIRST)).map(card)}
          </ul>
          {parts.length > FIRST && (
            <button type="button" className="ghost" onClick={toggleAll}>
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
  /** editing opens the card's inline edit (onEditing opens and closes it) */
  editing: boolean;
  /**
   * the pieces of the whole job, given to a card being edited (0 to the
   * others, which do not need it: a number every edit changes would draw
   * them all again): a quantity that takes it past MAX_JOB_PIECES is refused
   */
  jobPieces: number;
  onEdit: Props['onEdit'];
  onRemove: Props['onRemove'];
  onEditing: (id: string, on: boolean) => void;
  bandCodes?: readonly string[];
  /** posinset and setsize place the card in the whole list when only some cards are drawn */
  posinset?: number;
  setsize?: number;
}

/** PartCard is one part's card; it is drawn again only when its own props change. */
const PartCard = memo(function PartCard({ part, editing, jobPieces, onEdit, onRemove, onEditing, bandCodes, posinset, setsize }: CardProps) {
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
    onEditing(part.id, false);
    refocus.current = true;
  };
  const cancel = () => {
    setName(part.name);
    setQty(String(part.quantity));
    setExtras(extrasDraft(part));
    setExtrasOpen(hasExtras(part));
    onEditing(part.id, false);
    refocus.current = true;
  };
  const startEdit = () => {
    // The part may have changed since this card last edited it.
    setName(part.name);
    setQty(String(part.quantity));
    setExtras(extrasDraft(part));
    setExtrasOpen(hasExtras(part));
    onEditing(part.id, true);
  };
  // Enter in a field saves; Escape anywhere in the card (a field, the
  // toggle, a band's select, the buttons) cancels.
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    }
  };
  const escape = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      cancel();
    }
  };
  const size = `${fmtCm(part.width)} x ${fmtCm(part.height)} cm`;
  const area = fmt1d(part.width * part.height * part.quantity);
  const extrasLine = describeExtras(part);

  if (editing) {
    return (
      <li className="part-card editing" aria-label={part.name} data-id={part.id} aria-posinset={posinset} aria-setsize={setsize} onKeyDown={escape}>
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
    <li className="part-card" aria-label={part.name} data-id={part.id} aria-posinset={posinset} aria-setsize={setsize}>
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
            aria-label={`${part.name}: ${msg.rotatable}`}
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
});
