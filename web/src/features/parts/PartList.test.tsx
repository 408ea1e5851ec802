import { act, cleanup, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import type { Part } from './parts';
import { PartList, WINDOW_FROM } from './PartList';

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

/** many makes n parts, Parça 1 … Parça n. */
const many = (n: number): Part[] => Array.from({ length: n }, (_, i) => ({ id: `m${i + 1}`, name: `Parça ${i + 1}`, width: 10, height: 20, quantity: 1 }));

/** Live is the list over parts of its own, with the add form's name field and the results section around it. */
function Live({ start }: { start: Part[] }) {
  const [parts, setParts] = useState(start);
  return (
    <NoticeProvider>
      <input id="part-name" aria-label="Parça Adı" />
      <PartList
        parts={parts}
        onEdit={(id, change) => setParts((ps) => ps.map((p) => (p.id === id ? { ...p, ...change } : p)))}
        onRemove={(id) => setParts((ps) => ps.filter((p) => p.id !== id))}
        onClear={() => setParts([])}
      />
      <section id="results" tabIndex={-1} aria-label="Nesting Sonucu">
        <button type="button">PDF İndir</button>
      </section>
    </NoticeProvider>
  );
}

describe('PartList keyboard and focus', () => {
  it('gives each card’s Döndürülebilir box the part’s name, the text on screen unchanged', () => {
    show([plain, kapak]);
    expect(screen.getByRole('checkbox', { name: 'Kapak: Döndürülebilir' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Raf: Döndürülebilir' })).toBeChecked();
    expect(within(card('Raf')).getByText('Döndürülebilir')).toBeInTheDocument();
  });

  it('cancels an edit with Escape from anywhere in the card, and gives the focus back to Düzenle', async () => {
    const { onEdit, user } = show([kapak]);
    await user.click(screen.getByRole('button', { name: 'Kapak: Düzenle' }));
    await user.type(screen.getByLabelText('Parça Adı'), ' Sol');
    // the extras' toggle is a button, not a text field
    const toggle = within(card('Kapak')).getByRole('button', { name: /Malzeme, damar, bant/ });
    toggle.focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Parça Adı')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kapak: Düzenle' })).toHaveFocus();
    // from a band's select and from the Kaydet button too
    await user.click(screen.getByRole('button', { name: 'Kapak: Düzenle' }));
    screen.getByLabelText('Damar yönü').focus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Kapak: Düzenle' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Kapak: Düzenle' }));
    screen.getByRole('button', { name: 'Kaydet' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Kapak: Düzenle' })).toHaveFocus();
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('puts the focus on Parça Adı after Tümünü Temizle → Evet, not on the page', async () => {
    render(<Live start={[plain, kapak]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Tümünü Temizle' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Parça Adı')).toHaveFocus();
  });

  it('skips the cards to the results with "Sonuçlara geç", the first stop of the list', async () => {
    render(<Live start={many(60)} />);
    const user = userEvent.setup();
    screen.getByLabelText('Parça Adı').focus();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Sonuçlara geç' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Nesting Sonucu' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'PDF İndir' })).toHaveFocus();
  });
});

