import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import parity from '../../../../internal/partcsv/testdata/xlsxparity.json';
import { NoticeProvider } from '../../components/Notices';
import { PartForm } from './PartForm';

/** testWorkbook is a workbook of kesim nest's test data (internal/partcsv/testdata/xlsx), read from web/ where vitest runs. */
const testWorkbook = (file: string) => new Uint8Array(readFileSync(`../internal/partcsv/testdata/xlsx/${file}`));

function show(bandCodes?: string[], jobPieces?: number, sheets?: { width: number; height: number }[]) {
  const onAdd = vi.fn();
  render(
    <NoticeProvider>
      <PartForm onAdd={onAdd} onSaveLayout={() => {}} onOpenSaved={() => {}} bandCodes={bandCodes} jobPieces={jobPieces} sheets={sheets} />
    </NoticeProvider>,
  );
  return { onAdd, user: userEvent.setup() };
}

async function fillBase(user: ReturnType<typeof userEvent.setup>, name = 'Kapak') {
  await user.type(screen.getByLabelText('Parça Adı'), name);
  await user.type(screen.getByLabelText('Genişlik (cm)'), '40');
  await user.type(screen.getByLabelText('Yükseklik (cm)'), '70');
}

const toggle = () => screen.getByRole('button', { name: /Malzeme, damar, bant/ });


