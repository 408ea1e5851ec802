import { msg } from '../../messages';
import type { Page } from '../engine/types';
import { patternOf, patternTitle, type PatternGroup } from './patterns';

interface Props {
  label: string;
  /** groups are the distinct sheets (groupByPattern); without repeats, one per page */
  groups: PatternGroup[];
  /** grouped is set when some sheet repeats: the pager pages through patterns */
  grouped: boolean;
  index: number;
  page: Page;
  onIndex: (i: number) => void;
}

/**
 * Pager pages through a result's sheets: "Sayfa 2 / 5" as the specification
 * shows it; when identical sheets are grouped, through the distinct patterns,
 * titled "Sayfa 3-7 (× 5)" with "Desen 2 / 3".
 */
export function Pager({ label, groups, grouped, index, page, onIndex }: Props) {
  const total = groups.length;
  if (!grouped && total <= 1) return null;
  const last = total - 1;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="secondary" onClick={() => onIndex(index - 1)} disabled={index === 0} aria-label={msg.prevPage}>
        ‹ {msg.prevPage}
      </button>
      <span aria-live="polite">
        {grouped ? (
          <>
            <strong data-testid="pattern-title">{patternTitle(groups[index].sheets)}</strong> · {patternOf(index + 1, total)} ·{' '}
            {msg.pageInfo(page.parts.length, page.efficiency)}
          </>
        ) : (
          <>
            <strong>{msg.pageOf(index + 1, total)}</strong> · {msg.pageInfo(page.parts.length, page.efficiency)}
          </>
        )}
      </span>
      <button type="button" className="secondary" onClick={() => onIndex(index + 1)} disabled={index >= last} aria-label={msg.nextPage}>
        {msg.nextPage} ›
      </button>
    </nav>
  );
}