describe('PartList with thousands of part lines', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the first 50, then draws only the cards on screen of all 5.000, each placed in the whole list', async () => {
    render(<Live start={many(5000)} />);
    const user = userEvent.setup();
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Tümünü göster (5.000 parça çeşidi)' }));
    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(5);
    expect(items.length).toBeLessThan(100);
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
    expect(items[0]).toHaveAttribute('aria-setsize', '5000');
    // the last card is drawn too: Shift+Tab from the button under the list reaches it
    expect(card('Parça 5000')).toHaveAttribute('aria-posinset', '5000');
    await user.click(screen.getByRole('button', { name: 'İlk 50 parçayı göster' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
  });

  it('keeps the Tab order through cards not yet drawn, and the focus after Sil', async () => {
    render(<Live start={many(5000)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Tümünü göster/ }));
    const drawn = screen.getAllByRole('listitem');
    const lastInWindow = drawn[drawn.length - 2];
    const n = Number(lastInWindow.getAttribute('aria-posinset'));
    expect(screen.queryByRole('listitem', { name: `Parça ${n + 1}` })).not.toBeInTheDocument();
    within(lastInWindow).getByRole('button', { name: `Parça ${n}: Sil` }).focus();
    // three stops a card: Döndürülebilir, Düzenle, Sil
    await user.tab();
    expect(screen.getByRole('checkbox', { name: `Parça ${n + 1}: Döndürülebilir` })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: `Parça ${n + 2}: Döndürülebilir` })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: `Parça ${n + 2}: Sil` }));
    expect(screen.getByRole('button', { name: `Parça ${n + 3}: Düzenle` })).toHaveFocus();
    // Shift+Tab from the button under the list: the last card
    screen.getByRole('button', { name: 'İlk 50 parçayı göster' }).focus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Parça 5000: Sil' })).toHaveFocus();
  });

  it('keeps a card being edited, with what was typed, when the list scrolls far past it', async () => {
    let top = 0;
    vi.spyOn(HTMLUListElement.prototype, 'getBoundingClientRect').mockImplementation(() => DOMRect.fromRect({ x: 0, y: top, width: 800, height: 500000 }));
    render(<Live start={many(5000)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Tümünü göster/ }));
    await user.click(screen.getByRole('button', { name: 'Parça 3: Düzenle' }));
    await user.type(screen.getByLabelText('Parça Adı', { selector: 'li input' }), ' Kapak');
    top = -200000;
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => requestAnimationFrame(r));
    });
    expect(screen.queryByRole('listitem', { name: 'Parça 10' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Parça 2001' })).toBeInTheDocument();
    expect(screen.getByLabelText('Parça Adı', { selector: 'li input' })).toHaveValue('Parça 3 Kapak');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listitem', { name: 'Parça 3 Kapak' })).toBeInTheDocument();
  });
});

