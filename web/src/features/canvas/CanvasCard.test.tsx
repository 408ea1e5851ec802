import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import { CanvasCard } from './CanvasCard';
import { DEFAULT_CANVAS } from './settings';

function show() {
  const onChange = vi.fn();
  render(
    <NoticeProvider>
      <CanvasCard settings={DEFAULT_CANVAS} onChange={onChange} />
    </NoticeProvider>,
  );
  return { onChange, user: userEvent.setup() };
}

async function openWith(user: ReturnType<typeof userEvent.setup>, width: string) {
  await user.click(screen.getByRole('button', { name: 'Nesting Alan Ayarları' }));
  const field = screen.getByRole('textbox', { name: 'Genişlik (cm)' });
  await user.clear(field);
  await user.type(field, width);
  return field;
}

describe('canvas dialog', () => {
  it('Enter shows the error and leaves it open until it is read', async () => {
    const { onChange, user } = show();
    await openWith(user, 'abc');
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Lütfen geçerli genişlik ve yükseklik değerleri girin!');
    await user.click(within(alert).getByRole('button', { name: 'Tamam' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Genişlik (cm)' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Enter asks about a huge canvas and waits for the answer', async () => {
    const { onChange, user } = show();
    await openWith(user, '1200');
    await user.keyboard('{Enter}');
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('Çok büyük boyutlar performansı etkileyebilir.');
    expect(onChange).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'İptal' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Alan Boyutu Ekle' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ width: 1200, height: 148 }));
  });

  it('keeps what was typed after a click beside the dialog', async () => {
    const { user } = show();
    const field = await openWith(user, '250');
    const dialog = screen.getByRole('dialog', { name: 'Alan Boyutu Ekle' });
    await user.pointer({ keys: '[MouseLeft]', target: dialog.parentElement! });
    expect(dialog).toBeInTheDocument();
    expect(field).toHaveValue('250');
  });
});

describe('canvas notice', () => {
  it('shows a second change its whole 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <NoticeProvider>
          <CanvasCard settings={DEFAULT_CANVAS} onChange={vi.fn()} />
        </NoticeProvider>,
      );
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const change = async (width: string) => {
        await openWith(user, width);
        await user.keyboard('{Enter}');
        await screen.findByText(new RegExp(`${width} x 148 cm`));
      };
      await change('120');
      vi.advanceTimersByTime(3000);
      await change('130');
      await act(async () => {
        vi.advanceTimersByTime(2000); // 5 s after the first, 2 s after the second
      });
      const notice = () => screen.queryByText(/130 x 148 cm/, { selector: '.inline-notice' });
      expect(notice()).toBeInTheDocument();
      vi.advanceTimersByTime(2500);
      await vi.waitFor(() => expect(notice()).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the saw profile', () => {
  it('shows İlk kesim and Kesim kademesi only while Giyotin kesim is checked, keeps them while it is not', async () => {
    const { onChange, user } = show();
    await user.click(screen.getByRole('button', { name: 'Nesting Alan Ayarları' }));
    const dialog = screen.getByRole('dialog', { name: 'Alan Boyutu Ekle' });
    expect(within(dialog).queryByRole('combobox', { name: 'İlk kesim' })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: 'Kesim kademesi' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Giyotin kesim' }));
    const first = within(dialog).getByRole('combobox', { name: 'İlk kesim' });
    const stages = within(dialog).getByRole('combobox', { name: 'Kesim kademesi' });
    expect(within(first).getAllByRole('option').map((o) => o.textContent)).toEqual(['Serbest', 'Boyuna (uzun kenara paralel)', 'Enine (kısa kenara paralel)']);
    expect(within(stages).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sınırsız', ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n} kademe`)]);
    expect(first).toHaveValue('');
    expect(stages).toHaveValue('0');
    expect(stages).toHaveAccessibleDescription(/kırpma bir kademe fazla olabilir/);
    await user.selectOptions(first, 'Boyuna (uzun kenara paralel)');
    await user.selectOptions(stages, '3 kademe');
    // unchecked, they go from the dialog; checked again, they come back as chosen
    await user.click(within(dialog).getByRole('checkbox', { name: 'Giyotin kesim' }));
    expect(within(dialog).queryByRole('combobox', { name: 'İlk kesim' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Giyotin kesim' }));
    expect(within(dialog).getByRole('combobox', { name: 'İlk kesim' })).toHaveValue('long');
    expect(within(dialog).getByRole('combobox', { name: 'Kesim kademesi' })).toHaveValue('3');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet ve Uygula' }));
    expect(onChange).toHaveBeenCalledWith({ ...DEFAULT_CANVAS, guillotine: true, firstCut: 'long', stages: 3 });
  });

  it('left at Serbest and Sınırsız gives the settings from before the profile', async () => {
    const { onChange, user } = show();
    await user.click(screen.getByRole('button', { name: 'Nesting Alan Ayarları' }));
    await user.click(screen.getByRole('checkbox', { name: 'Giyotin kesim' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet ve Uygula' }));
    expect(Object.keys(onChange.mock.calls[0][0]).sort()).toEqual(['guillotine', 'height', 'kerfMm', 'trimMm', 'width']);
  });

  it('opens on the kept profile, and the card names it only with guillotine', async () => {
    const user = userEvent.setup();
    const kept = { ...DEFAULT_CANVAS, guillotine: true, firstCut: 'short' as const, stages: 2 };
    const { rerender } = render(
      <NoticeProvider>
        <CanvasCard settings={kept} onChange={vi.fn()} />
      </NoticeProvider>,
    );
    const card = screen.getByRole('region', { name: 'Tuval Boyutu' });
    expect(card).toHaveTextContent('Giyotin kesim, ilk kesim enine, en çok 2 kademe');
    await user.click(screen.getByRole('button', { name: 'Nesting Alan Ayarları' }));
    expect(screen.getByRole('combobox', { name: 'İlk kesim' })).toHaveValue('short');
    expect(screen.getByRole('combobox', { name: 'Kesim kademesi' })).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'İptal' }));
    rerender(
      <NoticeProvider>
        <CanvasCard settings={{ ...kept, firstCut: undefined }} onChange={vi.fn()} />
      </NoticeProvider>,
    );
    expect(card).toHaveTextContent('Giyotin kesim, en çok 2 kademe');
    rerender(
      <NoticeProvider>
        <CanvasCard settings={{ ...kept, guillotine: false }} onChange={vi.fn()} />
      </NoticeProvider>,
    );
    expect(card).not.toHaveTextContent(/kesim|kademe/i);
    rerender(
      <NoticeProvider>
        <CanvasCard settings={{ ...DEFAULT_CANVAS, guillotine: true }} onChange={vi.fn()} />
      </NoticeProvider>,
    );
    expect(within(card).getByText('Giyotin kesim')).toBeInTheDocument();
  });
});
