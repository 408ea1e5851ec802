// The price quote's (Teklif) options: the form's text, its checks and the
// options JSON the exporter's quote (export/quote, quote.Options) reads.

import { parseDecimal } from '../../lib/number';
import { storageSet } from '../../lib/storage';
import { quoteMsg } from './texts';

/** The bounds quote.Options.Check enforces (export/quote/quote.go). */
export const maxPrice = 10_000_000;
export const maxMargin = 1000;
export const maxKdv = 100;
export const maxText = 200;
export const defaultKdv = 20;

/** QuoteForm is the form as typed: numbers are Turkish text ("45,5"). */
export interface QuoteForm {
  factory: string;
  customer: string;
  sheetPrice: string;
  sheetByArea: boolean;
  cutPerMetre: string;
  cutPerSheet: string;
  marginPct: string;
  kdvPct: string;
}

/** QuoteOptions is the options JSON of quote.Options (names as in Go). */
export interface QuoteOptions {
  factory?: string;
  customer?: string;
  sheetByArea?: boolean;
  sheetPrice?: number;
  cutPerMetre?: number;
  cutPerSheet?: number;
  marginPct?: number;
  kdvPct: number;
}

export type QuoteField = Exclude<keyof QuoteForm, 'sheetByArea'>;
export type QuoteErrors = Partial<Record<QuoteField, string>>;

export const storageKey = 'kesim-quote';

/** emptyForm is the form a first quote starts with: KDV 20 %. */
export function emptyForm(factory = ''): QuoteForm {
  return {
    factory: factory.slice(0, maxText),
    customer: '',
    sheetPrice: '',
    sheetByArea: false,
    cutPerMetre: '',
    cutPerSheet: '',
    marginPct: '',
    kdvPct: String(defaultKdv),
  };
}

const str = (v: unknown, max = 40): string | undefined => (typeof v === 'string' ? v.slice(0, max) : undefined);

/**
 * rememberedForm is the form the last quote was made with (localStorage
 * kesim-quote), over the defaults; the page's factory name stands in when
 * none was remembered. Anything unreadable is ignored.
 */
export function rememberedForm(factory = ''): QuoteForm {
  const form = emptyForm(factory);
  let saved: Record<string, unknown> | null = null;
  try {
    const raw = localStorage.getItem(storageKey);
    const v: unknown = raw ? JSON.parse(raw) : null;
    if (v && typeof v === 'object' && !Array.isArray(v)) saved = v as Record<string, unknown>;
  } catch {
    saved = null;
  }
  if (!saved) return form;
  const f = str(saved.factory, maxText);
  if (f?.trim()) form.factory = f;
  form.customer = str(saved.customer, maxText) ?? form.customer;
  for (const k of ['sheetPrice', 'cutPerMetre', 'cutPerSheet', 'marginPct', 'kdvPct'] as const) form[k] = str(saved[k]) ?? form[k];
  if (typeof saved.sheetByArea === 'boolean') form.sheetByArea = saved.sheetByArea;
  return form;
}

/**
 * remember keeps the form for the next quote. A write this browser refuses
 * (its storage full, a private window) is told (storageSet) and the
 * quote is made all the same: the next one starts from what was kept
 * before, or the defaults.
 */
export function remember(form: QuoteForm): void {
  storageSet('quote', () => localStorage, storageKey, JSON.stringify(form));
}

const chars = (s: string) => Array.from(s).length;

/** number reads one field: empty is 0 unless required; NaN or out of [0, max] is an error. */
function number(text: string, max: number, outOfRange: string, required = false): number | string {
  if (!text.trim()) return required ? quoteMsg.required : 0;
  const v = parseDecimal(text);
  if (Number.isNaN(v)) return quoteMsg.notNumber;
  if (v < 0 || v > max) return outOfRange;
  return v;
}

/**
 * checkQuote reads the form: the options for the exporter, or the Turkish
 * message of each field that is wrong (the bounds of quote.Options.Check).
 */
export function checkQuote(form: QuoteForm): { options: QuoteOptions; errors: null } | { options: null; errors: QuoteErrors } {
  const errors: QuoteErrors = {};
  const factory = form.factory.trim();
  const customer = form.customer.trim();
  if (chars(factory) > maxText) errors.factory = quoteMsg.tooLong;
  if (chars(customer) > maxText) errors.customer = quoteMsg.tooLong;
  const read = {
    sheetPrice: number(form.sheetPrice, maxPrice, quoteMsg.priceRange),
    cutPerMetre: number(form.cutPerMetre, maxPrice, quoteMsg.priceRange),
    cutPerSheet: number(form.cutPerSheet, maxPrice, quoteMsg.priceRange),
    marginPct: number(form.marginPct, maxMargin, quoteMsg.marginRange),
    kdvPct: number(form.kdvPct, maxKdv, quoteMsg.kdvRange, true),
  };
  for (const [k, v] of Object.entries(read)) if (typeof v === 'string') errors[k as QuoteField] = v;
  if (Object.keys(errors).length > 0) return { options: null, errors };
  const n = read as Record<keyof typeof read, number>;
  const options: QuoteOptions = { kdvPct: n.kdvPct };
  if (factory) options.factory = factory;
  if (customer) options.customer = customer;
  if (form.sheetByArea) options.sheetByArea = true;
  if (n.sheetPrice > 0) options.sheetPrice = n.sheetPrice;
  if (n.cutPerMetre > 0) options.cutPerMetre = n.cutPerMetre;
  if (n.cutPerSheet > 0) options.cutPerSheet = n.cutPerSheet;
  if (n.marginPct > 0) options.marginPct = n.marginPct;
  return { options, errors: null };
}
