// Every text the user sees, in one place (Turkish, as the specification
// writes it). Those the Go code gives too come from src/generated/texts.ts.
import { msgInvalidSheet, msgInvalidValues, msgRequired, msgSizeTooLarge } from './generated/texts';
import { STORE_MAX_NAME_LENGTH, STORE_MAX_QUANTITY, STORE_MAX_SIZE_CM } from './generated/limits';
import { UNIT_DIGITS, type LengthUnit } from './lib/csv';
import type { StorageKind } from './lib/storage';
import { shiftDecimal } from './lib/number';

export const msg = {
  appName: 'Kesim',
  splashSubtitle: 'Nesting Program',
  splashSkip: 'Geçmek için tıklayın veya bir tuşa basın',

  bannerTitle: 'Performans Optimizasyonu Aktif',
  banner: (pieces: number, types: number) =>
    `${fmtInt(pieces)} parça, ${fmtInt(types)} parça çeşidi. Hesaplama arka planda yapılıyor; sayfa donmaz.`,

  addPanelTitle: 'Parça Ekle',
  partName: 'Parça Adı',
  partNamePlaceholder: 'ör. Kapak',
  width: 'Genişlik (cm)',
  height: 'Yükseklik (cm)',
  quantity: 'Adet',
  rotatable: 'Döndürülebilir',
  rotatableHint: 'Kapalıysa parça döndürülmez (ahşap damarı)',
  addToNesting: "Nesting'e Ekle",
  saveLayout: 'Düzeni Kaydet',
  savedParts: 'Kayıtlı Parçalar',
  pasteHint: "Excel'den satırları (ad, genişlik, yükseklik, adet) kopyalayıp bu alana yapıştırabilirsiniz.",
  fillAll: msgRequired,
  positiveValues: msgInvalidValues,
  /** a side over the saved sizes' limit (the server's words) */
  sizeTooLarge: msgSizeTooLarge,
  pasteAdded: (n: number) => `${fmtInt(n)} parça yapıştırıldı ve nesting'e eklendi.`,
  pasteBadRows: (rows: string[]) => `Şu satırlar eklenmedi:\n${rows.join('\n')}`,
  pasteRow: (line: number, name: string, field: string, problem: string) =>
    `Satır ${line}${name ? ` (${name})` : ''}, ${field}: ${problem}`,

  // The words of a list read from a spreadsheet, a part list or a stock list (lib/columns).
  /** a length cell whose unit no length takes: "24 in" (kesim nest's words: "… içindeki birim tanınmıyor; mm, cm veya m yazın") */
  unknownCellUnit: (cell: string) => `"${cell}" içindeki birim tanınmıyor; mm, cm veya m yazın.`,
  /** a grain (damar) cell of no word of GRAIN_WORDS, or of one with more than one meaning ("h"), as kesim nest says it */
  badGrainCell: (cell: string) => `"${cell}" yerine yok, dikey veya yatay yazın.`,
  /** a list's number cell (a size, thickness, price) that is no number: "abc", ".5" (kesim nest's words) */
  notNumberCell: (cell: string) => `"${cell}" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.`,
  /** a part list's quantity cell that is no whole number: "2,5", "2 kutu" (kesim nest's words) */
  notWholeCell: (cell: string) => `"${cell}" tam sayı değil; adedi 1, 2, 3 gibi tam sayıyla yazın.`,
  /** a döndür cell of no yes or no word (ROTATE_WORDS), as kesim nest says it */
  yesNoCell: (cell: string) => `"${cell}" yerine evet veya hayır yazın.`,
  /** an etkin cell of no yes or no word, as kesim nest says it: a row whose cell says no is left out */
  enabledCell: (cell: string) => `"${cell}" yerine evet veya hayır yazın (hayır yazılan satır okunmaz).`,
  /** a list's part quantity below 1 or over the saved parts' limit, as kesim nest says it (the form says positiveValues or its own limit) */
  quantityCell: (cell: string) => `"${cell}" adet olamaz; 1 ile ${fmtInt(STORE_MAX_QUANTITY)} arasında bir tam sayı yazın.`,
  /**
   * a list's part side below 0,1 cm as written or over the saved sizes' limit once rounded up, as kesim nest says it (the form says positiveValues or sizeTooLarge),
   * the range in unit, the unit the cell was read in (its own, its header's, else cm), so that it never contradicts the cell: "0,5" in mm is 1 ile 10.000 mm
   */
  partSideCell: (cell: string, unit: LengthUnit = 'cm') =>
    `"${cell}" parça ölçüsü olamaz; ${lengthRange('0,1', STORE_MAX_SIZE_CM, unit)} arasında bir ölçü yazın.`,
  /** a stock list's sheet side that rounds down to 0 or lies over the saved sizes' limit, as kesim nest says it (the dialog says the canvas's words), the range in unit as partSideCell's */
  sheetSideCell: (cell: string, unit: LengthUnit = 'cm') =>
    `"${cell}" levha ölçüsü olamaz; ${lengthRange('0,01', STORE_MAX_SIZE_CM, unit)} arasında bir ölçü yazın.`,
  /** a list's part name of chars characters, too long to be named in the message, as kesim nest says it (after the column's name: "ad: 201 karakter; …") */
  nameTooLongCell: (chars: number) => `${fmtInt(chars)} karakter; en fazla ${fmtInt(STORE_MAX_NAME_LENGTH)} karakterlik bir ad yazın.`,
  /** a list's header cell whose unit its column does not take, saying those it takes ('mm, cm veya m', 'TL'), as kesim nest says it */
  unknownHeaderUnit: (cell: string, column: string, units: string) => `"${cell}" başlığındaki birim tanınmıyor; ${column} için ${units} yazın.`,
  /**
   * the rows an etkin column (CutList Optimizer's Enabled) turned off, left
   * out, verb saying so: '"Enabled" sütununda kapalı olan 2 satır
   * eklenmedi: satır 3 ve 5.' (at most 20 lines named)
   */
  disabledRows: (header: string, lines: number[], verb: string) => {
    const shown = lines.slice(0, 20).map(String);
    const list = lines.length > shown.length ? `${shown.join(', ')}…` : `${joinTr(shown)}.`;
    return `"${header}" sütununda kapalı olan ${fmtInt(lines.length)} satır ${verb}: satır ${list}`;
  },
  /** the length columns in another unit, converted: "genişlik ve yükseklik mm'den cm'ye çevrildi" */
  converted: (columns: string[], from: string, to: string) => `${joinTr(columns)} ${from}'den ${to}'ye çevrildi`,

  listTitle: "Nesting'deki Parçalar",
  summary: (pieces: number, types: number, area: string) =>
    `Toplam ${fmtInt(pieces)} parça · ${fmtInt(types)} çeşit · ${area} cm²`,
  collapse: 'Daralt',
  expand: 'Genişlet',
  showAll: (n: number) => `Tümünü göster (${fmtInt(n)} parça çeşidi)`,
  showFirst: 'İlk 50 parçayı göster',
  largeBadge: 'Büyük veri',
  ultraBadge: 'Çok büyük veri',
  clearAll: 'Tümünü Temizle',
  nothingToClear: 'Temizlenecek parça bulunmuyor!',
  confirmClear: (types: number, pieces: number) =>
    `${fmtInt(types)} çeşit, toplam ${fmtInt(pieces)} adet parça silinecek. Tüm parçaları temizlemek istediğinizden emin misiniz?`,
  cleared: (types: number) => `${fmtInt(types)} parça çeşidi temizlendi.`,
  clearError: 'Parçalar temizlenirken hata oluştu!',
  edit: 'Düzenle',
  remove: 'Sil',
  save: 'Kaydet',
  cancel: 'İptal',
  sizeLocked: 'Boyut değiştirilemez',
  invalidEdit: 'Lütfen geçerli bir parça adı ve adet girin!',
  partArea: (area: string) => `${area} cm²`,
  pieces: (n: number) => `${fmtInt(n)} adet`,
  partsAdded: (n: number) => `${fmtInt(n)} parça nesting'e eklendi.`,
  noRotate: 'Döndürülmez',

  canvasTitle: 'Tuval Boyutu',
  canvasSettings: 'Nesting Alan Ayarları',
  canvasDialogTitle: 'Alan Boyutu Ekle',
  canvasWidth: 'Genişlik (cm)',
  canvasHeight: 'Yükseklik (cm)',
  kerf: 'Testere payı (mm)',
  trim: 'Kenar payı (mm)',
  guillotine: 'Giyotin kesim',
  guillotineHint: 'Panel testerede kenardan kenara kesimlerle kesilebilen yerleşim ve kesim sırası',
  /** the saw profile of a guillotine layout (options.firstCut, options.stages) */
  firstCut: 'İlk kesim',
  firstCutAny: 'Serbest',
  firstCutLong: 'Boyuna (uzun kenara paralel)',
  firstCutShort: 'Enine (kısa kenara paralel)',
  firstCutHint: 'Her levhada ilk yapılan kesimlerin yönü (panel testerede genellikle boyuna).',
  stages: 'Kesim kademesi',
  stagesAny: 'Sınırsız',
  stagesN: (n: number) => `${fmtInt(n)} kademe`,
  stagesHint: 'Aynı yöndeki kesimler bir kademedir; parça çevrilip karşı yönde kesilince yeni kademe başlar. Bir parçayı yalnızca artığından ayıran kırpma bir kademe fazla olabilir (2 kademe + kırpma).',
  /** the saw profile in a few words, after "Giyotin kesim": "ilk kesim boyuna", "en çok 3 kademe" */
  profileWords: (firstCut?: 'long' | 'short', stages?: number) =>
    [firstCut && `ilk kesim ${firstCut === 'long' ? 'boyuna' : 'enine'}`, stages && stages > 0 && `en çok ${fmtInt(stages)} kademe`].filter((w): w is string => !!w),
  canvasPreview: (w: string, h: string, area: string) => `${w} x ${h} cm · ${area} cm²`,
  canvasPerfWarning: 'Uyarı: 500 cm üzerindeki boyutlar hesaplamayı yavaşlatabilir.',
  invalidCanvas: msgInvalidSheet,
  confirmHugeCanvas: 'Çok büyük boyutlar performansı etkileyebilir. Devam etmek istediğinizden emin misiniz?',
  applyCanvas: 'Kaydet ve Uygula',
  canvasUpdated: 'Tuval boyutu güncellendi!',
  autoZoom: 'Otomatik zoom ayarlandı',
  invalidKerfTrim: 'Testere ve kenar payı 0 veya pozitif bir sayı olmalı.',
  kerfTooLarge: 'Testere payı en fazla 100 mm olabilir.',
  trimTooLarge: 'Kenar payı tuvalin kısa kenarının yarısından az olmalı.',

  progressTitle: 'Nesting hesaplanıyor...',
  progressMany: (pieces: number) => `${fmtInt(pieces)} parça yerleştiriliyor; büyük işlerde bu birkaç saniye sürebilir.`,
  progressFew: 'Parçalar tuvale yerleştiriliyor.',
  progressTip: 'İpucu: Hesaplama arka planda sürerken parça eklemeye ve düzenlemeye devam edebilirsiniz.',
  progressBest: (pages: number) => `Şu ana kadarki en iyi düzen: ${fmtInt(pages)} sayfa`,
  serverFallback: 'Tarayıcıda hesaplama motoru başlatılamadı; hesaplama sunucuda yapılıyor.',
  engineStopped: 'Hesaplama motoru beklenmedik biçimde durdu (bellek yetmemiş olabilir). Bir sonraki hesaplamada yeniden başlatılacak.',

  totalPages: 'Toplam Sayfa',
  totalParts: 'Toplam Parça',
  avgEfficiency: 'Ortalama Verim',
  pdfDownload: 'PDF İndir',
  pdfBusy: 'PDF Oluşturuluyor...',
  dxfDownload: 'DXF İndir',
  dxfPerSheet: 'Her sayfa ayrı DXF (zip)',
  /** mergeSheets shows identical sheets once, × N (off: the specification's pager, one sheet a step) */
  mergeSheets: 'Aynı levhaları birleştir (× adet)',
  /** resultsTitle is the results section's heading, for screen readers */
  resultsTitle: 'Nesting Sonucu',
  prevPage: 'Önceki sayfa',
  nextPage: 'Sonraki sayfa',
  goToPage: 'Sayfaya git',
  goToPattern: 'Desene git',
  /** pageOutOfRange is said next to "Sayfaya git" (or "Desene git") when the number typed is no sheet's */
  pageOutOfRange: (first: number, last: number, pattern = false) =>
    `${fmtInt(first)} ile ${fmtInt(last)} arasında bir ${pattern ? 'desen' : 'sayfa'} numarası yazın.`,
  pageOf: (n: number, total: number) => `Sayfa ${fmtInt(n)} / ${fmtInt(total)}`,
  pageInfo: (parts: number, eff: number) => `${fmtInt(parts)} parça · verim %${eff}`,
  noPages: 'Nesting düzenini görmek için parça ekleyin',
  /** layoutFailed stands for noPages when the engine refused the job: its reason, until the job changes */
  layoutFailed: (why: string) => `Yerleşim yapılamadı. ${why}`,
  proven: 'En az sayfa sayısı (kanıtlandı)',
  gap: (lb: number) => `Alt sınır: ${fmtInt(lb)} sayfa`,
  cutsInfo: (n: number, length: string) => `${fmtInt(n)} kesim · toplam ${length} cm kesim boyu`,
  searchMore: 'Daha iyi ara',
  /** the results' button that opens the comparison of plans (features/compare) */
  comparePlans: 'Planları karşılaştır',
  improving: 'Daha az sayfa aranıyor...',
  searching: 'Daha iyi düzen aranıyor...',
  searchDone: (pages: number) => `Arama bitti: ${fmtInt(pages)} sayfa.`,
  /** skipped heads the list of the part lines left out, each with its reason */
  skipped: 'Tuvale sığmayan parçalar yerleştirilmedi:',
  /** noneFit says what to do when no part fits the canvas; settings is the canvas card's button */
  noneFit: (settings: string) => `Hiçbir parça tuvale sığmadı: tuval ölçüsünü «${settings}»ndan büyütebilirsiniz.`,

  previewTitle: (w: string, h: string) => `Tuval ${w} x ${h} cm`,
  previewEfficiency: (eff: number) => `Verim %${eff}`,
  placedCount: (n: number) => `Yerleştirilen: ${fmtInt(n)} parça`,
  usedArea: (a: string) => `Kullanılan alan: ${a} cm²`,
  freeArea: (a: string) => `Boş alan: ${a} cm²`,
  rotatedMark: '(D)',

  empty: 'Henüz parça eklenmedi',
  emptyHint: "Yukarıdaki formdan parça ekleyin veya Excel'den satırları yapıştırın.",

  exportEmpty: 'UYARI: Export edilecek parça bulunamadı. Önce parça ekleyin.',
  pdfErrorTitle: 'PDF Oluşturma Hatası',
  unknownError: 'Bilinmeyen hata',
  pdfErrorAdvice: 'Lütfen tekrar deneyin veya daha az parça ile deneyin.',
  pdfSaved: 'PDF kaydedildi.',
  dxfSaved: 'DXF kaydedildi.',
  dxfError: 'DXF oluşturulamadı',

  ok: 'Tamam',
  yes: 'Evet',
  close: 'Kapat',
  notice: 'Bilgi',
  warning: 'Uyarı',

  // Saved parts and layouts (the storage issue completes these dialogs).
  saveDialogTitle: 'Düzeni Kaydet',
  layoutName: 'Düzen Adı',
  saveNote: 'Düzen ve tüm parçalar veritabanına kaydedilecek.',
  layoutSaved: 'Düzen ve parçalar kaydedildi.',
  layoutSavedLocally: 'Sunucuya ulaşılamadı; düzen bu tarayıcıda yerel olarak saklandı.',
  layoutSaveError: 'Düzen kaydedilirken hata oluştu!',
  /** the server was out of reach and this browser refused the layout's copy (its storage full) */
  layoutNotKeptLocally:
    'Düzen kaydedilemedi: sunucuya ulaşılamadı ve bu tarayıcının depolama alanı dolu. Sunucuya bağlanınca yeniden kaydedin ya da "Kayıtlı Parçalar ve Düzenler"de bu tarayıcıda tutulan (yerel) düzenleri silerek yer açın.',
  /** the work on screen could not be written to localStorage (work.ts, onWorkNotWritten): full, the browser's storage is full */
  workNotWrittenFull:
    'Tarayıcının depolama alanı doldu: ekrandaki parçalar ve ayarlar bu tarayıcıya yazılamadı. Ekranda duruyorlar, ama sayfa yenilenir ya da kapanırsa son değişiklikler kaybolur. Düzeni kaydedin ya da "Kayıtlı Parçalar ve Düzenler"de bu tarayıcıda tutulan (yerel) düzenleri silerek yer açın; yer açılınca çalışma bir sonraki değişiklikte yazılır.',
  workNotWritten:
    'Ekrandaki parçalar ve ayarlar bu tarayıcıya yazılamadı. Ekranda duruyorlar, ama sayfa yenilenir ya da kapanırsa son değişiklikler kaybolur; düzeni kaydedin.',
  /**
   * storageNotKept: this browser refused to keep kind (lib/storage.ts, storageSet, storageRemove; NoticeProvider shows it in
   * a toast titled storageNotKeptTitle), told once a kind until a write of it goes through; full: its storage
   * for the site is full (QuotaExceededError), else it refused storage otherwise (a private window, storage off)
   */
  storageNotKeptTitle: 'Tarayıcıda saklanamadı',
  storageNotKept: (kind: StorageKind, full: boolean) => notKeptText(kind, full),
  /** a layout kept in this browser could not be removed from it (Kayıtlı Parçalar ve Düzenler, Sil): it stays listed */
  localLayoutNotRemoved: (full: boolean) =>
    `Düzen bu tarayıcıdan silinemedi (${storageCause(full)}). Listede duruyor; sayfayı yenileyip yeniden deneyin.`,
  /** out of reach, the layout was kept in this browser but its parts were not added to the saved parts kept with it */
  localPartsNotKept: (full: boolean) =>
    `Düzen bu tarayıcıda saklandı, ama parçaları bu tarayıcının Kayıtlı Parçalar listesine eklenemedi (${storageCause(full)}). Parçalar düzenle birlikte duruyor: düzeni yükleyince gelirler.${full ? ` ${makeRoom}` : ''}`,
  needPartsToSave: "Kaydetmek için önce nesting'e parça ekleyin.",
  savedDialogTitle: 'Kayıtlı Parçalar ve Düzenler',
  search: 'Ara (parça adı, 40x60 veya düzen adı)',
  loadingParts: 'Parçalar yükleniyor...',
  noSavedParts: 'Henüz kayıtlı parça bulunmuyor.',
  noSavedLayouts: 'Henüz kayıtlı düzen bulunmuyor.',
  noMatchingParts: 'Arama kriterinize uygun parça bulunamadı.',
  noMatchingLayouts: 'Arama kriterinize uygun düzen bulunamadı.',
  selectParts: 'Lütfen yüklemek istediğiniz parçaları seçin!',
  addSelected: (n: number) => `${fmtInt(n)} parçayı ekle`,
  savedPartsTitle: 'Kayıtlı Parçalar',
  savedLayoutsTitle: 'Kayıtlı Düzenler',
  load: 'Yükle',
  layoutInfo: (types: number, pieces: number, date: string) => `${fmtInt(types)} çeşit · ${fmtInt(pieces)} adet · ${date}`,
  loadingLayouts: 'Düzenler yükleniyor...',
  moreLayouts: 'Daha fazla',
  layoutsLoadError: 'Düzenler yüklenirken hata oluştu!',
  layoutLoading: 'Yükleniyor...',
  layoutLoadError: 'Düzen yüklenirken hata oluştu!',
  confirmDeletePart: (name: string) => `"${name}" parçası silinsin mi?`,
  confirmDeleteLayout: (name: string) => `"${name}" düzeni silinsin mi?`,
  partDeleted: 'Parça silindi.',
  /** partRemoved tells that a line left the part list; the toast's "Geri al" puts it back. */
  partRemoved: (name: string) => `"${name}" listeden çıkarıldı.`,
  undo: 'Geri al',
  partDeleteError: 'Parça silinirken hata oluştu! Lütfen tekrar deneyin.',
  layoutDeleted: 'Düzen silindi.',
  layoutDeleteError: 'Düzen silinirken hata oluştu!',
  layoutLoaded: (name: string) => `"${name}" düzeni yüklendi.`,
  confirmLoadOverUnsaved: (name: string) =>
    `Ekrandaki parçalar kayıtlı bir düzende yok. "${name}" düzeni yüklenirse bu parçalar ekrandan kalkacak. Devam edilsin mi?`,
  confirmStockReplace: (name: string) =>
    `"${name}" düzeni başka bir levha stoku ve bant listesiyle kaydedilmiş. Düzenin stokuyla yüklenirse levha stokunuz ve bant listeniz düzeninkilerle değiştirilir (raftaki artıklar kalır). Güncel stokla yüklenirse parçalar bugünkü stokunuz ve fiyatlarınızla yeniden yerleştirilir.`,
  /** the choices of confirmStockReplace */
  loadWithCurrentStock: 'Güncel stokla yükle',
  loadWithLayoutStock: 'Düzenin stokuyla yükle',
  syncDone: (parts: number, layouts: number) =>
    `Senkronizasyon tamamlandı: ${fmtInt(parts)} yeni parça, ${fmtInt(layouts)} yeni düzen.`,
  syncErrorTitle: 'Senkronizasyon Hatası',
  syncErrorText: 'Veriler yerel olarak korundu',
  /** an item POST /api/sync refused, with the server's reason; it stays in the browser */
  syncRefused: (kind: 'layout' | 'part', name: string, reason: string) =>
    `${refusedItem(kind, name.trim())} sunucuya kaydedilemedi: ${sentence(reason)} Bu tarayıcıda duruyor.`,
  syncRefusedMore: (n: number) => `Sunucuya kaydedilemeyen ${fmtInt(n)} kayıt daha bu tarayıcıda duruyor.`,
  localBadge: 'yerel',

  signInTitle: 'Oturum Aç',
  signInHint: 'Bu Kesim sunucusu ekip kipinde: devam etmek için oturum açın.',
  sessionEnded: 'Oturumunuz sona erdi. Aynı hesapla yeniden oturum açtığınızda çalışmanız geri gelir.',
  username: 'Kullanıcı adı',
  password: 'Şifre',
  signIn: 'Giriş Yap',
  totpCode: 'Doğrulama kodu (6 hane)',
  signOut: 'Çıkış',
  confirmSignOut:
    'Ekrandaki parçalar kayıtlı bir düzende yok. Çıkış yaparsanız bu parçalar ekrandan ve bu tarayıcıdan silinecek. Çıkış yapmak istediğinizden emin misiniz?',
  unreachableTitle: 'Sunucuya ulaşılamıyor',
  unreachableText: 'Sunucuya ulaşılamıyor. Bağlantınızı kontrol edip yeniden deneyin.',
  /** unreachableServer: the server answered but cannot work now (its database): the connection is fine */
  unreachableServer: 'Sunucu yanıt veriyor ama şu an çalışamıyor (nedeni aşağıda); bağlantınızda sorun yok. Bu tarayıcıdaki çalışmanız ve kaydedilmeyi bekleyenler korunuyor.',
  unreachableAuto: 'Birkaç saniyede bir kendiliğinden yeniden deneniyor.',
  retry: 'Yeniden dene',
  retrying: 'Deneniyor…',
  keptForNextSignIn: 'Bu tarayıcıda saklanan düzenleriniz sunucuya gönderilemedi; bir sonraki girişinizde gönderilecek.',
} as const;

