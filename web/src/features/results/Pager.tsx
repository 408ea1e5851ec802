import { useId, useState } from 'react';
import { parseWhole } from '../../lib/number';
import { fmtInt, msg } from '../../messages';
import type { Page } from '../engine/types';
import { patternOf, patternTitle, type PatternGroup } from './patterns';
import './results.css';

interface Props {
  label: string;
  /** groups are the distinct sheets (groupByPattern); without repeats, one per page */
  groups: PatternGroup[];
  /** grouped is set when some sheet repeats: the pager pages through patterns */
  grouped: boolean;
  index: number;
  page: Page;
  onIndex: (i: number) => void;
  /**
   * sheetTotal is the number of sheets in the whole job: the sheets are
   * then named by their numbers in it (groups' sheets), "Sayfa 29 / 46",
   * "Sayfa 29-33 (× 5) / 46", as the PDF and the checklist name them, and a
   * single sheet is named too.
   */
  sheetTotal?: number;
}

/**
 * Pager pages through a result's sheets: "Sayfa 2 / 5" as the specification
 * shows it; when identical sheets are grouped, through the distinct patterns,
 * titled "Sayfa 3-7 (× 5)" with "Desen 2 / 3". A number field jumps to a
 * sheet (or pattern): hundreds of sheets are too many to step through.
 * The buttons keep their places at any width (results.css: "Önceki" at the
 * start, "Sonraki" at the end of one row; on a phone the page line goes
 * under them), so that turning a tablet does not move them.
 */
export function Pager({ label, groups, grouped, index, page, onIndex, sheetTotal }: Props) {
  const total = groups.length;
  const numbered = sheetTotal !== undefined;
  const sheet = groups[index]?.sheets[0] ?? index + 1;
  if (!grouped && total <= 1) {
    if (!numbered) return null;
    // One sheet: no buttons, its number in the job still shown.
    return (
      <p className="pager-single">
        <strong>{msg.pageOf(sheet, sheetTotal)}</strong> · {msg.pageInfo(page.parts.length, page.efficiency)}
      </p>
    );
  }
  const last = total - 1;
  const first = index === 0;
  const end = index >= last;
  return (
    <nav className="pager" aria-label={label}>
      {/* At the ends the buttons are aria-disabled, not disabled: a disabled
          button drops the focus to the page, and the next Tab starts again
          at the top. The click is ignored there instead. */}
      <button type="button" className="secondary pager-prev" onClick={() => !first && onIndex(index - 1)} aria-disabled={first} aria-label={msg.prevPage}>
        ‹ {msg.prevPage}
      </button>
      <div className="pager-center">
        <span aria-live="polite">
          {grouped ? (
            <>
              <strong data-testid="pattern-title">{patternTitle(groups[index].sheets, sheetTotal)}</strong> · {patternOf(index + 1, total)} ·{' '}
              {msg.pageInfo(page.parts.length, page.efficiency)}
            </>
          ) : (
            <>
              <strong>{numbered ? msg.pageOf(sheet, sheetTotal) : msg.pageOf(index + 1, total)}</strong> · {msg.pageInfo(page.parts.length, page.efficiency)}
            </>
          )}
        </span>
        {total > 1 && (
          <PageField
            index={index}
            numbers={numbered && !grouped ? groups.map((g) => g.sheets[0]) : undefined}
            total={total}
            label={grouped ? msg.goToPattern : msg.goToPage}
            pattern={grouped}
            onIndex={onIndex}
          />
        )}
      </div>
      <button type="button" className="secondary pager-next" onClick={() => !end && onIndex(index + 1)} aria-disabled={end} aria-label={msg.nextPage}>
        {msg.nextPage} ›
      </button>
    </nav>
  );
}

/**
 * PageField is the number of the sheet shown, to be typed over: Enter or
 * leaving the field goes there. A number that is no sheet's (0, past the
 * last, a fraction, not a number) is not gone to: the field shows the sheet
 * on screen again and a line next to it says which numbers there are
 * ("1 ile 3 arasında bir sayfa numarası yazın."), the field aria-invalid
 * and described by it, until the next key typed or sheet turned to. An
 * emptied field only shows the sheet again. It is a text field written as
 * the label is ("2.017", not the "2017" a number field shows) and reads
 * "2017" and "2.017" alike; as a spin button, the arrow keys step a sheet.
 * numbers, when given, are the sheets' numbers in the job (a material's 29
 * to 33): the field shows and takes those.
 */
function PageField({
  index,
  numbers,
  total,
  label,
  pattern,
  onIndex,
}: {
  index: number;
  numbers?: number[];
  total: number;
  label: string;
  /** pattern: the field goes to a pattern, and its message says so */
  pattern: boolean;
  onIndex: (i: number) => void;
}) {
  // draft is the text being typed; null shows the sheet on screen.
  const [draft, setDraft] = useState<string | null>(null);
  // wrongAt is the index on screen when a number that is no sheet's was
  // entered: the message stays until another sheet is shown or a key typed.
  const [wrongAt, setWrongAt] = useState<number | null>(null);
  const errorId = useId();
  const wrong = wrongAt === index;
  const numberOf = (i: number) => numbers?.[i] ?? i + 1;
  const go = () => {
    if (draft === null) return;
    setDraft(null);
    if (draft.trim() === '') return;
    const n = parseWhole(draft);
    const to = numbers ? numbers.indexOf(n) : n >= 1 && n <= total ? n - 1 : -1;
    if (to < 0) {
      setWrongAt(index);
      return;
    }
    setWrongAt(null);
    if (to !== index) onIndex(to);
  };
  return (
    <>
      <label className="page-field">
        <span>{label}</span>
        <input
          type="text"
          role="spinbutton"
          inputMode="numeric"
          autoComplete="off"
          aria-valuemin={numberOf(0)}
          aria-valuemax={numberOf(total - 1)}
          aria-valuenow={numberOf(index)}
          aria-invalid={wrong ? true : undefined}
          aria-describedby={wrong ? errorId : undefined}
          value={draft ?? fmtInt(numberOf(index))}
          onChange={(e) => {
            setDraft(e.target.value);
            setWrongAt(null);
          }}
          onBlur={go}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              go();
            } else if (e.key === 'Escape') {
              setDraft(null);
              setWrongAt(null);
            } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
              e.preventDefault();
              const to = index + (e.key === 'ArrowUp' ? 1 : -1);
              setDraft(null);
              setWrongAt(null);
              if (to >= 0 && to < total) onIndex(to);
            }
          }}
        />
      </label>
      {wrong && (
        <span id={errorId} className="page-field-error" role="alert">
          {msg.pageOutOfRange(numberOf(0), numberOf(total - 1), pattern)}
        </span>
      )}
    </>
  );
}
