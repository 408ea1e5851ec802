import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

/** Rows is a dialog whose rows go when their button is pressed, as a delete does. */
function Rows({ onClose }: { onClose: () => void }) {
  const [rows, setRows] = useState(['Kapak', 'Raf']);
  return (
    <Dialog title="Liste" onClose={onClose}>
      {rows.map((r) => (
        <button key={r} type="button" onClick={() => setRows(rows.filter((x) => x !== r))}>
          {r}
        </button>
      ))}
    </Dialog>
  );
}

/** Stacked is a dialog that opens another on top, as a confirm does. */
function Stacked({ onCloseBelow, onCloseTop }: { onCloseBelow: () => void; onCloseTop: () => void }) {
  const [top, setTop] = useState(false);
  const [gone, setGone] = useState(false);
  return (
    <>
      <Dialog title="Alttaki" onClose={onCloseBelow}>
        {!gone && (
          <button type="button" onClick={() => setTop(true)}>
            Sor
          </button>
        )}
        <input aria-label="Ad" />
      </Dialog>
      {top && (
        <Dialog
          title="Üstteki"
          onClose={() => {
            onCloseTop();
            setTop(false);
          }}
        >
          <button
            type="button"
            onClick={() => {
              setGone(true);
              setTop(false);
            }}
          >
            Evet
          </button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('keeps the focus when the focused element goes, and Escape still closes', async () => {
    const onClose = vi.fn();
    render(<Rows onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kapak' }));
    expect(screen.queryByRole('button', { name: 'Kapak' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('dialog', { name: 'Liste' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes only the top dialog on Escape, and gives the focus back to the one beneath when its element is gone', async () => {
    const onCloseBelow = vi.fn();
    const onCloseTop = vi.fn();
    render(<Stacked onCloseBelow={onCloseBelow} onCloseTop={onCloseTop} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sor' }));
    expect(screen.getByRole('button', { name: 'Evet' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onCloseTop).toHaveBeenCalledTimes(1);
    expect(onCloseBelow).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sor' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Sor' }));
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    expect(screen.queryByRole('button', { name: 'Sor' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Alttaki' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onCloseBelow).toHaveBeenCalledTimes(1);
  });

  it('brings a lost focus back with Tab, not to the page behind', async () => {
    render(
      <>
        <button type="button">Sayfadaki</button>
        <Rows onClose={() => {}} />
      </>,
    );
    const user = userEvent.setup();
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Kapak' })).toHaveFocus();
  });

  it('closes on a click on the backdrop unless told not to', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { rerender } = render(
      <Dialog title="Form" onClose={onClose} closeOnBackdrop={false}>
        <input aria-label="Ad" />
      </Dialog>,
    );
    const backdrop = () => screen.getByRole('dialog', { name: 'Form' }).parentElement!;
    await user.pointer({ keys: '[MouseLeft]', target: backdrop() });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('textbox', { name: 'Ad' }));
    expect(onClose).not.toHaveBeenCalled();
    rerender(
      <Dialog title="Form" onClose={onClose}>
        <input aria-label="Ad" />
      </Dialog>,
    );
    await user.pointer({ keys: '[MouseLeft]', target: backdrop() });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is modal and named by its title, and gives the focus back to the button that opened it', async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Aç
          </button>
          {open && (
            <Dialog title="Ayarlar" onClose={() => setOpen(false)}>
              <input aria-label="Genişlik" />
            </Dialog>
          )}
        </>
      );
    }
    render(<Opener />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Aç' }));
    const dialog = screen.getByRole('dialog', { name: 'Ayarlar' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('textbox', { name: 'Genişlik' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aç' })).toHaveFocus();
  });

  it('describes an alertdialog by its message, and gives two dialogs of one title ids of their own', () => {
    render(
      <>
        <Dialog title="Uyarı" role="alertdialog" onClose={() => {}}>
          <p>Lütfen tüm alanları doldurun!</p>
        </Dialog>
        <Dialog title="Uyarı" role="alertdialog" onClose={() => {}}>
          <p>Temizlenecek parça bulunmuyor!</p>
        </Dialog>
      </>,
    );
    const [first, second] = screen.getAllByRole('alertdialog', { name: 'Uyarı' });
    expect(first).toHaveAccessibleDescription('Lütfen tüm alanları doldurun!');
    expect(second).toHaveAccessibleDescription('Temizlenecek parça bulunmuyor!');
    const ids = Array.from(document.querySelectorAll('[id]'), (e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
