import { parseDecimal, parseWhole } from '../../lib/number';
import { msg } from '../../messages';
import type { PartInput } from '../engine/types';
import { STORE_MAX_NAME_LENGTH, STORE_MAX_QUANTITY, STORE_MAX_SIZE_CM } from '../../generated/limits';

/** Part is one line of the job as the app keeps it. */
export type Part = PartInput;

let counter = 0;

/** newPartId returns an id unique within this page. */
export function newPartId(): string {
  counter += 1;
  return `p${Date.now().toString(36)}${counter}`;
}

/**
 * roundUpCm rounds a part's side up to 0.01 cm, the engine's 0.1 mm, as the
 * engine cuts it (nest.RoundUp): 45,555 is 45,56, while 45,55 and 0,29
 * stay, though 0.29 * 100 is 28.999999999999996 (within 1e-4 of a whole
 * 0.1 mm counts as that). A size within 10 nm of zero becomes 0, no size.
 */
export function roundUpCm(cm: number): number {
  if (!Number.isFinite(cm) || Math.abs(cm) > 1e12) return cm;
  const u = cm * 100;
  let r = Math.round(u);
  if (Math.abs(u - r) > 1e-4) r = Math.ceil(u);
  return r / 100;
}

export interface PartDraft {
  name: string;
  width: string;
  height: string;
  quantity: string;
}

export type Checked = { ok: true; part: Omit<Part, 'id'> } | { ok: false; error: string; field: keyof PartDraft };

/**
 * checkDraft validates the add-part form as the specification says: every
 * field is required, sizes and quantity positive (sizes rounded up to two
 * decimals as the engine cuts them, then up to 1000 cm; quantity whole),
 * the name trimmed.
 */
export function checkDraft(d: PartDraft): Checked {
  const name = d.name.trim();
  if (!name) return { ok: false, error: msg.fillAll, field: 'name' };
  for (const f of ['width', 'height', 'quantity'] as const) {
    if (!d[f].trim()) return { ok: false, error: msg.fillAll, field: f };
  }
  const width = roundUpCm(parseDecimal(d.width));
  const height = roundUpCm(parseDecimal(d.height));
  const quantity = parseWhole(d.quantity);
  const bad = (v: number, max: number) => !(v > 0) || v > max;
  if (bad(width, STORE_MAX_SIZE_CM)) return { ok: false, error: msg.positiveValues, field: 'width' };
  if (bad(height, STORE_MAX_SIZE_CM)) return { ok: false, error: msg.positiveValues, field: 'height' };
  if (!(quantity >= 1) || quantity > STORE_MAX_QUANTITY) return { ok: false, error: msg.positiveValues, field: 'quantity' };
  return { ok: true, part: { name: name.slice(0, STORE_MAX_NAME_LENGTH), width, height, quantity } };
}

/** totals sums a parts list: pieces, types and area in cm². */
export function totals(parts: Part[]): { pieces: number; types: number; area: number } {
  let pieces = 0;
  let area = 0;
  for (const p of parts) {
    pieces += p.quantity;
    area += p.width * p.height * p.quantity;
  }
  return { pieces, types: parts.length, area };
}

/** Size flags of section 4: 'large' above 100 types or 500 pieces, 'ultra' above 500 or 2000. */
export function dataSize(parts: Part[]): 'normal' | 'large' | 'ultra' {
  const { pieces, types } = totals(parts);
  if (types > 500 || pieces > 2000) return 'ultra';
  if (types > 100 || pieces > 500) return 'large';
  return 'normal';
}

/** showBanner reports whether the performance banner is shown (section 2). */
export function showBanner(parts: Part[]): boolean {
  const { pieces, types } = totals(parts);
  return pieces > 200 || types > 100;
}

export interface PasteResult {
  parts: Omit<Part, 'id'>[];
  errors: string[];
}

const fieldNames = ['ad', 'genişlik', 'yükseklik', 'adet'] as const;

/**
 * parsePaste reads rows copied from Excel: tab separated name, width,
 * height and quantity (quantity may be left out: 1). A header row is
 * skipped. Bad rows are named by their line and field.
 */
export function parsePaste(text: string): PasteResult {
  const out: PasteResult = { parts: [], errors: [] };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const cells = line.split('\t').map((c) => c.trim());
    if (i === 0 && cells.length > 1 && Number.isNaN(parseDecimal(cells[1] ?? ''))) {
      return; // a header row
    }
    const draft: PartDraft = {
      name: cells[0] ?? '',
      width: cells[1] ?? '',
      height: cells[2] ?? '',
      quantity: cells[3] || '1',
    };
    const c = checkDraft(draft);
    if (c.ok) {
      out.parts.push(c.part);
    } else {
      const idx = ['name', 'width', 'height', 'quantity'].indexOf(c.field);
      out.errors.push(msg.pasteRow(i + 1, draft.name, fieldNames[idx], c.error));
    }
  });
  return out;
}

/** isTabular reports whether pasted text looks like spreadsheet rows. */
export function isTabular(text: string): boolean {
  return text.includes('\t');
}