describe('PartList search of a long list', () => {
  /** long is a list past WINDOW_FROM: Parça 1 … Parça 204 and six named lines, the first of 45,5 x 60 cm. */
  const TOTAL = WINDOW_FROM + 10;
  const long = (): Part[] => [
    ...many(TOTAL - 6),
    ...['KAPAK ÜST', 'Kapak 12', 'Sağ Yan', 'İÇ BÖLME', 'Kapı Kulpu', 'DIŞ KAPI'].map((name, i) => ({
      id: `s${i + 1}`,
      name,
      width: i === 0 ? 45.5 : 30,
      height: i === 0 ? 60 : 40,
      quantity: 1,
    })),
  ];
  const field = () => screen.getByRole('searchbox', { name: 'Parçalarda ara' });
  const status = () => within(screen.getByRole('region', { name: /^Nesting'deki Parçalar/ })).getByRole('status');
  const shownNames = () => screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
  async function open(parts = long()) {
    render(<Live start={parts} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Tümünü göster/ }));
    return user;
  }
  async function search(user: ReturnType<typeof userEvent.setup>, text: string) {
    await user.clear(field());
    if (text) await user.type(field(), text);
  }

  it('is there only while the list draws only the cards on screen: past WINDOW_FROM lines, shown all, not collapsed', async () => {
    const user = await open(many(WINDOW_FROM));
    expect(screen.getAllByRole('listitem')).toHaveLength(WINDOW_FROM);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    cleanup();

    render(<Live start={long()} />);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Tümünü göster (${TOTAL} parça çeşidi)` }));
    expect(field()).toHaveAttribute('placeholder', 'Ad veya ölçü, ör. Kapak 12 ya da 45,5');
    await user.click(screen.getByRole('button', { name: 'Daralt' }));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Genişlet' }));
    expect(field()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'İlk 50 parçayı göster' }));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('is reached by Tab before the cards', async () => {
    const user = await open();
    screen.getByRole('button', { name: 'Tümünü Temizle' }).focus();
    await user.tab();
    expect(field()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Parça 1: Döndürülebilir' })).toHaveFocus();
  });

  it('shows the lines whose name has the text, case and Turkish letters aside, or whose size has it', async () => {
    const user = await open();
    await search(user, 'kapak');
    expect(shownNames()).toEqual(['KAPAK ÜST', 'Kapak 12']);
    expect(screen.getByRole('listitem', { name: 'Kapak 12' })).toHaveAttribute('aria-setsize', '2');
    await search(user, 'sag');
    expect(shownNames()).toEqual(['Sağ Yan']);
    await search(user, 'iç');
    expect(shownNames()).toEqual(['İÇ BÖLME']);
    await search(user, 'IC BOL');
    expect(shownNames()).toEqual(['İÇ BÖLME']);
    await search(user, 'KAPI');
    expect(shownNames()).toEqual(['Kapı Kulpu', 'DIŞ KAPI']);
    await search(user, 'dış kapı');
    expect(shownNames()).toEqual(['DIŞ KAPI']);
    await search(user, '45,5');
    expect(shownNames()).toEqual(['KAPAK ÜST']);
    await search(user, '45.5 x 60');
    expect(shownNames()).toEqual(['KAPAK ÜST']);
    await search(user, '');
    expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', String(TOTAL));
  });

  it('says how many lines it shows of how many, in Turkish', async () => {
    const user = await open();
    expect(status()).toHaveTextContent(/^$/);
    expect(field()).toHaveAccessibleDescription('');
    await search(user, 'kapak');
    expect(status()).toHaveTextContent(`${TOTAL} satırdan 2'si gösteriliyor`);
    expect(field()).toHaveAccessibleDescription(`${TOTAL} satırdan 2'si gösteriliyor`);
    await search(user, 'yan');
    expect(status()).toHaveTextContent(`${TOTAL} satırdan 1'i gösteriliyor`);
    await search(user, 'Parça 1');
    // Parça 1, 10 … 19, 100 … 199
    expect(status()).toHaveTextContent(`${TOTAL} satırdan 111'i gösteriliyor`);
    await search(user, 'zzz');
    expect(status()).toHaveTextContent('Arama kriterinize uygun parça bulunamadı.');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('is cleared by Escape in the field and by Aramayı temizle, the focus left in the field', async () => {
    const user = await open();
    await search(user, 'kapak');
    await user.keyboard('{Escape}');
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
    expect(status()).toHaveTextContent(/^$/);
    expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', String(TOTAL));
    await search(user, 'sag');
    await user.click(screen.getByRole('button', { name: 'Aramayı temizle' }));
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Aramayı temizle' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Parça 1' })).toBeInTheDocument();
  });

  it('deletes the line Sil is pressed on, not the one at its place in the whole list', async () => {
    const user = await open();
    await search(user, 'kapak');
    await user.click(screen.getByRole('button', { name: 'Kapak 12: Sil' }));
    expect(shownNames()).toEqual(['KAPAK ÜST']);
    expect(status()).toHaveTextContent(`${TOTAL - 1} satırdan 1'i gösteriliyor`);
    // the focus: the card before it, then with none left the search
    expect(screen.getByRole('button', { name: 'KAPAK ÜST: Düzenle' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'KAPAK ÜST: Sil' }));
    expect(field()).toHaveFocus();
    await user.keyboard('{Escape}');
    // lines 1 and 2 of the whole list are there; the two Kapak lines are gone
    expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', String(TOTAL - 2));
    expect(screen.getByRole('listitem', { name: 'Parça 1' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Parça 2' })).toBeInTheDocument();
    await search(user, 'kap');
    expect(shownNames()).toEqual(['Kapı Kulpu', 'DIŞ KAPI']);
  });

  it('edits the line Düzenle is pressed on, which stays shown until the search changes', async () => {
    const user = await open();
    await search(user, 'kapak');
    await user.click(screen.getByRole('button', { name: 'Kapak 12: Düzenle' }));
    const name = screen.getByLabelText('Parça Adı', { selector: 'li input' });
    await user.clear(name);
    await user.type(name, 'Raf 12{Enter}');
    expect(shownNames()).toEqual(['KAPAK ÜST', 'Raf 12']);
    expect(screen.getByRole('button', { name: 'Raf 12: Düzenle' })).toHaveFocus();
    await search(user, 'raf 12');
    expect(shownNames()).toEqual(['Raf 12']);
    await search(user, 'kapak');
    expect(shownNames()).toEqual(['KAPAK ÜST']);
    await search(user, 'parça 2');
    expect(shownNames()).toContain('Parça 2');
    expect(shownNames()).not.toContain('Raf 12');
  });
});
