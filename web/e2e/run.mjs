// End-to-end tests: the real kesim binary, Debian's Chromium, playwright-core.
// Run with `npm run e2e` (make test does). Prints "N passed, M failed".
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { chromium } from 'playwright-core';
import { createRequire } from 'node:module';
import { bin, CHROMIUM, freePort, outDir, prepare, root, waitHealthy } from './util.mjs';

const dataDir = prepare('kesim-e2e-');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let server = null;

async function startServer() {
  server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--db', path.join(dataDir, 'kesim.db')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The server's log goes to out/server.log; an exit the tests did not ask
  // for is reported at once (a crash would otherwise look like a refused
  // connection in every later test).
  const log = fs.createWriteStream(path.join(outDir, 'server.log'), { flags: 'a' });
  server.stderr.pipe(log);
  const mine = server;
  mine.once('exit', (code, signal) => {
    if (server === mine) console.error(`kesim serve exited unexpectedly (code ${code}, signal ${signal}); see e2e/out/server.log`);
  });
  await waitHealthy(base);
}
async function stopServer() {
  if (!server) return;
  const s = server;
  server = null;
  const exited = new Promise((r) => s.once('exit', r));
  s.kill('SIGTERM');
  await exited;
}

await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

let passed = 0;
let failed = 0;
const only = process.env.E2E_ONLY;

