import { describe, expect, it, vi } from 'vitest';
import type { Request, Result } from '../engine/types';
import { bestOf, COMPARE_MS, currentWords, figures, keptProfile, largest, objectiveKey, planSettings, planVariants, runPlans, withChange, type PlanEngine, type PlanFigures, type PlanRow } from './plans';

/** job is a request as the page sends it (buildRequest), with extra fields. */
function job(extra: Partial<Request> = {}, options: Partial<Request['options']> = {}): Request {
  return {
    sheet: { width: 100, height: 148 },
    parts: [{ id: 'p1', name: 'Kapak', width: 50, height: 30, quantity: 2 }],
    options: { kerf: 0, trim: 0, guillotine: false, timeLimitMs: 3000, seed: 1, ...options },
    ...extra,
  };
}

const keys = (r: Request) => planVariants(r).map((v) => v.key);

describe('planVariants', () => {
  it('without stock rows compares the current settings, guillotine, one leftover and both, each for 1 s', () => {
    const vs = planVariants(job());
    expect(vs.map((v) => [v.key, v.label])).toEqual([
      ['current', 'Şu anki ayarlar'],
      ['guillotine', 'Giyotin kesim'],
      ['keepLeftover', 'Son levhada tek büyük artık'],
      ['guillotine+keepLeftover', 'Giyotin kesim ve son levhada tek büyük artık'],
    ]);
    expect(vs.every((v) => v.request.options.timeLimitMs === COMPARE_MS && COMPARE_MS === 1000)).toBe(true);
    expect(vs[0].request).toEqual({ ...job(), options: { ...job().options, timeLimitMs: 1000 } });
    expect(vs[1].request.options).toMatchObject({ guillotine: true });
    expect(vs[1].request.options.keepLeftover).toBeUndefined();
    expect(vs[2].request.options).toMatchObject({ guillotine: false, keepLeftover: true });
    expect(vs[3].request.options).toMatchObject({ guillotine: true, keepLeftover: true });
    // the parts, sheet and seed are the page's
    for (const v of vs) expect({ ...v.request, options: undefined }).toEqual({ ...job(), options: undefined });
    for (const v of vs) expect(v.request.options.seed).toBe(1);
  });

  it('switches what is on off: a guillotine job with one leftover compares a free layout and scattered leftovers', () => {
    const vs = planVariants(job({}, { guillotine: true, keepLeftover: true }));
    expect(vs.map((v) => [v.key, v.label])).toEqual([
      ['current', 'Şu anki ayarlar'],
      ['free', 'Serbest yerleşim'],
      ['noKeepLeftover', 'Son levhada tek artık aranmadan'],
      ['free+noKeepLeftover', 'Serbest yerleşim ve son levhada tek artık aranmadan'],
    ]);
    expect(vs[1].request.options).toMatchObject({ guillotine: false, keepLeftover: true });
    expect('keepLeftover' in vs[2].request.options).toBe(false);
    expect(vs[3].request.options.guillotine).toBe(false);
    expect('keepLeftover' in vs[3].request.options).toBe(false);
  });

  it('keeps pinned pages, bands and stock rows in every variant, as the page sends them', () => {
    const pinned = [{ id: 'page-0', efficiency: 50, parts: [] }];
    const r = job({ pinned, stock: [{ id: 's1', width: 183, height: 366 }], bands: [{ code: 'B1' }] });
    for (const v of planVariants(r)) {
      expect(v.request.pinned).toBe(pinned);
      expect(v.request.stock).toEqual(r.stock);
      expect(v.request.bands).toEqual(r.bands);
    }
  });

  it('adds no objective when the rows have one size and no price: every objective lays the job out alike', () => {
    expect(keys(job({ stock: [{ id: 's1', width: 183, height: 366 }, { id: 's2', width: 366, height: 183, quantity: 2 }] }))).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover']);
  });

  it('adds area and sheets when the rows carry prices (one size, one price: none)', () => {
    const priced = job({ stock: [{ id: 's1', width: 183, height: 366, price: 1450 }, { id: 's2', width: 183, height: 366, price: 1300, quantity: 2 }] });
    // two prices, one size: cost differs from area, area is sheets
    expect(keys(priced)).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover', 'objective-area']);
    const one = job({ stock: [{ id: 's1', width: 183, height: 366, price: 1450 }] });
    expect(keys(one)).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover']);
  });

  it('adds every other objective when the rows have several sizes and prices, and names them as the stock dialog does', () => {
    const r = job({
      stock: [
        { id: 's1', width: 183, height: 366, price: 1450 },
        { id: 's2', width: 210, height: 280, price: 1300 },
      ],
    });
    const vs = planVariants(r);
    expect(vs.map((v) => v.label)).toEqual(['Şu anki ayarlar', 'Giyotin kesim', 'Son levhada tek büyük artık', 'Giyotin kesim ve son levhada tek büyük artık', 'Hedef: alan', 'Hedef: levha sayısı']);
    expect(vs[4].request.options.objective).toBe('area');
    expect(vs[5].request.options.objective).toBe('sheets');
    // the current objective is left out; cost is written as the page writes it: no objective
    const fromSheets = planVariants(withChange(r, { objective: 'sheets' }));
    expect(fromSheets.map((v) => v.key)).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover', 'objective-cost', 'objective-area']);
    expect('objective' in fromSheets[4].request.options).toBe(false);
  });

  it('with several sizes and no price compares area with sheets only (cost is area)', () => {
    const r = job({ stock: [{ id: 's1', width: 183, height: 366 }, { id: 's2', width: 210, height: 280 }] });
    expect(keys(r)).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover', 'objective-sheets']);
    expect(keys(withChange(r, { objective: 'area' }))).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover', 'objective-sheets']);
  });

  it('looks only at the rows of the materials the parts use, offcuts aside', () => {
    const stock = [
      { id: 'w', material: 'Beyaz Sunta', width: 183, height: 366, price: 1450 },
      { id: 'c1', material: 'Ceviz', width: 183, height: 366, price: 2100 },
      { id: 'c2', material: 'Ceviz', width: 210, height: 280, price: 1900 },
      { id: 'o', material: 'beyaz sunta ', width: 60, height: 80, quantity: 1, offcut: true },
    ];
    const white = job({ stock, parts: [{ id: 'p', name: 'Yan', width: 50, height: 70, quantity: 2, material: 'BEYAZ SUNTA' }] });
    expect(keys(white)).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover']);
    const both = job({ stock, parts: [...white.parts, { id: 'k', name: 'Kapak', width: 40, height: 70, quantity: 2, material: 'Ceviz' }] });
    expect(keys(both)).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover', 'objective-area', 'objective-sheets']);
  });

  it('looks only at the rows of the thicknesses the parts use, as the engine groups them', () => {
    // Sunta 8 mm rows never take a part of 18 mm: only the one 18 mm row counts, and it gives no objective.
    const stock = [
      { id: 'a', material: 'Sunta', thickness: 18, width: 366, height: 183, price: 100 },
      { id: 'b', material: 'Sunta', thickness: 8, width: 366, height: 183, price: 100 },
      { id: 'c', material: 'Sunta', thickness: 8, width: 280, height: 210, price: 50 },
    ];
    const part = { id: 'p', name: 'Yan', width: 50, height: 70, quantity: 2, material: 'Sunta' };
    expect(keys(job({ stock, parts: [{ ...part, thickness: 18 }] }))).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover']);
    // the thickness as the engine compares it, to 0.01 mm
    expect(keys(job({ stock, parts: [{ ...part, thickness: 18.001 }] }))).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover']);
    expect(keys(job({ stock, parts: [{ ...part, thickness: 8 }] }))).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover', 'objective-area', 'objective-sheets']);
    // A part without thickness takes its material's one thickness ...
    const one = stock.filter((s) => s.thickness === 8);
    expect(keys(job({ stock: one, parts: [part] }))).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover', 'objective-area', 'objective-sheets']);
    // ... and, when the material has several, the rows without thickness (none here: the default sheet, one size, no price).
    expect(keys(job({ stock, parts: [part] }))).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover']);
    const unset = [...stock, { id: 'd', material: 'sunta', width: 366, height: 183, price: 100 }, { id: 'e', material: 'Sunta', width: 280, height: 210, price: 80 }];
    expect(keys(job({ stock: unset, parts: [part] }))).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover', 'objective-area', 'objective-sheets']);
  });

  it('never lists two variants of one request', () => {
    const jobs = [
      job(),
      job({}, { guillotine: true }),
      job({ stock: [{ id: 's1', width: 183, height: 366, price: 10 }, { id: 's2', width: 210, height: 280, price: 20 }] }, { objective: 'area', keepLeftover: true }),
      job({ stock: [{ id: 's1', width: 100, height: 100, price: 10 }, { id: 's2', width: 200, height: 100, price: 20 }] }),
    ];
    for (const r of jobs) {
      const requests = planVariants(r).map((v) => JSON.stringify(v.request));
      expect(new Set(requests).size).toBe(requests.length);
    }
    // price per cm² the same on every row: cost is area
    expect(keys(jobs[3])).toEqual(['current', 'guillotine', 'keepLeftover', 'guillotine+keepLeftover', 'objective-sheets']);
  });

  it('describes the current settings', () => {
    expect(currentWords(job())).toEqual(['serbest yerleşim']);
    expect(currentWords(job({ stock: [{ id: 's', width: 1, height: 1 }] }, { guillotine: true, objective: 'sheets', keepLeftover: true }))).toEqual([
      'giyotin kesim',
      'hedef: levha sayısı',
      'son levhada tek artık',
    ]);
  });

  it('with a saw profile: a free plan sends none (the engine takes it only with guillotine), the current settings name it', () => {
    const r = job({}, { guillotine: true, firstCut: 'long', stages: 3 });
    const vs = planVariants(r);
    expect(vs.map((v) => v.label)).toEqual([
      'Şu anki ayarlar',
      'Serbest yerleşim',
      'Giyotin kesim, kesim profili olmadan',
      'Son levhada tek büyük artık',
      'Serbest yerleşim ve son levhada tek büyük artık',
    ]);
    expect(vs[0].request.options).toMatchObject({ guillotine: true, firstCut: 'long', stages: 3 });
    expect(vs[3].request.options).toMatchObject({ guillotine: true, firstCut: 'long', stages: 3, keepLeftover: true });
    for (const v of [vs[1], vs[4]]) {
      expect(v.request.options.guillotine).toBe(false);
      expect('firstCut' in v.request.options || 'stages' in v.request.options).toBe(false);
    }
    // what the profile costs: the same guillotine job without it
    expect(vs[2].key).toBe('noProfile');
    expect(vs[2].request.options).toEqual({ ...r.options, firstCut: undefined, stages: undefined, timeLimitMs: COMPARE_MS });
    expect('firstCut' in vs[2].request.options || 'stages' in vs[2].request.options).toBe(false);
    // no profile, no such row
    expect(keys(job({}, { guillotine: true }))).not.toContain('noProfile');
    expect(currentWords(r)).toEqual(['giyotin kesim, ilk kesim boyuna, en çok 3 kademe']);
    expect(currentWords(job({}, { guillotine: true, firstCut: 'short' }))).toEqual(['giyotin kesim, ilk kesim enine']);
    expect(currentWords(job({}, { guillotine: true, stages: 2 }))).toEqual(['giyotin kesim, en çok 2 kademe']);
  });

  it('switches a free job to guillotine with the saw profile the canvas keeps, and names it', () => {
    const vs = planVariants(job(), COMPARE_MS, { firstCut: 'short', stages: 4 });
    expect(vs.map((v) => v.label)).toEqual([
      'Şu anki ayarlar',
      'Giyotin kesim, ilk kesim enine, en çok 4 kademe',
      'Son levhada tek büyük artık',
      'Giyotin kesim, ilk kesim enine, en çok 4 kademe ve son levhada tek büyük artık',
    ]);
    expect(vs[1].request.options).toMatchObject({ guillotine: true, firstCut: 'short', stages: 4 });
    expect(vs[3].request.options).toMatchObject({ guillotine: true, firstCut: 'short', stages: 4, keepLeftover: true });
    expect('firstCut' in vs[2].request.options).toBe(false);
    // none kept: the requests are those from before the profile
    expect(planVariants(job(), COMPARE_MS, {}).map((v) => v.request)).toEqual(planVariants(job()).map((v) => v.request));
    expect(Object.keys(planVariants(job())[1].request.options).sort()).toEqual(['guillotine', 'kerf', 'seed', 'timeLimitMs', 'trim']);
    expect(keptProfile({ guillotine: false, firstCut: 'long', stages: 0 })).toEqual({ firstCut: 'long' });
    expect(keptProfile({ guillotine: true })).toEqual({});
  });

  it('objectiveKey gives a job without stock one key for all', () => {
    expect(new Set(['cost', 'area', 'sheets'].map((o) => objectiveKey(job(), o as 'cost'))).size).toBe(1);
  });
});

