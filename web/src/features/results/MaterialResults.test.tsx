import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Result } from '../engine/types';
import type { Stock } from '../../generated/engine';
import { groupPages, pageTitle, stockName } from './MaterialResults';
import { ResultsView } from './ResultsView';
import { fmtTL } from '../../lib/number';
import { resultMsg } from './texts';

const placed = (id: string, name: string, extra = {}) => ({ id, name, x: 0, y: 0, width: 50, height: 70, rotated: false, originalIndex: 0, ...extra });

// A three-material kitchen job as the engine answers it (docs/engine.md).
const kitchen: Result = {
  sheet: { width: 183, height: 366 },
  pages: [
    { id: 'page-0', efficiency: 81, parts: [placed('p1-0', 'Yan', { edges: { top: 'B1', right: 'B1' } })], stockId: 's1', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366 },
    { id: 'page-1', efficiency: 60, parts: [placed('p1-1', 'Yan')], stockId: 's2', material: 'Beyaz Sunta', thickness: 18, width: 210, height: 280 },
    { id: 'page-2', efficiency: 40, parts: [placed('p2-0', 'Kapak')], stockId: 's3', material: 'Ceviz MDF', thickness: 18, width: 183, height: 366 },
    { id: 'page-3', efficiency: 20, parts: [placed('p3-0', 'Arkalık')], stockId: 'sheet', thickness: 8, width: 183, height: 366 },
  ],
  materials: [
    { material: 'Beyaz Sunta', thickness: 18, pages: 2, lowerBound: 2, efficiency: 70.5, objective: 'cost', cost: 2750, costLowerBound: 2600, optimal: false },
    { material: 'Ceviz MDF', thickness: 18, pages: 1, lowerBound: 1, efficiency: 40, objective: 'cost', cost: 2100, costLowerBound: 2100, optimal: true },
    { material: '', thickness: 8, pages: 1, lowerBound: 1, efficiency: 20, objective: 'area', cost: 0, costLowerBound: 0, optimal: true },
  ],
  used: [
    { stockId: 's1', quantity: 1 },
    { stockId: 's2', quantity: 1 },
    { stockId: 's3', quantity: 1 },
    { stockId: 'sheet', quantity: 1 },
  ],
  buy: [
    { stockId: 's3', quantity: 1 },
    { stockId: 'sheet', quantity: 1 },
  ],
  bandTotals: [{ code: 'B1', meters: 2.6, cost: 16.9 }],
  skipped: [{ originalIndex: 4, id: 'p5', name: 'Tezgâh', width: 60, height: 300, quantity: 2, reason: 'Stok yetmedi' }],
  stats: { pages: 4, lowerBound: 4, optimal: true, efficiency: 50.3, placed: 4, elapsedMs: 10, cost: 4850, costLowerBound: 4700 },
};

const stock = [
  { id: 's1', name: 'Beyaz büyük', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366, quantity: 1, price: 1450 },
  { id: 's2', material: 'Beyaz Sunta', thickness: 18, width: 210, height: 280, price: 1300 },
  { id: 's3', material: 'Ceviz MDF', thickness: 18, width: 183, height: 366, price: 2100, grain: 'vertical' as const },
];

function show(result: Result, rows: Stock[] = stock) {
  render(
    <ResultsView
      result={result}
      ultra={false}
      exports={null}
      searching={false}
      searchDone={0}
      onSearchMore={() => {}}
      onCancelSearch={() => {}}
      stock={rows}
      bands={[{ code: 'B1', name: 'PVC beyaz' }]}
    />,
  );
}