async function test(name, fn, options = {}) {
  if (only && !name.includes(only)) return;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true, locale: 'tr-TR', ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const t0 = Date.now();
  try {
    await fn(page, context);
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    passed++;
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.stack || e}`);
    await page.screenshot({ path: path.join(outDir, `${name.replace(/\W+/g, '_')}.png`) }).catch(() => {});
  } finally {
    await context.close();
  }
}

function expect(cond, message) {
  if (!cond) throw new Error(message);
}

async function open(page) {
  await page.goto(base);
  await page.keyboard.press('Escape'); // skips the splash
  await page.getByRole('heading', { name: 'Parça Ekle', exact: true }).waitFor();
}

async function addPart(page, name, w, h, q) {
  await page.getByLabel('Parça Adı').fill(name);
  await page.getByLabel('Genişlik (cm)').first().fill(String(w));
  await page.getByLabel('Yükseklik (cm)').first().fill(String(h));
  await page.getByLabel('Adet').first().fill(String(q));
  await page.getByRole('button', { name: "Nesting'e Ekle" }).click();
}

async function dialogText(page) {
  const d = page.getByRole('alertdialog');
  await d.waitFor();
  return d.innerText();
}
async function answer(page, button) {
  await page.getByRole('alertdialog').getByRole('button', { name: button }).click();
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
}

async function waitPages(page, n) {
  await page.waitForFunction((n) => document.querySelector('[data-testid=total-pages]')?.textContent === String(n), n, { timeout: 15000 });
}

async function paste(page, text) {
  await page.getByLabel('Parça Adı').focus();
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', text);
    document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

await test('add parts, see pages and efficiency', async (page) => {
  await open(page);
  expect(await page.getByRole('heading', { name: 'Henüz parça eklenmedi' }).isVisible(), 'empty state missing');
  await addPart(page, 'Kapak', '50', '74', '4');
  await waitPages(page, 1);
  expect((await page.getByTestId('avg-efficiency').innerText()) === '%100,0', 'efficiency not 100%');
  expect(await page.getByText('En az sayfa sayısı (kanıtlandı)').isVisible(), 'proof missing');
  await addPart(page, 'Raf', '45,5', '30', '6');
  await waitPages(page, 2);
  expect(await page.getByText('Sayfa 1 / 2').isVisible(), 'page label missing');
  expect(await page.getByRole('button', { name: 'Önceki sayfa' }).isDisabled(), 'prev not disabled at start');
  await page.getByRole('button', { name: 'Sonraki sayfa' }).click();
  expect(await page.getByText('Sayfa 2 / 2').isVisible(), 'did not page forward');
  expect(await page.getByRole('button', { name: 'Sonraki sayfa' }).isDisabled(), 'next not disabled at end');
  await page.screenshot({ path: path.join(outDir, 'main-1280x800.png'), fullPage: true });
});

await test('every validation message', async (page) => {
  await open(page);
  await page.getByRole('button', { name: "Nesting'e Ekle" }).click();
  expect((await dialogText(page)).includes('Lütfen tüm alanları doldurun!'), 'fill-all alert');
  await answer(page, 'Tamam');
  await addPart(page, 'A', '-5', '10', '1');
  expect((await dialogText(page)).includes('Lütfen geçerli pozitif değerler girin!'), 'positive alert');
  await answer(page, 'Tamam');
  await page.getByRole('button', { name: 'Tümünü Temizle' }).count().then((n) => expect(n === 0, 'list shown while empty'));
  await addPart(page, 'Kapak', '20', '30', '2');
  await page.getByRole('button', { name: 'Kapak: Düzenle' }).click();
  await page.getByLabel('Adet').last().fill('0');
  await page.getByLabel('Adet').last().press('Enter');
  expect((await dialogText(page)).includes('Lütfen geçerli bir parça adı ve adet girin!'), 'edit alert');
  await answer(page, 'Tamam');
  await page.getByLabel('Adet').last().press('Escape');
  await page.getByRole('button', { name: 'Nesting Alan Ayarları' }).click();
  await page.getByRole('dialog').getByLabel('Genişlik (cm)').fill('0');
  await page.getByRole('button', { name: 'Kaydet ve Uygula' }).click();
  expect((await dialogText(page)).includes('Lütfen geçerli genişlik ve yükseklik değerleri girin!'), 'canvas alert');
  await answer(page, 'Tamam');
  await page.getByRole('dialog').getByLabel('Genişlik (cm)').fill('1200');
  await page.getByRole('button', { name: 'Kaydet ve Uygula' }).click();
  expect((await dialogText(page)).includes('Çok büyük boyutlar performansı etkileyebilir. Devam etmek istediğinizden emin misiniz?'), 'huge confirm');
  await answer(page, 'İptal');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Tümünü Temizle' }).click();
  expect((await dialogText(page)).includes('1 çeşit, toplam 2 adet'), 'clear confirm counts');
  await answer(page, 'Evet');
  expect(await page.getByRole('heading', { name: 'Henüz parça eklenmedi' }).isVisible(), 'not cleared');
  await page.getByRole('button', { name: 'Düzeni Kaydet' }).click();
  expect((await dialogText(page)).length > 0, 'save without parts');
  await answer(page, 'Tamam');
});

await test('edit with Enter and Escape, delete', async (page) => {
  await open(page);
  await addPart(page, 'Kapak', '20', '30', '2');
  await page.getByRole('button', { name: 'Kapak: Düzenle' }).click();
  await page.getByLabel('Parça Adı').last().fill('Yan Panel');
  await page.getByLabel('Adet').last().fill('5');
  await page.getByLabel('Adet').last().press('Enter');
  await page.getByText('5 adet').waitFor();
  await page.getByRole('button', { name: 'Yan Panel: Düzenle' }).click();
  await page.getByLabel('Parça Adı').last().fill('Başka');
  await page.getByLabel('Parça Adı').last().press('Escape');
  expect(await page.getByRole('listitem', { name: 'Yan Panel' }).isVisible(), 'Escape did not cancel');
  await waitPages(page, 1);
  expect((await page.getByTestId('total-parts').innerText()) === '5', 'placed count not 5');
  await page.getByRole('button', { name: 'Yan Panel: Sil' }).click();
  await page.getByRole('heading', { name: 'Henüz parça eklenmedi' }).waitFor();
});

// A long list draws only the cards on screen (PartList, listWindow.ts):
// the browser lays it out, so that what jsdom cannot check is checked here.
await test('3.000 part lines: the open list is drawn in a window, Tab walks it in order, the skip link reaches the results', async (page) => {
  await open(page);
  const rows = ['Ad\tGenişlik\tYükseklik\tAdet'];
  for (let i = 1; i <= 3000; i++) rows.push(`Parça ${i}\t${10 + (i % 40)}\t${12 + (i % 23)}\t1`);
  await paste(page, rows.join('\n'));
  await page.getByRole('button', { name: 'Tümünü göster (3.000 parça çeşidi)' }).click();
  const drawn = await page.locator('.part-grid > li.part-card').count();
  expect(drawn < 300, `${drawn} cards drawn of 3.000`);
  // scrolled to the middle, the cards there are drawn
  await page.evaluate(() => {
    const ul = document.querySelector('.part-grid');
    scrollTo(0, ul.getBoundingClientRect().top + scrollY + ul.offsetHeight / 2);
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.part-grid > li.part-card')].some((li) => {
      const r = li.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight && Number(li.getAttribute('aria-posinset')) > 1000;
    }),
  );
  // Tab from the list's buttons: the search of a long list, then three stops a card, in order, past the first screen
  await page.getByRole('button', { name: 'Tümünü Temizle' }).focus();
  await page.keyboard.press('Tab');
  expect(await page.getByRole('searchbox', { name: 'Parçalarda ara' }).evaluate((el) => el === document.activeElement), 'Tab did not reach the search field');
  for (let i = 1; i <= 40; i++) {
    for (const stop of [`Parça ${i}: Döndürülebilir`, `Parça ${i}: Düzenle`, `Parça ${i}: Sil`]) {
      await page.keyboard.press('Tab');
      const at = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      expect(at === stop, `Tab reached ${at}, not ${stop}`);
    }
  }
  await page.keyboard.press('Enter');
  expect((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Parça 41: Düzenle', 'focus after Sil');
  await page.waitForFunction(() => document.querySelector('[data-testid=total-pages]')?.textContent !== '0', null, { timeout: 30000 });
  await page.getByRole('link', { name: 'Sonuçlara geç' }).focus();
  await page.keyboard.press('Enter');
  expect((await page.evaluate(() => document.activeElement?.id)) === 'results', 'skip link did not reach the results');
  await page.keyboard.press('Tab');
  expect((await page.evaluate(() => document.activeElement?.textContent)) === 'PDF İndir', 'PDF İndir not next');
  // a card far off screen is found by the list's search, Turkish letters aside
  await page.getByRole('searchbox', { name: 'Parçalarda ara' }).fill('parca 2999');
  await page.getByRole('listitem', { name: 'Parça 2999' }).waitFor();
  const found = await page.locator('.part-grid > li.part-card').count();
  expect(found === 1, `${found} cards shown for "parca 2999"`);
});

await test('canvas change with notice, guillotine cuts, kerf', async (page) => {
  await open(page);
  await addPart(page, 'Kapak', '50', '74', '4');
  await waitPages(page, 1);
  await page.getByRole('button', { name: 'Nesting Alan Ayarları' }).click();
  await page.getByRole('dialog').getByLabel('Genişlik (cm)').fill('210');
  await page.getByRole('dialog').getByLabel('Yükseklik (cm)').fill('280');
  expect(await page.getByText('210 x 280 cm · 58.800,0 cm²').isVisible(), 'live preview');
  await page.getByLabel('Testere payı (mm)').fill('4');
  await page.getByLabel('Giyotin kesim').check();
  await page.getByRole('button', { name: 'Kaydet ve Uygula' }).click();
  await page.getByText('Tuval boyutu güncellendi!').waitFor();
  expect(await page.getByText('Otomatik zoom ayarlandı').isVisible(), 'zoom line');
  await page.getByText(/kesim · toplam/).waitFor({ timeout: 15000 });
  await page.screenshot({ path: path.join(outDir, 'guillotine.png'), fullPage: true });
  // the saw profile, shown with guillotine only: the real engine lays it out
  await page.getByRole('button', { name: 'Nesting Alan Ayarları' }).click();
  await page.getByLabel('İlk kesim').selectOption({ label: 'Boyuna (uzun kenara paralel)' });
  await page.getByLabel('Kesim kademesi').selectOption({ label: '2 kademe' });
  await page.getByRole('dialog').screenshot({ path: path.join(outDir, 'saw-profile.png') });
  await page.getByRole('button', { name: 'Kaydet ve Uygula' }).click();
  await page.locator('.canvas-card').getByText('Giyotin kesim, ilk kesim boyuna, en çok 2 kademe').waitFor();
  await page.getByText(/kesim · toplam/).waitFor({ timeout: 15000 });
  // The browser's PDF names the profile and each cut's stage. The layout
  // made before the profile stays on screen until the new one comes, so a
  // part is added under the profile and the PDF taken once it holds it.
  await addPart(page, 'Raf', '100', '30', '1');
  const pdfPath = path.join(outDir, 'e2e-saw-profile.pdf');
  let text = '';
  for (let i = 0; i < 30 && !text.includes('Raf'); i++) {
    if (i > 0) await page.waitForTimeout(500);
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF İndir' }).click()]);
    await pdf.saveAs(pdfPath);
    text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString().replace(/\s+/g, ' ');
  }
  expect(text.includes('Raf'), 'no PDF of the layout made under the profile');
  expect(text.includes('Kesim profili ilk kesim boyuna, en çok 2 kademe'), `PDF does not name the profile: ${text.slice(0, 400)}`);
  expect(/K1 Dikey, x = [\d,]+ · 1\. kademe/.test(text) && text.includes('· 2. kademe'), `PDF cuts do not name their stages: ${text.slice(0, 1200)}`);
});

await test('paste rows from Excel, bad rows named', async (page) => {
  await open(page);
  await paste(page, 'Ad\tGenişlik\tYükseklik\tAdet\nKapak\t50\t74\t2\nRaf\t45,5\t30\t3\nBozuk\tabc\t10\t1\n');
  expect((await dialogText(page)).includes('Satır 4 (Bozuk), genişlik: "abc" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.'), 'bad row not named');
  await answer(page, 'Tamam');
  expect(await page.getByRole('listitem', { name: 'Raf' }).isVisible(), 'pasted rows missing');
  await waitPages(page, 1);
});

await test('import a part list from an Excel workbook', async (page) => {
  await open(page);
  // kesim nest's test workbook (internal/partcsv/testdata/xlsx): its Tabla, 1450 cm wide, is named and left out
  const xlsx = fs.readFileSync(path.join(root, 'internal/partcsv/testdata/xlsx/parts.xlsx'));
  await page.getByLabel('CSV içe aktar').setInputFiles({ name: 'parcalar.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
  expect((await dialogText(page)).includes('Satır 5 (Tabla)'), 'the row too wide is not named');
  await answer(page, 'Tamam');
  await page.getByRole('listitem', { name: 'Kapak' }).waitFor();
  expect(await page.getByRole('listitem', { name: 'Çekmece önü ĞÜŞİÖÇ' }).isVisible(), 'workbook rows missing');
});

await test('a pasted list written in mm is asked about and read as mm', async (page) => {
  await open(page);
  await paste(page, 'Ad\tEn\tBoy\tAdet\nYan\t720\t560\t2\nRaf\t564\t300\t3\n');
  expect((await dialogText(page)).includes('Ölçüler mm mi?'), 'no mm question');
  await answer(page, 'mm olarak ekle');
  const yan = await page.getByRole('listitem', { name: 'Yan' }).innerText();
  expect(/72\s*[×x]\s*56/.test(yan), `Yan read as ${yan}`);
  await waitPages(page, 2);
});

await test('export PDF and DXF', async (page) => {
  await open(page);
  await addPart(page, 'Çekmece Ön', '50', '74', '5');
  await waitPages(page, 2);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF İndir' }).click()]);
  expect(/^efeaktif_cutting_100x148_.*\.pdf$/.test(pdf.suggestedFilename()), `pdf name ${pdf.suggestedFilename()}`);
  const pdfPath = path.join(outDir, 'e2e.pdf');
  await pdf.saveAs(pdfPath);
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString() === '%PDF-', 'not a PDF');
  const [dxf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'DXF İndir' }).click()]);
  expect(dxf.suggestedFilename().endsWith('.dxf'), 'dxf name');
  const dxfPath = path.join(outDir, 'e2e.dxf');
  await dxf.saveAs(dxfPath);
  expect(fs.readFileSync(dxfPath, 'latin1').includes('AC1015'), 'not an AC1015 DXF');
  await page.getByLabel('Her sayfa ayrı DXF (zip)').check();
  const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'DXF İndir' }).click()]);
  expect(zip.suggestedFilename().endsWith('.zip'), 'zip name');
});

await test('3,000-piece job: banner, responsive typing', async (page) => {
  // The engine runs in its worker, never in the page: the page's own
  // WebAssembly is counted (a page that laid out itself would compile the
  // engine there).
  await page.addInitScript(() => {
    window.__wasm = 0;
    for (const k of ['instantiate', 'instantiateStreaming', 'compile', 'compileStreaming']) {
      const f = WebAssembly[k];
      if (f) WebAssembly[k] = (...a) => (window.__wasm++, f.apply(WebAssembly, a));
    }
  });
  await open(page);
  const rows = [];
  for (let i = 0; i < 600; i++) rows.push(`P${i}\t${5 + (i * 37) % 80}\t${5 + (i * 53) % 120}\t5`);
  await paste(page, rows.join('\n'));
  await page.getByText('Performans Optimizasyonu Aktif').waitFor();
  // From here on the engine works in the worker while the user types: the
  // longest main-thread task and the longest wait of a key press (Event
  // Timing: processingStart - startTime) are measured.
  await page.evaluate(() => {
    window.__long = 0;
    window.__wait = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__long = Math.max(window.__long, e.duration);
    }).observe({ type: 'longtask', buffered: false });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__wait = Math.max(window.__wait, e.processingStart - e.startTime);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
  const t0 = Date.now();
  await page.getByLabel('Parça Adı').pressSequentially('Yazarken donmuyor', { delay: 20 });
  await page.waitForFunction(() => document.querySelector('[data-testid=total-parts]')?.textContent === '3.000', null, { timeout: 30000 });
  const shown = Date.now() - t0;
  await page.getByLabel('Parça Adı').pressSequentially(' hâlâ', { delay: 20 });
  const { long, wait, wasm } = await page.evaluate(() => ({ long: window.__long, wait: window.__wait, wasm: window.__wasm }));
  console.log(`     3,000 pieces: layout shown after ${shown} ms; longest main-thread task ${Math.round(long)} ms; longest key-press wait ${Math.round(wait)} ms`);
  expect((await page.getByLabel('Parça Adı').inputValue()) === 'Yazarken donmuyor hâlâ', 'typed text lost');
  expect(wasm === 0, `the page compiled WebAssembly ${wasm} times`);
  // The target is 50 ms on a quiet machine (the line above prints it). The
  // bound only catches a main thread that computes for seconds: on CI's
  // shared two cores, with both busy with the search, Chromium's first
  // layout of the results (mostly its font lookups for each new font size,
  // once per page) once took 268 ms and a key press waited 294 ms behind it.
  expect(wait < 1000, `a key press waited ${Math.round(wait)} ms`);
  await page.screenshot({ path: path.join(outDir, 'ultra.png') });
});

await test('a change while the engine searches: the same worker lays out the new parts', async (page) => {
  const workers = [];
  page.on('worker', (w) => workers.push(w));
  await open(page);
  const rows = [];
  for (let i = 0; i < 600; i++) rows.push(`P${i}\t${5 + (i * 37) % 80}\t${5 + (i * 53) % 120}\t5`);
  await paste(page, rows.join('\n'));
  await page.waitForFunction(() => document.querySelector('[data-testid=total-parts]')?.textContent === '3.000', null, { timeout: 30000 });
  // The engine now improves the layout for 3 s: a part added meanwhile
  // cancels that search. The worker ends it within tens of milliseconds
  // and, warm, lays out the new parts; it is not replaced by a fresh one.
  await page.getByLabel('Parça Adı').fill('Ek');
  await page.getByLabel('Genişlik (cm)').first().fill('40');
  await page.getByLabel('Yükseklik (cm)').first().fill('50');
  await page.getByLabel('Adet').first().fill('2');
  const t0 = Date.now();
  await page.getByRole('button', { name: "Nesting'e Ekle" }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=total-parts]')?.textContent === '3.002', null, { timeout: 30000, polling: 10 });
  const shown = Date.now() - t0;
  const names = await Promise.all(workers.map((w) => w.evaluate(() => self.name).catch(() => 'ended')));
  console.log(`     a change during the search: new layout shown ${shown} ms after the click; workers: ${names.map((n) => n || 'layout').join(', ')}`);
  expect(names.filter((n) => n !== 'export').length === 1, `the layout worker was replaced: ${names.join(', ')}`);
});

await test('save a layout, reload, load it, delete it', async (page) => {
  await open(page);
  await addPart(page, 'Kapı', '60', '120', '2');
  await page.getByRole('button', { name: 'Düzeni Kaydet' }).click();
  expect(await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).isDisabled(), 'save enabled with blank name');
  await page.getByLabel('Düzen Adı').fill('Mutfak dolabı');
  await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).click();
  await page.getByText('Düzen ve parçalar kaydedildi.').waitFor();
  await page.reload();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Tümünü Temizle' }).click();
  await answer(page, 'Evet');
  await page.getByRole('button', { name: 'Kayıtlı Parçalar' }).click();
  await page.getByText('Mutfak dolabı').waitFor();
  await page.getByRole('button', { name: '0 parçayı ekle' }).click();
  expect((await dialogText(page)).includes('Lütfen yüklemek istediğiniz parçaları seçin!'), 'select alert');
  await answer(page, 'Tamam');
  await page.getByLabel('Ara (parça adı, 40x60 veya düzen adı)').fill('60x120');
  await page.getByText('Kapı', { exact: false }).first().waitFor();
  await page.getByLabel('Ara (parça adı, 40x60 veya düzen adı)').fill('yok böyle');
  await page.getByText('Arama kriterinize uygun düzen bulunamadı.').waitFor();
  await page.getByLabel('Ara (parça adı, 40x60 veya düzen adı)').fill('');
  // The list holds summaries; the layout's parts come when it is loaded.
  const [whole] = await Promise.all([
    page.waitForResponse((r) => /\/api\/layouts\/[^/?]+$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET'),
    page.getByRole('button', { name: 'Mutfak dolabı: Yükle' }).click(),
  ]);
  expect(whole.ok(), `GET ${whole.url()}: ${whole.status()}`);
  await page.getByText('"Mutfak dolabı" düzeni yüklendi.').waitFor();
  expect(await page.getByRole('listitem', { name: 'Kapı' }).isVisible(), 'layout parts not loaded');
  // The saved job comes back with its stored layout, not a new one, until asked.
  await page.getByText('Kayıtlı düzen gösteriliyor.').waitFor();
  expect(await page.locator('.preview canvas').first().isVisible(), 'stored layout not drawn');
  await page.getByRole('button', { name: 'Yeniden hesapla' }).click();
  await page.getByText('Kayıtlı düzen gösteriliyor.').waitFor({ state: 'detached' });
  await page.locator('.preview canvas').first().waitFor();
  await page.getByRole('button', { name: 'Kayıtlı Parçalar' }).click();
  await page.getByRole('button', { name: 'Mutfak dolabı: Sil' }).click();
  await answer(page, 'Evet');
  await page.getByText('Henüz kayıtlı düzen bulunmuyor.').waitFor();
});

await test('many layouts: pages of summaries, searched on the server', async (page) => {
  const parts = [{ id: 'a', name: 'Panel', width: 40, height: 60, quantity: 3 }, { id: 'b', name: 'Raf', width: 20, height: 30, quantity: 2 }];
  for (let i = 1; i <= 55; i++) {
    const name = `${i % 5 === 0 ? 'Vitrin' : 'Dolap'} ${String(i).padStart(2, '0')}`;
    const r = await fetch(`${base}/api/layouts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, parts, sheet: { width: 100, height: 148 } }) });
    expect(r.status === 201, `create ${name}: ${r.status}`);
  }
  try {
    await open(page);
    await page.getByRole('button', { name: 'Kayıtlı Parçalar' }).click();
    await page.getByText('Dolap 54').waitFor();
    expect((await page.locator('.saved-layouts li').count()) === 50, 'first page is not 50 layouts');
    expect(await page.getByText(/^2 çeşit · 5 adet · /).first().isVisible(), 'summary counts missing');
    expect((await page.getByText('Dolap 01').count()) === 0, 'oldest shown on the first page');
    await page.getByRole('button', { name: 'Daha fazla' }).click();
    await page.getByText('Dolap 01').waitFor();
    expect((await page.getByRole('button', { name: 'Daha fazla' }).count()) === 0, 'more after the last page');
    const searched = page.waitForRequest((r) => new URL(r.url()).searchParams.get('q') === 'vitrin');
    await page.getByLabel('Ara (parça adı, 40x60 veya düzen adı)').fill('vitrin');
    await searched;
    await page.waitForFunction(() => document.querySelectorAll('.saved-layouts li').length === 11);
    expect((await page.getByText('Dolap 54').count()) === 0, 'search kept other layouts');
  } finally {
    // The later tests expect a short list again.
    const all = await (await fetch(`${base}/api/layouts?limit=200`)).json();
    for (const l of all.layouts.filter((l) => /^(Dolap|Vitrin) \d\d$/.test(l.name))) await fetch(`${base}/api/layouts/${l.id}`, { method: 'DELETE' });
  }
});

