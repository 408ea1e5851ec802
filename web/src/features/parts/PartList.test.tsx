import { render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import type { Part } from './parts';
import { PartList } from './PartList';

const plain: Part = { id: 'a', name: 'Raf', width: 45, height: 30, quantity: 3 };
const kapak: Part = {
  id: 'b',
  name: 'Kapak',
  width: 40,
  height: 70,
  quantity: 2,
  material: 'Ceviz MDF',
  thickness: 18,
  grain: 'vertical',
  edges: { top: 'B1', left: 'B1' },
};

function show(parts: Part[], bandCodes?: string[]) {
  const onEdit = vi.fn();
  render(
    <NoticeProvider>
      <PartList parts={parts} onEdit={onEdit} onRemove={() => {}} onClear={() => {}} bandCodes={bandCodes} />
    </NoticeProvider>,
  );
  return { onEdit, user: userEvent.setup() };
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('PartList', () => {
  it('shows the new columns only on a part that uses them', () => {
    show([plain, kapak]);
    expect(card('Kapak')).toHaveTextContent('Ceviz MDF · 18 mm · damar dikey · bant: üst B1, sol B1');
    expect(card('Raf').textContent).toBe('Raf45 x 30 cm3 adet · 4.050,0 cm²DöndürülebilirDüzenleSil');
  });

  it('edits name and quantity as before, the new fields closed for a part without them', async () => {
    const { onEdit, user } = show([plain]);
    await user.click(screen.getByRole('button', { name: 'Raf: Düzenle' }));
    const toggle = within(card('Raf')).getByRole('button', { name: /Malzeme, damar, bant/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Malzeme')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Adet'));
    await user.type(screen.getByLabelText('Adet'), '5{Enter}');
    expect(onEdit).toHaveBeenCalledWith('a', { name: 'Raf', quantity: 5, material: undefined, thickness: undefined, grain: undefined, edges: undefined });
  });

  it('moves the focus to the next card after Sil, and to the form when none is left', async () => {
    function Live() {
      const [parts, setParts] = useState([plain, kapak]);
      return (
        <NoticeProvider>
          <input id="part-name" aria-label="Parça Adı" />
          <PartList parts={parts} onEdit={() => {}} onRemove={(id) => setParts((ps) => ps.filter((p) => p.id !== id))} onClear={() => {}} />
        </NoticeProvider>
      );
    }
    render(<Live />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Raf: Sil' }));
    expect(screen.getByRole('button', { name: 'Kapak: Düzenle' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Kapak: Sil' }));
    expect(screen.getByLabelText('Parça Adı')).toHaveFocus();
  });

  it('gives the focus back to Düzenle when the edit is saved with Enter or cancelled with Escape', async () => {
    const { user } = show([plain]);
    await user.click(screen.getByRole('button', { name: 'Raf: Düzenle' }));
    await user.type(screen.getByLabelText('Adet'), '{Enter}');
    expect(screen.getByRole('button', { name: 'Raf: Düzenle' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Raf: Düzenle' }));
    await user.type(screen.getByLabelText('Adet'), '{Escape}');
    expect(screen.getByRole('button', { name: 'Raf: Düzenle' })).toHaveFocus();
  });

  it('edits material, thickness, grain and bands, and removes those cleared', async () => {
    const { onEdit, user } = show([kapak]);
    await user.click(screen.getByRole('button', { name: 'Kapak: Düzenle' }));
    expect(screen.getByLabelText('Malzeme')).toHaveValue('Ceviz MDF');
    expect(screen.getByLabelText('Kalınlık (mm)')).toHaveValue('18');
    expect(screen.getByLabelText('Damar yönü')).toHaveValue('vertical');
    expect(screen.getByLabelText('Üst')).toHaveValue('B1');
    await user.clear(screen.getByLabelText('Malzeme'));
    await user.selectOptions(screen.getByLabelText('Damar yönü'), 'Yatay (en boyunca)');
    await user.clear(screen.getByLabelText('Sol'));
    await user.type(screen.getByLabelText('Sağ'), 'B3');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onEdit).toHaveBeenCalledWith('b', {
      name: 'Kapak',
      quantity: 2,
      material: undefined,
      thickness: 18,
      grain: 'horizontal',
      edges: { top: 'B1', right: 'B3' },
    });
  });

  it('refuses a bad value in Turkish and keeps the edit open; Escape puts the part back', async () => {
    const { onEdit, user } = show([kapak], ['B2']);
    await user.click(screen.getByRole('button', { name: 'Kapak: Düzenle' }));
    // B1 is no longer a known code: it stays shown, to be changed.
    expect(screen.getByLabelText('Üst')).toHaveValue('B1');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    let dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Bilinmeyen bant kodu.');
    await user.click(within(dlg).getByRole('button', { name: 'Tamam' }));
    expect(screen.getByLabelText('Üst')).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('Tüm kenarlar'), 'B2');
    await user.clear(screen.getByLabelText('Kalınlık (mm)'));
    await user.type(screen.getByLabelText('Kalınlık (mm)'), '-4');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Kalınlık 0 ile 1.000 mm arasında olmalı.');
    await user.click(within(dlg).getByRole('button', { name: 'Tamam' }));
    expect(onEdit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Kalınlık (mm)'), '{Escape}');
    expect(screen.queryByLabelText('Malzeme')).not.toBeInTheDocument();
    expect(card('Kapak')).toHaveTextContent('Ceviz MDF · 18 mm');
  });

  it('refuses a quantity over 100.000 in the add form’s words', async () => {
    const { onEdit, user } = show([plain]);
    await user.click(screen.getByRole('button', { name: 'Raf: Düzenle' }));
    await user.clear(screen.getByLabelText('Adet'));
    await user.type(screen.getByLabelText('Adet'), '100.001{Enter}');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Adet en fazla 100.000 olabilir.');
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('keeps a thickness of three decimals as it is when only the name changes', async () => {
    const thin: Part = { id: 'c', name: 'Arka', width: 40, height: 70, quantity: 1, thickness: 0.125 };
    const { onEdit, user } = show([thin]);
    expect(card('Arka')).toHaveTextContent('0,125 mm');
    await user.click(screen.getByRole('button', { name: 'Arka: Düzenle' }));
    expect(screen.getByLabelText('Kalınlık (mm)')).toHaveValue('0,125');
    await user.type(screen.getByLabelText('Parça Adı'), ' Panel{Enter}');
    expect(onEdit).toHaveBeenCalledWith('c', { name: 'Arka Panel', quantity: 1, material: undefined, thickness: 0.125, grain: undefined, edges: undefined });
  });

  it('keeps a kept thickness the field cannot show exactly when it is left alone', async () => {
    const odd: Part = { id: 'd', name: 'Tabla', width: 40, height: 70, quantity: 1, thickness: 1 / 3 };
    const { onEdit, user } = show([odd]);
    await user.click(screen.getByRole('button', { name: 'Tabla: Düzenle' }));
    await user.clear(screen.getByLabelText('Adet'));
    await user.type(screen.getByLabelText('Adet'), '2{Enter}');
    expect(onEdit).toHaveBeenCalledWith('d', expect.objectContaining({ quantity: 2, thickness: 1 / 3 }));
  });

  it('refuses a quantity that takes the job past 100.000 pieces, and takes a smaller one', async () => {
    const { onEdit, user } = show([plain, kapak]);
    await user.click(screen.getByRole('button', { name: 'Raf: Düzenle' }));
    await user.clear(screen.getByLabelText('Adet'));
    await user.type(screen.getByLabelText('Adet'), '99.999{Enter}');
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Parça sayısı çok fazla: bir işte en fazla 100.000 adet yerleştirilebilir. Bu işte 5 adet var; bununla toplam 100.001 adet olurdu.');
    await user.click(within(dlg).getByRole('button', { name: 'Tamam' }));
    expect(onEdit).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Adet'));
    await user.type(screen.getByLabelText('Adet'), '99.998{Enter}');
    expect(onEdit).toHaveBeenCalledWith('a', expect.objectContaining({ quantity: 99998 }));
  });
});
