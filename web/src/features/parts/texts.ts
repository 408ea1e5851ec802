// The Turkish texts of the parts' optional columns: material, thickness,
// grain and edge band. The limits' messages are the engine's, generated
// from the Go code (src/generated/texts.ts).
import { msgTextTooLong, msgThickness, msgUnknownBand } from '../../generated/texts';
import { fmtInt } from '../../messages';

export const partMsg = {
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
  badRotate: 'Döndürülebilir için evet veya hayır yazın.',
  moreBadRows: (n: number) => `… ve ${fmtInt(n)} satır daha`,
  /** a paste of spreadsheet cells with no part row (only a header, or empty lines) */
  pasteNoRows: 'Yapıştırılan satırlarda parça bulunamadı: her satırda ad, genişlik, yükseklik ve adet olmalı (ilk satır başlık olabilir).',

  /** the line a part card shows under its size, e.g. "Beyaz Sunta · 18 mm · damar dikey · bant: üst B1, sol B1" */
  grainShort: { vertical: 'damar dikey', horizontal: 'damar yatay' } as const,
  bandLine: (edges: string) => `bant: ${edges}`,
};