function result(pages: number, extra: Partial<Result['stats']> = {}, skipped = 0): Result {
  return {
    sheet: { width: 100, height: 148 },
    pages: [],
    skipped: skipped ? [{ originalIndex: 0, id: 'p1', name: 'Kapak', width: 50, height: 30, quantity: skipped, reason: 'Stok yetmedi' }] : [],
    stats: { pages, lowerBound: 1, optimal: false, efficiency: 50, placed: 2, elapsedMs: 1, ...extra },
  };
}

describe('bestOf', () => {
  it('marks the fewest sheets, lowest cost, highest efficiency, fewest and shortest cuts, largest leftover, ties alike', () => {
    const rows: (PlanFigures | null)[] = [
      figures(result(3, { efficiency: 70, cost: 4350 }), { page: 0, x: 0, y: 0, width: 40, height: 100 }),
      figures(result(2, { efficiency: 80.5, cost: 4350, cuts: 12, cutLength: 900 }), null),
      null,
      figures(result(2, { efficiency: 80.5, cost: 2900, cuts: 10, cutLength: 950 }), { page: 0, x: 0, y: 0, width: 50, height: 100 }),
    ];
    const b = bestOf(rows);
    expect([...b.pages]).toEqual([1, 3]);
    expect([...b.cost]).toEqual([3]);
    expect([...b.efficiency]).toEqual([1, 3]);
    expect([...b.cuts]).toEqual([3]);
    expect([...b.cutLength]).toEqual([1]);
    expect([...b.leftover]).toEqual([3]);
    expect(b.unplaced.size).toBe(0); // all place every piece
  });

  it('marks nothing in a column where all plans agree or one has a value', () => {
    const b = bestOf([figures(result(2, { cuts: 5 })), figures(result(2)), null]);
    expect(b.pages.size).toBe(0);
    expect(b.efficiency.size).toBe(0);
    expect(b.cuts.size).toBe(0);
  });

  it('compares the values as the table writes them: %45,5 is %45,5 however it was rounded', () => {
    const left = (width: number, height: number) => ({ page: 0, x: 0, y: 0, width, height });
    const b = bestOf([
      figures(result(2, { efficiency: 45.54, cost: 100.004, cutLength: 20.004 }), left(40.004, 100)),
      figures(result(2, { efficiency: 45.51, cost: 99.996, cutLength: 19.996 }), left(39.996, 100)),
      figures(result(2, { efficiency: 40, cost: 120, cutLength: 30 }), left(10, 10)),
    ]);
    expect([...b.efficiency]).toEqual([0, 1]);
    expect([...b.cost]).toEqual([0, 1]);
    expect([...b.cutLength]).toEqual([0, 1]);
    expect([...b.leftover]).toEqual([0, 1]);
  });

  it('takes a plan short of stock out of the race for sheets and cost', () => {
    const b = bestOf([figures(result(3, { cost: 300 })), figures(result(2, { cost: 200 }), undefined), figures(result(3, { cost: 250 }))].map((f, i) => (i === 1 ? { ...f!, unplaced: 4 } : f)));
    expect([...b.unplaced]).toEqual([0, 2]);
    expect(b.pages.size).toBe(0); // 3 and 3 among the full plans
    expect([...b.cost]).toEqual([2]);
  });
});