await test('server down: saved locally, synced once at the next start', async (page) => {
  await open(page);
  await addPart(page, 'Tezgah', '70', '140', '1');
  await waitPages(page, 1);
  await stopServer();
  await page.getByRole('button', { name: 'Düzeni Kaydet' }).click();
  await page.getByLabel('Düzen Adı').fill('Çevrimdışı düzen');
  await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).click();
  await page.getByText('Sunucuya ulaşılamadı; düzen bu tarayıcıda yerel olarak saklandı.').waitFor();
  await startServer();
  await page.reload();
  await page.getByText('Senkronizasyon tamamlandı: 1 yeni parça, 1 yeni düzen.').waitFor({ timeout: 10000 });
  await page.reload();
  await page.keyboard.press('Escape');
  await page.waitForTimeout(1000);
  expect((await page.getByText('Senkronizasyon tamamlandı').count()) === 0, 'synced twice');
  const { layouts } = await (await fetch(`${base}/api/layouts?q=${encodeURIComponent('Çevrimdışı düzen')}`)).json();
  expect(layouts.filter((l) => l.name === 'Çevrimdışı düzen').length === 1, 'layout not synced exactly once');
});

await test('a longer search runs in the background and can be cancelled', async (page) => {
  // Count the layouts the page shares between its workers.
  await page.addInitScript(() => {
    const post = Worker.prototype.postMessage;
    window.__kesimShares = 0;
    Worker.prototype.postMessage = function (m, ...rest) {
      if (m && m.type === 'share') window.__kesimShares++;
      return post.call(this, m, ...rest);
    };
  });
  await open(page);
  await page.getByRole('button', { name: 'Nesting Alan Ayarları' }).click();
  await page.getByRole('dialog').getByLabel('Yükseklik (cm)').fill('100');
  await page.getByRole('button', { name: 'Kaydet ve Uygula' }).click();
  // Berkey-Wang/Martello-Vigo instance cl07_n020_02: 5 sheets, bound 4.
  await paste(page, 'P0\t90\t9\t1\nP1\t99\t6\t1\nP2\t77\t4\t1\nP3\t11\t97\t1\nP4\t74\t50\t1\nP5\t84\t13\t1\nP6\t72\t1\t1\nP7\t97\t8\t1\nP8\t74\t53\t1\nP9\t66\t81\t1\nP10\t76\t10\t1\nP11\t94\t33\t1\nP12\t90\t19\t1\nP13\t68\t61\t1\nP14\t89\t30\t1\nP15\t100\t19\t1\nP16\t72\t45\t1\nP17\t88\t4\t1\nP18\t74\t13\t1\nP19\t19\t77\t1');
  await page.getByRole('progressbar').waitFor({ state: 'detached', timeout: 15000 });
  await page.getByText(/^Alt sınır: \d+ sayfa/).waitFor({ timeout: 15000 });
  // The export worker starts a few seconds after the app: count the workers once it is there.
  const cores = await page.evaluate(() => navigator.hardwareConcurrency || 1);
  for (let i = 0; i < 100 && page.workers().length < 2; i++) await page.waitForTimeout(100);
  const before = page.workers().length;
  await page.getByRole('button', { name: 'Daha iyi ara' }).click();
  await page.getByText('Daha iyi düzen aranıyor...').waitFor();
  // A longer search also runs on a helper worker per further core (at most 3).
  const helpers = Math.min(3, cores - 1);
  for (let i = 0; i < 100 && page.workers().length < before + helpers; i++) await page.waitForTimeout(100);
  expect(page.workers().length === before + helpers, `${page.workers().length - before} helper workers for ${cores} cores, want ${helpers}`);
  // With helpers, the layout on screen goes to every worker of the search as it starts.
  const want = helpers > 0 ? helpers + 1 : 0;
  let shares = 0;
  for (let i = 0; i < 100 && shares < want; i++) {
    shares = await page.evaluate(() => window.__kesimShares);
    if (shares < want) await page.waitForTimeout(100);
  }
  expect(shares >= want, `${shares} layouts shared between ${helpers + 1} workers, want at least ${want}`);
  await page.getByRole('button', { name: 'İptal' }).click();
  await page.getByRole('button', { name: 'Daha iyi ara' }).waitFor();
  expect(Number(await page.getByTestId('total-pages').innerText()) >= 3, 'layout lost after cancel');
});

