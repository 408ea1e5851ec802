import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_STOCK, type StockSettings } from './stock';
import { StockDialog } from './StockDialog';

function open(settings: StockSettings = EMPTY_STOCK) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(<StockDialog settings={settings} onSave={onSave} onClose={onClose} />);
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

  it('imports a stock CSV with a BOM and decimal commas, and lists the rows it could not take', async () => {
    const { user, onSave, dlg } = open();
    const csv = '\uFEFFad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar\nBüyük;Beyaz Sunta;18;183;366;4;1.450;yok\nKapaklık;Ceviz MDF;18;183,5;366;;2100,75;dikey\nKötü;Ceviz;18;0;366;;;\n';
    const file = new File([csv], 'stok.csv', { type: 'text/csv' });
    await user.upload(within(dlg).getByLabelText('CSV içe aktar'), file);
    expect(await screen.findByText('2 stok satırı içe aktarıldı.')).toBeInTheDocument();
    expect(screen.getByText('Satır 4: Lütfen geçerli genişlik ve yükseklik değerleri girin!')).toBeInTheDocument();
    expect(screen.getByLabelText('Genişlik (cm), Satır 2')).toHaveValue('183,5');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const s = onSave.mock.calls[0][0] as StockSettings;
    expect(s.stock.map((r) => [r.name, r.material, r.width, r.quantity, r.price, r.grain])).toEqual([
      ['Büyük', 'Beyaz Sunta', 183, 4, 1450, undefined],
      ['Kapaklık', 'Ceviz MDF', 183.5, undefined, 2100.75, 'vertical'],
    ]);
  });

  it('closes on İptal without saving', async () => {
    const { user, onSave, onClose } = open();
    await user.click(screen.getByRole('button', { name: 'İptal' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
