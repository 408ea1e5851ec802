// The Turkish texts of the parts' optional columns: material, thickness,
// grain and edge band. The limits' messages are the engine's, generated
// from the Go code (src/generated/texts.ts).
import { STORE_MAX_NAME_LENGTH, STORE_MAX_QUANTITY } from '../../generated/limits';
import { msgTextTooLong, msgThickness, msgUnknownBand } from '../../generated/texts';
import { fmtInt, joinTr, msg } from '../../messages';

const vowels = 'aıoueiöü';

/**
 * lastWord is the last word of n read aloud in Turkish, which the
 * suffixes after it follow: 12 "on iki", 40 "kırk", 3.000 "üç bin".
 */
function lastWord(n: number): string {
  if (n === 0) return 'sıfır';
  const ones = ['', 'bir', 'iki', 'üç', 'dört', 'beş', 'altı', 'yedi', 'sekiz', 'dokuz'];
  const tens = ['', 'on', 'yirmi', 'otuz', 'kırk', 'elli', 'altmış', 'yetmiş', 'seksen', 'doksan'];
  if (n % 10) return ones[n % 10];
  if (Math.floor(n / 10) % 10) return tens[Math.floor(n / 10) % 10];
  if (Math.floor(n / 100) % 10) return 'yüz';
  if (Math.floor(n / 1000) % 1000) return 'bin';
  if (Math.floor(n / 1e6) % 1000) return 'milyon';
  return 'milyar';
}

/**
 * possessive is the third person's suffix of a whole number written in
 * digits (fmtInt), after an apostrophe: 12'si, 3'ü, 6'sı, 10'u, 1.000'i.
 */
function possessive(n: number): string {
  const word = lastWord(Math.abs(Math.trunc(n)));
  const last = [...word].reverse().find((c) => vowels.includes(c)) ?? 'e';
  const vowel = 'aı'.includes(last) ? 'ı' : 'ei'.includes(last) ? 'i' : 'ou'.includes(last) ? 'u' : 'ü';
  return `${fmtInt(n)}'${vowels.includes(word[word.length - 1]) ? 's' : ''}${vowel}`;
}

