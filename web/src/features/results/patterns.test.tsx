import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import type { Page, Result } from '../engine/types';
import { groupByPattern, patternTitle, repeats } from './patterns';
import { ResultsView } from './ResultsView';

const part = (id: string, x: number) => ({ id, name: id, x, y: 0, width: 40, height: 60, rotated: false, originalIndex: 0 });
const page = (i: number, pattern?: number, extra: Partial<Page> = {}): Page => ({
  id: `page-${i}`,
  efficiency: 50 + i,
  parts: [part(`p${i}a`, 0), part(`p${i}b`, 50)],
  ...(pattern === undefined ? {} : { pattern }),
  ...extra,
});
const result = (pages: Page[], patterns?: number): Result => ({
  sheet: { width: 183, height: 366 },
  pages,
  skipped: [],
  stats: { pages: pages.length, lowerBound: pages.length, optimal: true, efficiency: 60, placed: pages.length * 2, elapsedMs: 1, ...(patterns ? { patterns } : {}) },
});

function show(r: Result) {
  return render(
    <ResultsView result={r} ultra={false} exports={null} searching={false} searchDone={0} onSearchMore={() => {}} onCancelSearch={() => {}} />,
  );
}

describe('identical sheets once, × N', () => {
  // Each test but the first starts with the sheets merged, as the first leaves it.
  beforeEach(() => localStorage.setItem('kesim-merge-sheets', '1'));
  afterEach(() => localStorage.clear());

  it('titles a run and a scattered set of sheet numbers', () => {
    expect(patternTitle([3, 4, 5, 6, 7])).toBe('Sayfa 3-7 (× 5)');
    expect(patternTitle([2, 5, 9])).toBe('Sayfa 2, 5, 9 (× 3)');
    expect(patternTitle([4])).toBe('Sayfa 4');
    expect(patternTitle([29, 30, 31, 32, 33], 46)).toBe('Sayfa 29-33 (× 5) / 46');
    expect(patternTitle([4], 46)).toBe('Sayfa 4 / 46');
  });

  it('groups pages by pattern number in the order of their first sheet; pages without one stay alone', () => {
    const g = groupByPattern([page(0, 1), page(1, 2), page(2, 1), page(3), page(4), page(5, 2)]);
    expect(g.map((x) => [x.page.id, x.sheets])).toEqual([
      ['page-0', [1, 3]],
      ['page-1', [2, 6]],
      ['page-3', [4]],
      ['page-4', [5]],
    ]);
    expect(repeats(g)).toBe(true);
    expect(repeats(groupByPattern([page(0, 1), page(1, 2)]))).toBe(false);
  });

  it('a job of 10 copies of a 2-part pattern on 5 identical sheets shows the pattern once with × 5 when asked, the specification\'s pager by default', async () => {
    localStorage.clear();
    show(result([1, 2, 3, 4, 5].map((i) => page(i - 1, 1)), 1));
    const nav = screen.getByRole('navigation', { name: 'Sayfalar' });
    expect(nav).toHaveTextContent('Sayfa 1 / 5 · 2 parça · verim %50');
    expect(screen.queryByTestId('pattern-title')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Aynı levhaları birleştir (× adet)' }));
    expect(localStorage.getItem('kesim-merge-sheets')).toBe('1');
    expect(screen.getByTestId('pattern-title')).toHaveTextContent('Sayfa 1-5 (× 5)');
    expect(screen.getByRole('navigation', { name: 'Sayfalar' })).toHaveTextContent('Desen 1 / 1');
    expect(screen.getByTestId('total-pages')).toHaveTextContent('5');
    expect(screen.getByRole('button', { name: 'Sonraki sayfa' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('pages through the patterns, not the sheets', async () => {
    show(result([page(0, 1), page(1, 2), page(2, 2), page(3, 2), page(4, 2), page(5, 2), page(6, 3)], 3));
    const nav = screen.getByRole('navigation', { name: 'Sayfalar' });
    expect(within(nav).getByTestId('pattern-title')).toHaveTextContent(/^Sayfa 1 \/ 7$/);
    expect(nav).toHaveTextContent('Desen 1 / 3');
    const user = userEvent.setup();
    // keyboard: Tab to the next button, Enter
    screen.getByRole('button', { name: 'Sonraki sayfa' }).focus();
    await user.keyboard('{Enter}');
    expect(nav).toHaveTextContent('Sayfa 2-6 (× 5) / 7');
    expect(nav).toHaveTextContent('Desen 2 / 3 · 2 parça · verim %51');
    await user.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    expect(nav).toHaveTextContent('Sayfa 7 / 7 · Desen 3 / 3');
    expect(screen.getByRole('button', { name: 'Sonraki sayfa' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('a result whose patterns are all distinct, or absent, looks as today: Sayfa 1 / 3', async () => {
    for (const pages of [
      [page(0, 1), page(1, 2), page(2, 3)],
      [page(0), page(1), page(2)],
    ]) {
      const { unmount } = show(result(pages));
      const nav = screen.getByRole('navigation', { name: 'Sayfalar' });
      expect(nav).toHaveTextContent('Sayfa 1 / 3 · 2 parça · verim %50');
      expect(nav).not.toHaveTextContent('×');
      expect(screen.queryByTestId('pattern-title')).toBeNull();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
      expect(nav).toHaveTextContent('Sayfa 2 / 3');
      unmount();
    }
  });

  it('numbers a material\'s sheets over the whole job, as the PDF and the checklist do, a single sheet too', async () => {
    const mat = (material: string, pages: number) => ({ material, thickness: 18, pages, lowerBound: pages, efficiency: 60, objective: 'sheets' as const, cost: 0, costLowerBound: 0, optimal: true });
    const a = { material: 'Ceviz', thickness: 18 };
    const b = { material: 'Beyaz', thickness: 18 };
    const c = { material: 'MDF', thickness: 18 };
    const pages = [page(0, 1, a), page(1, 2, a), page(2, 3, b), page(3, 3, b), page(4, 3, b), page(5, 4, b), page(6, 5, c)];
    show({ ...result(pages, 5), materials: [mat('Ceviz', 2), mat('Beyaz', 4), mat('MDF', 1)] });
    const [ceviz, beyaz, mdf] = screen.getAllByTestId('material-section');
    expect(within(beyaz).getByTestId('pattern-title')).toHaveTextContent(/^Sayfa 3-5 \(× 3\) \/ 7$/);
    expect(within(beyaz).getByRole('navigation')).toHaveTextContent('Desen 1 / 2');
    await userEvent.click(within(beyaz).getByRole('button', { name: 'Sonraki sayfa' }));
    expect(within(beyaz).getByTestId('pattern-title')).toHaveTextContent(/^Sayfa 6 \/ 7$/);
    // not grouped: the sheet's number in the job, and the field takes it
    localStorage.clear();
    expect(within(ceviz).getByRole('navigation')).toHaveTextContent('Sayfa 1 / 7 · 2 parça');
    expect(mdf).toHaveTextContent('Sayfa 7 / 7 · 2 parça · verim %56');
    expect(within(mdf).queryByRole('button', { name: 'Sonraki sayfa' })).toBeNull();
  });

  it('takes a sheet\'s number in the job in a material\'s page field', async () => {
    localStorage.clear();
    const mat = (material: string, pages: number) => ({ material, thickness: 18, pages, lowerBound: pages, efficiency: 60, objective: 'sheets' as const, cost: 0, costLowerBound: 0, optimal: true });
    const a = { material: 'Ceviz', thickness: 18 };
    const b = { material: 'Beyaz', thickness: 18 };
    show({ ...result([page(0, 1, a), page(1, 2, b), page(2, 3, b), page(3, 4, b)], 4), materials: [mat('Ceviz', 1), mat('Beyaz', 3)] });
    const beyaz = screen.getAllByTestId('material-section')[1];
    const nav = within(beyaz).getByRole('navigation');
    expect(nav).toHaveTextContent('Sayfa 2 / 4');
    const field = within(nav).getByRole('spinbutton', { name: 'Sayfaya git' });
    expect(field).toHaveValue('2');
    expect(field).toHaveAttribute('aria-valuemin', '2');
    expect(field).toHaveAttribute('aria-valuemax', '4');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '4{Enter}');
    expect(nav).toHaveTextContent('Sayfa 4 / 4');
    await user.clear(field);
    await user.type(field, '1{Enter}');
    expect(nav).toHaveTextContent('Sayfa 4 / 4');
    expect(within(nav).getByRole('alert')).toHaveTextContent('2 ile 4 arasında bir sayfa numarası yazın.');
  });

  it('groups identical sheets within a material section', () => {
    const mat = { material: 'Beyaz Sunta', thickness: 18, pages: 3, lowerBound: 3, efficiency: 60, objective: 'sheets' as const, cost: 0, costLowerBound: 0, optimal: true };
    const m = { material: 'Beyaz Sunta', thickness: 18 };
    const r: Result = { ...result([page(0, 1, m), page(1, 1, m), page(2, 1, m)], 1), materials: [mat] };
    show(r);
    const section = screen.getByTestId('material-section');
    expect(within(section).getByTestId('pattern-title')).toHaveTextContent('Sayfa 1-3 (× 3)');
  });

  it('keeps the choice on screen when this browser refuses to keep it (its storage full), and says so once', async () => {
    localStorage.clear();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    render(
      <NoticeProvider>
        <ResultsView result={result([1, 2, 3].map((i) => page(i - 1, 1)), 1)} ultra={false} exports={null} searching={false} searchDone={0} onSearchMore={() => {}} onCancelSearch={() => {}} />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: 'Aynı levhaları birleştir (× adet)' });
    await user.click(box);
    expect(box).toBeChecked();
    expect(screen.getByTestId('pattern-title')).toHaveTextContent('Sayfa 1-3 (× 3)');
    const said = '"Aynı levhaları birleştir" seçimi bu tarayıcıda saklanamadı (tarayıcının depolama alanı dolu). Seçim bu sayfa kapanana kadar geçerli; sonra yeniden seçmeniz gerekir.';
    expect(screen.getByRole('alert')).toHaveTextContent(said);
    expect(screen.getByRole('alert')).toHaveTextContent('Tarayıcıda saklanamadı');
    // off and on again: still refused, not said again
    await user.click(box);
    await user.click(box);
    expect(box).toBeChecked();
    expect(screen.getAllByText(said, { exact: false })).toHaveLength(1);
    expect(localStorage.getItem('kesim-merge-sheets')).toBeNull();
  });
});

describe('groupByPattern with cut sheets', () => {
  it('keeps a cut sheet apart from the uncut sheets of its pattern', () => {
    const page = (id: string, pattern: number) => ({ id, efficiency: 50, parts: [], pattern });
    const groups = groupByPattern([page('a', 1), page('b', 1), page('c', 1)], 1, new Set(['a']));
    expect(groups.map((g) => g.sheets)).toEqual([[1], [2, 3]]);
  });

  it('marks a cut sheet Kesildi in the results, and only that one', async () => {
    localStorage.setItem('kesim-merge-sheets', '1');
    render(
      <ResultsView
        result={result([page(1, 1), page(2, 1), page(3, 1)], 1)}
        ultra={false}
        exports={null}
        searching={false}
        searchDone={0}
        onSearchMore={() => {}}
        onCancelSearch={() => {}}
        cutPages={new Set(['page-1'])}
      />,
    );
    expect(screen.getByTestId('page-cut')).toHaveTextContent('Kesildi');
    expect(screen.getByTestId('pattern-title')).toHaveTextContent('Sayfa 1');
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    expect(screen.getByTestId('pattern-title')).toHaveTextContent('Sayfa 2, 3 (× 2)');
    expect(screen.queryByTestId('page-cut')).not.toBeInTheDocument();
    localStorage.clear();
  });
});