await test('without WebAssembly the server lays out and the app says so', async (page) => {
  await page.route('**/engine.wasm*', (route) => route.abort());
  await open(page);
  await addPart(page, 'Kapak', '50', '74', '4');
  await page.getByText('Tarayıcıda hesaplama motoru başlatılamadı; hesaplama sunucuda yapılıyor.').waitFor({ timeout: 15000 });
  await waitPages(page, 1);
});

// A team server of its own: accounts made with `kesim user add` against
// its database (the first one an admin, as team mode starts).
async function teamServer(users) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesim-team-'));
  const db = path.join(dir, 'team.db');
  for (const [name, admin] of users) {
    fs.writeFileSync(path.join(dir, 'pw'), `${name}-parola-123\n`);
    execFileSync(bin, ['user', 'add', name, ...(admin ? ['--admin'] : []), '--password-file', path.join(dir, 'pw'), '--db', db]);
  }
  const teamPort = await freePort();
  const proc = spawn(bin, ['serve', '--addr', `127.0.0.1:${teamPort}`, '--db', db], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${teamPort}`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    close() {
      proc.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function signIn(page, name, password = `${name}-parola-123`) {
  const dlg = page.getByRole('dialog', { name: 'Oturum Aç' });
  await dlg.waitFor();
  await dlg.getByLabel('Kullanıcı adı').fill(name);
  await dlg.getByLabel('Şifre').fill(password);
  await dlg.getByRole('button', { name: 'Giriş Yap' }).click();
  await dlg.waitFor({ state: 'detached' });
  await page.getByText(name, { exact: true }).waitFor();
}

const storage = (page, key) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), key);

await test('team server: sign in, work, session lost hides the work, sign out', async (page) => {
  const team = await teamServer([['ayse', true]]);
  try {
    await page.goto(team.url);
    await page.keyboard.press('Escape');
    const dlg = page.getByRole('dialog', { name: 'Oturum Aç' });
    await dlg.waitFor();
    await dlg.getByLabel('Kullanıcı adı').fill('ayse');
    await dlg.getByLabel('Şifre').fill('yanlış-parola');
    await dlg.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.getByText('Kullanıcı adı veya şifre hatalı').waitFor();
    await signIn(page, 'ayse');
    await addPart(page, 'Kapak', '50', '74', '4');
    await waitPages(page, 1);
    // The session ends while a layout is on screen: the sign-in comes
    // back over no work; the same account gets it back.
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Kayıtlı Parçalar' }).click();
    await page.getByText('Oturumunuz sona erdi.', { exact: false }).waitFor();
    expect((await page.getByRole('listitem', { name: 'Kapak' }).count()) === 0, 'work shown under the sign-in screen');
    await signIn(page, 'ayse');
    await page.getByRole('listitem', { name: 'Kapak' }).waitFor();
    await page.getByRole('button', { name: 'Çıkış' }).click();
    expect((await dialogText(page)).includes('Ekrandaki parçalar kayıtlı bir düzende yok.'), 'no question before dropping unsaved work');
    await answer(page, 'Evet');
    await page.getByRole('dialog', { name: 'Oturum Aç' }).waitFor();
    expect((await page.getByRole('listitem', { name: 'Kapak' }).count()) === 0, 'work left on screen after sign-out');
    expect((await fetch(`${team.url}/api/parts`)).status === 401, 'API open without a session');
  } finally {
    team.close();
  }
});

await test('team server: what alice leaves in the browser is neither shown to bob nor synced into his account', async (page) => {
  const team = await teamServer([['ayse', true], ['alice', false], ['bob', false]]);
  try {
    await page.goto(team.url);
    await page.keyboard.press('Escape');
    await signIn(page, 'alice');
    await addPart(page, 'Tezgah', '70', '140', '1');
    await waitPages(page, 1);
    // The database is out of reach while alice saves: the layout stays in
    // this browser, and at her sign-out it still cannot be sent.
    const offline = (route) => route.abort('connectionrefused');
    await page.route('**/api/sync', offline);
    await page.route('**/api/layouts', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue()));
    await page.getByRole('button', { name: 'Düzeni Kaydet' }).click();
    await page.getByLabel('Düzen Adı').fill('Alice çevrimdışı');
    await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Sunucuya ulaşılamadı; düzen bu tarayıcıda yerel olarak saklandı.').waitFor();
    expect((await storage(page, 'nesting-layouts@alice'))?.[0]?.name === 'Alice çevrimdışı', 'layout not kept for alice');
    expect((await storage(page, 'kesim-work@alice'))?.parts?.length === 1, 'work not kept for alice');
    await page.getByRole('button', { name: 'Çıkış' }).click(); // saved (locally): no question
    await page.getByRole('dialog', { name: 'Oturum Aç' }).waitFor();
    await page.getByText('bir sonraki girişinizde gönderilecek', { exact: false }).waitFor();
    expect((await page.getByRole('listitem', { name: 'Tezgah' }).count()) === 0, 'alice’s parts left on the page');
    expect((await storage(page, 'kesim-work@alice')) === null, 'alice’s work left in localStorage');
    expect((await storage(page, 'kesim-work')) === null, 'work under the plain key');
    await page.unroute('**/api/sync');
    await page.unroute('**/api/layouts');

    await signIn(page, 'bob');
    await page.waitForTimeout(1000); // the startup sync would have run by now
    expect((await page.getByText('Senkronizasyon tamamlandı', { exact: false }).count()) === 0, 'a sync ran for bob');
    expect((await page.getByRole('listitem', { name: 'Tezgah' }).count()) === 0, 'alice’s parts shown to bob');
    const bobs = await page.evaluate(() => fetch('/api/layouts').then((r) => r.json()));
    expect(bobs.layouts.length === 0, `bob got layouts: ${JSON.stringify(bobs)}`);
    await page.getByRole('button', { name: 'Kayıtlı Parçalar' }).click();
    await page.getByText('Henüz kayıtlı düzen bulunmuyor.').waitFor();
    expect((await page.getByText('Alice çevrimdışı').count()) === 0, 'alice’s kept layout listed for bob');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Çıkış' }).click();

    // alice's next sign-in sends it into her own account.
    await signIn(page, 'alice');
    await page.getByText('Senkronizasyon tamamlandı: 1 yeni parça, 1 yeni düzen.').waitFor({ timeout: 10000 });
    const alices = await page.evaluate(() => fetch('/api/layouts').then((r) => r.json()));
    expect(alices.layouts.map((l) => l.name).join() === 'Alice çevrimdışı', `alice's layouts: ${JSON.stringify(alices)}`);
    expect((await storage(page, 'nesting-layouts@alice')) === null, 'kept layout not removed after the sync');
  } finally {
    team.close();
  }
});

