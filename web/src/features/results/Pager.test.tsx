import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Page, Result } from '../engine/types';
import { ResultsView } from './ResultsView';
import resultsCss from './results.css?raw';
import appCss from '../../styles.css?raw';

const page = (i: number): Page => ({
  id: `page-${i}`,
  efficiency: 40 + (i % 50),
  parts: [{ id: `p${i}`, name: `P${i}`, x: 0, y: 0, width: 40, height: 60, rotated: false, originalIndex: 0 }],
});
const result = (n: number): Result => ({
  sheet: { width: 100, height: 148 },
  pages: Array.from({ length: n }, (_, i) => page(i)),
  skipped: [],
  stats: { pages: n, lowerBound: n, optimal: true, efficiency: 60, placed: n, elapsedMs: 1 },
});

function show(n: number) {
  render(<ResultsView result={result(n)} ultra={false} exports={null} searching={false} searchDone={0} onSearchMore={() => {}} onCancelSearch={() => {}} />);
  return { user: userEvent.setup(), nav: screen.queryByRole('navigation', { name: 'Sayfalar' })! };
}

describe('Pager at the ends', () => {
  it('keeps the focus on "Sonraki sayfa" at the last sheet and on "Önceki sayfa" at the first', async () => {
    const { user, nav } = show(3);
    const next = screen.getByRole('button', { name: 'Sonraki sayfa' });
    const prev = screen.getByRole('button', { name: 'Önceki sayfa' });
    expect(prev).toHaveAttribute('aria-disabled', 'true');
    next.focus();
    await user.keyboard('{Enter}{Enter}');
    expect(nav).toHaveTextContent('Sayfa 3 / 3 · 1 parça · verim %42');
    // jsdom keeps the focus on a disabled button, Chromium does not: the button must not be disabled.
    expect(next).toHaveFocus();
    expect(next).toBeEnabled();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    await user.click(next);
    expect(nav).toHaveTextContent('Sayfa 3 / 3');
    prev.focus();
    await user.keyboard('{Enter}{Enter}{Enter}');
    expect(nav).toHaveTextContent('Sayfa 1 / 3');
    expect(prev).toHaveFocus();
    expect(prev).toBeEnabled();
    expect(prev).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAttribute('aria-disabled', 'false');
  });
});

