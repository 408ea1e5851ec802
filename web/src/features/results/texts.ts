// The per-material results' texts (Turkish; numbers the Turkish way).
import { fmtTL } from '../../lib/number';

const intFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });
const numFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 });
/** fmtNum writes a number with at most two decimals: 45,5 or 1.450. */
export const fmtNum = (v: number): string => numFmt.format(v);
const fmtI = (v: number): string => intFmt.format(v);

export const resultMsg = {
  pageCut: 'Kesildi',
  // The drawing's text for a screen reader: each part where it lies, top to bottom.
  placedParts: 'Levhadaki parçalar',
  placedPart: (name: string, size: string, x: string, y: string, rotated: boolean) =>
    `${name} ${size} cm: soldan ${x} cm, üstten ${y} cm${rotated ? ', döndürülmüş' : ''}`,
  offcutName: (code: string, what: string) => `Artık ${code} (${what})`,
  // An offcut used below the minimum use (Page.belowMinUse): sparing it would have cost a sheet.
  belowMinUse: 'en az kullanımın altında: ayrılsaydı yeni levha gerekirdi',
  materialHeading: (material: string, thickness?: number) =>
    `${material || 'Malzemesiz'}${thickness ? ` ${fmtNum(thickness)} mm` : ''}`,
  // A material's efficiency is the average of its sheets (one decimal), not
  // a sheet's whole percent ("Verim %76" under the sheet): said so, one
  // sheet's two figures do not read as two efficiencies.
  materialInfo: (pages: number, efficiency: number) => `${fmtI(pages)} levha · ortalama verim %${fmtNum(efficiency)}`,
  cost: (tl: number) => `Maliyet: ${fmtTL(tl)} TL`,
  costProof: (cost: number, bound: number) => `Bu planın maliyeti ${fmtTL(cost)} TL; hiçbir plan ${fmtTL(bound)} TL'den ucuz olamaz`,
  costProven: (cost: number) => `Bu planın maliyeti ${fmtTL(cost)} TL: en ucuz plan (kanıtlandı)`,
  sheetProof: (pages: number, bound: number) => `${fmtI(pages)} levha; en az ${fmtI(bound)} levha gerekir`,
  sheetProven: 'En az levha (kanıtlandı)',
  areaProven: 'En az levha alanı (kanıtlandı)',
  /** costOnly: a material's cost without a bound (laid out for area or sheets, not for price) */
  costOnly: (cost: number, unpriced: boolean) =>
    `Bu planın maliyeti ${fmtTL(cost)} TL${unpriced ? ' (fiyatı olmayan levha satırı var: en az levha alanı arandı)' : ''}.`,
  /** stockOut: a material whose limited stock ran out; its plan is not the job's, so no bound is claimed (as the PDF) */
  stockOut: (n: number) => `Stok yetmedi: ${fmtI(n)} parça yerleştirilemedi (plan eksik)`,
  stockOutTotal: (n: number) => `Stok yetmedi: ${fmtI(n)} parça stok yetmediği için yerleştirilemedi; tutarlar yalnız yerleştirilen parçaların.`,
  pageStock: (label: string) => `Levha: ${label}`,
  summaryTitle: 'Sipariş özeti',
  totalCost: 'Toplam maliyet',
  sheetCost: 'Levha maliyeti',
  withBand: '(levha ve bant)',
  fromStock: 'Stoktan kullanılan levhalar',
  toBuy: 'Satın alınacaklar',
  bandMeters: 'Kenar bandı',
  bandLine: (label: string, meters: number, cost: number) => `${label}: ${fmtNum(meters)} m${cost ? ` · ${fmtTL(cost)} TL` : ''}`,
  sheetsLine: (label: string, n: number) => `${label}: ${fmtI(n)} levha`,
  skippedTitle: 'Yerleştirilemeyen parçalar',
  /** skippedLine is a skipped part line and why (a result kept from before the reasons has none) */
  skippedLine: (name: string, quantity: number, reason: string) => `${name} (${fmtI(quantity)} adet)${reason ? `: ${reason}` : ''}`,
  legendBand: 'Kalın renkli çizgi: kenar bandı',
  defaultSheet: 'Tuval',
  sheetSize: (w: number, h: number) => `${fmtNum(w)}x${fmtNum(h)} cm`,
  pagesNav: 'Sayfalar',
  // A loaded layout's stored result on screen (not laid out anew), until the work changes.
  storedShown: 'Kayıtlı düzen gösteriliyor.',
  storedCut: 'Kesilmiş iş: kesilen düzen gösteriliyor.',
  recompute: 'Yeniden hesapla',
};
