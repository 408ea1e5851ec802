// A part's optional columns as they are sent and saved.

import { foldMaterial, thicknessKey } from './material';

/** Extras are a part's optional columns: material, thickness, grain and a band code per edge. */
export interface Extras {
  material?: string;
  thickness?: number;
  grain?: string;
  edges?: object;
}

/**
 * withoutEmptyExtras returns p without the optional columns that say
 * nothing (blank material, no thickness, grain 'none', blank band codes),
 * the material trimmed: a part without them is sent and saved as before
 * they existed. p itself is not changed.
 */
export function withoutEmptyExtras<T extends Extras>(p: T): T {
  if (!('material' in p || 'thickness' in p || 'grain' in p || 'edges' in p)) return p;
  const { material, thickness, grain, edges, ...rest } = p;
  const out: Extras = rest;
  if (material?.trim()) out.material = material.trim();
  if (thickness) out.thickness = thickness;
  if (grain && grain !== 'none') out.grain = grain;
  const e = edges && Object.fromEntries(Object.entries(edges).filter(([, v]) => typeof v === 'string' && v.trim()));
  if (e && Object.keys(e).length) out.edges = e;
  return out as T;
}

/**
 * materialKey is the material group a stock row, a part, a page or a material of a result belongs
 * to, as the engine groups them: the material trimmed and case folded the Turkish way, and the
 * thickness to 0,01 mm.
 */
export function materialKey(material: string | undefined, thickness: number | undefined): string {
  return `${foldMaterial(material)}|${thicknessKey(thickness)}`;
}