describe('results per material', () => {
  it('groups the pages per material in the engine order', () => {
    expect(groupPages(kitchen).map((g) => [g.material, g.thickness, g.pages.map((p) => p.id)])).toEqual([
      ['Beyaz Sunta', 18, ['page-0', 'page-1']],
      ['Ceviz MDF', 18, ['page-2']],
      ['', 8, ['page-3']],
    ]);
  });

  it('shows a section per material with its cost and proof, each page its stock row and own size', async () => {
    show(kitchen);
    const sections = screen.getAllByTestId('material-section');
    expect(sections).toHaveLength(3);
    const beyaz = sections[0];
    expect(within(beyaz).getByRole('heading')).toHaveTextContent('Beyaz Sunta 18 mm');
    expect(beyaz).toHaveTextContent('2 levha · ortalama verim %70,5');
    expect(beyaz).toHaveTextContent('Maliyet: 2.750,00 TL');
    expect(beyaz).toHaveTextContent("Bu planın maliyeti 2.750,00 TL; hiçbir plan 2.600,00 TL'den ucuz olamaz");
    expect(beyaz).toHaveTextContent('Levha: Beyaz büyük · 183 x 366 cm');
    expect(beyaz).toHaveTextContent('B1');
    expect(beyaz).toHaveTextContent('Kalın renkli çizgi: kenar bandı');
    await userEvent.setup().click(within(beyaz).getByRole('button', { name: 'Sonraki sayfa' }));
    expect(beyaz).toHaveTextContent('Levha: Beyaz Sunta 210x280 cm');
    expect(sections[1]).toHaveTextContent('Bu planın maliyeti 2.100,00 TL: en ucuz plan (kanıtlandı)');
    expect(within(sections[2]).getByRole('heading')).toHaveTextContent('Malzemesiz 8 mm');
    expect(sections[2]).toHaveTextContent('Levha: Tuval 183x366 cm');
  });

  it('sums up: total cost, sheets from stock, the buy list, band metres and skipped parts with reasons', () => {
    show(kitchen);
    const sum = screen.getByTestId('order-summary');
    // the sheets' cost, and the total with the band, as the PDF's order summary has them
    expect(sum).toHaveTextContent('Levha maliyeti: 4.850,00 TL');
    expect(sum).toHaveTextContent('Toplam maliyet: 4.866,90 TL (levha ve bant)');
    // the bought sheets are not taken from stock
    expect(within(screen.getByRole('list', { name: 'Stoktan kullanılan levhalar' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Beyaz büyük: 1 levha',
      'Beyaz Sunta 210x280 cm: 1 levha',
    ]);
    // the default canvas's sheet, under the thickness it was cut for
    expect(within(screen.getByRole('list', { name: 'Satın alınacaklar' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Ceviz MDF 183x366 cm: 1 levha',
      'Malzemesiz 8 mm · Tuval 183x366 cm: 1 levha',
    ]);
    expect(sum).toHaveTextContent('B1 (PVC beyaz): 2,6 m · 16,90 TL');
    expect(sum).toHaveTextContent('Tezgâh (60x300) (2 adet): Stok yetmedi');
    // the plain skipped line of the canvas view is not shown
    expect(screen.queryByText(/Tuvale sığmayan/)).not.toBeInTheDocument();
  });

  it('writes lira the Turkish way, always with kuruş as the PDF does', () => {
    expect([fmtTL(1450), fmtTL(2100.5), fmtTL(1234567.891), fmtTL(0), fmtTL(-0.001)]).toEqual(['1.450,00', '2.100,50', '1.234.567,89', '0,00', '0,00']);
    // one sentence, one way of writing money
    expect(resultMsg.costProof(4051, 3901.5)).toBe("Bu planın maliyeti 4.051,00 TL; hiçbir plan 3.901,50 TL'den ucuz olamaz");
    expect(resultMsg.cost(4051)).toBe('Maliyet: 4.051,00 TL');
  });

  it('without materials is the plain view', () => {
    const plain: Result = {
      sheet: { width: 183, height: 366 },
      pages: [{ id: 'page-0', efficiency: 81, parts: [placed('a', 'Yan')] }],
      skipped: [],
      stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 81, placed: 1, elapsedMs: 1 },
    };
    show(plain);
    expect(screen.queryByTestId('material-section')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-summary')).not.toBeInTheDocument();
    expect(screen.getByText('Tuval 183 x 366 cm')).toBeInTheDocument();
  });

  it('bands without stock rows: the plain view with the band legend and metres', () => {
    const banded: Result = {
      sheet: { width: 183, height: 366 },
      pages: [{ id: 'page-0', efficiency: 81, parts: [placed('a', 'Yan', { rotated: true, edges: { right: 'B2' } })] }],
      skipped: [],
      bandTotals: [{ code: 'B2', meters: 0.74, cost: 0 }],
      stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 81, placed: 1, elapsedMs: 1 },
    };
    show(banded);
    expect(screen.queryByTestId('material-section')).not.toBeInTheDocument();
    expect(screen.getByText('Kalın renkli çizgi: kenar bandı')).toBeInTheDocument();
    expect(screen.getByTestId('order-summary')).toHaveTextContent('B2: 0,74 m');
  });
});

// A job pasted with materials in local mode with no stock rows: every
// material is cut from the default canvas (stockId "sheet"), bought whole.
const onCanvas = (i: number, material: string, thickness: number, efficiency = 60) => ({
  id: `page-${i}`,
  efficiency,
  parts: [placed(`p${i}-0`, material)],
  stockId: 'sheet',
  material,
  thickness,
  width: 100,
  height: 148,
});
const material = (name: string, thickness: number, pages: number, efficiency: number) => ({
  material: name,
  thickness,
  pages,
  lowerBound: pages,
  efficiency,
  objective: 'area' as const,
  cost: 0,
  costLowerBound: 0,
  optimal: true,
});
const stats = (pages: number) => ({ pages, lowerBound: pages, optimal: true, efficiency: 60, placed: pages, elapsedMs: 1 });

function showWithout(result: Result, rows?: Parameters<typeof ResultsView>[0]['stock']) {
  render(
    <ResultsView result={result} ultra={false} exports={null} searching={false} searchDone={0} onSearchMore={() => {}} onCancelSearch={() => {}} stock={rows} />,
  );
}
const items = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem').map((li) => li.textContent);

describe('the order summary per material', () => {
  it('counts the default canvas\'s sheets per material and thickness, as the PDF does', () => {
    showWithout({
      sheet: { width: 100, height: 148 },
      pages: [onCanvas(0, 'MDF', 18), onCanvas(1, 'MDF', 18), onCanvas(2, 'Sunta', 18), onCanvas(3, 'Sunta', 8)],
      materials: [material('MDF', 18, 2, 70), material('Sunta', 18, 1, 50), material('Sunta', 8, 1, 40)],
      used: [{ stockId: 'sheet', quantity: 4 }],
      buy: [{ stockId: 'sheet', quantity: 4 }],
      skipped: [],
      stats: stats(4),
    });
    expect(items('Satın alınacaklar')).toEqual([
      'MDF 18 mm · Tuval 100x148 cm: 2 levha',
      'Sunta 18 mm · Tuval 100x148 cm: 1 levha',
      'Sunta 8 mm · Tuval 100x148 cm: 1 levha',
    ]);
    expect(screen.queryByRole('list', { name: 'Stoktan kullanılan levhalar' })).not.toBeInTheDocument();
  });

  it('lists the lines in the order of the used rows; a row with a material, or without one for parts without, keeps its name', () => {
    const rows = [
      { id: 's1', material: 'Beyaz', thickness: 18, width: 183, height: 366, quantity: 2 },
      { id: 's2', name: 'Büyük levha', width: 210, height: 280 },
    ];
    showWithout(
      {
        sheet: { width: 100, height: 148 },
        pages: [
          onCanvas(0, 'MDF', 18),
          { ...onCanvas(1, 'Beyaz', 18), stockId: 's1', width: 183, height: 366 },
          { ...onCanvas(2, 'Beyaz', 18), stockId: 's1', width: 183, height: 366 },
          { ...onCanvas(3, '', 0), material: undefined, thickness: undefined, stockId: 's2', width: 210, height: 280 },
        ],
        materials: [material('MDF', 18, 1, 60), material('Beyaz', 18, 2, 60), material('', 0, 1, 60)],
        used: [
          { stockId: 's1', quantity: 2 },
          { stockId: 's2', quantity: 1 },
          { stockId: 'sheet', quantity: 1 },
        ],
        buy: [
          { stockId: 's2', quantity: 1 },
          { stockId: 'sheet', quantity: 1 },
        ],
        skipped: [],
        stats: stats(4),
      },
      rows,
    );
    expect(items('Stoktan kullanılan levhalar')).toEqual(['Beyaz 183x366 cm: 2 levha']);
    expect(items('Satın alınacaklar')).toEqual(['Büyük levha: 1 levha', 'MDF 18 mm · Tuval 100x148 cm: 1 levha']);
  });

  it('calls a material\'s efficiency an average, beside its one sheet\'s whole percent', () => {
    showWithout({
      sheet: { width: 100, height: 148 },
      pages: [onCanvas(0, 'MDF', 18, 76)],
      materials: [material('MDF', 18, 1, 75.7)],
      used: [{ stockId: 'sheet', quantity: 1 }],
      buy: [{ stockId: 'sheet', quantity: 1 }],
      skipped: [],
      stats: stats(1),
    });
    const section = screen.getByTestId('material-section');
    expect(section).toHaveTextContent('1 levha · ortalama verim %75,7');
    expect(section).toHaveTextContent('Verim %76');
  });
});

describe('stockName of an offcut', () => {
  it('names the offcut by its code, material and size', () => {
    const rack = [{ id: 'A-3', material: 'Beyaz', width: 61.5, height: 100, quantity: 1, offcut: true }];
    expect(stockName(rack, 'A-3')).toBe('Artık A-3 (Beyaz 61,5x100 cm)');
  });
});

describe('pageTitle of an offcut used below the minimum use', () => {
  const rack = [{ id: 'A-3', material: 'Beyaz', width: 80, height: 60, quantity: 1, offcut: true }];
  const page = { id: 'page-0', efficiency: 44, parts: [], stockId: 'A-3', material: 'Beyaz', width: 80, height: 60 };
  it('says why the offcut was used', () => {
    expect(pageTitle(rack, { ...page, belowMinUse: true }, page)).toBe(
      'Levha: Artık A-3 (Beyaz 80x60 cm) · en az kullanımın altında: ayrılsaydı yeni levha gerekirdi',
    );
  });
  it('says nothing more of an offcut used enough', () => {
    expect(pageTitle(rack, page, page)).toBe('Levha: Artık A-3 (Beyaz 80x60 cm)');
  });
});

describe('a material whose limited stock ran out', () => {
  it('claims no bound for its plan and says how many parts it left, as the PDF does', () => {
    const short: Result = {
      ...kitchen,
      materials: kitchen.materials!.map((m) => (m.material === 'Ceviz MDF' ? { ...m, stockOut: 2 } : m)),
    };
    show(short);
    expect(screen.queryByText('En az sayfa sayısı (kanıtlandı)')).toBeNull();
    const walnut = screen.getAllByTestId('material-section').find((s) => s.textContent?.includes('Ceviz MDF'))!;
    expect(walnut).toHaveTextContent('Stok yetmedi: 2 parça yerleştirilemedi (plan eksik)');
    expect(walnut).not.toHaveTextContent('kanıtlandı');
    expect(screen.getByTestId('order-summary')).toHaveTextContent(
      'Stok yetmedi: 2 parça stok yetmediği için yerleştirilemedi; tutarlar yalnız yerleştirilen parçaların.',
    );
  });
});

describe('a material with a stock row without a price', () => {
  it('is laid out for area: its cost is given, but neither a bound nor "the cheapest", as the PDF does', () => {
    const unpriced: Result = {
      ...kitchen,
      materials: kitchen.materials!.map((m) =>
        m.material === 'Ceviz MDF' ? { ...m, objective: 'area' as const, costLowerBound: 0 } : m,
      ),
    };
    // a second walnut row, without a price
    show(unpriced, [...stock, { id: 's4', material: 'ceviz mdf ', thickness: 18, width: 122, height: 244 }]);
    const walnut = screen.getAllByTestId('material-section').find((s) => s.textContent?.includes('Ceviz MDF'))!;
    expect(walnut).toHaveTextContent(
      'Bu planın maliyeti 2.100,00 TL (fiyatı olmayan levha satırı var: en az levha alanı arandı). En az levha (kanıtlandı)',
    );
    expect(walnut).not.toHaveTextContent('en ucuz');
    expect(walnut).not.toHaveTextContent('ucuz olamaz');
    const white = screen.getAllByTestId('material-section').find((s) => s.textContent?.includes('Beyaz Sunta'))!;
    expect(white).toHaveTextContent(resultMsg.costProof(2750, 2600));
  });

  it('says the least area, not the fewest sheets, when the plan takes more sheets than the bound', () => {
    const wider: Result = {
      ...kitchen,
      materials: kitchen.materials!.map((m) =>
        m.material === 'Ceviz MDF' ? { ...m, pages: 2, objective: 'area' as const, cost: 0, costLowerBound: 0, optimal: true } : m,
      ),
    };
    show(wider);
    const walnut = screen.getAllByTestId('material-section').find((s) => s.textContent?.includes('Ceviz MDF'))!;
    expect(walnut).toHaveTextContent(resultMsg.areaProven);
    expect(walnut).not.toHaveTextContent(resultMsg.sheetProven);
  });

  it('says nothing of a row without a price when every row has one: the user chose the area objective', () => {
    const area: Result = {
      ...kitchen,
      materials: kitchen.materials!.map((m) => (m.cost > 0 ? { ...m, objective: 'area' as const, costLowerBound: 0 } : m)),
    };
    show(area);
    const walnut = screen.getAllByTestId('material-section').find((s) => s.textContent?.includes('Ceviz MDF'))!;
    expect(walnut).toHaveTextContent('Bu planın maliyeti 2.100,00 TL. En az levha (kanıtlandı)');
    expect(walnut).not.toHaveTextContent('fiyatı olmayan');
  });
});

describe('a material cut from offcuts alone, under the cost objective', () => {
  it('is proven the cheapest (offcuts are free), not the least sheet area', () => {
    // as the engine answers three parts on offcuts of several sizes: cost 0, optimal, more sheets than the bound
    const offcuts: Result = {
      ...kitchen,
      materials: kitchen.materials!.map((m) =>
        m.material === 'Ceviz MDF' ? { ...m, pages: 2, lowerBound: 1, objective: 'cost' as const, cost: 0, costLowerBound: 0, optimal: true } : m,
      ),
    };
    show(offcuts);
    const walnut = screen.getAllByTestId('material-section').find((s) => s.textContent?.includes('Ceviz MDF'))!;
    expect(walnut).toHaveTextContent(resultMsg.costProven(0));
    expect(walnut).not.toHaveTextContent(resultMsg.areaProven);
  });
});
