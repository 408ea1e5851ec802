// The saw checklist's layout on touch screens (a phone, a tablet both ways,
// a phone on its side): the real kesim binary, Debian's Chromium,
// playwright-core, as run.mjs. Run with `node e2e/checklist-layout.mjs`
// (E2E_ONLY=390x844 runs one screen). Prints "N passed, M failed"; the
// screenshots go to e2e/out/checklist-*.png.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, bin, freePort, outDir, prepare, waitHealthy } from './util.mjs';

const dataDir = prepare('kesim-e2e-checklist-');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--db', path.join(dataDir, 'kesim.db')], { stdio: ['ignore', 'ignore', 'pipe'] });
server.stderr.pipe(fs.createWriteStream(path.join(outDir, 'checklist-server.log'), { flags: 'a' }));
await waitHealthy(base);

function expect(cond, message) {
  if (!cond) throw new Error(message);
}

async function api(method, url, body) {
  const r = await fetch(`${base}${url}`, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** newJob lays out the review's kitchen on 100 x 148 cm sheets, saves it and starts its cutting; it answers the layout's id and sheet count. */
async function newJob(name) {
  const parts = [
    { id: 'y', name: 'Yan Panel Uzun İsimli Dolap Yan Paneli Sol', width: 50, height: 70, quantity: 3 },
    { id: 'k', name: 'Kapak', width: 40, height: 60, quantity: 4 },
    { id: 'r', name: 'Raf', width: 30, height: 90, quantity: 3 },
    { id: 'a', name: 'Arka', width: 45, height: 120, quantity: 2 },
  ];
  const sheet = { width: 100, height: 148 };
  const options = { kerf: 0.4, guillotine: true };
  const result = await api('POST', '/api/nest', { sheet, parts, options });
  const saved = await api('POST', '/api/layouts', { name, parts, sheet, options, result });
  await api('PATCH', `/api/layouts/${saved.id}`, { state: 'cutting' });
  return { id: saved.id, pages: result.pages.length };
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

// The screens of the review: w x h, and whether the drawing goes beside the list
// (from 900 px wide, or landscape from 640 px) and the text is the tablet's (700 px wide, 500 high).
const screens = [
  { width: 390, height: 844, twoColumns: false, tablet: false },
  { width: 768, height: 1024, twoColumns: false, tablet: true },
  { width: 1024, height: 768, twoColumns: true, tablet: true },
  { width: 844, height: 390, twoColumns: true, tablet: false },
];

let passed = 0;
let failed = 0;
const only = process.env.E2E_ONLY;

for (const scr of screens) {
  const name = `${scr.width}x${scr.height}`;
  if (only && !name.includes(only)) continue;
  const context = await browser.newContext({ viewport: { width: scr.width, height: scr.height }, hasTouch: true, isMobile: true, locale: 'tr-TR' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const t0 = Date.now();
  try {
    const job = await newJob(`Mutfak ${name}`);
    expect(job.pages >= 2, `the job has ${job.pages} sheet(s); the test needs two`);
    await page.goto(`${base}/is/${job.id}/levha/1`);
    await page.getByRole('heading', { name: `Mutfak ${name}` }).waitFor();
    await page.locator('.checklist-drawing canvas').waitFor();
    await page.waitForTimeout(300); // the drawing fits its box after the first layout
    const vh = scr.height;

    // 1. The first rows show without scrolling; the drawing is capped (narrow) or beside the list (wide).
    const rows = page.locator('.checklist .piece');
    const first = await rows.first().boundingBox();
    expect(first.y + Math.min(first.height, 56) <= vh, `the first row starts at y=${first.y} of ${vh}`);
    const drawing = await page.locator('.checklist-drawing').boundingBox();
    const list = await page.locator('.checklist-list').boundingBox();
    const canvas = await page.locator('.checklist-drawing canvas').boundingBox();
    if (scr.twoColumns) {
      expect(drawing.x + drawing.width <= list.x + 1, `the drawing (${drawing.x}+${drawing.width}) is not beside the list (${list.x})`);
      expect(drawing.y <= list.y, `the drawing (y=${drawing.y}) starts below the list (y=${list.y})`);
      if (vh >= 500) expect(canvas.y + canvas.height <= vh + 1, `the drawing ends at ${canvas.y + canvas.height} of ${vh}`);
    } else {
      expect(canvas.height <= 0.46 * vh, `the drawing is ${canvas.height} px high on a ${vh} px screen`);
      expect(list.y >= drawing.y + drawing.height - 1, 'the list is not under the drawing');
    }
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth <= scr.width, `the page is ${scrollWidth} px wide on a ${scr.width} px screen`);

    // 2. Text read at arm's length.
    const px = (sel) => page.locator(sel).first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect((await px('.checklist-state .badge')) >= 14, `badge ${await px('.checklist-state .badge')} px`);
    if (scr.tablet) {
      for (const sel of ['.checklist .piece label', '.checklist-sheet', '.checklist-progress']) {
        const size = await px(sel);
        expect(size >= 20 && size <= 24, `${sel} is ${size} px on a tablet`);
      }
    }

    // Touch: every control of the checklist and the link home 44 px high or more.
    const coarse = await page.evaluate(() => matchMedia('(pointer: coarse)').matches);
    expect(coarse, 'the touch screen is not (pointer: coarse)');
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('.back-link, .checklist button, .checklist .piece label')]
        .map((e) => ({ e, r: e.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height < 44)
        .map(({ e, r }) => `${e.textContent.trim().slice(0, 30)} ${Math.round(r.width)}x${Math.round(r.height)}`),
    );
    expect(small.length === 0, `controls under 44 px: ${small.join('; ')}`);
    await page.screenshot({ path: path.join(outDir, `checklist-${name}.png`) });

    // 3. Ticking every piece: the sheet-done note carries Sonraki levha, and the list ends with it.
    const boxes = page.locator('.checklist .piece input[type=checkbox]');
    const n = await boxes.count();
    for (let i = 0; i < n; i++) await boxes.nth(i).tap();
    await page.getByText('Bu levhanın tüm parçaları kesildi.').waitFor();
    await page.locator('.sheet-done').getByRole('button', { name: 'Sonraki levha ›' }).waitFor();
    const lastRow = await rows.last().boundingBox();
    const under = page.locator('.checklist-list > .checklist-next');
    await under.scrollIntoViewIfNeeded();
    const underBox = await under.boundingBox();
    const lastRowNow = await rows.last().boundingBox();
    expect(underBox.y - (lastRowNow.y + lastRowNow.height) < 120, `Sonraki levha is ${underBox.y - (lastRowNow.y + lastRowNow.height)} px under the last row`);
    expect(lastRow.height > 0, 'no last row');
    if (scr.twoColumns) {
      // the drawing stays in view while the list is scrolled
      const d = await page.locator('.checklist-drawing').boundingBox();
      const c = await page.locator('.checklist-drawing canvas').boundingBox();
      expect(d.y >= -1 && d.y < vh / 2, `the drawing left the screen (y=${d.y})`);
      expect(c.y + c.height <= vh + 1, `the kept drawing ends at ${c.y + c.height} of ${vh}`);
    }
    await page.screenshot({ path: path.join(outDir, `checklist-${name}-done.png`) });

    // Keyboard: Enter on Sonraki levha under the list opens the next sheet at its title.
    await under.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/is/${job.id}/levha/2`);
    await page.waitForFunction(() => document.activeElement?.classList.contains('checklist-sheet'));
    expect((await page.locator('.checklist-sheet').innerText()).startsWith('Levha 2'), 'not on Levha 2');

    // 4. A tick without a connection waits on its row, said beside the list, and goes once back online.
    await page.locator('.checklist .piece').first().waitFor();
    await context.setOffline(true);
    await page.locator('.checklist .piece input[type=checkbox]').first().tap();
    await page.locator('.checklist .piece.waiting').first().waitFor();
    await page.getByText(/^Bekliyor/).first().waitFor();
    const status = await page.locator('.checklist-status').boundingBox();
    expect(status && status.y < vh && status.y + status.height > 0, `the error is off the screen (${JSON.stringify(status)})`);
    await page.screenshot({ path: path.join(outDir, `checklist-${name}-offline.png`) });
    await context.setOffline(false);
    await page.locator('.checklist .piece.waiting').first().waitFor({ state: 'detached', timeout: 10000 });
    // The row stops waiting when the tick is sent; the server has it when its answer comes.
    let saved;
    for (let t = 0; t < 50; t++) {
      saved = await api('GET', `/api/layouts/${job.id}`);
      if (saved.cutPieces.length === n + 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(saved.cutPieces.length === n + 1, `the server keeps ${saved.cutPieces.length} ticks, not ${n + 1}`);

    // 5. Bozuk: the row says it went back for recutting, and it cannot go twice.
    await page.locator('.checklist .piece').first().getByRole('button', { name: /bozuk/ }).tap();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Evet' }).tap();
    await page.locator('.checklist .piece').first().getByText('↻ Yeniden kesime gönderildi').waitFor();
    expect(await page.locator('.checklist .piece').first().getByRole('button', { name: /bozuk/ }).isDisabled(), 'Bozuk can be sent again');

    expect(errors.length === 0, `page errors: ${errors.join('; ')}`);
    passed++;
    console.log(`ok   checklist ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed++;
    console.log(`FAIL checklist ${name}: ${e.stack || e}`);
    await page.screenshot({ path: path.join(outDir, `checklist-${name}-fail.png`), fullPage: true }).catch(() => {});
  } finally {
    await context.close();
  }
}

await browser.close();
const exited = new Promise((r) => server.once('exit', r));
server.kill('SIGTERM');
await exited;
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`checklist e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
