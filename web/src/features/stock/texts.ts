// The stock dialog's texts (Turkish). The validation messages and grain
// words are the engine's (generated/texts.ts, docs/engine.md's table).
import {
  grainWordHorizontal,
  grainWordNone,
  grainWordVertical,
  msgBandCode,
  msgBandThickness,
  msgInvalidGrain,
  msgInvalidSheet,
  msgInvalidValues,
  msgOverlength,
  msgPrice,
  msgSizeTooLarge,
  msgStockID,
  msgStockQuantity,
  msgTextTooLong,
  msgThickness,
  msgTooManyBands,
  msgTooManyStock,
} from '../../generated/texts';
import { msg } from '../../messages';

const intFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });
const fmtI = (v: number): string => intFmt.format(v);
const areaFmt = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** fmtArea writes an area in m² the Turkish way: 1.234,50. */
export const fmtArea = (m2: number): string => areaFmt.format(m2);

export const stockMsg = {
  /** the stock was changed here offline and, meanwhile, elsewhere too (useStockSync) */
  changedElsewhere:
    'Levha stoku bu tarayıcıda çevrimdışı değiştirildi, ama bu arada başka bir yerde de değiştirilmiş. ' +
    'Bu tarayıcıdaki liste sunucudakinin yerine kaydedilsin mi? İptal ederseniz sunucudaki liste alınır.',
  /** asked at sign-out when the stock changed here could not be saved: another tab or device saved the list since (409) */
  changedElsewhereAtSignOut:
    'Levha stokunda bu tarayıcıda yaptığınız değişiklikler kaydedilemedi: liste bu arada başka bir pencereden ya da cihazdan kaydedilmiş. ' +
    'Bu tarayıcıdaki liste sunucudakinin yerine kaydedilsin mi? İptal ederseniz sunucudaki liste kalır.',
  /** under the server's message when a save was refused because the list was saved elsewhere since (409) */
  conflictHint:
    'Değişiklikleriniz bu pencerede duruyor. Öbür pencerede ya da cihazda kaydedilen listeyi görmek için "Sunucudaki listeyi aç" düğmesine basın ' +
    've değişikliklerinizi o listede yeniden yapın. "Kaydet" derseniz öbür kaydın yerine bu penceredeki liste kaydedilir.',
  reloadServer: 'Sunucudaki listeyi aç',
  /** asked before the server's list replaces the dialog's after a conflict */
  confirmReload: 'Sunucudaki liste açılınca bu penceredeki değişiklikleriniz silinecek. Açılsın mı?',
  reloadFailed: 'Sunucudaki liste okunamadı; bağlantıyı denetleyip yeniden deneyin.',
  /** over the rows that differ between the user's refused list and the server's (stockDiff); values go "sunucudaki → sizdeki" */
  diffSummary: (rows: number) =>
    rows > 0 ? `Sunucudaki listeden farklı ${fmtI(rows)} satır (sunucudaki → sizdeki):` : 'Sunucudaki listeden farklar (sunucudaki → sizdeki):',
  /** the user's refused list holds the same rows as the server's (their order aside) */
  diffNone: 'Satırlarınız sunucudaki listeyle aynı.',
  /** the differences not listed, past the first ones */
  diffMore: (n: number) => `… ve ${fmtI(n)} fark daha.`,
  /** a row in the user's list only */
  onlyMine: 'yalnız sizde',
  /** a row on the server only */
  onlyServer: 'yalnız sunucuda',
  /** an offcut the user took off the rack, still on the server's */
  offcutTakenOff: 'yalnız sunucuda (siz raftan kaldırdınız)',
  offcutOnlyMine: 'yalnız sizde (sunucuda rafta yok)',
  offcutSettingsDiffer: 'Artık ayarları (en küçük artık ölçüsü, raf sınırı, en az kullanım) farklı.',
  /** a sheet row in a list of differences: "Satır 2 (Beyaz 183 × 366)", or its name when only on the server */
  diffSheet: (row: number, name: string) => (row >= 0 ? `Satır ${row + 1} (${name})` : name),
  /** a band code, an offcut in a list of differences */
  diffBand: (code: string) => `Bant ${code}`,
  diffOffcut: (code: string) => `Artık ${code}`,
  /** a field that changed: "adet 4 → 2" */
  diffField: (field: string, server: string, mine: string) => `${field} ${server} → ${mine}`,
  /** the fields' words in a list of differences */
  diffFields: {
    name: 'ad',
    material: 'malzeme',
    thickness: 'kalınlık',
    width: 'genişlik',
    height: 'yükseklik',
    quantity: 'adet',
    price: 'fiyat',
    grain: 'damar',
    overlength: 'fazlalık',
    bandPrice: 'metre fiyatı',
    objective: 'hedef',
    deductBands: 'bant kalınlığı düşülür',
    keepLeftover: 'son levhada tek artık',
  },
  /** a layout option's value in a list of differences */
  yes: 'evet',
  no: 'hayır',
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
  grainNone: grainWordNone,
  grainVertical: grainWordVertical,
  grainHorizontal: grainWordHorizontal,
  code: 'Kod',
  bandName: 'Ad',
  bandThickness: 'Kalınlık (mm)',
  bandPrice: 'Metre fiyatı (TL)',
  overlength: 'Fazlalık (cm)',
  addRow: 'Stok satırı ekle',
  addBand: 'Bant kodu ekle',
  remove: 'Sil',
  importCsv: 'CSV içe aktar',
  /** the import button's title: it takes an Excel workbook too */
  importCsvHint: 'CSV ya da Excel (.xlsx)',
  objective: 'Hedef',
  objectiveCost: 'maliyet',
  objectiveArea: 'alan',
  objectiveSheets: 'levha sayısı',
  deductBands: 'Bant kalınlığını kesim ölçüsünden düş',
  keepLeftover: 'Son levhada artık tek parça kalsın',
  keepLeftoverHint: 'Her malzemenin son levhasında parçalar, artık dağınık boşluklar yerine tek büyük dikdörtgen kalacak biçimde dizilir; levha sayısı değişmez.',
  save: 'Kaydet',
  cancel: 'İptal',
  empty: 'Stok satırı yok: tüm parçalar tuvaldeki levhaya yerleştirilir.',
  noBands: 'Bant kodu yok.',
  saved: 'Levha stoku kaydedildi.',
  /** asked before the dialog is closed (Escape, İptal) with changes not saved */
  confirmDiscard: 'Levha stokunda kaydedilmemiş değişiklikler var. Pencere kapatılırsa bu değişiklikler kaybolacak. Kapatılsın mı?',
  savedLocally: 'Levha stoku bu tarayıcıda saklandı; sunucuya bağlanınca gönderilecek.',
  csvImported: (n: number) => `${fmtI(n)} stok satırı içe aktarıldı.`,
  /**
   * what importing a stock CSV did to the list: rows added, rows of the
   * list updated (same kod, or the same sheet), rows already there as they were
   */
  csvMerged: (added: number, updated: number, same: number) => {
    if (updated === 0 && same === 0) return `${fmtI(added)} stok satırı içe aktarıldı.`;
    const parts = [
      added ? `${fmtI(added)} satır eklendi` : '',
      updated ? `${fmtI(updated)} satır güncellendi` : '',
      same ? `${fmtI(same)} satır listede zaten aynıydı` : '',
    ].filter(Boolean);
    return `${fmtI(added + updated + same)} stok satırı içe aktarıldı: ${parts.join(', ')}.`;
  },
  /** a kod a stock CSV gives twice: the later row is not read */
  csvRepeatedCode: (first: number) => `bu kod ${fmtI(first)}. satırda da var; bu satır alınmadı.`,
  /** a sheet a stock CSV gives twice (unless both rows give a kod), or a row of the list two lines of the file match: the later line is not read (kesim nest --stock's words) */
  csvRepeatedSheet: (first: number) =>
    `${fmtI(first)}. satırdaki levhanın aynısı (malzeme, kalınlık, ölçü ve damar); bu satır alınmadı: adetleri tek satırda toplayın ya da iki satıra da ayrı birer kod verin.`,
  csvEmpty: 'CSV dosyasında stok satırı bulunamadı.',
  csvNoHeader: 'CSV dosyasının başlık satırında genişlik ve yükseklik sütunları olmalı.',
  /** a bad row of a stock CSV, named by its line and name (or material, or kod): "Satır 3 (Sunta): …" */
  csvRow: (line: number, name: string, problem: string) => `Satır ${line}${name ? ` (${name})` : ''}: ${problem}`,
  /** a bad field of a stock CSV row, as the part reader says it: "Satır 3 (Sunta), genişlik: …" */
  csvField: (line: number, name: string, column: string, problem: string) => `Satır ${line}${name ? ` (${name})` : ''}, ${column}: ${problem}`,
  // The part reader's words (features/parts/texts.ts) for a row with too many cells.
  extraCells: 'başlıktaki sütunlardan fazla hücre var.',
  extraCellsComma: 'sütunlardan fazla hücre var; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5").',
  /** a header's unit a column does not take, as the part reader and kesim nest say it (money: a price) */
  unknownUnit: (cell: string, column: string, money: boolean) => msg.unknownHeaderUnit(cell, column, money ? 'TL' : 'mm, cm veya m'),
  /** the header's length columns in another unit, converted: "genişlik ve yükseklik mm'den cm'ye çevrildi" */
  converted: msg.converted,
  /** a size or thickness cell whose unit no length takes: "24 in" */
  unknownCellUnit: msg.unknownCellUnit,
  /** the rows an etkin column (CutList Optimizer's Enabled) turned off, left out: '"Enabled" sütununda kapalı olan 2 satır alınmadı: satır 3 ve 5.' */
  csvDisabled: (header: string, lines: number[]) => msg.disabledRows(header, lines, 'alınmadı'),
  /** a success message with what was converted: "2 stok satırı içe aktarıldı (… çevrildi)." */
  withConverted: (text: string, converted: string | undefined) => (converted ? `${text.replace(/\.$/, '')} (${converted}).` : text),
  /** the header cells the stock CSV reader does not know: their columns are not read */
  csvUnknownColumns: (names: string[]) => `Tanınmayan sütunlar: ${names.join(', ')}`,
  csvRepeatedColumns: (names: string[]) => `Birden çok kez yazılan sütunların yalnızca ilki okundu: ${names.join(', ')}`,
  csvTooLarge: 'Dosya çok büyük: en fazla 1 MB okunabilir.',
  csvUnreadable: 'Dosya okunamadı.',
  unlimited: 'sınırsız',
  rowLabel: (i: number) => `Satır ${i + 1}`,
  bandLabel: (i: number) => `Bant ${i + 1}`,
  /** asked before saving band codes without ones that parts on screen use (removed or renamed) */
  confirmBandsLost: (lost: { code: string; parts: number }[]) =>
    `${lost.map((b) => `${b.code} bant kodunu ${fmtI(b.parts)} parça`).join(', ')} kullanıyor; ` +
    `${lost.length > 1 ? 'bu kodlar silinirse parçalardaki kodlar' : 'silinirse parçalardaki kod'} tanınmaz; parçaların bandı değiştirilene dek yerleşim yapılamaz. Yine de kaydedilsin mi?`,

  // docs/engine.md, "Limits"
  tooManyRows: msgTooManyStock,
  badId: msgStockID,
  badQuantity: msgStockQuantity,
  badPrice: msgPrice,
  badThickness: msgThickness,
  badBandThickness: msgBandThickness,
  badOverlength: msgOverlength,
  tooManyBands: msgTooManyBands,
  badCode: msgBandCode,
  tooLong: msgTextTooLong,
  badGrain: msgInvalidGrain,
  badSheet: msgInvalidSheet,
  /** the server's limit on saved sizes (store.MaxSize) */
  sheetTooBig: msgSizeTooLarge,
  badValues: msgInvalidValues,

  // Offcuts (Artıklar): the rack, its settings (the server's words)
  offcuts: 'Artıklar',
  noOffcuts: 'Rafta artık yok. Bir iş "Kesildi" olarak işaretlenince levhalardaki kullanılabilir artıklar buraya eklenir.',
  offcutCode: 'Kod',
  offcutSize: 'Ölçü (cm)',
  offcutAge: 'Yaş',
  offcutJob: 'Geldiği iş',
  /** the source of an offcut whose job was deleted since */
  deletedJob: 'silinmiş iş',
  ageDays: (d: number) => (d === 0 ? 'bugün' : `${fmtI(d)} gün`),
  rackArea: (m2: number, n: number) => `Rafta ${fmtI(n)} artık, toplam ${fmtArea(m2)} m².`,
  rackFull: (limit: number) => `Raf sınırı (${fmtArea(limit)} m²) aşıldı: yeni artık eklenmeyecek.`,
  removeOffcut: (code: string) => `${code} artığını sil`,
  offcutRules: 'En küçük artık ölçüsü',
  offcutRulesHint: 'Malzemesi boş kural tüm malzemeler içindir. Daha küçük artıklar rafa eklenmez.',
  ruleMaterial: 'Malzeme',
  ruleThickness: 'Kalınlık (mm)',
  ruleMinWidth: 'En az genişlik (cm)',
  ruleMinHeight: 'En az yükseklik (cm)',
  ruleLabel: (i: number) => `Kural ${i + 1}`,
  allMaterials: 'tüm malzemeler',
  addRule: 'Kural ekle',
  maxArea: 'Raf sınırı (m², 0 = sınırsız)',
  minUse: 'Artık en az kullanım (%)',
  minUseHint: 'Parçalar bir artık levhanın bundan azını kaplayacaksa, alınan levhalarda yer varsa artık bütün kalır; yoksa yine kullanılır.',
  tooManyRules: 'En fazla 100 artık kuralı olabilir.',
  badRuleSize: 'Artık için en küçük ölçü 0 ile 10.000 cm arasında olmalı.',
  badMaxArea: 'Artık rafı sınırı 0 ile 100.000 m² arasında olmalı.',
  badMinUse: 'Artık kullanım oranı 0 ile 100 arasında bir tam sayı olmalı.',

};