export const partMsg = {
  /** the part list's skip link, shown when it has the focus: past the cards to the results */
  skipToResults: 'Sonuçlara geç',
  /** the search over a long part list (shown while only the cards on screen are drawn) */
  searchLabel: 'Parçalarda ara',
  searchPlaceholder: 'Ad veya ölçü, ör. Kapak 12 ya da 45,5',
  searchClear: 'Aramayı temizle',
  /** what a search shows: "3.000 satırdan 12'si gösteriliyor" */
  searchCount: (total: number, shown: number) => `${fmtInt(total)} satırdan ${possessive(shown)} gösteriliyor`,
  extrasToggle: 'Malzeme, damar, bant',
  material: 'Malzeme',
  materialPlaceholder: 'ör. Beyaz Sunta',
  thickness: 'Kalınlık (mm)',
  grain: 'Damar yönü',
  grainNone: 'Yok',
  grainVertical: 'Dikey (boy boyunca)',
  grainHorizontal: 'Yatay (en boyunca)',
  bands: 'Kenar bandı',
  bandNone: 'Yok',
  bandAll: 'Tüm kenarlar',
  noBandCodes: "Bant kodu yok: kenar bantlarını önce 'Levha stoku' penceresinde tanımlayın.",
  edgeTop: 'Üst',
  edgeBottom: 'Alt',
  edgeLeft: 'Sol',
  edgeRight: 'Sağ',
  extrasPasteHint:
    'Malzeme, kalınlık, damar (yok/dikey/yatay) ve bant (veya bant üst/alt/sol/sağ) sütunlarını yapıştırmak için bir başlık satırı ekleyin; sütunlar o zaman herhangi bir sırada olabilir.',

  thicknessRange: msgThickness,
  textTooLong: msgTextTooLong,
  unknownBand: msgUnknownBand,
  badGrain: 'Damar yönü geçersiz: yok, dikey veya yatay yazın.',
  /** a size or thickness cell whose unit no length takes: "24 in" */
  unknownCellUnit: msg.unknownCellUnit,
  /** the rows an etkin column (CutList Optimizer's Enabled) turned off, left out: '"Enabled" sütununda kapalı olan 2 satır eklenmedi: satır 3 ve 5.' */
  disabledRows: (header: string, lines: number[]) => msg.disabledRows(header, lines, 'eklenmedi'),
  moreBadRows: (n: number) => `… ve ${fmtInt(n)} satır daha`,
  /** a paste of spreadsheet cells with no part row (only a header, or empty lines) */
  pasteNoRows: 'Yapıştırılan satırlarda parça bulunamadı: her satırda ad, genişlik, yükseklik ve adet olmalı (ilk satır başlık olabilir).',

  // The limits of a saved part, in the server's words (store.MsgNameTooLong, store.MsgQuantity).
  nameTooLong: `Ad en fazla ${STORE_MAX_NAME_LENGTH} karakter olabilir.`,
  quantityTooLarge: `Adet en fazla ${fmtInt(STORE_MAX_QUANTITY)} olabilir.`,

  /** the job would pass the engine's piece limit (its words first: nest.MsgTooManyPieces) */
  tooManyPieces: (limit: number, current: number, total: number) =>
    `Parça sayısı çok fazla: bir işte en fazla ${fmtInt(limit)} adet yerleştirilebilir. Bu işte ${fmtInt(current)} adet var; bununla toplam ${fmtInt(total)} adet olurdu.`,
  nothingAdded: 'Hiçbir parça eklenmedi.',

  // The header row of a pasted or imported part list.
  missingColumns: (names: string[]) =>
    `Başlık satırında ${joinTr(names)} ${names.length > 1 ? 'sütunları' : 'sütunu'} yok; hiçbir parça eklenmedi.`,
  unknownColumns: (names: string[]) => `Tanınmayan sütunlar: ${names.join(', ')}`,
  repeatedColumns: (names: string[]) => `Birden çok kez yazılan sütunların yalnızca ilki okundu: ${names.join(', ')}`,
  headerHint:
    'Başlıkta ad, genişlik ve yükseklik sütunları olmalı; adet (boşsa 1), malzeme, kalınlık, damar, bant (veya bant üst, bant alt, bant sol, bant sağ), döndür ve etkin (hayır yazan satır eklenmez) isteğe bağlıdır. Sütunlar herhangi bir sırada olabilir.',
  /** a bad row's line without a column: "Satır 3 (Kapak): …" */
  rowProblem: (line: number, name: string, problem: string) => `Satır ${line}${name ? ` (${name})` : ''}: ${problem}`,
  /** a header's unit a length column does not take, as kesim nest says it: '"Genişlik (inç)" başlığındaki birim tanınmıyor; genişlik için mm, cm veya m yazın.' */
  unknownUnit: (cell: string, column: string) => msg.unknownHeaderUnit(cell, column, 'mm, cm veya m'),
  /** the header's length columns in another unit, converted: "genişlik ve yükseklik mm'den cm'ye çevrildi" */
  converted: msg.converted,
  /** a pasted or imported list whose sizes fit no sheet as cm and every sheet-fitting one at a tenth (looksLikeMm) */
  looksLikeMm: (width: string, height: string) =>
    `Bu ölçüler santimetre olarak hiçbir levhaya sığmıyor (ör. ${width} × ${height} cm); milimetre olarak hepsi sığıyor. Ölçüler mm mi?`,
  addAsMm: 'mm olarak ekle',
  addAsCm: 'cm olarak ekle',
  /** a success message with what was converted: "3 parça yapıştırıldı ve nesting'e eklendi (… çevrildi)." */
  withConverted: (text: string, converted: string | undefined) => (converted ? `${text.replace(/\.$/, '')} (${converted}).` : text),
  extraCells: 'başlıktaki sütunlardan fazla hücre var.',
  extraCellsComma: 'sütunlardan fazla hücre var; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5").',
  /** a row without a header row with a cell past ad, genişlik, yükseklik and adet (kesim nest's words) */
  extraCellsNoHeader:
    'sütunlardan fazla hücre var: başlık satırı olmadan yalnızca ad, genişlik, yükseklik ve adet okunur; öteki sütunlar için ilk satıra sütun adlarını yazın (ör. Ad, Genişlik, Yükseklik, Adet, Döndür).',
  /** a comma-separated row without a header that reads two ways: "45,5" is the width or 45 and 5 the sizes */
  ambiguousComma: (decimal: string) =>
    `${decimal} ondalık bir genişlik mi, genişlik ve yükseklik mi belli değil; virgülle ayrılmış satırlarda ondalık sayıları tırnak içinde yazın ("45,5") ya da hücreleri noktalı virgülle ayırın.`,

  /** said to a screen reader when the form adds a part (the list and layout change out of its sight) */
  oneAdded: (name: string, quantity: number) => `${name} nesting'e eklendi: ${fmtInt(quantity)} adet.`,

  // The part list's CSV import (the stock dialog's button and words).
  importCsv: 'CSV içe aktar',
  /** the import button's title: it takes an Excel workbook too */
  importCsvHint: 'CSV ya da Excel (.xlsx)',
  csvAdded: (n: number) => `${fmtInt(n)} parça CSV dosyasından nesting'e eklendi.`,
  csvNoRows: 'CSV dosyasında parça bulunamadı: ilk satır başlık (Ad;Genişlik;Yükseklik;Adet), sonraki satırlar parçalar olmalı.',
  /** kesim nest's words for a file over its limit */
  csvTooLarge: 'Dosya çok büyük: en fazla 16 MB okunabilir.',
  csvUnreadable: 'Dosya okunamadı.',

  /** the line a part card shows under its size, e.g. "Beyaz Sunta · 18 mm · damar dikey · bant: üst B1, sol B1" */
  grainShort: { vertical: 'damar dikey', horizontal: 'damar yatay' } as const,
  bandLine: (edges: string) => `bant: ${edges}`,
};
