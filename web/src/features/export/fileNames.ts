// The files' names: the bridge names them as the specification does
// (efeaktif_cutting_100x148_2026-12-06_1795337400000.pdf, after the canvas;
// efeaktif_etiketler_….pdf); a saved job's files are named after the job,
// and a layout on stock rows or materials after the first sheet it uses,
// not the canvas it does not, or, when it cuts more than one material,
// after their count (3-malzeme), not one of them.
import { materialKey } from '../../lib/extras';
import { foldName } from '../../lib/fold';
import type { Result } from '../engine/types';

/** MAX_SLUG bounds the name's part taken from a job or material name, in characters. */
const MAX_SLUG = 60;

/**
 * slug writes a name for a file name: lower case the Turkish way, Turkish
 * letters as ASCII ("Yılmaz Mutfak – ğüşıöçİ": yilmaz-mutfak-gusioci), other
 * marks dropped, anything else between words a "-"; '' when nothing is left.
 */
export function slug(name: string): string {
  // foldName lower-cases the Turkish way and writes the Turkish letters as ASCII, as a search folds them.
  const s = foldName(name)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s.slice(0, MAX_SLUG).replace(/-+$/, '');
}

/** plain writes a size as the bridge does in a file name: 183, 183.5. */
const plain = (v: number) => String(Math.round(v * 10) / 10);

/**
 * sheetsName names the sheets a layout on stock rows or with materials
 * cuts: those of one material (and thickness) by the first one, its
 * material and thickness and its size (beyaz-sunta-18mm_183x366); those of
 * more than one by their count (3-malzeme: the first one's name would
 * claim the whole job for it, and its size would be one material's); null
 * for a layout on the canvas alone, which the bridge names. Sheets of no
 * material among others count as one material: they are other sheets.
 */
function sheetsName(result: Result): string | null {
  const p = result.pages[0];
  if (!p) return null;
  const materials = new Set(result.pages.map((q) => materialKey(q.material, q.thickness))).size;
  if (materials > 1) return `${materials}-malzeme`;
  const stock = p.stockId !== undefined && p.stockId !== 'sheet';
  const material = slug(`${p.material ?? ''}${p.thickness ? ` ${p.thickness}mm` : ''}`.replace('.', ','));
  if (!stock && !material) return null;
  const size = `${plain(p.width ?? result.sheet.width)}x${plain(p.height ?? result.sheet.height)}`;
  return material ? `${material}_${size}` : size;
}

/**
 * fileName renames a file the bridge named (fileName, paperFileName): after
 * the job when it has a name (yilmaz-mutfak_2026-12-06_<ms>.pdf,
 * yilmaz-mutfak_etiketler_….pdf), else after the sheets used when the
 * layout is on stock rows or materials (sheetsName:
 * efeaktif_cutting_beyaz-sunta-18mm_183x366_….pdf, for three materials
 * efeaktif_cutting_3-malzeme_….pdf); the date, the time and
 * the ending stay the bridge's. Other names are kept, with the job's name
 * before them.
 */
export function fileName(given: string, job: string | undefined, result: Result): string {
  if (typeof given !== 'string' || !given) return given; // a stand-in exporter's
  const named = slug(job ?? '');
  const cutting = /^efeaktif_cutting_[0-9.]+x[0-9.]+(?=[_.])/.exec(given);
  if (cutting) {
    const rest = given.slice(cutting[0].length);
    if (named) return named + rest;
    const sheet = sheetsName(result);
    return sheet ? `efeaktif_cutting_${sheet}${rest}` : given;
  }
  if (!named) return given;
  if (given.startsWith('efeaktif_')) return named + given.slice('efeaktif'.length);
  return `${named}_${given}`;
}
