import { describe, expect, it } from 'vitest';
import { exponentValue, fmt1d, fmtCm, fmtTL, hasAtMostTwoDecimals, parseDecimal, parseWhole } from './number';

describe('parseDecimal', () => {
  it('reads a decimal comma as Turkish users type it', () => {
    expect(parseDecimal('45,5')).toBe(45.5);
    expect(parseDecimal(' 45.25 ')).toBe(45.25);
    expect(parseDecimal('30')).toBe(30);
  });
  it('reads thousands dots as the app writes numbers', () => {
    expect(parseDecimal('1.450')).toBe(1450);
    expect(parseDecimal('1.000')).toBe(1000);
    expect(parseDecimal('1.450,50')).toBe(1450.5);
    expect(parseDecimal('12.500.000')).toBe(12500000);
    expect(parseDecimal('45.5')).toBe(45.5);
  });
  it('reads a dot after a leading zero as a decimal point, not a thousands dot', () => {
    expect(parseDecimal('0.250')).toBe(0.25);
    expect(parseDecimal('00.500')).toBe(0.5);
    expect(parseDecimal('-0.750')).toBe(-0.75);
    expect(parseDecimal('0.250,5')).toBeNaN();
    expect(parseWhole('0.250')).toBeNaN();
    expect(parseDecimal('10.250')).toBe(10250);
  });
  it('refuses what is not a plain number', () => {
    for (const s of ['', 'abc', '1,2,3', '1.2.3', '1e3', '0x10', '12 cm']) expect(parseDecimal(s)).toBeNaN();
  });
});

describe('parseWhole', () => {
  it('reads whole numbers only', () => {
    expect(parseWhole('12')).toBe(12);
    expect(parseWhole('2,5')).toBeNaN();
    expect(parseWhole('1.000')).toBe(1000);
    expect(parseWhole('1.5')).toBeNaN();
  });
});

describe('formatting', () => {
  it('writes lengths and areas the Turkish way', () => {
    expect(fmtCm(45.5)).toBe('45,5');
    expect(fmtCm(30)).toBe('30');
    expect(fmt1d(22990)).toBe('22.990,0');
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(10.123)).toBe(false);
  });

  it('writes lira with their kuruş, as the results, the comparison of plans and the quote do', () => {
    expect(fmtTL(1450)).toBe('1.450,00');
    expect(fmtTL(16.9)).toBe('16,90');
    expect(fmtTL(3703.504)).toBe('3.703,50');
    expect(fmtTL(-0.004)).toBe('0,00');
  });
});

describe('exponentValue', () => {
  it('reads only a number written with an exponent, which parseDecimal refuses', () => {
    for (const [text, v] of [
      ['1e5', 1e5],
      [' 2,5E3 ', 2500],
      ['1.5e-3', 0.0015],
      ['-1e+2', -100],
    ] as const) {
      expect(exponentValue(text)).toBe(v);
      expect(parseDecimal(text)).toBeNaN();
    }
    for (const text of ['100000', '45,5', 'e5', '1e', '1e5x', '1,5,e3', '', 'Infinity']) expect(exponentValue(text)).toBeNaN();
  });
});
