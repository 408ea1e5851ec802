import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import type { Edges } from '../../generated/engine';
import { workbook } from '../../lib/testWorkbook';
import { EMPTY_STOCK, type StockSettings } from './stock';
import { StockDialog } from './StockDialog';

function open(settings: StockSettings = EMPTY_STOCK, parts?: { edges?: Edges }[]) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(<StockDialog settings={settings} parts={parts} onSave={onSave} onClose={onClose} />, { wrapper: NoticeProvider });
  return { user: userEvent.setup(), onSave, onClose, dlg: screen.getByRole('dialog', { name: 'Levha stoku' }) };
}

describe('StockDialog', () => {
  it('adds a stock row and a band code and saves them with the options', async () => {
    const { user, onSave, dlg } = open();
    expect(dlg).toHaveTextContent('Stok satırı yok');
    await user.click(screen.getByRole('button', { name: 'Stok satırı ekle' }));
    await user.type(screen.getByLabelText('Ad, Satır 1'), 'Büyük');
    await user.type(screen.getByLabelText('Malzeme, Satır 1'), 'Beyaz Sunta');
    await user.type(screen.getByLabelText('Kalınlık (mm), Satır 1'), '18');
    await user.type(screen.getByLabelText('Genişlik (cm), Satır 1'), '183');
    await user.type(screen.getByLabelText('Yükseklik (cm), Satır 1'), '366,5');
    await user.type(screen.getByLabelText('Fiyat (TL), Satır 1'), '1450,5');
    await user.selectOptions(screen.getByLabelText('Damar, Satır 1'), 'dikey');
    await user.click(screen.getByRole('button', { name: 'Bant kodu ekle' }));
    await user.type(screen.getByLabelText('Kod, Bant 1'), 'B1');
    await user.type(screen.getByLabelText('Kalınlık (mm), Bant 1'), '0,8');
    await user.type(screen.getByLabelText('Metre fiyatı (TL), Bant 1'), '6,5');
    await user.selectOptions(screen.getByLabelText('Hedef'), 'alan');
    await user.click(screen.getByLabelText('Bant kalınlığını kesim ölçüsünden düş'));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const s = onSave.mock.calls[0][0] as StockSettings;
    expect(s.stock).toEqual([
      { id: expect.any(String), name: 'Büyük', material: 'Beyaz Sunta', thickness: 18, width: 183, height: 366.5, price: 1450.5, grain: 'vertical' },
    ]);
    expect(s.bands).toEqual([{ code: 'B1', thickness: 0.8, price: 6.5 }]);
    expect(s.objective).toBe('area');
    expect(s.deductBands).toBe(true);
    // many keystrokes: a loaded machine takes longer than the default 5 s
  }, 20000);

  it('edits and removes kept rows', async () => {
    const { user, onSave } = open({
      stock: [
        { id: 'a', material: 'Beyaz', width: 183, height: 366, quantity: 4 },
        { id: 'b', material: 'Ceviz', width: 210, height: 280 },
      ],
      bands: [],
      objective: 'cost',
      deductBands: false,
    });
    expect(screen.getByLabelText('Adet, Satır 1')).toHaveValue('4');
    expect(screen.getByLabelText('Adet, Satır 2')).toHaveValue('');
    await user.clear(screen.getByLabelText('Adet, Satır 1'));
    await user.type(screen.getByLabelText('Adet, Satır 1'), '2');
    await user.click(screen.getByRole('button', { name: 'Sil, Satır 2' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect((onSave.mock.calls[0][0] as StockSettings).stock).toEqual([{ id: 'a', material: 'Beyaz', width: 183, height: 366, quantity: 2 }]);
  });

  it("says what is wrong beside the row, in the contract's words, and saves nothing", async () => {
    const { user, onSave } = open();
    await user.click(screen.getByRole('button', { name: 'Stok satırı ekle' }));
    await user.type(screen.getByLabelText('Genişlik (cm), Satır 1'), '183');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Satır 1: Lütfen geçerli genişlik ve yükseklik değerleri girin!');
    expect(screen.getByLabelText('Yükseklik (cm), Satır 1')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Yükseklik (cm), Satır 1'), '366');
    await user.type(screen.getByLabelText('Adet, Satır 1'), '-1');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Stok adedi 0 (sınırsız) ile 100.000 arasında bir tam sayı olmalı.');
    await user.clear(screen.getByLabelText('Adet, Satır 1'));
    await user.click(screen.getByRole('button', { name: 'Bant kodu ekle' }));
    await user.type(screen.getByLabelText('Kod, Bant 1'), 'B1');
    await user.type(screen.getByLabelText('Fazlalık (cm), Bant 1'), '150');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bant 1: Bant fazlalığı 0 ile 100 cm arasında olmalı.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('imports a stock CSV in mm, converting it to cm and saying so', async () => {
    const { user, dlg } = open();
    const file = new File(['Malzeme;Genişlik (mm);Yükseklik (mm)\nSunta;3660;1830\n'], 'stok.csv', { type: 'text/csv' });
    await user.upload(within(dlg).getByLabelText('CSV içe aktar'), file);
    expect(await screen.findByText("1 stok satırı içe aktarıldı (genişlik ve yükseklik mm'den cm'ye çevrildi).")).toBeInTheDocument();
    expect(screen.getByLabelText('Genişlik (cm), Satır 1')).toHaveValue('366');
  });

  it('imports a stock list from an Excel workbook as from a CSV file, and refuses an old .xls with its message', async () => {
    const { user, onSave, dlg } = open();
    expect(within(dlg).getByLabelText('CSV içe aktar')).toHaveAttribute('accept', expect.stringContaining('.xlsx'));
    expect(within(dlg).getByRole('button', { name: 'CSV içe aktar' })).toHaveAttribute('title', 'CSV ya da Excel (.xlsx)');
    const xlsx = workbook([
      ['Ad', 'Malzeme', 'Genişlik (mm)', 'Yükseklik (mm)', 'Adet', 'Fiyat'],
      ['Büyük', 'Beyaz Sunta', '3660', '1830', '4', '1450.5'],
    ]);
    await user.upload(within(dlg).getByLabelText('CSV içe aktar'), new File([xlsx], 'stok.xlsx'));
    expect(await screen.findByText("1 stok satırı içe aktarıldı (genişlik ve yükseklik mm'den cm'ye çevrildi).")).toBeInTheDocument();
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(504)]);
    await user.upload(within(dlg).getByLabelText('CSV içe aktar'), new File([ole], 'eski.xlsx'));
    expect(
      await screen.findByText("Eski Excel biçimi (.xls) ya da parolalı bir dosya okunamıyor: Excel'de parolasız .xlsx ya da CSV olarak kaydedin."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const s = onSave.mock.calls[0][0] as StockSettings;
    expect(s.stock.map((r) => [r.name, r.material, r.width, r.height, r.quantity, r.price])).toEqual([['Büyük', 'Beyaz Sunta', 366, 183, 4, 1450.5]]);
  });

  it('imports a stock list from another tool as its part list is read, and says what it did not take', async () => {
    const { user, onSave, dlg } = open();
    // CutList Optimizer's stock panels, OpenCutList's sizes in mm
    const csv = 'Length,Width,Qty,Label,Enabled,Supplier\n2800 mm,2070 mm,4 pcs,Sunta 18,true,Kastamonu\n2440 mm,1220 mm,2,MDF,false,\n';
    await user.upload(within(dlg).getByLabelText('CSV içe aktar'), new File([csv], 'stok.csv', { type: 'text/csv' }));
    expect(await screen.findByText("1 stok satırı içe aktarıldı (yükseklik ve genişlik mm'den cm'ye çevrildi).")).toBeInTheDocument();
    expect(screen.getByText('Tanınmayan sütunlar: Supplier')).toBeInTheDocument();
    expect(screen.getByText('"Enabled" sütununda kapalı olan 1 satır alınmadı: satır 3.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const s = onSave.mock.calls[0][0] as StockSettings;
    expect(s.stock.map((r) => [r.name, r.width, r.height, r.quantity])).toEqual([['Sunta 18', 207, 280, 4]]);
  });

  it('imports a stock CSV with a BOM and decimal commas, and lists the rows it could not take', async () => {
    const { user, onSave, dlg } = open();
    const csv = '\uFEFFad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar\nBüyük;Beyaz Sunta;18;183;366;4;1.450;yok\nKapaklık;Ceviz MDF;18;183,5;366;;2100,75;dikey\nKötü;Ceviz;18;0;366;;;\n';
    const file = new File([csv], 'stok.csv', { type: 'text/csv' });
    await user.upload(within(dlg).getByLabelText('CSV içe aktar'), file);
    expect(await screen.findByText('2 stok satırı içe aktarıldı.')).toBeInTheDocument();
    expect(screen.getByText('Satır 4 (Kötü), genişlik: "0" levha ölçüsü olamaz; 0,01 ile 1.000 cm arasında bir ölçü yazın.')).toBeInTheDocument();
    expect(screen.getByLabelText('Genişlik (cm), Satır 2')).toHaveValue('183,5');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const s = onSave.mock.calls[0][0] as StockSettings;
    expect(s.stock.map((r) => [r.name, r.material, r.width, r.quantity, r.price, r.grain])).toEqual([
      ['Büyük', 'Beyaz Sunta', 183, 4, 1450, undefined],
      ['Kapaklık', 'Ceviz MDF', 183.5, undefined, 2100.75, 'vertical'],
    ]);
  });

  it('lists every wrong field of every wrong row, one line a row, and puts the focus on the first', async () => {
    const { user, onSave } = open({
      ...EMPTY_STOCK,
      stock: [
        { id: 'a', width: 183, height: 366 },
        { id: 'b', width: 100, height: 100 },
        { id: 'c', width: 100, height: 100 },
      ],
    });
    await user.clear(screen.getByLabelText('Genişlik (cm), Satır 2'));
    await user.type(screen.getByLabelText('Genişlik (cm), Satır 2'), 'abc');
    await user.clear(screen.getByLabelText('Yükseklik (cm), Satır 2'));
    await user.type(screen.getByLabelText('Yükseklik (cm), Satır 2'), '0');
    await user.type(screen.getByLabelText('Adet, Satır 2'), '2,5');
    await user.type(screen.getByLabelText('Fiyat (TL), Satır 2'), '-3');
    await user.type(screen.getByLabelText('Kalınlık (mm), Satır 3'), '1001');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave).not.toHaveBeenCalled();
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Satır 2: Lütfen geçerli genişlik ve yükseklik değerleri girin! Stok adedi 0 (sınırsız) ile 100.000 arasında bir tam sayı olmalı. Fiyat 0 ile 1.000.000.000 TL arasında olmalı.',
      'Satır 3: Kalınlık 0 ile 1.000 mm arasında olmalı.',
    ]);
    for (const f of ['Genişlik (cm)', 'Yükseklik (cm)', 'Adet', 'Fiyat (TL)']) {
      expect(screen.getByLabelText(`${f}, Satır 2`)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByLabelText('Ad, Satır 2')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Kalınlık (mm), Satır 3')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Genişlik (cm), Satır 2')).toHaveFocus();
  });

  it('lists every wrong field of a band code', async () => {
    const { user, onSave } = open();
    await user.click(screen.getByRole('button', { name: 'Bant kodu ekle' }));
    await user.type(screen.getByLabelText('Kalınlık (mm), Bant 1'), '11');
    await user.type(screen.getByLabelText('Fazlalık (cm), Bant 1'), '150');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Bant 1: Bant kodu boş veya tekrar ediyor. Bant kalınlığı 0 ile 10 mm arasında olmalı. Bant fazlalığı 0 ile 100 cm arasında olmalı.',
    );
    expect(screen.getByLabelText('Kod, Bant 1')).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('puts the focus in the first field of a row just added', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Stok satırı ekle' }));
    expect(screen.getByLabelText('Ad, Satır 1')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Stok satırı ekle' }));
    expect(screen.getByLabelText('Ad, Satır 2')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Bant kodu ekle' }));
    expect(screen.getByLabelText('Kod, Bant 1')).toHaveFocus();
    await user.keyboard('B1');
    expect(screen.getByLabelText('Kod, Bant 1')).toHaveValue('B1');
  });

  it('saves on Enter in a field, as Kaydet does', async () => {
    const { user, onSave } = open({ ...EMPTY_STOCK, stock: [{ id: 'a', width: 183, height: 366 }] });
    await user.clear(screen.getByLabelText('Genişlik (cm), Satır 1'));
    await user.type(screen.getByLabelText('Genişlik (cm), Satır 1'), '0{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Satır 1: Lütfen geçerli genişlik ve yükseklik değerleri girin!');
    await user.clear(screen.getByLabelText('Genişlik (cm), Satır 1'));
    await user.type(screen.getByLabelText('Genişlik (cm), Satır 1'), '210{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect((onSave.mock.calls[0][0] as StockSettings).stock).toEqual([{ id: 'a', width: 210, height: 366 }]);
    // in the offcut settings too
    await user.type(screen.getByLabelText('Artık en az kullanım (%)'), '{Enter}');
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('asks before saving without a band code that parts use, naming it and how many parts use it', async () => {
    const parts = [{ edges: { top: 'B1', bottom: 'B1', left: 'B1', right: 'B1' } }, { edges: { left: 'B1', right: 'B2' } }, {}, { edges: { top: 'B2' } }];
    const { user, onSave } = open({ ...EMPTY_STOCK, bands: [{ code: 'B1', thickness: 0.8 }, { code: 'B2' }, { code: 'B3' }] }, parts);
    // B3 is used by no part: removing it asks nothing
    await user.click(screen.getByRole('button', { name: 'Sil, Bant 3' }));
    await user.click(screen.getByRole('button', { name: 'Sil, Bant 1' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('B1 bant kodunu 2 parça kullanıyor; silinirse parçalardaki kod tanınmaz; parçaların bandı değiştirilene dek yerleşim yapılamaz. Yine de kaydedilsin mi?');
    expect(onSave).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'İptal' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Levha stoku' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect((onSave.mock.calls[0][0] as StockSettings).bands).toEqual([{ code: 'B2' }]);
  });

  it('asks before a rename too, and on Enter the keystroke does not answer the question', async () => {
    const parts = [{ edges: { top: 'B1' } }, { edges: { top: 'B2' } }];
    const { user, onSave } = open({ ...EMPTY_STOCK, bands: [{ code: 'B1' }, { code: 'B2' }] }, parts);
    await user.clear(screen.getByLabelText('Kod, Bant 1'));
    await user.type(screen.getByLabelText('Kod, Bant 1'), 'b1');
    await user.clear(screen.getByLabelText('Kod, Bant 2'));
    await user.type(screen.getByLabelText('Kod, Bant 2'), 'B9{Enter}');
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('B1 bant kodunu 1 parça, B2 bant kodunu 1 parça kullanıyor; bu kodlar silinirse parçalardaki kodlar tanınmaz');
    expect(onSave).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Evet' }));
    expect((onSave.mock.calls[0][0] as StockSettings).bands).toEqual([{ code: 'b1' }, { code: 'B9' }]);
  });

  it('shows kept numbers the Turkish way and saves them back unchanged', async () => {
    const stock = [
      { id: 'a', material: 'Beyaz', thickness: 18, width: 1000, height: 366.5, quantity: 1200, price: 1450 },
      { id: 'b', width: 183.25, height: 1000, price: 1250.5 },
    ];
    const bands = [{ code: 'B1', thickness: 0.8, price: 6.5, overlength: 2 }];
    const { user, onSave } = open({ ...EMPTY_STOCK, stock, bands });
    expect(screen.getByLabelText('Fiyat (TL), Satır 1')).toHaveValue('1.450');
    expect(screen.getByLabelText('Fiyat (TL), Satır 2')).toHaveValue('1.250,50');
    expect(screen.getByLabelText('Genişlik (cm), Satır 1')).toHaveValue('1.000');
    expect(screen.getByLabelText('Yükseklik (cm), Satır 1')).toHaveValue('366,5');
    expect(screen.getByLabelText('Adet, Satır 1')).toHaveValue('1.200');
    expect(screen.getByLabelText('Genişlik (cm), Satır 2')).toHaveValue('183,25');
    expect(screen.getByLabelText('Metre fiyatı (TL), Bant 1')).toHaveValue('6,50');
    expect(screen.getByLabelText('Kalınlık (mm), Bant 1')).toHaveValue('0,8');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const s = onSave.mock.calls[0][0] as StockSettings;
    expect(s.stock).toEqual(stock);
    expect(s.bands).toEqual(bands);
  });

  it('closes on İptal without saving', async () => {
    const { user, onSave, onClose } = open();
    await user.click(screen.getByRole('button', { name: 'İptal' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('closes at once on Escape when nothing changed', async () => {
    const { user, onClose } = open({ ...EMPTY_STOCK, stock: [{ id: 'a', width: 183, height: 366 }] });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before Escape or İptal throws away unsaved rows, and stays open on İptal', async () => {
    const { user, onClose, onSave } = open();
    await user.click(screen.getByRole('button', { name: 'Stok satırı ekle' }));
    await user.type(screen.getByLabelText('Genişlik (cm), Satır 1'), '183');
    await user.keyboard('{Escape}');
    let ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('Levha stokunda kaydedilmemiş değişiklikler var. Pencere kapatılırsa bu değişiklikler kaybolacak. Kapatılsın mı?');
    // Escape on the question closes the question only
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Genişlik (cm), Satır 1')).toHaveValue('183');
    await user.click(screen.getByRole('button', { name: 'İptal' }));
    ask = await screen.findByRole('alertdialog');
    // a destructive question starts on İptal
    expect(within(ask).getByRole('button', { name: 'İptal' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Evet' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('updates the rows a CSV gives again instead of adding copies, and says what it did', async () => {
    const rows = [
      { id: 'a', material: 'Beyaz', width: 183, height: 366, quantity: 3 },
      { id: 'b', material: 'Ceviz', width: 210, height: 280, price: 900 },
    ];
    const { user, onSave, dlg } = open({ ...EMPTY_STOCK, stock: rows });
    const csv = 'Malzeme;Genişlik;Yükseklik;Adet;Fiyat\nBeyaz;183;366;3;\nCeviz;210;280;;950\nMDF;183;366;;\nBeyaz;183;366;1;\n';
    await user.upload(within(dlg).getByLabelText('CSV içe aktar'), new File([csv], 'stok.csv', { type: 'text/csv' }));
    expect(await screen.findByText('3 stok satırı içe aktarıldı: 1 satır eklendi, 1 satır güncellendi, 1 satır listede zaten aynıydı.')).toBeInTheDocument();
    expect(
      screen.getByText('Satır 5 (Beyaz): 2. satırdaki levhanın aynısı (malzeme, kalınlık, ölçü ve damar); bu satır alınmadı: adetleri tek satırda toplayın ya da iki satıra da ayrı birer kod verin.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const s = onSave.mock.calls[0][0] as StockSettings;
    expect(s.stock).toEqual([
      { id: 'a', material: 'Beyaz', width: 183, height: 366, quantity: 3 },
      { id: 'b', material: 'Ceviz', width: 210, height: 280, price: 950 },
      { id: expect.any(String), material: 'MDF', width: 183, height: 366 },
    ]);
  });

  it('asks before Escape throws away an imported CSV', async () => {
    const { user, onClose, dlg } = open();
    await user.upload(within(dlg).getByLabelText('CSV içe aktar'), new File(['Genişlik;Yükseklik\n183;366\n'], 'stok.csv', { type: 'text/csv' }));
    await screen.findByText('1 stok satırı içe aktarıldı.');
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes only the question on Escape while saving asks one', async () => {
    const { user, onClose, onSave } = open({ ...EMPTY_STOCK, bands: [{ code: 'B1' }] }, [{ edges: { top: 'B1' } }]);
    await user.click(screen.getByRole('button', { name: 'Sil, Bant 1' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('B1 bant kodunu 1 parça kullanıyor');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Levha stoku' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('StockDialog after a save the server refused (saved elsewhere since)', () => {
  const message =
    'Stok listesi siz düzenlerken başka bir pencereden ya da cihazdan kaydedildi; değişiklikleriniz kaydedilmedi. Listeyi yeniden açıp değişikliklerinizi tekrar yapın.';
  const server: StockSettings = { stock: [{ id: 'a', material: 'Beyaz', width: 183, height: 366 }, { id: 'öbür', material: 'Ceviz', width: 210, height: 280 }], bands: [], objective: 'cost', deductBands: false };
  const mine: StockSettings = { stock: [{ id: 'a', material: 'Beyaz', width: 183, height: 366 }, { id: 'benim', material: 'Meşe', width: 100, height: 100 }], bands: [], objective: 'area', deductBands: false };

  function openRefused() {
    const onSave = vi.fn();
    const onClose = vi.fn();
    const onReload = vi.fn();
    render(<StockDialog settings={server} conflict={{ message, mine }} onSave={onSave} onClose={onClose} onReload={onReload} />, { wrapper: NoticeProvider });
    return { user: userEvent.setup(), onSave, onClose, onReload, dlg: screen.getByRole('dialog', { name: 'Levha stoku' }) };
  }

  it("shows the user's list with the server's message and what to do, and saves it again as it is", async () => {
    const { user, onSave, dlg } = openRefused();
    const alert = within(dlg).getAllByRole('alert')[0];
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent('Değişiklikleriniz bu pencerede duruyor.');
    expect(within(alert).getByRole('button', { name: 'Sunucudaki listeyi aç' })).toHaveFocus();
    expect(screen.getByLabelText('Malzeme, Satır 2')).toHaveValue('Meşe');
    expect(screen.getByLabelText('Hedef')).toHaveValue('area');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0][0]).toEqual(mine);
  });

  it('asks before closing, although nothing was typed since: the list is not saved', async () => {
    const { user, onClose } = openRefused();
    await user.click(screen.getByRole('button', { name: 'İptal' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('Levha stokunda kaydedilmemiş değişiklikler var.');
    await user.click(within(ask).getByRole('button', { name: 'İptal' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Malzeme, Satır 2')).toHaveValue('Meşe');
  });

  it("opens the server's list only after a question that says the changes go", async () => {
    const { user, onReload } = openRefused();
    await user.click(screen.getByRole('button', { name: 'Sunucudaki listeyi aç' }));
    let ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('Sunucudaki liste açılınca bu penceredeki değişiklikleriniz silinecek. Açılsın mı?');
    await user.click(within(ask).getByRole('button', { name: 'İptal' }));
    expect(onReload).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sunucudaki listeyi aç' }));
    ask = await screen.findByRole('alertdialog');
    await user.click(within(ask).getByRole('button', { name: 'Evet' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

describe('StockDialog after a conflict, with the server\'s list read', () => {
  const message = 'Stok listesi siz düzenlerken başka bir pencereden ya da cihazdan kaydedildi; değişiklikleriniz kaydedilmedi.';
  const rack = { id: 'A-1', width: 40, height: 60, quantity: 1, offcut: true } as StockSettings['stock'][number];
  const server: StockSettings = {
    stock: [
      { id: 's1', name: 'Beyaz 18 büyük', material: 'Beyaz', width: 183, height: 366, quantity: 4, price: 1450 },
      { id: 's2', material: 'Beyaz', width: 210, height: 280 },
      { id: 's7', material: 'Ceviz', width: 183, height: 366 },
      rack,
    ],
    bands: [{ code: 'B1', price: 6.5 }],
    objective: 'cost',
    deductBands: false,
  };
  const mine: StockSettings = {
    ...server,
    stock: [
      { id: 's1', name: 'Beyaz 18 büyük', material: 'Beyaz', width: 183, height: 366, quantity: 2, price: 1500 },
      { id: 's2', material: 'Beyaz', width: 210, height: 280 },
      { id: 's5', material: 'Meşe', width: 100, height: 45.5 },
    ],
    bands: [{ code: 'B1', price: 6.5 }, { code: 'B2' }],
  };

  function openDiff(conflict: { message: string; mine: StockSettings; server?: StockSettings }) {
    const onSave = vi.fn();
    render(<StockDialog settings={server} conflict={conflict} onSave={onSave} onClose={vi.fn()} onReload={vi.fn()} />, { wrapper: NoticeProvider });
    return { user: userEvent.setup(), onSave, dlg: screen.getByRole('dialog', { name: 'Levha stoku' }) };
  }

  it('lists the rows that differ between the user\'s list and the server\'s, in Turkish, and points the rows in the table at them', async () => {
    const { user, onSave, dlg } = openDiff({ message, mine, server });
    const alert = within(dlg).getAllByRole('alert')[0];
    expect(alert).toHaveTextContent('Sunucudaki listeden farklı 5 satır (sunucudaki → sizdeki):');
    const list = within(alert).getByRole('list', { name: 'Sunucudaki listeden farklı 5 satır (sunucudaki → sizdeki):' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Satır 1 (Beyaz 18 büyük): adet 4 → 2, fiyat 1.450 → 1.500',
      'Satır 3 (Meşe 100 × 45,5): yalnız sizde',
      'Ceviz 183 × 366: yalnız sunucuda',
      'Bant B2: yalnız sizde',
      'Artık A-1: yalnız sunucuda (siz raftan kaldırdınız)',
    ]);
    // The differing rows of the table say so in text, read with their first field.
    expect(screen.getByLabelText('Ad, Satır 1')).toHaveAccessibleDescription('Satır 1 (Beyaz 18 büyük): adet 4 → 2, fiyat 1.450 → 1.500');
    expect(screen.getByLabelText('Ad, Satır 1').closest('tr')).toHaveClass('differs');
    expect(screen.getByLabelText('Ad, Satır 3')).toHaveAccessibleDescription('Satır 3 (Meşe 100 × 45,5): yalnız sizde');
    expect(screen.getByLabelText('Ad, Satır 2')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Ad, Satır 2').closest('tr')).not.toHaveClass('differs');
    // The user's list is the one in the fields, and saved as it is.
    expect(screen.getByLabelText('Adet, Satır 1')).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave.mock.calls[0][0]).toEqual(mine);
  });

  it('says when the rows are the same as the server\'s, and lists nothing without the server\'s list', () => {
    openDiff({ message, mine: server, server });
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Satırlarınız sunucudaki listeyle aynı.');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    cleanup();
    openDiff({ message, mine });
    const alert = screen.getAllByRole('alert')[0];
    expect(alert).toHaveTextContent(message);
    expect(alert).not.toHaveTextContent('Sunucudaki listeden farklı');
    expect(alert).not.toHaveTextContent('Satırlarınız sunucudaki listeyle aynı.');
    expect(screen.getByLabelText('Adet, Satır 1')).toHaveValue('2');
  });

  it('says when the layout options differ from those saved elsewhere, and saves the user\'s', async () => {
    // the server's lists as GET /api/stock answers them
    const lists = { stock: server.stock, bands: server.bands, options: { objective: 'sheets', deductBands: true, keepLeftover: false }, optionsSaved: true };
    const { user, onSave, dlg } = openDiff({ message, mine: { ...mine, bands: server.bands, stock: server.stock }, server: lists as unknown as StockSettings });
    const alert = within(dlg).getAllByRole('alert')[0];
    // the options are no row of the table
    const list = within(alert).getByRole('list', { name: 'Sunucudaki listeden farklar (sunucudaki → sizdeki):' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Seçenekler: hedef levha sayısı → maliyet, bant kalınlığı düşülür evet → hayır']);
    expect(screen.getByLabelText('Hedef')).toHaveValue('cost');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave.mock.calls[0][0]).toMatchObject({ objective: 'cost', deductBands: false });
  });

  it('lists the first 20 differences and counts the rest', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: `n${i}`, material: 'Meşe', width: 100 + i, height: 50 }));
    openDiff({ message, mine: { ...mine, stock: many, bands: server.bands }, server: { ...server, stock: [] } });
    const list = screen.getByRole('list', { name: 'Sunucudaki listeden farklı 25 satır (sunucudaki → sizdeki):' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(21);
    expect(items[0]).toHaveTextContent('Satır 1 (Meşe 100 × 50): yalnız sizde');
    expect(items[20]).toHaveTextContent('… ve 5 fark daha.');
  });
});

describe('StockDialog on a phone', () => {
  const settings: StockSettings = {
    ...EMPTY_STOCK,
    stock: [
      { id: 'a', material: 'Beyaz', width: 183, height: 366 },
      { id: 'A-1', width: 40, height: 50, offcut: true, createdAt: '2026-11-20T08:00:00Z' } as StockSettings['stock'][number],
    ],
    bands: [{ code: 'B1' }],
    offcutSettings: { rules: [{ minWidth: 30, minHeight: 30 }], maxArea: 0, minUse: 60 },
  };

  it('scrolls each table sideways inside its own box, so that the dialog does not scroll sideways', () => {
    open(settings);
    const tables = screen.getAllByRole('table');
    // the stock rows, the band codes, the rack and the smallest offcut sizes
    expect(tables.map((t) => t.getAttribute('aria-label'))).toEqual(['Stok satırları', 'Bant kodları', 'Artıklar', 'En küçük artık ölçüsü']);
    for (const t of tables) expect(t.parentElement, t.getAttribute('aria-label')!).toHaveClass('stock-table-wrap');
  });

  it('shows its hints on screen, read with their fields, not in a title a touch screen never shows', () => {
    open(settings);
    const minUse = screen.getByLabelText('Artık en az kullanım (%)');
    expect(minUse).toHaveAccessibleDescription('Artık en az kullanım (%): Parçalar bir artık levhanın bundan azını kaplayacaksa, alınan levhalarda yer varsa artık bütün kalır; yoksa yine kullanılır.');
    expect(minUse).not.toHaveAttribute('title');
    const leftover = screen.getByLabelText('Son levhada artık tek parça kalsın');
    expect(leftover).toHaveAccessibleDescription(/^Son levhada artık tek parça kalsın: Her malzemenin son levhasında/);
    expect(leftover.closest('label')).not.toHaveAttribute('title');
    const quantity = screen.getByLabelText('Adet, Satır 1');
    expect(quantity).toHaveAccessibleDescription('Adet: Boş = sınırsız (satın alınacak)');
    expect(quantity).not.toHaveAttribute('title');
    for (const hint of [/alınan levhalarda yer varsa artık bütün kalır/, /Her malzemenin son levhasında/, /Boş = sınırsız/]) expect(screen.getByText(hint)).toHaveClass('hint');
  });
});

describe('StockDialog opened before the page took a newer list', () => {
  it('saves with the list and version it was opened on, for a list saved since to be a conflict', async () => {
    const old: StockSettings = { ...EMPTY_STOCK, stock: [{ id: 's', name: 'Beyaz', width: 183, height: 366, quantity: 5 }] };
    const newer: StockSettings = { ...EMPTY_STOCK, stock: [{ id: 's', name: 'Beyaz', width: 183, height: 366, quantity: 3 }] };
    const onSave = vi.fn();
    const { rerender } = render(<StockDialog settings={old} version={7} onSave={onSave} onClose={vi.fn()} />, { wrapper: NoticeProvider });
    // Another tab cut a job: the page now has the list at version 8.
    rerender(<StockDialog settings={newer} version={8} onSave={onSave} onClose={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0][1]).toEqual({ settings: old, version: 7 });
  });
});
