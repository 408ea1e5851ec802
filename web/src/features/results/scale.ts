// Preview scaling of section 9: fit 800 x 600 px, scale between 1 and 8 px
// per cm, device pixel ratio capped at 2, grid every 10 cm (20 above
// 200 cm wide), labels only on parts bigger than 20 px (30 in ultra mode).

export interface PreviewScale {
  scale: number; // CSS px per cm
  width: number; // CSS px
  height: number;
  ratio: number; // backing pixels per CSS px
  grid: number; // cm
}

export function previewScale(sheetW: number, sheetH: number, devicePixelRatio = 1): PreviewScale {
  const scale = Math.min(8, Math.max(1, Math.min(800 / sheetW, 600 / sheetH)));
  return {
    scale,
    width: Math.round(sheetW * scale),
    height: Math.round(sheetH * scale),
    ratio: Math.min(2, Math.max(1, devicePixelRatio)),
    grid: sheetW > 200 ? 20 : 10,
  };
}

/** labelMinPx is the size a part must exceed, in px, to carry a label. */
export function labelMinPx(ultra: boolean): number {
  return ultra ? 30 : 20;
}