describe('figures and largest', () => {
  it('counts the pieces left out and the largest leftover (0 for none, absent while measured)', () => {
    expect(figures(result(2, {}, 3)).unplaced).toBe(3);
    expect(figures(result(2), null).leftover).toBe(0);
    expect('leftover' in figures(result(2))).toBe(false);
    expect(largest([{ page: 0, x: 0, y: 0, width: 10, height: 10 }, { page: 1, x: 0, y: 0, width: 5, height: 30 }, { page: 2, x: 0, y: 0, width: 16, height: 10 }])).toMatchObject({ page: 2 });
    expect(largest([{ page: 0, x: 0, y: 0, width: 5, height: 30 }, { page: 1, x: 0, y: 0, width: 15, height: 10 }])).toMatchObject({ page: 0 }); // the first of equals
    expect(largest([])).toBeNull();
  });
});

describe('planSettings', () => {
  const canvas = { width: 100, height: 148, kerfMm: 4, trimMm: 0, guillotine: false };
  const stock = {
    stock: [{ id: 's', width: 183, height: 366 }],
    bands: [],
    objective: 'cost' as const,
    deductBands: true,
    offcutSettings: { rules: [], maxArea: 0, minUse: 0 },
    optionsLocal: true as const,
  };

  it('sets guillotine in the canvas settings alone', () => {
    expect(planSettings({ guillotine: true }, canvas, stock)).toEqual({ canvas: { ...canvas, guillotine: true } });
  });

  it('switched to guillotine, keeps the saw profile the canvas kept, which its request was laid out with', () => {
    const kept = { ...canvas, firstCut: 'long' as const, stages: 3 };
    const v = planVariants(job(), COMPARE_MS, { firstCut: 'long', stages: 3 })[1];
    expect(planSettings(v.change, kept, stock)).toEqual({ canvas: { ...kept, guillotine: true } });
    // and switched off, keeps it too (not sent while off, as the canvas dialog keeps it)
    const on = { ...kept, guillotine: true };
    expect(planSettings({ guillotine: false }, on, stock)).toEqual({ canvas: { ...kept, guillotine: false } });
  });

  it('the plan without the saw profile clears it from the canvas, guillotine kept', () => {
    const on = { ...canvas, guillotine: true, firstCut: 'short' as const, stages: 2 };
    const v = planVariants(job({}, { guillotine: true, firstCut: 'short', stages: 2 })).find((x) => x.key === 'noProfile')!;
    const got = planSettings(v.change, on, stock);
    expect(got).toEqual({ canvas: { ...canvas, guillotine: true } });
    expect('firstCut' in got.canvas! || 'stages' in got.canvas!).toBe(false);
    // a canvas without a profile has nothing to change
    expect(planSettings({ noProfile: true }, { ...canvas, guillotine: true }, stock)).toEqual({});
  });

  it('sets the objective or one leftover in the stock settings as the stock dialog saves them, no longer only this browser\'s', () => {
    expect(planSettings({ objective: 'sheets' }, canvas, stock)).toEqual({
      stock: { stock: stock.stock, bands: [], objective: 'sheets', deductBands: true, offcutSettings: stock.offcutSettings },
    });
    expect(planSettings({ keepLeftover: true }, canvas, stock).stock).toMatchObject({ objective: 'cost', keepLeftover: true });
    const off = planSettings({ keepLeftover: false }, canvas, { ...stock, keepLeftover: true }).stock!;
    expect('keepLeftover' in off || 'optionsLocal' in off).toBe(false);
  });

  it('lays out the variant\'s request once taken (withChange and the settings agree)', () => {
    expect(withChange(job(), { keepLeftover: true, objective: 'area', guillotine: true }).options).toMatchObject({ keepLeftover: true, objective: 'area', guillotine: true });
    expect(planSettings({}, canvas, stock)).toEqual({});
  });
});