// refusedItem names a local item a sync refused: "Mutfak" düzeni, "Raf" parçası.
function refusedItem(kind: 'layout' | 'part', name: string): string {
  if (!name) return kind === 'layout' ? 'Adsız bir düzen' : 'Adsız bir parça';
  return `"${name}" ${kind === 'layout' ? 'düzeni' : 'parçası'}`;
}

// makeRoom is what frees this browser's storage for the site: its largest keepers are the layouts kept while the server was out of reach.
const makeRoom = 'Yer açmak için "Kayıtlı Parçalar ve Düzenler"de bu tarayıcıda tutulan (yerel) eski düzenleri silin.';

// storageCause says why this browser refused a write: its storage full, or storage refused otherwise.
function storageCause(full: boolean): string {
  return full ? 'tarayıcının depolama alanı dolu' : 'tarayıcı depolamaya izin vermedi';
}

/**
 * notKeptText says what this browser did not keep (msg.storageNotKept), why, and what holds and what to do: for
 * what localStorage keeps, making room when it is full (sessionStorage, a tab's, has a room of its own, which
 * deleting layouts does not free).
 */
function notKeptText(kind: StorageKind, full: boolean): string {
  const why = storageCause(full);
  const room = full ? ` ${makeRoom}` : '';
  switch (kind) {
    case 'merge':
      return `"Aynı levhaları birleştir" seçimi bu tarayıcıda saklanamadı (${why}). Seçim bu sayfa kapanana kadar geçerli; sonra yeniden seçmeniz gerekir.${room}`;
    case 'quote':
      return `Teklif bilgileri (atölye, müşteri, fiyatlar) bu tarayıcıda saklanamadı (${why}). Bu teklif girdiğiniz değerlerle hazırlanıyor, ama bir sonraki teklifte onları yeniden girmeniz gerekebilir.${room}`;
    case 'draft':
      return `Yazmakta olduğunuz parça bu sekmede saklanamadı (${why}). Formda duruyor, ama sayfa yenilenirse kaybolur; parçayı "Nesting'e Ekle" ile listeye ekleyin.`;
    case 'ticks':
      return `Kesim listesindeki işaretler bu sekmede saklanamadı (${why}). Sunucunun aldığı işaretler kayıtlı; henüz gönderilemeyenler ekranda bekliyor, ama sayfa yenilenir ya da kapanırsa kaybolur. Gönderilene kadar sayfayı kapatmayın.`;
    case 'recuts':
      return `Yeniden kesime gönderilen parçalar bu tarayıcıda hatırlanamadı (${why}). Sunucuya gönderildiler; yalnızca sayfa yenilenince bu tarayıcıda gönderilmiş görünmeyebilirler.${room}`;
    case 'localCopies':
      return `Sunucuya gönderilen yerel düzen ve parçalar bu tarayıcıdan silinemedi (${why}). Sunucuda kayıtlılar; bu tarayıcıdaki kopyaları bir sonraki senkronizasyonda yeniden gönderilir. Sunucuda aynen duranlar ikinci kez kaydedilmez; o arada sunucuda değiştirilen ya da silinen bir düzen ile silinen bir parça ise bu kopyadan yeniden eklenir (adı sunucuda kullanılan bir düzenin adına "(2)" gibi bir numara eklenir). Gerekmeyen kopyayı sonra silebilirsiniz.`;
    case 'signOut':
      return `Çalışmanız çıkışta bu tarayıcıdan silinemedi (${why}). Başka bir kullanıcı onu görmez; aynı hesapla girildiğinde geri gelir.`;
  }
}

