// The stock dialog's and the per-material results' texts (Turkish). The
// validation messages are docs/engine.md's table, word for word.
import { msgInvalidSheet, msgInvalidValues } from '../../generated/texts';

const intFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });
const moneyFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 });
const numFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 });

/** fmtTL writes an amount of lira the Turkish way: 1.450 or 16,9. */
export const fmtTL = (v: number): string => moneyFmt.format(v);
/** fmtNum writes a number with at most two decimals: 45,5 or 1.450. */
export const fmtNum = (v: number): string => numFmt.format(v);
const fmtI = (v: number): string => intFmt.format(v);

export const stockMsg = {
  open: 'Levha stoku',
  title: 'Levha stoku',
  stockRows: 'Stok satırları',
  bandCodes: 'Bant kodları',
  options: 'Seçenekler',
  name: 'Ad',
  material: 'Malzeme',
  thickness: 'Kalınlık (mm)',
  width: 'Genişlik (cm)',
  height: 'Yükseklik (cm)',
  quantity: 'Adet',
  quantityHint: 'Boş = sınırsız (satın alınacak)',
  price: 'Fiyat (TL)',
  grain: 'Damar',
  grainNone: 'yok',
  grainVertical: 'dikey',
  grainHorizontal: 'yatay',
  code: 'Kod',
  bandName: 'Ad',
  bandThickness: 'Kalınlık (mm)',
  bandPrice: 'Metre fiyatı (TL)',
  overlength: 'Fazlalık (cm)',
  addRow: 'Stok satırı ekle',
  addBand: 'Bant kodu ekle',
  remove: 'Sil',
  importCsv: 'CSV içe aktar',
  objective: 'Hedef',
  objectiveCost: 'maliyet',
  objectiveArea: 'alan',
  objectiveSheets: 'levha sayısı',
  deductBands: 'Bant kalınlığını kesim ölçüsünden düş',
  save: 'Kaydet',
  cancel: 'İptal',
  empty: 'Stok satırı yok: tüm parçalar tuvaldeki levhaya yerleştirilir.',
  noBands: 'Bant kodu yok.',
  saved: 'Levha stoku kaydedildi.',
  savedLocally: 'Levha stoku bu tarayıcıda saklandı; sunucuya bağlanınca gönderilecek.',
  csvImported: (n: number) => `${fmtI(n)} stok satırı içe aktarıldı.`,
  csvEmpty: 'CSV dosyasında stok satırı bulunamadı.',
  csvNoHeader: 'CSV dosyasının başlık satırında genişlik ve yükseklik sütunları olmalı.',
  csvRow: (line: number, problem: string) => `Satır ${line}: ${problem}`,
  unlimited: 'sınırsız',
  rowLabel: (i: number) => `Satır ${i + 1}`,
  bandLabel: (i: number) => `Bant ${i + 1}`,

  // docs/engine.md, "Limits"
  tooManyRows: 'En fazla 1.000 stok satırı olabilir.',
  badId: 'Stok satırının kimliği boş veya tekrar ediyor.',
  badQuantity: 'Stok adedi 0 (sınırsız) ile 100.000 arasında bir tam sayı olmalı.',
  badPrice: 'Fiyat 0 ile 1.000.000.000 TL arasında olmalı.',
  badThickness: 'Kalınlık 0 ile 1.000 mm arasında olmalı.',
  badBandThickness: 'Bant kalınlığı 0 ile 10 mm arasında olmalı.',
  badOverlength: 'Bant fazlalığı 0 ile 100 cm arasında olmalı.',
  tooManyBands: 'En fazla 100 bant kodu olabilir.',
  badCode: 'Bant kodu boş veya tekrar ediyor.',
  tooLong: 'Metin en fazla 200 karakter olabilir.',
  badGrain: 'Damar yönü geçersiz.',
  badSheet: msgInvalidSheet,
  sheetTooBig: 'Tuval boyutu en fazla 10.000 cm olabilir.',
  badValues: msgInvalidValues,

  // results
  materialHeading: (material: string, thickness?: number) =>
    `${material || 'Malzemesiz'}${thickness ? ` ${fmtNum(thickness)} mm` : ''}`,
  materialInfo: (pages: number, efficiency: number) => `${fmtI(pages)} levha · verim %${fmtNum(efficiency)}`,
  cost: (tl: number) => `Maliyet: ${fmtTL(tl)} TL`,
  costProof: (cost: number, bound: number) => `Bu planın maliyeti ${fmtTL(cost)} TL; hiçbir plan ${fmtTL(bound)} TL'den ucuz olamaz`,
  costProven: (cost: number) => `Bu planın maliyeti ${fmtTL(cost)} TL: en ucuz plan (kanıtlandı)`,
  sheetProof: (pages: number, bound: number) => `${fmtI(pages)} levha; en az ${fmtI(bound)} levha gerekir`,
  sheetProven: 'En az levha (kanıtlandı)',
  pageStock: (label: string) => `Levha: ${label}`,
  summaryTitle: 'Sipariş özeti',
  totalCost: 'Toplam maliyet',
  fromStock: 'Stoktan kullanılan levhalar',
  toBuy: 'Satın alınacaklar',
  bandMeters: 'Kenar bandı',
  bandLine: (label: string, meters: number, cost: number) => `${label}: ${fmtNum(meters)} m${cost ? ` · ${fmtTL(cost)} TL` : ''}`,
  sheetsLine: (label: string, n: number) => `${label}: ${fmtI(n)} levha`,
  skippedTitle: 'Yerleştirilemeyen parçalar',
  skippedLine: (name: string, quantity: number, reason: string) => `${name} (${fmtI(quantity)} adet): ${reason}`,
  legendBand: 'Kalın renkli çizgi: kenar bandı',
  defaultSheet: 'Tuval',
};
