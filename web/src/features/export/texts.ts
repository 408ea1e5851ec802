// The shop-floor papers' texts, Turkish.

export const paperMsg = {
  labels: 'Etiketler',
  xlsx: 'Kesim listesi (Excel)',
  cutCsv: 'Kesim listesi (CSV)',
  quote: 'Teklif',
  busy: (what: string) => `${what} hazırlanıyor...`,
  saved: (what: string) => `${what} indirildi`,
  error: (what: string) => `${what} oluşturulamadı`,
  preset: 'Etiket boyutu',
  presets: {
    'a4-3x8': 'A4 3 × 8 (70 × 37 mm)',
    'a4-2x4': 'A4 2 × 4',
    'roll-100x50': 'Rulo 100 × 50 mm',
  },
  group: 'Atölye kâğıtları',
};
