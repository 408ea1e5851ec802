import { describe, expect, it } from 'vitest';
import css from './styles.css?raw';

/** every other stylesheet of the app, by path */
const sheets = import.meta.glob('./**/*.css', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** luminance is a #rrggbb colour's relative luminance (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** colour resolves a colour written as #rgb, #rrggbb or var(--name) (from :root). */
function colour(value: string): string {
  const v = /var\((--[\w-]+)\)/.exec(value);
  if (v) {
    const m = new RegExp(`${v[1]}:\\s*(#[0-9a-fA-F]{3,6})`).exec(css);
    if (!m) throw new Error(`${v[1]} is not in :root`);
    return colour(m[1]);
  }
  const hex = /#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b/.exec(value)?.[1];
  if (!hex) throw new Error(`no colour in ${value}`);
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

describe('the focus ring', () => {
  // Every rule for a focused control, with the outline it draws.
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules = [...plain.matchAll(/([^{}]*:focus[^{}]*)\{([^}]*)\}/g)].map((m) => ({ selector: m[1].trim(), body: m[2] }));

  it('is drawn for every focused control, 3:1 or more on white (WCAG 1.4.11)', () => {
    const outlines = rules.filter((r) => /outline:/.test(r.body));
    expect(outlines.length).toBeGreaterThan(0);
    expect(rules.some((r) => r.selector === ':focus-visible')).toBe(true);
    for (const r of outlines) {
      const value = /outline:\s*([^;]+)/.exec(r.body)![1];
      expect(contrast(colour(value), '#ffffff'), r.selector).toBeGreaterThanOrEqual(3);
    }
  });

  it('stands apart from a filled button: off its edge, the gap white', () => {
    const ring = rules.find((r) => r.selector === ':focus-visible')!;
    expect(parseFloat(/outline-offset:\s*([\d.]+)px/.exec(ring.body)?.[1] ?? '0')).toBeGreaterThanOrEqual(2);
    const button = rules.find((r) => /(^|,\s*)button:focus-visible/.test(r.selector));
    expect(button?.body).toMatch(/box-shadow:\s*0 0 0 2px #fff/);
    // the ring against the blue of "PDF İndir", were the white gap not there
    expect(contrast(colour('var(--focus)'), '#ffffff')).toBeGreaterThanOrEqual(7);
  });
});

describe('no other outline', () => {
  it('takes the focus ring\'s place on a focused control', () => {
    const outlined = Object.entries(sheets).flatMap(([path, text]) =>
      [...text.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]*)\{([^}]*)\}/g)]
        .filter((m) => /outline:/.test(m[2]) && !m[1].replaceAll(':not(:focus-visible)', '').includes(':focus'))
        .map((m) => ({ path, selector: m[1].trim() })),
    );
    expect(outlined.length).toBeGreaterThan(0); // the stock table's invalid inputs
    for (const r of outlined) expect(r.selector, r.path).toMatch(/:not\(:focus-visible\)/);
  });
});

describe('a field\'s edge', () => {
  it('is 3:1 or more on white wherever a stylesheet draws it (WCAG 1.4.11: a white field on a white card)', () => {
    const drawn = Object.entries(sheets).flatMap(([path, text]) =>
      [...text.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]*)\{([^}]*)\}/g)]
        .filter((m) => /(^|[\s,>])(input|select|textarea)\b/.test(m[1]) && /border:\s*\d/.test(m[2]))
        .map((m) => ({ path, selector: m[1].trim(), value: /border:\s*([^;]+)/.exec(m[2])![1] })),
    );
    expect(drawn.length).toBeGreaterThanOrEqual(3); // the part form, its extras, the pager's field
    for (const r of drawn) expect(contrast(colour(r.value), '#ffffff'), `${r.path} ${r.selector}`).toBeGreaterThanOrEqual(3);
  });
});
