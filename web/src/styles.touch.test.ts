import { describe, expect, it } from 'vitest';
import css from './styles.css?raw';

// What a finger needs on a touch screen (pointer: coarse), read from the
// stylesheets' text as styles.test.ts reads the focus ring: jsdom lays
// nothing out. With a mouse none of it applies.

/** sheets are every stylesheet of the app but this one, by path */
const sheets = import.meta.glob(['./**/*.css', '!./styles.css'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

const uncomment = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '');

/** media splits a sheet into its @media blocks (condition, body) and the rest. */
function media(text: string): { blocks: { condition: string; body: string }[]; rest: string } {
  const plain = uncomment(text);
  const blocks: { condition: string; body: string }[] = [];
  let rest = '';
  let from = 0;
  for (let at = plain.indexOf('@media', from); at >= 0; at = plain.indexOf('@media', from)) {
    const open = plain.indexOf('{', at);
    let depth = 1;
    let i = open + 1;
    for (; depth > 0; i++) {
      if (plain[i] === '{') depth++;
      else if (plain[i] === '}') depth--;
    }
    rest += plain.slice(from, at);
    blocks.push({ condition: plain.slice(at + 6, open).trim(), body: plain.slice(open + 1, i - 1) });
    from = i;
  }
  return { blocks, rest: rest + plain.slice(from) };
}

interface Rule {
  selectors: string[];
  body: string;
}
const rulesOf = (text: string): Rule[] =>
  [...text.matchAll(/([^{}]+)\{([^}]*)\}/g)].map((m) => ({ selectors: m[1].split(',').map((s) => s.trim().replace(/\s+/g, ' ')), body: m[2] }));

/** value is a declaration's value in the last of rules that sets it for selector, or undefined. */
function value(rules: Rule[], selector: string, property: string): string | undefined {
  let v: string | undefined;
  for (const r of rules) {
    if (!r.selectors.includes(selector)) continue;
    const m = new RegExp(`(?:^|;)\\s*${property}:\\s*([^;]+)`).exec(r.body);
    if (m) v = m[1].trim();
  }
  return v;
}

/** px reads a length in px (rem being 15 px, :root's font-size). */
function px(v: string | undefined): number {
  const m = /^([\d.]+)(px|rem)$/.exec(v ?? '');
  if (!m) return NaN;
  return parseFloat(m[1]) * (m[2] === 'rem' ? 15 : 1);
}

const app = media(css);
const coarse = rulesOf(app.blocks.filter((b) => b.condition === '(pointer: coarse)').map((b) => b.body).join('\n'));
const base = rulesOf(app.rest);

describe('on a touch screen', () => {
  it('has :root at 15 px, as the sizes here count it', () => {
    expect(value(base, ':root', 'font-size')).toBe('15px');
  });

  it('writes every field at 16 px or more, so that iOS Safari does not zoom into it', () => {
    for (const field of ['input', 'select', 'textarea']) expect(px(value(coarse, field, 'font-size')), field).toBeGreaterThanOrEqual(16);
    // Every rule that sets a field's font, in any sheet, is matched by one as specific here (this sheet comes last).
    const fieldRules = [base, ...Object.values(sheets).map((t) => rulesOf(media(t).rest))]
      .flat()
      .filter((r) => /(^|;)\s*font(-size)?:/.test(r.body))
      .flatMap((r) => r.selectors.filter((s) => /(^|[\s>+~])(input|select|textarea)(\[[^\]]*\]|:[\w-]+(\([^)]*\))?)*$/.test(s)));
    expect(fieldRules).toEqual(expect.arrayContaining(['.field input', '.page-field input']));
    for (const s of fieldRules) expect(px(value(coarse, s, 'font-size')), s).toBeGreaterThanOrEqual(16);
  });

  it('makes buttons, selects, text fields and the boxes’ labels 44 px high at least', () => {
    expect(px(value(coarse, 'button', 'min-height'))).toBeGreaterThanOrEqual(44);
    expect(px(value(coarse, 'button', 'min-width'))).toBeGreaterThanOrEqual(44);
    expect(px(value(coarse, 'a.button', 'min-height'))).toBeGreaterThanOrEqual(44);
    expect(px(value(coarse, 'select', 'min-height'))).toBeGreaterThanOrEqual(44);
    expect(px(value(coarse, "input:not([type='checkbox']):not([type='radio']):not([type='file'])", 'min-height'))).toBeGreaterThanOrEqual(44);
    expect(px(value(coarse, '.check', 'min-height'))).toBeGreaterThanOrEqual(44);
    expect(px(value(coarse, '.check.small', 'min-height'))).toBeGreaterThanOrEqual(44);
    expect(px(value(coarse, '.check input', 'width'))).toBeGreaterThan(px(value(base, '.check input', 'width')));
  });

  it('keeps "Sil" of a part card away from "Düzenle"', () => {
    expect(px(value(base, '.part-card:not(.editing) > .actions', 'gap'))).toBeLessThan(5);
    expect(px(value(coarse, '.part-card:not(.editing) > .actions', 'gap'))).toBeGreaterThanOrEqual(8);
  });

  it('shows the hints a title gives with a mouse', () => {
    expect(value(base, '.touch-hint', 'display')).toBe('none');
    expect(value(coarse, '.touch-hint', 'display')).toBe('block');
  });
});

describe('a check box', () => {
  it('keeps its size beside a long label (a flex item, it was squeezed to 13 px)', () => {
    expect(value(base, '.check input', 'flex')).toBe('none');
  });
});

describe('the toasts', () => {
  it('let taps through to the page but for a toast itself', () => {
    expect(value(base, '.toasts', 'pointer-events')).toBe('none');
    expect(value(base, '.toast', 'pointer-events')).toBe('auto');
  });

  it('are at the top of a narrow screen, off the last row and the dialogs’ footers', () => {
    const narrow = app.blocks.filter((b) => /^\(max-width: (\d+)px\)$/.test(b.condition) && parseInt(/\d+/.exec(b.condition)![0]) >= 600);
    const toasts = rulesOf(narrow.map((b) => b.body).join('\n'));
    expect(value(toasts, '.toasts', 'top')).toBeDefined();
    expect(value(toasts, '.toasts', 'bottom')).toBe('auto');
  });
});