/** WORKBOOK_WAIT is how long a test waits for an import to be told: the workbook reader is imported on its first use, and a full run on a busy machine renders slowly. */
const WORKBOOK_WAIT = { timeout: 10_000 }; // within the test's own 20 s
describe('PartForm', () => {
  it('keeps a half-typed part over a reload of the tab, and forgets it once added', async () => {
    sessionStorage.clear();
    const form = () => (
      <NoticeProvider>
        <PartForm onAdd={() => {}} onSaveLayout={() => {}} onOpenSaved={() => {}} draftKey="taslak" />
      </NoticeProvider>
    );
    const first = render(form());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Parça Adı'), 'Yarım');
    await user.type(screen.getByLabelText('Genişlik (cm)'), '45,5');
    await user.click(toggle());
    await user.type(screen.getByLabelText('Malzeme'), 'Beyaz Sunta');
    first.unmount();
    const second = render(form());
    expect(screen.getByLabelText('Parça Adı')).toHaveValue('Yarım');
    expect(screen.getByLabelText('Genişlik (cm)')).toHaveValue('45,5');
    expect(screen.getByLabelText('Malzeme')).toHaveValue('Beyaz Sunta');
    await user.type(screen.getByLabelText('Yükseklik (cm)'), '30');
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    second.unmount();
    render(form());
    expect(screen.getByLabelText('Parça Adı')).toHaveValue('');
    expect(screen.getByLabelText('Malzeme')).toHaveValue('Beyaz Sunta'); // carried over to the next part, as before
  });

  it('keeps typing when the tab refuses to keep the half-typed part (its storage full), says so once, not at every key, and adds the part', async () => {
    sessionStorage.clear();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const onAdd = vi.fn();
    render(
      <NoticeProvider>
        <PartForm onAdd={onAdd} onSaveLayout={() => {}} onOpenSaved={() => {}} draftKey="taslak" />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Parça Adı'), 'Yarım');
    await user.type(screen.getByLabelText('Genişlik (cm)'), '45,5');
    await user.type(screen.getByLabelText('Yükseklik (cm)'), '30');
    const said =
      'Yazmakta olduğunuz parça bu sekmede saklanamadı (tarayıcının depolama alanı dolu). Formda duruyor, ama sayfa yenilenirse kaybolur; parçayı "Nesting\'e Ekle" ile listeye ekleyin.';
    expect(screen.getAllByText(said)).toHaveLength(1);
    expect(screen.getByLabelText('Parça Adı')).toHaveValue('Yarım');
    expect(sessionStorage.getItem('taslak')).toBeNull();
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    expect(onAdd).toHaveBeenCalledWith([expect.objectContaining({ name: 'Yarım', width: 45.5, height: 30 })]);
    expect(screen.getAllByText(said)).toHaveLength(1);
  });

  it('shows the specification’s form, the new fields closed, and adds a part without them', async () => {
    const { onAdd, user } = show();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Malzeme')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Kalınlık (mm)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Damar yönü')).not.toBeInTheDocument();
    await fillBase(user);
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    expect(onAdd).toHaveBeenCalledWith([{ name: 'Kapak', width: 40, height: 70, quantity: 1 }]);
  });

  it('tells a screen reader each part it adds, the same part twice as well, and leaves the focus on the name', async () => {
    const { user } = show();
    const said = () => within(screen.getByRole('region', { name: 'Parça Ekle' })).getByRole('status');
    expect(said()).toBeEmptyDOMElement();
    await fillBase(user);
    await user.clear(screen.getByLabelText('Adet'));
    await user.type(screen.getByLabelText('Adet'), '4');
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    expect(said()).toHaveTextContent("Kapak nesting'e eklendi: 4 adet.");
    expect(screen.getByLabelText('Parça Adı')).toHaveFocus();
    const first = said().firstChild;
    await fillBase(user);
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    expect(said()).toHaveTextContent("Kapak nesting'e eklendi: 1 adet.");
    // a new line, not the old one changed: a live region says it again
    expect(said().firstChild).not.toBe(first);
  });

  it('adds material, thickness, grain and bands, keeping material and thickness for the next part', async () => {
    const { onAdd, user } = show();
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await fillBase(user);
    await user.type(screen.getByLabelText('Malzeme'), 'Ceviz MDF');
    await user.type(screen.getByLabelText('Kalınlık (mm)'), '18');
    await user.selectOptions(screen.getByLabelText('Damar yönü'), 'Dikey (boy boyunca)');
    await user.type(screen.getByLabelText('Üst'), 'B1');
    await user.type(screen.getByLabelText('Sol'), 'B2');
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    expect(onAdd).toHaveBeenLastCalledWith([
      { name: 'Kapak', width: 40, height: 70, quantity: 1, material: 'Ceviz MDF', thickness: 18, grain: 'vertical', edges: { top: 'B1', left: 'B2' } },
    ]);
    expect(screen.getByLabelText('Malzeme')).toHaveValue('Ceviz MDF');
    expect(screen.getByLabelText('Kalınlık (mm)')).toHaveValue('18');
    expect(screen.getByLabelText('Damar yönü')).toHaveValue('none');
    expect(screen.getByLabelText('Üst')).toHaveValue('');
    // Closed, the toggle says what the next part gets.
    await user.click(toggle());
    expect(toggle()).toHaveTextContent('Malzeme, damar, bant: Ceviz MDF · 18 mm');
    await fillBase(user, 'Yan');
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    expect(onAdd).toHaveBeenLastCalledWith([{ name: 'Yan', width: 40, height: 70, quantity: 1, material: 'Ceviz MDF', thickness: 18 }]);
  });

  it('ticks Döndürülebilir again after an add, as it resets grain and bands', async () => {
    const { onAdd, user } = show();
    const rotatable = screen.getByRole('checkbox', { name: 'Döndürülebilir' });
    await user.click(rotatable);
    expect(rotatable).not.toBeChecked();
    await fillBase(user);
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    expect(onAdd).toHaveBeenLastCalledWith([{ name: 'Kapak', width: 40, height: 70, quantity: 1, rotate: false }]);
    expect(rotatable).toBeChecked();
    await fillBase(user, 'Yan');
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    expect(onAdd).toHaveBeenLastCalledWith([{ name: 'Yan', width: 40, height: 70, quantity: 1 }]);
  });

  it('refuses a width below 0,1 cm and puts the cursor on it', async () => {
    const { onAdd, user } = show();
    await user.type(screen.getByLabelText('Parça Adı'), 'Çıta');
    await user.type(screen.getByLabelText('Genişlik (cm)'), '0,04');
    await user.type(screen.getByLabelText('Yükseklik (cm)'), '70');
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Lütfen geçerli pozitif değerler girin!');
    await user.click(within(dlg).getByRole('button', { name: 'Tamam' }));
    expect(screen.getByLabelText('Genişlik (cm)')).toHaveFocus();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('refuses a bad thickness in Turkish and puts the cursor on it, opening the fields', async () => {
    const { onAdd, user } = show();
    await user.click(toggle());
    await fillBase(user);
    await user.type(screen.getByLabelText('Kalınlık (mm)'), '1200');
    await user.click(toggle()); // closed again: the error opens it
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Kalınlık 0 ile 1.000 mm arasında olmalı.');
    await user.click(within(dlg).getByRole('button', { name: 'Tamam' }));
    expect(screen.getByLabelText('Kalınlık (mm)')).toHaveFocus();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('offers the known band codes when the app gives them, one choice for every edge', async () => {
    const { onAdd, user } = show(['B1', 'B2']);
    await user.click(toggle());
    const top = screen.getByLabelText('Üst');
    expect(top.tagName).toBe('SELECT');
    expect(within(top).getAllByRole('option').map((o) => o.textContent)).toEqual(['Yok', 'B1', 'B2']);
    await user.selectOptions(screen.getByLabelText('Tüm kenarlar'), 'B2');
    for (const edge of ['Üst', 'Alt', 'Sol', 'Sağ']) expect(screen.getByLabelText(edge)).toHaveValue('B2');
    await user.selectOptions(screen.getByLabelText('Alt'), 'Yok');
    expect(screen.getByLabelText('Tüm kenarlar')).toHaveValue('');
    await fillBase(user);
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    expect(onAdd).toHaveBeenCalledWith([{ name: 'Kapak', width: 40, height: 70, quantity: 1, edges: { top: 'B2', left: 'B2', right: 'B2' } }]);
  });

  it('adds pasted rows with the new columns and names the bad ones', async () => {
    const { onAdd } = show(['B1']);
    const text = 'Malzeme\tAd\tEn\tBoy\tAdet\tDamar\tBant\nBeyaz Sunta\tYan\t56\t72\t2\tyok\tB1\nCeviz\tKapak\t40\t70\t1\tdikey\tB9\n';
    fireEvent.paste(screen.getByLabelText('Parça Adı'), { clipboardData: { getData: () => text } });
    expect(onAdd).toHaveBeenCalledWith([
      { name: 'Yan', width: 56, height: 72, quantity: 2, material: 'Beyaz Sunta', edges: { top: 'B1', bottom: 'B1', left: 'B1', right: 'B1' } },
    ]);
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Satır 3 (Kapak), bant: Bilinmeyen bant kodu.');
  });

  it('fills width and height from two cells pasted into the width field, and reads them as a row in the name field', async () => {
    const { onAdd } = show();
    const width = screen.getByLabelText('Genişlik (cm)');
    expect(fireEvent.paste(width, { clipboardData: { getData: () => '45,5\t30\r\n' } })).toBe(false);
    expect(width).toHaveValue('45,5');
    expect(screen.getByLabelText('Yükseklik (cm)')).toHaveValue('30');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
    // several lines in the width field are part rows, as in the name field
    fireEvent.paste(width, { clipboardData: { getData: () => 'Kapak\t40\t60\t2\nRaf\t45\t30\t1\n' } });
    expect(onAdd).toHaveBeenCalledWith([
      { name: 'Kapak', width: 40, height: 60, quantity: 2 },
      { name: 'Raf', width: 45, height: 30, quantity: 1 },
    ]);
    fireEvent.paste(screen.getByLabelText('Parça Adı'), { clipboardData: { getData: () => '45,5\t30' } });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Satır 1 (45,5), yükseklik');
  });

  it('says so when a paste of cells holds no part', async () => {
    const { onAdd } = show(['B1']);
    fireEvent.paste(screen.getByLabelText('Parça Adı'), { clipboardData: { getData: () => 'Parça\tEn\tBoy\n' } });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Yapıştırılan satırlarda parça bulunamadı');
    expect(onAdd).not.toHaveBeenCalled();
  });
});

describe('PartForm pastes and CSV files', () => {
  it('says which column a pasted header lacks and adds nothing', async () => {
    const { onAdd } = show();
    const text = 'Ad\tDerinlik\tEn\tAdet\tMalzeme\nKapakU\t70\t40\t2\tMDF\n';
    fireEvent.paste(screen.getByLabelText('Parça Adı'), { clipboardData: { getData: () => text } });
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Başlık satırında yükseklik sütunu yok; hiçbir parça eklenmedi.');
    expect(dlg).toHaveTextContent('Tanınmayan sütunlar: Derinlik');
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('adds a pasted semicolon-separated block with a header instead of typing it into the field', async () => {
    const { onAdd } = show();
    const name = screen.getByLabelText('Parça Adı');
    const notPrevented = fireEvent.paste(name, { clipboardData: { getData: () => 'Ad;Genişlik;Yükseklik;Adet\nKapak;40;60;2' } });
    expect(notPrevented).toBe(false);
    expect(onAdd).toHaveBeenCalledWith([{ name: 'Kapak', width: 40, height: 60, quantity: 2 }]);
    expect(await screen.findByText("1 parça yapıştırıldı ve nesting'e eklendi.")).toBeInTheDocument();
    // plain text still goes into the field
    expect(fireEvent.paste(name, { clipboardData: { getData: () => 'Kapak; sol' } })).toBe(true);
  });

  it('converts pasted mm columns to cm and says so', async () => {
    const { onAdd } = show();
    const text = 'Parça Adı\tEn (mm)\tBoy (mm)\tAdet\nKapak\t455\t300\t2\n';
    fireEvent.paste(screen.getByLabelText('Parça Adı'), { clipboardData: { getData: () => text } });
    expect(onAdd).toHaveBeenCalledWith([{ name: 'Kapak', width: 45.5, height: 30, quantity: 2 }]);
    expect(await screen.findByText("1 parça yapıştırıldı ve nesting'e eklendi (genişlik ve yükseklik mm'den cm'ye çevrildi).")).toBeInTheDocument();
  });

  it('imports a CSV file from Turkish Excel (Windows-1254), adding the good rows and listing the bad ones', async () => {
    const { onAdd, user } = show();
    // the form's three buttons stay as they were; the import sits by the paste hint
    const actions = screen.getByRole('button', { name: "Nesting'e Ekle" }).parentElement!;
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(["Nesting'e Ekle", 'Düzeni Kaydet', 'Kayıtlı Parçalar']);
    const button = screen.getByRole('button', { name: 'CSV içe aktar' });
    expect(button).toHaveClass('secondary');
    // "Ad;Genişlik;Yükseklik;Adet / Meşe Kapak;40;60;2 / Bozuk;abc;1;1" as Windows-1254
    const ascii = (t: string) => [...t].map((c) => c.charCodeAt(0));
    const bytes = new Uint8Array([
      ...ascii('Ad;Geni'), 0xfe, ...ascii('lik;Y'), 0xfc, ...ascii('kseklik;Adet\r\n'),
      ...ascii('Me'), 0xfe, ...ascii('e Kapak;40;60;2\r\n'),
      ...ascii('Bozuk;abc;1;1\r\n'),
    ]);
    await user.upload(screen.getByLabelText('CSV içe aktar'), new File([bytes], 'parcalar.csv', { type: 'text/csv' }));
    const dlg = await screen.findByRole('alertdialog');
    expect(onAdd).toHaveBeenCalledWith([{ name: 'Meşe Kapak', width: 40, height: 60, quantity: 2 }]);
    expect(screen.getByText("1 parça CSV dosyasından nesting'e eklendi.")).toBeInTheDocument();
    expect(dlg).toHaveTextContent('Satır 3 (Bozuk), genişlik: "abc" geçerli bir sayı değil; sayıyı 45 ya da 45,5 gibi yazın.');
  });

  it('imports a CutList Optimizer export: Length as the height, the rows its Enabled column turns off left out and told', async () => {
    const { onAdd, user } = show();
    const csv = 'Length,Width,Qty,Material,Label,Enabled\r\n600 mm,400 mm,2,Sunta,Kapak,true\r\n720 mm,560 mm,1,Sunta,Yan,false\r\n';
    await user.upload(screen.getByLabelText('CSV içe aktar'), new File([csv], 'clo.csv', { type: 'text/csv' }));
    const dlg = await screen.findByRole('alertdialog');
    expect(onAdd).toHaveBeenCalledWith([{ name: 'Kapak', width: 40, height: 60, quantity: 2, material: 'Sunta' }]);
    expect(screen.getByText("1 parça CSV dosyasından nesting'e eklendi (yükseklik ve genişlik mm'den cm'ye çevrildi).")).toBeInTheDocument();
    expect(dlg).toHaveTextContent('"Enabled" sütununda kapalı olan 1 satır eklenmedi: satır 3.');
  });

  it('asks whether a pasted list that fits no sheet as cm but every one as mm is in mm, and adds it as the answer says', async () => {
    const sheets = [{ width: 280, height: 207 }];
    const text = 'Ad;En;Boy;Adet\nYan;720;560;2\nRaf;564;300;3';
    for (const [answer, want] of [
      ['mm olarak ekle', [{ name: 'Yan', width: 72, height: 56, quantity: 2 }, { name: 'Raf', width: 56.4, height: 30, quantity: 3 }]],
      ['cm olarak ekle', [{ name: 'Yan', width: 720, height: 560, quantity: 2 }, { name: 'Raf', width: 564, height: 300, quantity: 3 }]],
    ] as const) {
      const { onAdd, user } = show(undefined, undefined, sheets);
      fireEvent.paste(screen.getByLabelText('Parça Adı'), { clipboardData: { getData: () => text } });
      const dlg = await screen.findByRole('alertdialog');
      expect(dlg).toHaveTextContent('Bu ölçüler santimetre olarak hiçbir levhaya sığmıyor (ör. 720 × 560 cm); milimetre olarak hepsi sığıyor. Ölçüler mm mi?');
      expect(onAdd).not.toHaveBeenCalled();
      await user.click(within(dlg).getByRole('button', { name: answer }));
      expect(onAdd).toHaveBeenCalledWith(want);
      cleanup();
    }
    // İptal adds nothing
    const { onAdd, user } = show(undefined, undefined, sheets);
    fireEvent.paste(screen.getByLabelText('Parça Adı'), { clipboardData: { getData: () => text } });
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'İptal' }));
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('asks about a list in mm whose every row is over 1.000 cm as cm, instead of only refusing them', async () => {
    const { onAdd, user } = show(undefined, undefined, [{ width: 280, height: 207 }]);
    fireEvent.paste(screen.getByLabelText('Parça Adı'), { clipboardData: { getData: () => 'Dolap yanı\t2000\t600\t2\nTavan\t1200\t580\t1\n' } });
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('(ör. 2.000 × 600 cm)');
    await user.click(within(dlg).getByRole('button', { name: 'mm olarak ekle' }));
    expect(onAdd).toHaveBeenCalledWith([
      { name: 'Dolap yanı', width: 200, height: 60, quantity: 2 },
      { name: 'Tavan', width: 120, height: 58, quantity: 1 },
    ]);
  });

  it('asks nothing about a list that fits as cm, and reads an imported mm list as mm when told', async () => {
    const sheets = [{ width: 280, height: 207 }];
    const first = show(undefined, undefined, sheets);
    fireEvent.paste(screen.getByLabelText('Parça Adı'), { clipboardData: { getData: () => 'Kapak\t40\t60\t2\n' } });
    expect(first.onAdd).toHaveBeenCalledWith([{ name: 'Kapak', width: 40, height: 60, quantity: 2 }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    cleanup();
    const { onAdd, user } = show(undefined, undefined, sheets);
    await user.upload(screen.getByLabelText('CSV içe aktar'), new File(['Ad;En;Boy;Adet\r\nYan;720;560;2\r\n'], 'mm.csv', { type: 'text/csv' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'mm olarak ekle' }));
    expect(onAdd).toHaveBeenCalledWith([{ name: 'Yan', width: 72, height: 56, quantity: 2 }]);
    expect(await screen.findByText("1 parça CSV dosyasından nesting'e eklendi (genişlik ve yükseklik mm'den cm'ye çevrildi).")).toBeInTheDocument();
  });

  it('imports an Excel workbook, known by its bytes, as it imports the same sheet saved as tab-separated text', { timeout: 20_000 }, async () => {
    const button = () => screen.getByRole('button', { name: 'CSV içe aktar' });
    const viaText = show();
    expect(button()).toHaveAttribute('title', 'CSV ya da Excel (.xlsx)');
    expect(screen.getByLabelText('CSV içe aktar')).toHaveAttribute('accept', '.csv,text/csv,text/plain,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const grid = parity.cases.find((c) => c.file === 'parts.xlsx')!.grid!;
    const text = grid.map((r) => r.join('\t')).join('\n');
    await viaText.user.upload(screen.getByLabelText('CSV içe aktar'), new File([text], 'parcalar.txt', { type: 'text/plain' }));
    await vi.waitFor(() => expect(viaText.onAdd).toHaveBeenCalledTimes(1), WORKBOOK_WAIT);
    const want = viaText.onAdd.mock.calls[0][0] as { name: string; width: number }[];
    expect(want).toContainEqual(expect.objectContaining({ name: 'Kapak', width: 45.5, height: 70, quantity: 2, material: 'Beyaz Sunta' }));
    expect(want).toHaveLength(4);
    // Tabla, 1450 cm wide, is refused and told
    const told = (await screen.findByRole('alertdialog', undefined, WORKBOOK_WAIT)).textContent;
    expect(told).toContain('Satır 5 (Tabla)');
    cleanup();
    const { onAdd, user } = show();
    await user.upload(screen.getByLabelText('CSV içe aktar'), new File([testWorkbook('parts.xlsx')], 'parcalar.xlsx'));
    // The workbook reader is imported on its first use: on a busy machine
    // that takes longer than findBy's default second.
    expect((await screen.findByRole('alertdialog', undefined, WORKBOOK_WAIT)).textContent).toBe(told);
    expect(await screen.findByText("4 parça CSV dosyasından nesting'e eklendi.", undefined, WORKBOOK_WAIT)).toBeInTheDocument();
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd).toHaveBeenCalledWith(want);
  });

  it('refuses an old Excel file (.xls), a broken workbook or a zip with its message, adding nothing', { timeout: 20_000 }, async () => {
    for (const [file, message] of [
      ['old.xls', "Eski Excel biçimi (.xls) ya da parolalı bir dosya okunamıyor: Excel'de parolasız .xlsx ya da CSV olarak kaydedin."],
      ['broken.xlsx', 'Excel dosyası okunamadı: bozuk ya da bir .xlsx çalışma kitabı değil.'],
      // a zip that is no workbook is no part list at all
      ['notworkbook.xlsx', 'Bu dosya bir zip arşivi, parça listesi değil; parçaları CSV, metin ya da Excel (.xlsx) dosyası olarak verin.'],
    ]) {
      const { onAdd, user } = show();
      // named .xlsx as a password-protected workbook is: known by its bytes
      await user.upload(screen.getByLabelText('CSV içe aktar'), new File([testWorkbook(file)], 'liste.xlsx'));
      expect(await screen.findByRole('alertdialog', undefined, WORKBOOK_WAIT)).toHaveTextContent(message);
      expect(onAdd).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('refuses a PDF chosen as the part list, naming it, adding nothing', async () => {
    const { onAdd, user } = show();
    await user.upload(screen.getByLabelText('CSV içe aktar'), new File(['%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n'], 'plan.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Bu dosya bir PDF belgesi, parça listesi değil; parçaları CSV, metin ya da Excel (.xlsx) dosyası olarak verin.',
    );
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('says so when a CSV file holds no part', async () => {
    const { onAdd, user } = show();
    await user.upload(screen.getByLabelText('CSV içe aktar'), new File(['Ad;Genişlik;Yükseklik;Adet\r\n'], 'bos.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('CSV dosyasında parça bulunamadı');
    expect(onAdd).not.toHaveBeenCalled();
  });
});

describe('PartForm without band codes', () => {
  it('says where band codes are made when the app has none', async () => {
    const { user } = show([]);
    await user.click(toggle());
    expect(screen.getByText("Bant kodu yok: kenar bantlarını önce 'Levha stoku' penceresinde tanımlayın.")).toBeInTheDocument();
    expect(within(screen.getByLabelText('Üst')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Yok']);
  });
});

describe('PartForm and the job’s piece limit', () => {
  const limit = 'Parça sayısı çok fazla: bir işte en fazla 100.000 adet yerleştirilebilir.';

  it('refuses a part that takes the job past 100.000 pieces, keeping it in the form', async () => {
    const { onAdd, user } = show(undefined, 12);
    await user.type(screen.getByLabelText('Parça Adı'), 'Çok');
    await user.type(screen.getByLabelText('Genişlik (cm)'), '10');
    await user.type(screen.getByLabelText('Yükseklik (cm)'), '10');
    await user.clear(screen.getByLabelText('Adet'));
    await user.type(screen.getByLabelText('Adet'), '100.000');
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent(`${limit} Bu işte 12 adet var; bununla toplam 100.012 adet olurdu.`);
    await user.click(within(dlg).getByRole('button', { name: 'Tamam' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Parça Adı')).toHaveValue('Çok');
    expect(screen.getByLabelText('Adet')).toHaveFocus();
    // what fits is added
    await user.clear(screen.getByLabelText('Adet'));
    await user.type(screen.getByLabelText('Adet'), '99.988');
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    expect(onAdd).toHaveBeenCalledWith([{ name: 'Çok', width: 10, height: 10, quantity: 99988 }]);
  });

  it('adds none of the pasted rows that would take the job past it, and says why', async () => {
    const { onAdd } = show(undefined, 99_990);
    fireEvent.paste(screen.getByLabelText('Parça Adı'), { clipboardData: { getData: () => 'Kapak\t40\t60\t8\nRaf\t45\t30\t5\nBozuk\tabc\t1\t1\n' } });
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent(`${limit} Bu işte 99.990 adet var; bununla toplam 100.003 adet olurdu. Hiçbir parça eklenmedi.`);
    expect(dlg).toHaveTextContent('Satır 3 (Bozuk), genişlik');
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('adds none of a CSV file’s rows that would take the job past it', async () => {
    const { onAdd, user } = show(undefined, 1);
    await user.upload(screen.getByLabelText('CSV içe aktar'), new File(['Ad;Genişlik;Yükseklik;Adet\r\nÇok;10;10;100000\r\n'], 'cok.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(`${limit} Bu işte 1 adet var; bununla toplam 100.001 adet olurdu. Hiçbir parça eklenmedi.`);
    expect(onAdd).not.toHaveBeenCalled();
  });
});

describe('PartForm on a touch screen', () => {
  it('has the Döndürülebilir hint as text under the box, not only in a title a finger never shows', () => {
    show();
    const box = screen.getByRole('checkbox', { name: 'Döndürülebilir' });
    expect(box).toHaveAccessibleDescription('Kapalıysa parça döndürülmez (ahşap damarı)');
    const hint = document.getElementById(box.getAttribute('aria-describedby')!)!;
    // shown under pointer: coarse only (styles.css): with a mouse the form looks as the specification has it, the title kept
    expect(hint).toHaveClass('touch-hint');
    expect(hint.parentElement).toHaveClass('form-grid');
    expect(box.closest('label')).toHaveAttribute('title', 'Kapalıysa parça döndürülmez (ahşap damarı)');
  });
});