await test('tablet landscape and keyboard only', async (page) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page);
  await page.setViewportSize({ width: 1024, height: 600 });
  await page.getByLabel('Parça Adı').focus();
  await page.keyboard.type('Klavye');
  await page.keyboard.press('Tab');
  await page.keyboard.type('30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('40');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await waitPages(page, 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(!overflow, 'page wider than a 1024 px tablet');
  await page.screenshot({ path: path.join(outDir, 'tablet-1024x600.png'), fullPage: true });
});

// Issue 17: materials and stock rows, end to end.
async function defineStock(page, csv) {
  await page.getByRole('button', { name: 'Levha stoku' }).click();
  const dlg = page.getByRole('dialog', { name: 'Levha stoku' });
  await dlg.waitFor();
  await dlg.getByLabel('CSV içe aktar').setInputFiles({ name: 'stok.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await dlg.getByText(/stok satırı içe aktarıldı/).waitFor();
  await page.screenshot({ path: path.join(outDir, 'stock-dialog.png') });
  await dlg.getByRole('button', { name: 'Kaydet' }).click();
  await dlg.waitFor({ state: 'detached' });
}

/** clearStock empties the stock kept on the server (local mode: one user), so that no test sees another's. */
async function clearStock() {
  const r = await fetch(`${base}/api/stock`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"stock":[],"bands":[]}' });
  expect(r.ok, `PUT /api/stock: ${r.status}`);
}

async function waitSections(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=material-section]').length === n, n, { timeout: 20000 });
}

await test('three-material kitchen job from paste to PDF', async (page) => {
  await clearStock();
  await open(page);
  await paste(
    page,
    'Ad\tGenişlik\tYükseklik\tAdet\tMalzeme\tKalınlık\n' +
      'Yan\t56\t72\t4\tBeyaz Sunta\t18\nRaf\t54\t30\t6\tBeyaz Sunta\t18\nTaban\t56\t54\t2\tBeyaz Sunta\t18\n' +
      'Kapak\t40\t70\t4\tCeviz MDF\t18\nÇekmece Ön\t40\t20\t3\tCeviz MDF\t18\n' +
      'Arkalık\t58\t70\t2\tMDF\t8\n',
  );
  await page.getByRole('listitem', { name: 'Arkalık' }).waitFor();
  // a BOM, semicolons, a decimal comma and a Turkish thousands dot
  await defineStock(
    page,
    '\uFEFFad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar\n' +
      'Beyaz büyük;Beyaz Sunta;18;183;366;;1.450;yok\n' +
      'Ceviz;Ceviz MDF;18;183;366;2;2100,50;dikey\n' +
      'Arkalık MDF;MDF;8;183;366;;600;\n',
  );
  await waitSections(page, 3);
  await page.screenshot({ path: path.join(outDir, 'kitchen.png'), fullPage: true });
  const results = page.locator('.results');
  const text = await results.innerText();
  for (const want of ['Beyaz Sunta 18 mm', 'Ceviz MDF 18 mm', 'MDF 8 mm', 'Maliyet:', 'Toplam maliyet', 'Bu planın maliyeti', 'Levha: Beyaz büyük']) {
    expect(text.includes(want), `results miss "${want}": ${text.slice(0, 600)}`);
  }
  expect(/Satın alınacaklar[\s\S]*Beyaz büyük: \d+ levha/.test(text), 'buy list misses the unlimited row');
  expect(/Stoktan kullanılan levhalar[\s\S]*Ceviz: 1 levha/.test(text), 'sheets from stock miss the limited row');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF İndir' }).click()]);
  const pdfPath = path.join(outDir, 'e2e-kitchen.pdf');
  await pdf.saveAs(pdfPath);
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString() === '%PDF-', 'not a PDF');
  const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
  for (const m of ['Beyaz Sunta', 'Ceviz MDF', 'MDF']) expect(pdfText.includes(m), `PDF has no section of ${m}`);
  const [dxf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'DXF İndir' }).click()]);
  expect(dxf.suggestedFilename().endsWith('.zip'), `several materials' DXF is not a zip: ${dxf.suggestedFilename()}`);
  const zipPath = path.join(outDir, 'e2e-kitchen.zip');
  await dxf.saveAs(zipPath);
  const files = unzipSync(fs.readFileSync(zipPath));
  const names = Object.keys(files);
  expect(names.length === 3 && names.every((n) => n.endsWith('.dxf')), `zip holds ${names.join(', ')}`);
  expect(names.every((n) => Buffer.from(files[n]).toString('latin1').includes('AC1015')), 'a DXF in the zip is not AC1015');
  // the shop floor's papers: labels (one per piece, Turkish names), the cut list for Excel, the quote
  const pieces = 4 + 6 + 2 + 4 + 3 + 2;
  const [labels] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Etiketler' }).click()]);
  const labelsPath = path.join(outDir, 'e2e-etiketler.pdf');
  await labels.saveAs(labelsPath);
  const labelsText = execFileSync('pdftotext', [labelsPath, '-']).toString();
  expect(labelsText.includes('Çekmece Ön') && labelsText.includes('Arkalık'), 'labels lack the Turkish names');
  const perSheet = 24; // the default A4 3 x 8
  const labelPages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [labelsPath]).toString())[1]);
  expect(labelPages === Math.ceil(pieces / perSheet), `${labelPages} label pages for ${pieces} pieces`);
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Kesim listesi (Excel)' }).click()]);
  expect(xlsx.suggestedFilename().endsWith('.xlsx'), `cut list named ${xlsx.suggestedFilename()}`);
  const xlsxPath = path.join(outDir, 'e2e-kesim-listesi.xlsx');
  await xlsx.saveAs(xlsxPath);
  const sheets = Object.keys(unzipSync(fs.readFileSync(xlsxPath)));
  expect(sheets.some((n) => n.startsWith('xl/worksheets/')), `xlsx holds ${sheets.join(', ')}`);
  await page.getByRole('button', { name: 'Teklif', exact: true }).click();
  const [quote] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Teklif PDF' }).click()]);
  const quotePath = path.join(outDir, 'e2e-teklif.pdf');
  await quote.saveAs(quotePath);
  const quoteText = execFileSync('pdftotext', [quotePath, '-']).toString();
  expect(quoteText.includes('Fiyat Teklifi') && quoteText.includes('KDV'), `quote: ${quoteText.slice(0, 300)}`);
  // the stock is kept: a reload brings it back
  await page.reload();
  await page.keyboard.press('Escape');
  await waitSections(page, 3);
});