describe('runPlans', () => {
  const variants = planVariants(job());

  it('lays the variants out one after another, telling progress by whole percents, results and leftovers', async () => {
    const order: string[] = [];
    let running = 0;
    const engine: PlanEngine = {
      run: vi.fn(async (req: Request, onProgress: (p: { done: number; pages: number; lowerBound: number }) => void) => {
        running++;
        expect(running).toBe(1); // one at a time
        order.push((req.options.guillotine ? 'g' : '') + (req.options.keepLeftover ? 'k' : '') || 'c');
        onProgress({ done: 0.301, pages: 1, lowerBound: 1 });
        onProgress({ done: 0.302, pages: 1, lowerBound: 1 }); // the same percent: not told
        await Promise.resolve();
        running--;
        return result(req.options.guillotine ? 3 : 2);
      }),
    };
    const told: [number, PlanRow][] = [];
    const measure = vi.fn(async () => [{ page: 0, x: 0, y: 0, width: 40, height: 100 }]);
    await runPlans(variants, engine, new AbortController().signal, (i, r) => told.push([i, r]), measure);
    await vi.waitFor(() => expect(told.filter(([, r]) => r.status === 'done' && r.leftover).length).toBe(4));
    expect(order).toEqual(['c', 'g', 'k', 'gk']);
    expect(told.filter(([i, r]) => i === 0 && r.status === 'running').map(([, r]) => (r as { done: number }).done)).toEqual([0, 0.301]);
    expect(measure).toHaveBeenCalledTimes(4);
    expect(measure.mock.calls[1]).toEqual([expect.objectContaining({ stats: expect.objectContaining({ pages: 3 }) }), variants[1].request]);
  });

  it('tells a leftover that could not be measured as unknown, not as none', async () => {
    const engine: PlanEngine = { run: vi.fn(async () => result(2)) };
    const rows = new Map<number, PlanRow>();
    const measure = vi.fn(async (_r: Result, req: Request) => {
      if (req.options.guillotine) throw new Error('worker');
      return [];
    });
    await runPlans(variants, engine, new AbortController().signal, (i, r) => rows.set(i, r), measure);
    await vi.waitFor(() => expect([...rows.values()].every((r) => r.status === 'done' && r.leftover !== undefined)).toBe(true));
    expect(rows.get(0)).toMatchObject({ status: 'done', leftover: null });
    expect(rows.get(1)).toMatchObject({ status: 'done', leftover: 'unknown' });
    // not known: no value to compare, so no mark against the plans without a leftover
    expect('leftover' in figures(result(2), 'unknown')).toBe(false);
    const b = bestOf([figures(result(2), null), figures(result(2), 'unknown'), figures(result(2), { page: 0, x: 0, y: 0, width: 10, height: 10 })]);
    expect([...b.leftover]).toEqual([2]);
    expect(bestOf([figures(result(2), 'unknown'), figures(result(2), { page: 0, x: 0, y: 0, width: 10, height: 10 })]).leftover.size).toBe(0);
  });

  it('tells a refused variant with the engine\'s message and goes on with the next', async () => {
    const engine: PlanEngine = {
      run: vi.fn(async (req: Request) => {
        if (req.options.guillotine) throw new Error('Kesilmiş levha bu işe uymuyor: parçaları, ölçüsü veya stoku değişmiş.');
        return result(2);
      }),
    };
    const rows = new Map<number, PlanRow>();
    await runPlans(variants, engine, new AbortController().signal, (i, r) => rows.set(i, r));
    expect(rows.get(0)).toMatchObject({ status: 'done', leftover: null });
    expect(rows.get(1)).toEqual({ status: 'failed', message: 'Kesilmiş levha bu işe uymuyor: parçaları, ölçüsü veya stoku değişmiş.' });
    expect(rows.get(2)).toMatchObject({ status: 'done' });
  });

  it('stops at a cancel: the running variant is cancelled, the rest never start, nothing more is told', async () => {
    const ctl = new AbortController();
    const engine: PlanEngine = {
      run: vi.fn(
        (_req: Request, _p: unknown, signal: AbortSignal) =>
          new Promise<Result>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('iptal edildi')))),
      ),
    };
    const told: [number, PlanRow][] = [];
    const done = runPlans(variants, engine, ctl.signal, (i, r) => told.push([i, r]));
    await vi.waitFor(() => expect(engine.run).toHaveBeenCalledTimes(1));
    ctl.abort();
    await done;
    expect(engine.run).toHaveBeenCalledTimes(1);
    expect(told).toEqual([[0, { status: 'running', done: 0 }]]);
  });
});
