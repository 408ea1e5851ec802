// The saved layouts' texts for jobs (Turkish; numbers the Turkish way).
// The older texts of the dialogs are in src/messages.ts.

import type { StockMoves, StockSheets } from './api';

const intFmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });
const fmtI = (v: number): string => intFmt.format(v);
const m2Fmt = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 });
const fmtM2 = (v: number): string => m2Fmt.format(v);

/**
 * sheetName names a stock row by its sheet: "Beyaz Sunta 18 mm 183x366"; a row without a material by
 * its name ("Sunta 18 18 mm 183x366"), and only a row of neither by its id.
 */
const sheetName = (s: StockSheets): string =>
  [s.material || s.name || s.stockId, s.thickness ? `${fmtM2(s.thickness)} mm` : '', s.width && s.height ? `${fmtM2(s.width)}x${fmtM2(s.height)}` : '']
    .filter(Boolean)
    .join(' ');

export const savedMsg = {
  updateJobTitle: 'Kesimdeki İşi Güncelle',
  updateJobNote: 'Kesilmiş levhalar olduğu gibi kalır; yalnız kalan levhalar yeniden planlanır.',
  /** updateJobProfile: under a saw profile (its words, msg.profileWords), which the sheets already cut need not have been cut by */
  updateJobProfile: (profile: string) => `Kesim profili (${profile}) yalnız kalan levhalara uygulanır; kesilmiş levhalar kesildikleri sırayla kalır.`,
  jobUpdated: 'Kesimdeki iş güncellendi.',
  /** partsNotSaved: the layout is on the server, its parts did not join Kayıtlı Parçalar (the server failed them) */
  partsNotSaved: 'Düzen kaydedildi; parçaları Kayıtlı Parçalar listesine eklenemedi (sunucu şu an kaydedemiyor). Düzen yüklendiğinde parçaları da gelir.',
  /** serverCannotSave: the server answered but cannot save now (its database): the layout is kept in this browser */
  serverCannotSave: (why: string) => `Sunucu düzeni şu an kaydedemiyor${why ? `: ${why.replace(/[.!]?$/, '.')}` : '.'} Düzen bu tarayıcıda yerel olarak saklandı; sunucu yeniden kaydedebildiğinde gönderilecek.`,
  waitForLayout: 'Yerleşim hesaplanıyor; bitince kaydedin.',
  statePlanned: 'Planlandı',
  stateCutting: 'Kesimde',
  stateCut: 'Kesildi',
  progress: (cut: number, total: number) => `${fmtI(cut)} / ${fmtI(total)} parça kesildi`,
  toCutting: 'Kesime başla',
  toCut: 'Kesildi',
  undo: 'Geri al',
  checklist: 'Kontrol listesi',
  markedCutting: (name: string) => `"${name}" kesimde.`,
  markedPlanned: (name: string) => `"${name}" yeniden planlandı.`,
  /**
   * markedCut: the toast after Kesildi; offcuts is the count put on the rack, or with it (skipped,
   * skippedM2) the leftovers the rack's limit kept off it (offcutsOf)
   */
  markedCut: (name: string, offcuts: number | { added: number; skipped?: number; skippedM2?: number }) => {
    const t = typeof offcuts === 'number' ? { added: offcuts } : offcuts;
    const text = t.added > 0 ? `"${name}" kesildi; ${fmtI(t.added)} artık rafa eklendi.` : `"${name}" kesildi; rafa yeni artık eklenmedi.`;
    return t.skipped && t.skipped > 0
      ? `${text} ${fmtI(t.skipped)} artık (${fmtM2(t.skippedM2 ?? 0)} m²) raf sınırı nedeniyle eklenmedi.`
      : text;
  },
  undoneCut: (name: string) => `"${name}" kesildi işareti geri alındı; kullanılmamış artıkları raftan kaldırıldı.`,
  /**
   * stockMoved: the sentences added to the Kesildi or undo toast for the sheets the state change took
   * off the stock rows or put back, and the sheets a cut used beyond what the stock had (stockMovesOf); '' when it moved none
   */
  stockMoved: (m: StockMoves) => {
    const parts: string[] = [];
    const sheets = (s: StockSheets) => `${sheetName(s)}: ${fmtI(s.quantity)} levha`;
    if (m.taken.length > 0) parts.push(`Stoktan düşüldü: ${m.taken.map((s) => `${sheets(s)} (kalan ${s.left ? fmtI(s.left) : 'yok'})`).join('; ')}.`);
    if (m.notTaken.length > 0) parts.push(`${m.notTaken.map(sheets).join('; ')} stokta bulunamadı, düşülmedi.`);
    if (m.short.length > 0) parts.push(`Stokta olandan fazla kullanıldı: ${m.short.map((s) => `${sheets(s)} eksik`).join('; ')}.`);
    if (m.returned.length > 0) parts.push(`Stoka geri kondu: ${m.returned.map(sheets).join('; ')}.`);
    if (m.notReturned.length > 0) parts.push(`${m.notReturned.map(sheets).join('; ')} stokta değişmiş, geri konmadı.`);
    return parts.length > 0 ? ` ${parts.join(' ')}` : '';
  },
  stateFailed: (why: string) => `İşin durumu değiştirilemedi: ${why}`,
  confirmCut: (name: string) => `"${name}" kesildi olarak işaretlensin mi? Levhalardaki kullanılabilir artıklar rafa eklenir; adedi sayılı stok satırlarından kullanılan levhalar düşülür.`,
  nameTaken: (name: string) => `"${name}" adında kayıtlı bir düzen zaten var. Ayrı bir düzen olarak yine de kaydedilsin mi?`,
  savedCounts: (parts: number, layouts: number, more: boolean) => `${fmtI(parts)} kayıtlı parça · ${fmtI(layouts)}${more ? '+' : ''} kayıtlı düzen`,
  /** foundCounts: the footer while a search is typed, counting what it shows */
  foundCounts: (parts: number, layouts: number, more: boolean) => `Aramaya uyan: ${fmtI(parts)} parça · ${fmtI(layouts)}${more ? '+' : ''} düzen`,
  confirmUndoCut: (name: string) => `"${name}" için kesildi işareti geri alınsın mı? Bu işin henüz kullanılmamış artıkları raftan kaldırılır; stoktan düşülen levhalar geri konur.`,
  /** layoutsUnreachable: the server could not be asked for the saved layouts (offline, or it failed); nothing was lost */
  layoutsUnreachable: 'Sunucuya ulaşılamıyor; kayıtlı düzenler şu an gösterilemiyor.',
  /** partsUnreachable: the same for the saved parts */
  partsUnreachable: 'Sunucuya ulaşılamıyor; kayıtlı parçalar şu an gösterilemiyor.',
  /** onlyLocal: the footer while the server cannot be reached, instead of counts that would read as nothing saved */
  onlyLocal: 'Sunucuya ulaşılamıyor · yalnız bu tarayıcıda tutulanlar gösteriliyor',
  /** jobGone: saving over the job on screen found it gone from the server (404); the save dialog offers a new layout */
  jobGone: (name: string) =>
    `"${name}" işi sunucuda artık yok (silinmiş ya da sunucu bu iş olmayan bir yedekten geri yüklenmiş). Ekrandaki düzen yeni bir düzen olarak kaydedilsin mi?`,
  /** jobGoneNote: the save dialog's note once the job on screen is known to be gone */
  jobGoneNote: 'Bu iş sunucuda artık yok; Kaydet, ekrandaki düzeni yeni bir düzen olarak kaydeder.',
  /** confirmBackToPlanned: "Geri al" from Kesimde to Planlandı; ticked: the pieces ticked so far (dropped when the job is saved again as planned) */
  confirmBackToPlanned: (name: string, ticked: number) =>
    `"${name}" işi Kesimde durumundan Planlandı durumuna geri alınsın mı? Kesimcilerin kontrol listeleri bu işte artık çalışmaz.` +
    (ticked > 0 ? ` İş yeniden kaydedildiğinde işaretlenmiş ${fmtI(ticked)} parçanın işaretleri silinir.` : ''),
  /** backToPlanned: the toast once a job being cut is back among the planned ones (nothing was re-planned yet) */
  backToPlanned: (name: string) => `"${name}" yeniden planlanacak işler arasına alındı (Planlandı).`,
  /** confirmCutUnticked: the Kesildi question when fewer pieces are ticked than the job has */
  confirmCutUnticked: (name: string, cut: number, total: number) =>
    `"${name}" kesildi olarak işaretlensin mi? ${fmtI(total)} parçadan ${fmtI(total - cut)} tanesi henüz işaretlenmedi. Levhalardaki kullanılabilir artıklar rafa eklenir; adedi sayılı stok satırlarından kullanılan levhalar düşülür.`,
  /** confirmUndoCutRack: the undo-cut question, with the offcuts the job used coming back to the rack */
  confirmUndoCutRack: (name: string) =>
    `"${name}" için kesildi işareti geri alınsın mı? Bu işten çıkıp henüz kullanılmamış artıklar raftan kaldırılır; işin kesildiği artık levhalar rafa geri döner; stoktan düşülen levhalar geri konur.`,
};

/** stateLabel is a job state's Turkish name. */
export function stateLabel(state: string | undefined): string {
  return state === 'cutting' ? savedMsg.stateCutting : state === 'cut' ? savedMsg.stateCut : savedMsg.statePlanned;
}