await test('identical sheets are shown once with × 5', async (page) => {
  await clearStock();
  await open(page);
  // Ten 50 x 148 parts fill the 100 x 148 canvas two by two: five identical sheets.
  await paste(page, 'Dikme\t50\t148\t10\n');
  await page.getByRole('listitem', { name: 'Dikme' }).waitFor();
  // By default the specification's pager, one sheet a step; merged on request.
  await page.locator('.results').getByText('Sayfa 1 / 5').first().waitFor({ timeout: 15000 });
  await page.getByRole('checkbox', { name: 'Aynı levhaları birleştir (× adet)' }).check();
  await page.locator('.results').getByText('Sayfa 1-5 (× 5)').first().waitFor({ timeout: 15000 });
});

await test('a job whose stock runs out lists Stok yetmedi', async (page) => {
  await clearStock();
  await open(page);
  await paste(page, 'Ad\tGenişlik\tYükseklik\tAdet\tMalzeme\nKare\t100\t100\t8\tBeyaz\n');
  await page.getByRole('listitem', { name: 'Kare' }).waitFor();
  await defineStock(page, 'ad;malzeme;genişlik;yükseklik;adet;fiyat\nTek levha;Beyaz;183;366;1;1450\n');
  await waitSections(page, 1);
  await page.getByTestId('order-summary').getByText(/Kare \(100x100\) \(5 adet\): Stok yetmedi/).waitFor({ timeout: 15000 });
  const summary = await page.getByTestId('order-summary').innerText();
  // the plan is said to be short, not proven cheapest
  expect(summary.includes('Stok yetmedi: 5 parça stok yetmediği için yerleştirilemedi'), `summary: ${summary}`);
  const shown = await page.locator('.results').innerText();
  expect(!/ucuz olamaz|kanıtlandı/.test(shown), `a bound claimed for a plan short of stock: ${shown}`);
  expect(summary.includes('Tek levha: 1 levha'), `sheets from stock: ${summary}`);
});

await test('three materials, 1,000 pieces: the first complete layout', async (page) => {
  await clearStock();
  await open(page);
  await defineStock(
    page,
    'ad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat\n' +
      'B büyük;Beyaz Sunta;18;183;366;;1450\nB küçük;Beyaz Sunta;18;210;280;;1300\n' +
      'Ceviz;Ceviz MDF;18;183;366;;2100\nArka;MDF;8;183;366;;600\n',
  );
  const mats = [
    ['Beyaz Sunta', 18],
    ['Ceviz MDF', 18],
    ['MDF', 8],
  ];
  const rows = ['Ad\tGenişlik\tYükseklik\tAdet\tMalzeme\tKalınlık'];
  for (let i = 0; i < 200; i++) {
    const [m, t] = mats[i % 3];
    rows.push(`P${i}\t${5 + ((i * 37) % 80)}\t${5 + ((i * 53) % 120)}\t5\t${m}\t${t}`);
  }
  const t0 = Date.now();
  await paste(page, rows.join('\n'));
  // The moment the layout is complete, the search for fewer sheets still
  // runs (its progress bar is shown): the first layout did not wait for it.
  const during = await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=total-parts]')?.textContent === '1.000' &&
      document.querySelectorAll('[data-testid=material-section]').length === 3 && {
        searching: !!document.querySelector('[role=progressbar][aria-label="Daha az sayfa aranıyor..."]'),
      },
    null,
    { timeout: 30000, polling: 10 },
  );
  const shown = Date.now() - t0;
  const { searching } = await during.jsonValue();
  console.log(`     3 materials, 1,000 pieces: first complete layout shown ${shown} ms after the paste; search still running: ${searching}`);
  expect(searching, 'the first layout was shown only after the search');
  // The target is 1 s on a quiet machine (printed above); the bound only
  // catches a layout that waits for many seconds, not a shared CPU's noise.
  expect(shown < 5000, `first layout after ${shown} ms`);
});

await test('a layout saved with stock loads its stock back', async (page) => {
  await clearStock();
  await open(page);
  await paste(page, 'Ad\tGenişlik\tYükseklik\tAdet\tMalzeme\nKapak\t40\t70\t4\tCeviz\n');
  await page.getByRole('listitem', { name: 'Kapak' }).waitFor();
  await defineStock(page, 'ad;malzeme;genişlik;yükseklik;fiyat\nCeviz levha;Ceviz;183;366;2100\n');
  await waitSections(page, 1);
  await page.getByRole('button', { name: 'Düzeni Kaydet' }).click();
  await page.getByLabel('Düzen Adı').fill('Stoklu kapaklar');
  await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).click();
  await page.getByText('Düzen ve parçalar kaydedildi.').waitFor();
  // the stock is emptied elsewhere: after a reload the canvas is the only stock
  await clearStock();
  await page.reload();
  await page.keyboard.press('Escape');
  await waitPages(page, 1);
  // (the part keeps its material: its section is on the canvas, without price)
  await page.locator('.results').getByText(/Levha: Tuval 100x148 cm/).waitFor({ timeout: 15000 });
  await page.getByRole('button', { name: 'Kayıtlı Parçalar' }).click();
  await page.getByRole('button', { name: 'Stoklu kapaklar: Yükle' }).click();
  // The user's stock is replaced only after a question: İptal leaves it and the work as they are.
  expect((await dialogText(page)).includes('levha stokunuz ve bant listeniz düzeninkilerle değiştirilir'), 'no question before the stock is replaced');
  await answer(page, 'İptal');
  expect((await (await fetch(`${base}/api/stock`)).json()).stock?.length === 0, 'the stock changed although the load was cancelled');
  await page.getByRole('button', { name: 'Stoklu kapaklar: Yükle' }).click();
  await answer(page, 'Düzenin stokuyla yükle');
  await page.getByText('"Stoklu kapaklar" düzeni yüklendi.').waitFor();
  await waitSections(page, 1);
  // The canvas's section stays on screen until the layout with the stock is done.
  await page.locator('.results').getByText(/Levha: Ceviz levha/).waitFor({ timeout: 15000 }).catch(() => {});
  const text = await page.locator('.results').innerText();
  expect(text.includes('Levha: Ceviz levha') && text.includes('Maliyet: 2.100,00 TL'), `loaded layout without its stock: ${text.slice(0, 400)}`);
  // and it is the user's stock again, on the server
  const kept = await (await fetch(`${base}/api/stock`)).json();
  expect(kept.stock?.length === 1 && kept.stock[0].name === 'Ceviz levha', `server stock: ${JSON.stringify(kept)}`);
  await clearStock();
});


/** layoutId finds a saved layout's id by its name (GET /api/layouts?q=). */
async function layoutId(name) {
  const list = await (await fetch(`${base}/api/layouts?q=${encodeURIComponent(name)}`)).json();
  const l = list.layouts.find((x) => x.name === name);
  expect(l, `no saved layout ${name}: ${JSON.stringify(list)}`);
  return l.id;
}

/** saveLayout saves the layout on screen under name and answers its id. */
async function saveLayout(page, name) {
  await page.getByRole('button', { name: 'Düzeni Kaydet' }).click();
  await page.getByLabel('Düzen Adı').fill(name);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  // The dialog closes once the server has answered; a toast of an earlier save may still be up.
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Düzen ve parçalar kaydedildi.').last().waitFor();
  return layoutId(name);
}

