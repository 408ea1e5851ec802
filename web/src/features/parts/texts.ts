// The Turkish texts of the parts' optional columns (issue 17): material,
// thickness, grain and edge band. They belong with the others in
// src/messages.ts; they live here until that file takes them. The limits'
// messages are the engine's (docs/engine.md, "Limits").
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
    'Yapıştırırken başlık satırı eklerseniz sütunlar herhangi bir sırada olabilir: ad, genişlik, yükseklik, adet, malzeme, kalınlık, damar (yok/dikey/yatay), bant veya bant üst/alt/sol/sağ.',

  thicknessRange: 'Kalınlık 0 ile 1.000 mm arasında olmalı.',
  textTooLong: 'Metin en fazla 200 karakter olabilir.',
  unknownBand: 'Bilinmeyen bant kodu.',
  badGrain: 'Damar yönü geçersiz: yok, dikey veya yatay yazın.',
  badRotate: 'Döndürülebilir için evet veya hayır yazın.',
  moreBadRows: (n: number) => `… ve ${fmtInt(n)} satır daha`,

  /** the line a part card shows under its size, e.g. "Beyaz Sunta · 18 mm · damar dikey · bant: üst B1, sol B1" */
  grainShort: { vertical: 'damar dikey', horizontal: 'damar yatay' } as const,
  bandLine: (edges: string) => `bant: ${edges}`,
};