describe('Pager page field', () => {
  it('jumps to a sheet typed in, on Enter or on leaving the field; the label stays as the specification has it', async () => {
    const { user, nav } = show(699);
    const field = within(nav).getByRole('spinbutton', { name: 'Sayfaya git' });
    expect(field).toHaveAttribute('aria-valuemin', '1');
    expect(field).toHaveAttribute('aria-valuemax', '699');
    expect(field).toHaveValue('1');
    expect(nav).toHaveTextContent('Sayfa 1 / 699 · 1 parça · verim %40');
    await user.clear(field);
    await user.type(field, '350{Enter}');
    expect(nav).toHaveTextContent('Sayfa 350 / 699 · 1 parça · verim %89');
    expect(field).toHaveValue('350');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '12');
    await user.tab();
    expect(nav).toHaveTextContent('Sayfa 12 / 699');
    expect(field).toHaveValue('12');
    // the buttons step from the sheet jumped to, and the field follows them
    await user.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    expect(nav).toHaveTextContent('Sayfa 13 / 699');
    expect(field).toHaveValue('13');
  });

  it('goes nowhere on a number that is no sheet, shows the sheet on screen again and says which numbers there are', async () => {
    const { user, nav } = show(3);
    const field = within(nav).getByRole('spinbutton', { name: 'Sayfaya git' });
    expect(field).not.toHaveAttribute('aria-invalid');
    for (const typed of ['99', '0', '4', '-3', '2.5', 'abc']) {
      await user.clear(field);
      await user.type(field, `${typed}{Enter}`);
      expect(nav).toHaveTextContent('Sayfa 1 / 3');
      expect(field).toHaveValue('1');
      const alert = within(nav).getByRole('alert');
      expect(alert).toHaveTextContent('1 ile 3 arasında bir sayfa numarası yazın.');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('1 ile 3 arasında bir sayfa numarası yazın.');
    }
    // a key typed takes the message away; a number that is a sheet's goes there
    await user.clear(field);
    expect(within(nav).queryByRole('alert')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.type(field, '3{Enter}');
    expect(nav).toHaveTextContent('Sayfa 3 / 3');
    expect(within(nav).queryByRole('alert')).not.toBeInTheDocument();
    // said on leaving the field too; turning a sheet takes it away
    await user.clear(field);
    await user.type(field, '99');
    await user.tab();
    expect(nav).toHaveTextContent('Sayfa 3 / 3');
    expect(field).toHaveValue('3');
    expect(within(nav).getByRole('alert')).toHaveTextContent('1 ile 3 arasında bir sayfa numarası yazın.');
    await user.click(screen.getByRole('button', { name: 'Önceki sayfa' }));
    expect(nav).toHaveTextContent('Sayfa 2 / 3');
    expect(within(nav).queryByRole('alert')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('writes the range the Turkish way, and an emptied field only shows the sheet again', async () => {
    const { user, nav } = show(1050);
    const field = within(nav).getByRole('spinbutton', { name: 'Sayfaya git' });
    await user.clear(field);
    await user.type(field, '1051{Enter}');
    expect(within(nav).getByRole('alert')).toHaveTextContent('1 ile 1.050 arasında bir sayfa numarası yazın.');
    await user.clear(field);
    await user.tab();
    expect(nav).toHaveTextContent('Sayfa 1 / 1.050');
    expect(field).toHaveValue('1');
    expect(within(nav).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('writes the sheet count the Turkish way', () => {
    const { nav } = show(1050);
    expect(nav).toHaveTextContent('Sayfa 1 / 1.050');
  });

  it('writes the sheet in the field as the label does, and reads it typed with or without the dot', async () => {
    const { user, nav } = show(2017);
    const field = within(nav).getByRole('spinbutton', { name: 'Sayfaya git' });
    await user.clear(field);
    await user.type(field, '2017{Enter}');
    expect(nav).toHaveTextContent('Sayfa 2.017 / 2.017');
    expect(field).toHaveValue('2.017');
    expect(field).toHaveAttribute('aria-valuenow', '2017');
    await user.clear(field);
    await user.type(field, '1.500{Enter}');
    expect(nav).toHaveTextContent('Sayfa 1.500 / 2.017');
    expect(field).toHaveValue('1.500');
    // the arrow keys step a sheet, as a number field's do
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(nav).toHaveTextContent('Sayfa 1.501 / 2.017');
    expect(field).toHaveValue('1.501');
  });

  it('is not there for a single sheet, as the pager is not', () => {
    const { nav } = show(1);
    expect(nav).toBeNull();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });
});

describe('Pager layout', () => {
  /** rule is the body of the rule for selector in a sheet's text outside any @media, or undefined. */
  const rule = (css: string, selector: string) => {
    const plain = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@media[^{]*\{([^{}]*\{[^}]*\})*\s*\}/g, '');
    return [...plain.matchAll(/([^{}]+)\{([^}]*)\}/g)].find((m) => m[1].split(',').some((s) => s.trim() === selector))?.[2];
  };

  it('is three columns, Önceki | the page line | Sonraki, that do not wrap when a tablet turns', () => {
    const { nav } = show(3);
    expect([...nav.children].map((c) => c.className)).toEqual(['secondary pager-prev', 'pager-center', 'secondary pager-next']);
    const pager = rule(resultsCss, '.pager')!;
    expect(pager).toMatch(/display:\s*grid/);
    expect(pager).toMatch(/grid-template-columns:\s*auto minmax\(0, 1fr\) auto/);
    expect(pager).toMatch(/grid-template-areas:\s*'prev info next'/);
    expect(pager).not.toMatch(/flex-wrap/);
    // the app's sheet comes after results.css: a .pager rule there would win
    expect(rule(appCss, '.pager')).toBeUndefined();
    for (const b of ['.pager-prev', '.pager-next']) expect(rule(resultsCss, b)).toMatch(/white-space:\s*nowrap/);
    // on a phone the page line goes under the buttons, which stay at the two ends of one row
    expect(resultsCss).toMatch(/@media \(max-width: \d+px\) \{\s*\.pager \{ grid-template-areas: 'prev \. next' 'info info info'; \}/);
    // and on the narrowest their words wrap, so that Sonraki stays on the screen (320 px: WCAG 1.4.10)
    expect(resultsCss).toMatch(/@media \(max-width: 400px\) \{\s*\.pager-prev, \.pager-next \{ white-space: normal; \}/);
  });
});
