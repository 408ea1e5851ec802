// Numbers as Turkish users type and read them.

/**
 * ungroup drops Turkish thousands dots ("1.450" -> "1450", "12.500,75" ->
 * "12500,75"), as the app writes numbers; other text stays as it is. A
 * number whose first group starts with 0 ("0.250", "00.500") is not
 * grouped: its dot is a decimal point.
 */
export function ungroup(text: string): string {
  const t = text.trim();
  return /^-?[1-9]\d{0,2}(\.\d{3})+(,\d+)?$/.test(t) ? t.replace(/\./g, '') : t;
}

/**
 * parseDecimal reads "45,5", "45.5", " 45 ", "0.250" (0.25) and, with
 * thousands dots as the app writes them, "1.450" (1450) or "1.450,50" as a
 * number. It
 * returns NaN for anything else (empty text, letters, two decimal
 * separators, exponents).
 */
export function parseDecimal(text: string): number {
  const s = ungroup(text);
  if (!/^-?\d+([.,]\d+)?$/.test(s)) return NaN;
  return Number(s.replace(',', '.'));
}

/**
 * exponentValue is the value of a number written with an exponent, as a
 * calculator or a number field shows a large one ("1e5", "2,5E3", "1.5e-3"),
 * NaN for any other text. No reader takes a size or a count in this form
 * (parseDecimal and parseWhole refuse it); a form's check only uses it to
 * say of 1e5 what it says of 100000, that it is past the limit.
 */
export function exponentValue(text: string): number {
  const t = text.trim();
  return /^-?\d+([.,]\d+)?e[+-]?\d+$/i.test(t) ? Number(t.replace(',', '.')) : NaN;
}

/** parseWhole reads a whole number ("12", "1.000"); NaN otherwise. */
export function parseWhole(text: string): number {
  const s = ungroup(text);
  return /^-?\d+$/.test(s) ? Number(s) : NaN;
}

/** hasAtMostTwoDecimals reports whether v has at most two decimals. */
export function hasAtMostTwoDecimals(v: number): boolean {
  return Math.abs(v * 100 - Math.round(v * 100)) < 1e-7;
}

const fmt1 = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const fmt2 = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 });

/** fmtCm writes a length without trailing zeros: 45,5 or 30. */
export function fmtCm(v: number): string {
  return fmt2.format(v);
}

/** fmt1d writes a number with one decimal: 87,5. */
export function fmt1d(v: number): string {
  return fmt1.format(v);
}

const moneyFmt = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * fmtTL writes an amount of lira the Turkish way, always with its kuruş as
 * the PDF and the quote write them: 1.450,00; 16,90 (a sentence mixing
 * 4.051 and 3.901,50 read as two kinds of number). Less than half a kuruş
 * is 0,00, never -0,00.
 */
export function fmtTL(v: number): string {
  return moneyFmt.format(Math.abs(v) < 0.005 ? 0 : v);
}

/**
 * shiftDecimal moves a number's decimal point by places (10^places times
 * the number), on its digits so that nothing is lost to binary fractions:
 * shiftDecimal("455", -1) is "45,5", shiftDecimal("1,8", 1) is "18". The
 * number is read as parseDecimal reads it (thousands dots, a decimal comma
 * or point); other text is returned as it is, for the check to refuse.
 */
export function shiftDecimal(text: string, places: number): string {
  const m = /^(-?)(\d+)(?:[.,](\d+))?$/.exec(ungroup(text));
  if (!m || places === 0) return text;
  const digits = m[2] + (m[3] ?? '');
  // the place of the decimal point within digits, moved
  let point = m[2].length + places;
  let all = digits;
  if (point > all.length) all = all.padEnd(point, '0');
  if (point < 1) {
    all = '0'.repeat(1 - point) + all;
    point = 1;
  }
  const int = all.slice(0, point).replace(/^0+(?=\d)/, '');
  const frac = all.slice(point).replace(/0+$/, '');
  return `${m[1]}${int}${frac ? `,${frac}` : ''}`;
}

/**
 * roundCm rounds a size in cm to 0.01 cm, the engine's 0.1 mm, by round
 * (Math.ceil or Math.floor), except that within 1e-4 of a whole 0.1 mm
 * counts as that: 0,29 stays, though 0.29 * 100 is 28.999999999999996.
 */
function roundCm(cm: number, round: (u: number) => number): number {
  if (!Number.isFinite(cm) || Math.abs(cm) > 1e12) return cm;
  const u = cm * 100;
  let r = Math.round(u);
  if (Math.abs(u - r) > 1e-4) r = round(u);
  return r / 100;
}

/**
 * roundUpCm rounds a part's side up to 0.01 cm, as the engine cuts it
 * (nest.RoundUp): 45,555 is 45,56, while 45,55 and 0,29 stay. A size within
 * 10 nm of zero becomes 0, no size.
 */
export function roundUpCm(cm: number): number {
  return roundCm(cm, Math.ceil);
}

/**
 * roundDownCm rounds a sheet's side down to 0.01 cm, as the engine takes a
 * sheet and the store keeps it (nest.RoundDown): 183,555 and 183,554 are
 * both 183,55, one sheet, while 0,29 stays.
 */
export function roundDownCm(cm: number): number {
  return roundCm(cm, Math.floor);
}
