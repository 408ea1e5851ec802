// The comparison of plans' texts ("Planları karşılaştır"; Turkish, numbers the Turkish way).
import { fmtInt, msg } from '../../messages';

export const compareMsg = {
  /** the results' button and the dialog's title */
  title: msg.comparePlans,
  intro: (seconds: string) =>
    `Aynı iş birkaç ayarla ayrı ayrı yerleştirilir, sırayla: her seçenek ilk yerleşimden sonra ${seconds} sn iyileştirilir. ` +
    'Ekrandaki düzen değişmez. Kısa bir arama olduğu için sonuç ekrandaki düzenden biraz farklı olabilir.',
  /** the comparison runs on the page's engine, which still lays out the job on screen */
  waitPage: 'Ekrandaki düzen bitince başlar.',
  option: 'Seçenek',
  sheets: 'Levha',
  cost: 'Maliyet',
  efficiency: 'Verim',
  cuts: 'Kesim sayısı',
  cutLength: 'Kesim boyu',
  leftover: 'En büyük artık',
  unplaced: 'Yerleşmeyen',
  action: 'İşlem',
  current: 'Şu anki ayarlar',
  guillotine: 'Giyotin kesim',
  free: 'Serbest yerleşim',
  /** guillotine without the saw profile (first cut and stages free) */
  noProfile: 'Giyotin kesim, kesim profili olmadan',
  keepLeftover: 'Son levhada tek büyük artık',
  noKeepLeftover: 'Son levhada tek artık aranmadan',
  /** two settings switched together: "Giyotin kesim ve son levhada tek büyük artık" */
  both: (a: string, b: string) => `${a} ve ${b.charAt(0).toLocaleLowerCase('tr-TR')}${b.slice(1)}`,
  objective: (what: string) => `Hedef: ${what}`,
  /** the objectives as the stock dialog names them */
  objectiveWord: { cost: 'maliyet', area: 'alan', sheets: 'levha sayısı' },
  /** the current settings in a few words, under "Şu anki ayarlar" */
  currentIs: (words: string[]) => words.join(' · '),
  freeWord: 'serbest yerleşim',
  guillotineWord: 'giyotin kesim',
  /** the saw profile after "giyotin kesim": "ilk kesim boyuna", "en çok 3 kademe" (the canvas card's words) */
  profileWords: msg.profileWords,
  keepLeftoverWord: 'son levhada tek artık',
  objectiveIs: (what: string) => `hedef: ${what}`,
  waiting: 'sırada',
  running: (pct: number) => `hesaplanıyor… %${pct}`,
  stopped: 'durduruldu',
  measuring: '…',
  /** a largest leftover that could not be measured (the export worker did not start), unlike "—": none */
  notMeasured: 'ölçülemedi',
  none: '—',
  inUse: 'kullanılıyor',
  use: 'Bunu kullan',
  useLabel: (label: string) => `Bunu kullan: ${label}`,
  stop: 'Durdur',
  best: 'en iyi',
  legend: '★ sütunun en iyi değeri (en çok parça yerleştiren planlar arasında)',
  /** what the leftover column measures: the offcuts the rack would get (the stock dialog's "En küçük artık ölçüsü") */
  leftoverHint: 'En büyük artık: iş kesilince rafa konacak artıkların en büyüğü (Levha stoku\'ndaki "En küçük artık ölçüsü"ne göre).',
  progress: (done: number, all: number) => `Hesaplanan: ${fmtInt(done)} / ${fmtInt(all)}`,
  finished: 'Karşılaştırma bitti.',
  stoppedAll: 'Karşılaştırma durduruldu.',
  /** told when "Bunu kullan" changed the settings (the stock's options once their save is stored or sent) */
  applied: (label: string) => `Ayar uygulandı: ${label}. Düzen yeniden hesaplanıyor.`,
  /** the stock's options taken with the server out of reach: kept in this browser, sent later (as the stock's own save says) */
  appliedLocally: (label: string) => `Ayar uygulandı: ${label}. Düzen yeniden hesaplanıyor. Ayar bu tarayıcıda saklandı; sunucuya bağlanınca gönderilecek.`,
  pieces: (n: number) => `${fmtInt(n)} adet`,
};
