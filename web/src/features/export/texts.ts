// The shop-floor papers' texts, Turkish.

export const paperMsg = {
  labels: 'Etiketler',
  xlsx: 'Kesim listesi (Excel)',
  cutCsv: 'Kesim listesi (CSV)',
  /** the cut list's sheets ("Levhalar"), the second CSV of kesim nest --csv */
  sheetsCsv: 'Levhalar (CSV)',
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

// The price quote's form (Teklif).
export const quoteMsg = {
  title: 'Teklif',
  factory: 'Atölye adı',
  customer: 'Müşteri',
  sheetPrice: 'Levha fiyatı (fiyatı olmayan levha için, TL)',
  sheetByArea: 'Levhayı kullanılan alana göre fiyatla',
  cutPerMetre: 'Kesim ücreti (TL/metre)',
  cutPerSheet: 'Kesim ücreti (TL/levha)',
  marginPct: 'Kâr oranı (%)',
  kdvPct: 'KDV (%)',
  pdf: 'Teklif PDF',
  csv: 'Teklif CSV',
  cancel: 'İptal',
  notNumber: 'Bir sayı yazın (ör. 45,5).',
  required: 'Bir oran yazın (KDV yoksa 0).',
  priceRange: 'Fiyat 0 ile 10.000.000 TL arasında olmalı.',
  marginRange: 'Kâr oranı %0 ile %1.000 arasında olmalı.',
  kdvRange: 'KDV %0 ile %100 arasında olmalı.',
  tooLong: 'En fazla 200 karakter yazın.',
  fix: 'Teklif hazırlanamadı: işaretli alanları düzeltin.',
};

// The QR codes of a saved job's sheets on the PDF and the labels.
export const exportMsg = {
  qrNotSaved: 'QR kodları basılmadı: ekrandaki yerleşim, kaydedilen işin yerleşimi değil. İşi kaydedip yeniden indirin.',
  qrUnreadable: 'QR kodları basılmadı: iş sunucudan okunamadı.',
  /** the page was opened by this computer's own address (host), which a phone cannot open */
  qrLoopback: (host: string) =>
    `QR kodları basılmadı: Kesim bu bilgisayarın kendi adresiyle (${host}) açık, telefon bu adrese ulaşamaz. ` +
    "Kesim'i bilgisayarın ağdaki adı ya da IP adresiyle açın (ör. http://192.168.1.20:8080); hesapsız çalışan sunucuda bir ad için --public-host gerekir (README).",
};