await test('a job is cut, its offcut goes to the rack and the next job uses it; a phone ticks a sheet', async (page, context) => {
  await clearStock();
  await open(page);
  // a 100 x 50 shelf on the 100 x 148 canvas leaves a 100 x 98 offcut
  await paste(page, 'Raf\t100\t50\t1\n');
  await page.getByRole('listitem', { name: 'Raf' }).waitFor();
  await waitPages(page, 1);
  const first = await saveLayout(page, 'Raf işi');
  const saved = await (await fetch(`${base}/api/layouts/${first}`)).json();
  expect(saved.result?.pages?.length === 1 && saved.state === 'planned', `saved without its result: ${JSON.stringify(saved).slice(0, 300)}`);
  // Kayıtlı Parçalar: the job's state, marked cut
  await page.getByRole('button', { name: 'Kayıtlı Parçalar' }).click();
  const dlg = page.getByRole('dialog', { name: /Kayıtlı/ });
  await dlg.getByRole('button', { name: 'Raf işi: Kesime başla' }).click();
  await page.getByText('"Raf işi" kesimde.').waitFor();
  await dlg.getByRole('button', { name: 'Raf işi: Kesildi' }).click();
  await answer(page, 'Evet');
  await page.getByText(/"Raf işi" kesildi; 1 artık rafa eklendi\./).waitFor();
  expect((await dlg.getByTestId('job-state').first().innerText()) === 'Kesildi', 'the list does not say Kesildi');
  await dlg.getByRole('button', { name: 'Kapat' }).click();
  // the stock dialog shows the offcut: code, size, age, source job, area
  await page.getByRole('button', { name: 'Levha stoku' }).click();
  const stock = page.getByRole('dialog', { name: 'Levha stoku' });
  const rack = stock.getByRole('table', { name: 'Artıklar' });
  await rack.getByText('A-1', { exact: true }).waitFor();
  await rack.getByText('Raf işi').waitFor();
  const rackText = await rack.innerText();
  expect(rackText.includes('100 x 98') && rackText.includes('bugün'), `rack: ${rackText}`);
  expect((await stock.getByTestId('rack-area').innerText()) === 'Rafta 1 artık, toplam 0,98 m².', await stock.getByTestId('rack-area').innerText());
  await page.screenshot({ path: path.join(outDir, 'offcuts.png') });
  await stock.getByRole('button', { name: 'İptal' }).click();
  // the shelf (51 % of the offcut, under the least use of 60 %) stays on the canvas
  await waitPages(page, 1);
  // the second job: two 45 x 90 doors cover 83 % of the offcut, so they go on it
  await page.getByRole('button', { name: 'Tümünü Temizle' }).click();
  await answer(page, 'Evet');
  await paste(page, 'Kapak\t45\t90\t2\n');
  await page.getByRole('listitem', { name: 'Kapak' }).waitFor();
  await page.getByTestId('order-summary').getByText(/Artık A-1/).waitFor({ timeout: 15000 });
  const summary = await page.getByTestId('order-summary').innerText();
  expect(!/Satın alınacaklar/.test(summary), `the second job buys a sheet: ${summary}`);
  const second = await saveLayout(page, 'Kapak işi');
  const saved2 = await (await fetch(`${base}/api/layouts/${second}`)).json();
  // a phone at the saw: the sheet's checklist on 360 x 740
  const phone = await context.browser().newContext({ viewport: { width: 360, height: 740 }, locale: 'tr-TR', hasTouch: true, isMobile: true });
  try {
    const p = await phone.newPage();
    const errors = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(`${base}/is/${second}/levha/1`);
    await p.getByRole('heading', { name: 'Kapak işi' }).waitFor();
    await p.getByText('Levha 1 / 1').waitFor();
    const boxes = p.getByRole('checkbox');
    expect((await boxes.count()) === 2, `${await boxes.count()} pieces on the sheet`);
    const target = await p.locator('.piece label').first().boundingBox();
    expect(target.height >= 48, `touch target ${target.height} px high`);
    await boxes.nth(0).check();
    await p.getByText('1 / 2 parça kesildi').waitFor();
    // the keyboard ticks too
    await boxes.nth(1).focus();
    await p.keyboard.press('Space');
    await p.getByText('2 / 2 parça kesildi').waitFor();
    await p.getByText('Bu levhanın tüm parçaları kesildi.').waitFor();
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width <= 360, `the page is ${width} px wide on a 360 px screen`);
    await p.screenshot({ path: path.join(outDir, 'checklist-360x740.png'), fullPage: true });
    expect(errors.length === 0, `phone page errors: ${errors.join('; ')}`);
  } finally {
    await phone.close();
  }
  await expectTicks(second, 2);
  // the desktop's saved list shows the job's progress (the first tick started its cutting)
  await page.getByRole('button', { name: 'Kayıtlı Parçalar' }).click();
  await dlg.getByText(/2 \/ 2 parça kesildi/).waitFor();
  expect((await dlg.getByTestId('job-state').first().innerText()) === 'Kesimde', 'the ticked job is not Kesimde');
  await page.screenshot({ path: path.join(outDir, 'saved-jobs.png') });
  // pin and re-plan: the job loaded, a part added, the cut sheet stays as it was
  await dlg.getByRole('button', { name: 'Kapak işi: Yükle' }).click();
  await page.getByText('"Kapak işi" düzeni yüklendi.').waitFor();
  expect((await page.getByTestId('job-banner').innerText()).includes('İş: Kapak işi'), 'no banner of the job being cut');
  await page.getByTestId('page-cut').first().waitFor({ timeout: 15000 });
  await paste(page, 'Raf\t30\t30\t1\n');
  await page.getByRole('listitem', { name: 'Raf' }).waitFor();
  await waitPages(page, 2);
  await page.getByRole('button', { name: 'Düzeni Kaydet' }).click();
  const update = page.getByRole('dialog', { name: 'Kesimdeki İşi Güncelle' });
  expect((await update.getByLabel('Düzen Adı').inputValue()) === 'Kapak işi', 'the job name is not prefilled');
  await update.getByRole('button', { name: 'Kaydet' }).click();
  await page.getByText('Kesimdeki iş güncellendi.').waitFor();
  const replanned = await (await fetch(`${base}/api/layouts/${second}`)).json();
  expect(replanned.state === 'cutting' && replanned.result.pages.length === 2, `re-plan: ${JSON.stringify(replanned).slice(0, 300)}`);
  expect(JSON.stringify(replanned.result.pages[0]) === JSON.stringify(saved2.result.pages[0]), 'the cut sheet changed in the re-plan');
  await expectTicks(second, 2);
  await clearStock();
});

