// The job's texts (Turkish; numbers the Turkish way): its states, the
// phone checklist of a sheet, spoiled pieces.

const intFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });
const numFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 });
const fmtI = (v: number): string => intFmt.format(v);
const fmtN = (v: number): string => numFmt.format(v);

export const jobMsg = {
  statePlanned: 'Planlandı',
  stateCutting: 'Kesimde',
  stateCut: 'Kesildi',
  progress: (cut: number, total: number) => `${fmtI(cut)} / ${fmtI(total)} parça kesildi`,
  sheetOf: (n: number, total: number) => `Levha ${fmtI(n)} / ${fmtI(total)}`,
  /** the checklist tab's title: "Mutfak · Levha 1 / 3 – Kesim" */
  pageTitle: (job: string, sheet: string) => `${job}${sheet ? ` · ${sheet}` : ''} – Kesim`,
  prevSheet: 'Önceki levha',
  prev: 'Önceki',
  next: 'Sonraki',
  nextSheet: 'Sonraki levha',
  /** the next sheet's button under the list and in the sheet-done notice */
  nextSheetBelow: 'Sonraki levha ›',
  piecesTitle: 'Parçalar (kesim sırasıyla)',
  pieceLabel: (k: number, name: string, w: number, h: number) => `${fmtI(k)}. ${name} ${fmtN(w)} x ${fmtN(h)} cm`,
  loading: 'İş yükleniyor…',
  /** the server's 404: a job deleted, or one still planned (not shared with the shop floor yet) */
  notFound: 'İş bulunamadı: henüz kesime başlanmamış, silinmiş ya da bağlantı eski olabilir.',
  noResult: 'Bu düzen kesim planı olmadan kaydedilmiş; kontrol listesi için düzeni yeniden kaydedin.',
  noSheet: (n: number, total: number) => `Bu işte ${fmtI(n)}. levha yok: iş ${fmtI(total)} levhadan oluşuyor.`,
  tickFailed: (why: string) => `İşaret kaydedilemedi: ${why}`,
  /** a tick the server could not take now (5xx, busy): it waits on its row and is sent again */
  tickWaiting: (why: string) => `İşaret şimdi kaydedilemedi (${why}); bekleyen işaretler yeniden gönderilecek.`,
  offline: 'Sunucuya ulaşılamıyor; bekleyen işaretler bağlantı gelince kendiliğinden gönderilecek.',
  waitingCount: (n: number) => `${fmtI(n)} işaret kaydedilmeyi bekliyor.`,
  /** the move of a planned job into cutting, asked for by its first tick, that the server has not taken yet */
  startWaiting: 'İşin kesime başladığı kaydedilmeyi bekliyor.',
  /** the server refused to move the job into cutting (409: an offcut no longer on the rack, …): its ticks went back */
  startFailed: (why: string) => `İş kesime başlatılamadı; işaretler kaydedilmedi: ${why}`,
  retryNow: 'Şimdi yeniden dene',
  pieceCut: '✓ Kesildi',
  pieceWaiting: (cut: boolean) => (cut ? 'Bekliyor: kesildi işareti bağlantı gelince kaydedilecek' : 'Bekliyor: işaretin kaldırılması bağlantı gelince kaydedilecek'),
  recutSending: 'Yeniden kesime gönderiliyor…',
  recutSent: '↻ Yeniden kesime gönderildi',
  spoiled: 'Bozuk',
  spoiledAria: (name: string) => `${name}: bozuk, yeniden kesilecek`,
  confirmSpoiled: (name: string) => `"${name}" bozuk olarak işaretlensin ve yeniden kesilmek üzere parça listesine gönderilsin mi?`,
  /** spoiledSent: the recut part goes to the saved parts of the job's owner, who plans the next job, whoever taps Bozuk. */
  spoiledSent: (name: string) => `"${name}" yeniden kesilecek: işi planlayanın Kayıtlı Parçalar listesine eklendi.`,
  spoiledFailed: (why: string) => `Bozuk parça gönderilemedi: ${why}`,
  /** spoiledAlready: another phone sent the piece first (the server's 409); no second part was added. */
  spoiledAlready: (name: string) => `"${name}" zaten yeniden kesime gönderilmiş; ikinci bir parça eklenmedi.`,
  offcut: 'Artık',
  canvas: 'Levha',
  sheetDone: 'Bu levhanın tüm parçaları kesildi.',
  backToWork: '‹ Ana sayfa',
  jobOnScreen: (name: string) => `İş: ${name}`,
  cuttingNote: 'Kesilen levhalar olduğu gibi kalır; değişiklikler kalan levhalara planlanır ve kaydedince iş güncellenir.',
  cutNote: 'Bu iş kesildi; kaydederseniz yeni bir düzen olarak kaydedilir.',
  checklist: 'Kontrol listesi',
  stateBy: (who: string | undefined, when: string) => (who ? `${who}, ${when}` : when),
};

/**
 * sheetTitle names the board a page is cut from, for the saw to fetch it: an
 * offcut by its code, a stock row by its name, then the material and
 * thickness (the page's, else its row's) and the size, joined by " · "
 * ("Artık A-13 · Ceviz MDF 18 mm · 39,7 x 79,7 cm"); a page of no row and
 * no material is "Levha 100 x 148 cm".
 */
export function sheetTitle(
  stock: { id: string; name?: string; offcut?: boolean; material?: string; thickness?: number }[] | undefined,
  page: { stockId?: string; material?: string; thickness?: number },
  size: { width: number; height: number },
): string {
  const row = stock?.find((r) => r.id === page.stockId);
  const sheetSize = `${fmtN(size.width)} x ${fmtN(size.height)} cm`;
  const material = (page.material ?? row?.material ?? '').trim();
  const thickness = page.thickness || row?.thickness || 0;
  const kind = [material, thickness > 0 ? `${fmtN(thickness)} mm` : ''].filter(Boolean).join(' ');
  const what = row?.offcut ? `${jobMsg.offcut} ${row.id}` : row?.name?.trim() || '';
  if (!kind) return `${what || jobMsg.canvas} ${sheetSize}`;
  return [what, kind, sheetSize].filter(Boolean).join(' · ');
}

/** stateName is a job state's Turkish name. */
export function stateName(state: string | undefined): string {
  return state === 'cutting' ? jobMsg.stateCutting : state === 'cut' ? jobMsg.stateCut : jobMsg.statePlanned;
}