// sentence ends the server's message with a stop, unless it has one.
function sentence(text: string): string {
  const t = text.trim();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

const intFmt = new Intl.NumberFormat('tr-TR');

/**
 * lengthRange writes the lengths from min (written the Turkish way) to
 * max cm in unit, the decimal point moved on the digits as a cell's is
 * (shiftDecimal), with thousands dots: 0,1 ile 1.000 cm is 1 ile 10.000 mm
 * and 0,001 ile 10 m. As kesim nest's rangeIn (internal/partcsv).
 */
function lengthRange(minCm: string, maxCm: number, unit: LengthUnit): string {
  const places = UNIT_DIGITS.cm - UNIT_DIGITS[unit];
  const write = (cm: string) => {
    const [whole, frac] = shiftDecimal(cm, places).split(',');
    const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.');
    return frac ? `${grouped},${frac}` : grouped;
  };
  return `${write(minCm)} ile ${write(String(maxCm).replace('.', ','))} ${unit}`;
}

/** joinTr lists words the Turkish way: "ad, genişlik ve yükseklik". */
export function joinTr(words: string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ve ${words[words.length - 1]}`;
}

// fmtInt writes a whole number as Turkish readers do: 3.000.
export function fmtInt(n: number): string {
  return intFmt.format(n);
}
