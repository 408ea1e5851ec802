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