// Accessibility: axe-core checks each state of the page; a serious or
// critical violation fails the test and is named with where it is.
const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe runs axe-core on the page as it is and throws on serious or critical violations, naming the state. */
async function axe(page, state) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeScript });
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const where = (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`;
  expect(bad.length === 0, `axe, ${state}: ${bad.map(where).join('; ')}`);
}

/** closesTo closes the top dialog with Escape and checks the focus went back to the button named opener. */
async function closesTo(page, opener) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const focused = await page.evaluate(() => document.activeElement?.textContent);
  expect(focused === opener, `after Escape the focus is on "${focused}", not on "${opener}"`);
}

await test(
  'accessibility: axe finds nothing serious on the main screen, its layout, the dialogs and the checklist',
  async (page) => {
    await clearStock();
    await open(page);
    await axe(page, 'empty main screen');
    // A message is read with its dialog's title (aria-describedby), not only the focused Tamam.
    await page.getByRole('button', { name: "Nesting'e Ekle" }).click();
    const alert = page.getByRole('alertdialog', { name: 'Bilgi' });
    await alert.waitFor();
    expect((await alert.getAttribute('aria-describedby')) !== null, 'the alert is not described by its message');
    await axe(page, 'alert');
    await answer(page, 'Tamam');
    await addPart(page, 'Kapak', '50', '74', '4');
    await waitPages(page, 1);
    expect((await page.getByRole('status').filter({ hasText: "Kapak nesting'e eklendi: 4 adet." }).count()) === 1, 'the added part is not said');
    await paste(page, 'Ad\tGenişlik\tYükseklik\tAdet\tMalzeme\tKalınlık\nYan\t56\t72\t4\tBeyaz Sunta\t18\nArkalık\t58\t70\t2\tMDF\t8\n');
    await page.getByRole('listitem', { name: 'Arkalık' }).waitFor();
    await waitSections(page, 3);
    // The drawing in words: a hidden list of each sheet's parts and places.
    const inWords = page.getByRole('list', { name: 'Levhadaki parçalar' }).first();
    expect((await inWords.textContent()).includes('Kapak 50 x 74 cm: soldan 0 cm, üstten 0 cm'), `parts in words: ${await inWords.textContent()}`);
    await page.getByRole('button', { name: 'Kapak: Düzenle' }).click();
    await axe(page, 'main screen with a layout, a part being edited');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Nesting Alan Ayarları' }).click();
    await page.getByRole('dialog', { name: 'Alan Boyutu Ekle' }).getByLabel('Genişlik (cm)').fill('600');
    await axe(page, 'canvas dialog with its warning');
    await closesTo(page, 'Nesting Alan Ayarları');

    await page.getByRole('button', { name: 'Levha stoku' }).click();
    const stock = page.getByRole('dialog', { name: 'Levha stoku' });
    await stock.getByLabel('CSV içe aktar').setInputFiles({ name: 'stok.csv', mimeType: 'text/csv', buffer: Buffer.from('ad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat\nBeyaz;Beyaz Sunta;18;183;366;;1450\n') });
    await stock.getByText(/stok satırı içe aktarıldı/).waitFor();
    await stock.getByRole('button', { name: 'Bant kodu ekle' }).click();
    await stock.getByRole('button', { name: 'Kaydet' }).click();
    await stock.getByRole('alert').first().waitFor();
    await axe(page, 'stock dialog with rows, bands and problems');
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor();
    await axe(page, 'question over the stock dialog');
    await answer(page, 'Evet');
    await stock.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Teklif', exact: true }).click();
    await page.getByRole('dialog', { name: 'Teklif' }).waitFor();
    await axe(page, 'quote dialog');
    await closesTo(page, 'Teklif');

    await page.getByRole('button', { name: 'Düzeni Kaydet' }).click();
    await page.getByLabel('Düzen Adı').fill('Erişilebilir iş');
    await axe(page, 'save dialog');
    await closesTo(page, 'Düzeni Kaydet');
    const id = await saveLayout(page, 'Erişilebilir iş');
    // On a 320 px screen (WCAG 1.4.10: 1280 px at 400 %) the saved parts' rows fit, their Sil buttons too.
    await page.setViewportSize({ width: 320, height: 640 });
    await page.getByRole('button', { name: 'Kayıtlı Parçalar' }).click();
    const saved = page.getByRole('dialog', { name: /Kayıtlı/ });
    await saved.getByText('Erişilebilir iş').waitFor();
    await saved.getByRole('button', { name: 'Kapak: Sil' }).first().waitFor(); // earlier tests saved Kapak parts too
    const sticksOut = await saved.evaluate((d) => [...d.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > innerWidth).map((e) => e.outerHTML.slice(0, 80)));
    expect(sticksOut.length === 0, `past a 320 px screen: ${sticksOut.join(', ')}`);
    await axe(page, 'saved parts and layouts, 320 px');
    await closesTo(page, 'Kayıtlı Parçalar');
    // and so do the results, the pagers' Önceki and Sonraki too (a drawing scrolls in its box)
    const resultsOut = await page.locator('.results').evaluate((r) =>
      [...r.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > innerWidth && !e.closest('.canvas-wrap, .sr-only')).map((e) => e.outerHTML.slice(0, 80)),
    );
    expect(resultsOut.length === 0, `results past a 320 px screen: ${resultsOut.join(', ')}`);
    expect((await page.locator('.pager').count()) > 0, 'no pager on the 320 px screen to check');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The saw's checklist of the job on a phone.
    await fetch(`${base}/api/layouts/${id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{"state":"cutting"}' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/is/${id}/levha/1`);
    await page.getByRole('heading', { name: 'Erişilebilir iş' }).waitFor();
    await page.getByRole('checkbox').first().check();
    expect(/^Erişilebilir iş · Levha 1 \/ \d+ – Kesim$/.test(await page.title()), `the checklist's title: ${await page.title()}`);
    await axe(page, 'checklist on a phone');

    // A team server's sign-in.
    const team = await teamServer([['ayse', true]]);
    try {
      await page.goto(team.url);
      await page.keyboard.press('Escape');
      const signIn = page.getByRole('dialog', { name: 'Oturum Aç' });
      await signIn.getByLabel('Kullanıcı adı').fill('ayse');
      await signIn.getByRole('button', { name: 'Giriş Yap' }).click();
      await signIn.getByRole('alert').waitFor();
      await axe(page, 'sign-in with an error');
    } finally {
      team.close();
    }
    await clearStock();
  },
  // axe is put in the page as a script of its own, which the page's Content-Security-Policy refuses.
  { bypassCSP: true },
);

// "Planları karşılaştır": the job laid out under other settings on a helper
// worker (the layout on screen stays), the largest leftover measured by the
// export worker's kesimLeftovers, Escape cancelling, "Bunu kullan" taking guillotine.
await test(
  'compare plans: free, guillotine, one leftover and both side by side, one taken',
  async (page) => {
    await clearStock();
    await open(page);
    await addPart(page, 'Kapak', '50', '74', '3');
    await addPart(page, 'Raf', '45,5', '30', '4');
    await waitPages(page, 2);
    await page.getByRole('progressbar').waitFor({ state: 'detached', timeout: 15000 });
    const onScreen = await page.getByTestId('avg-efficiency').innerText();
    // Escape closes the dialog and cancels its runs.
    await page.getByRole('button', { name: 'Planları karşılaştır' }).click();
    const dlg = page.getByRole('dialog', { name: 'Planları karşılaştır' });
    await dlg.getByText('hesaplanıyor…').first().waitFor();
    await page.keyboard.press('Escape');
    await dlg.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Planları karşılaştır' }).click();
    const text = await dlg.innerText();
    expect(text.includes('her seçenek ilk yerleşimden sonra 1 sn iyileştirilir'), `the dialog does not say its time: ${text.slice(0, 300)}`);
    const names = await dlg.getByRole('rowheader').evaluateAll((hs) => hs.map((h) => h.firstChild.textContent));
    expect(JSON.stringify(names) === JSON.stringify(['Şu anki ayarlar', 'Giyotin kesim', 'Son levhada tek büyük artık', 'Giyotin kesim ve son levhada tek büyük artık']), `rows: ${names.join(', ')}`);
    await dlg.getByText('Karşılaştırma bitti.').waitFor({ state: 'attached', timeout: 30000 });
    // every plan measured: the largest offcut the rack would get (30 × 30 cm or more), or none
    await page.waitForFunction(() => [...document.querySelectorAll('.compare-table tbody tr')].every((tr) => !tr.textContent.includes('…')), null, { timeout: 15000 });
    const rows = await dlg.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    for (const r of rows) expect(/^\d+/.test(r[0]) && /^%\d+,\d/.test(r[1]), `a row without sheets or efficiency: ${r.join(' | ')}`);
    expect(/^\d+/.test(rows[1][2]) && / cm$/.test(rows[1][3]), `the guillotine plan has no cuts: ${rows[1].join(' | ')}`);
    expect(rows[0][2] === '—', `the free plan has cuts: ${rows[0].join(' | ')}`);
    expect(rows.some((r) => /^[\d.,]+ × [\d.,]+ cm/.test(r[4])), `no plan has a leftover: ${JSON.stringify(rows)}`);
    await axe(page, 'comparison of plans');
    await page.screenshot({ path: path.join(outDir, 'compare-plans.png'), fullPage: true });
    // the layout on screen was not touched
    expect((await page.getByTestId('avg-efficiency').innerText()) === onScreen, 'the layout on screen changed while comparing');

    await dlg.getByRole('button', { name: 'Bunu kullan: Giyotin kesim', exact: true }).click();
    await dlg.waitFor({ state: 'detached' });
    await page.getByText('Ayar uygulandı: Giyotin kesim. Düzen yeniden hesaplanıyor.').waitFor();
    await page.getByText(/kesim · toplam/).waitFor({ timeout: 15000 });
    expect((await page.locator('.canvas-card').innerText()).includes('Giyotin kesim'), 'the canvas card does not say guillotine');
    // kept with the work: a reload lays it out guillotine again
    await page.reload();
    await page.keyboard.press('Escape');
    await page.getByText(/kesim · toplam/).waitFor({ timeout: 15000 });
  },
  // axe is put in the page as a script of its own, which the page's Content-Security-Policy refuses.
  { bypassCSP: true },
);

/** expectTicks checks the server keeps n ticked pieces of a job. */
async function expectTicks(id, n) {
  const l = await (await fetch(`${base}/api/layouts/${id}`)).json();
  expect(l.cutPieces?.length === n, `server ticks: ${JSON.stringify(l.cutPieces)}`);
}

await browser.close();
await stopServer();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
