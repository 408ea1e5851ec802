/**
 * foldMaterial is a material as the engine matches it (nest.FoldMaterial): outer spaces and
 * Turkish case aside, and the dotted and dotless i one letter, so that "CEVIZ" (a spreadsheet's
 * UPPER) is "Ceviz".
 */
export function foldMaterial(m: string | undefined): string {
  return (m ?? '')
    .trim()
    .toLocaleLowerCase('tr-TR')
    .replace(/ı\u0307|i\u0307|ı/g, 'i');
}

/**
 * thicknessKey is a thickness (mm) as the engine compares it and the store
 * keeps it: in 0,01 mm, none as 0 (nest's thickKey, store.Hundredths;
 * Math.round is Go's math.Round for a thickness, never negative): 18,004
 * and 18 are one.
 */
export function thicknessKey(t: number | undefined): number {
  return Math.round((t ?? 0) * 100);
}
