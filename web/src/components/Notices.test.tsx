import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NoticeProvider, useNotices, type ConfirmOptions } from './Notices';

function Ask({ opts, onAnswer }: { opts?: ConfirmOptions; onAnswer: (ok: boolean) => void }) {
  const notices = useNotices();
  return (
    <button type="button" onClick={() => void notices.confirm('Silinsin mi?', opts).then(onAnswer)}>
      Sor
    </button>
  );
}

function show(opts?: ConfirmOptions) {
  const onAnswer = vi.fn();
  render(
    <NoticeProvider>
      <Ask opts={opts} onAnswer={onAnswer} />
    </NoticeProvider>,
  );
  return { onAnswer, user: userEvent.setup() };
}

describe('confirm', () => {
  it('starts a destructive question on İptal: Enter, Enter keeps the data', async () => {
    const { onAnswer, user } = show({ destructive: true });
    await user.click(screen.getByRole('button', { name: 'Sor' }));
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'İptal' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false));
    expect(screen.getByRole('button', { name: 'Sor' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Tab}{Enter}');
    await vi.waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(true));
  });

  it('starts any other question on Evet', async () => {
    const { onAnswer, user } = show();
    await user.click(screen.getByRole('button', { name: 'Sor' }));
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Evet' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
  });

  it('focuses each question of a queue anew', async () => {
    const answers: boolean[] = [];
    function Two() {
      const notices = useNotices();
      // Two questions at once: the second waits behind the first.
      const ask = () => {
        void notices.confirm('Devam?').then((ok) => answers.push(ok));
        void notices.confirm('Silinsin mi?', { destructive: true }).then((ok) => answers.push(ok));
      };
      return (
        <button type="button" onClick={ask}>
          Sor
        </button>
      );
    }
    render(
      <NoticeProvider>
        <Two />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sor' }));
    await user.keyboard('{Enter}');
    await screen.findByText('Silinsin mi?');
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'İptal' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(answers).toEqual([true, false]));
  });
});

describe('toast', () => {
  it('goes away when tapped, before its time', async () => {
    function Tell() {
      const notices = useNotices();
      return (
        <button type="button" onClick={() => notices.toast('"Mutfak" kesimde.', { ms: 5000 })}>
          Söyle
        </button>
      );
    }
    render(
      <NoticeProvider>
        <Tell />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Söyle' }));
    const toast = screen.getByText('"Mutfak" kesimde.');
    await user.click(toast);
    expect(screen.queryByText('"Mutfak" kesimde.')).not.toBeInTheDocument();
    // the page beneath still answers
    await user.click(screen.getByRole('button', { name: 'Söyle' }));
    expect(screen.getByText('"Mutfak" kesimde.')).toBeInTheDocument();
  });

  it('runs its action once and goes away', async () => {
    const run = vi.fn();
    function Tell() {
      const notices = useNotices();
      return (
        <button type="button" onClick={() => notices.toast('"Raf" listeden çıkarıldı.', { tone: 'info', action: { label: 'Geri al', run } })}>
          Söyle
        </button>
      );
    }
    render(
      <NoticeProvider>
        <Tell />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Söyle' }));
    await user.click(screen.getByRole('button', { name: 'Geri al' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('"Raf" listeden çıkarıldı.')).not.toBeInTheDocument();
  });

});

describe('a toast with an undo', () => {
  function Tell({ run, ms = 6000 }: { run: () => void; ms?: number }) {
    const notices = useNotices();
    return (
      <>
        <input aria-label="Ad" />
        <button
          type="button"
          onClick={() => notices.toast('"Raf" listeden çıkarıldı.', { tone: 'info', ms, action: { label: 'Geri al', run, undo: true } })}
        >
          Söyle
        </button>
      </>
    );
  }

  it('runs on Ctrl+Z once while it shows, but not from a text field, whose own undo it is', async () => {
    const run = vi.fn();
    render(
      <NoticeProvider>
        <Tell run={run} />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Söyle' }));
    expect(screen.getByRole('button', { name: 'Geri al' })).toHaveAttribute('aria-keyshortcuts', 'Control+Z Meta+Z');
    await user.click(screen.getByRole('textbox', { name: 'Ad' }));
    await user.keyboard('{Control>}z{/Control}');
    expect(run).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Söyle' }));
    await user.keyboard('{Control>}z{/Control}');
    expect(run).toHaveBeenCalledTimes(1);
    // the newest of the two toasts is undone; the other stays until its time
    expect(screen.getAllByText('"Raf" listeden çıkarıldı.')).toHaveLength(1);
    await user.keyboard('{Control>}z{/Control}');
    expect(run).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('"Raf" listeden çıkarıldı.')).not.toBeInTheDocument();
    await user.keyboard('{Control>}z{/Control}');
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('waits while the pointer or the focus is on it, and goes after its time once they leave', async () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      render(
        <NoticeProvider>
          <Tell run={run} ms={1000} />
        </NoticeProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Söyle' }));
      const toast = screen.getByText('"Raf" listeden çıkarıldı.').parentElement!;
      fireEvent.mouseEnter(toast);
      act(() => vi.advanceTimersByTime(5000));
      expect(toast).toBeInTheDocument();
      fireEvent.mouseLeave(toast);
      fireEvent.focus(within(toast).getByRole('button', { name: 'Geri al' }));
      act(() => vi.advanceTimersByTime(5000));
      expect(toast).toBeInTheDocument();
      fireEvent.blur(within(toast).getByRole('button', { name: 'Geri al' }));
      act(() => vi.advanceTimersByTime(900));
      expect(toast).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByText('"Raf" listeden çıkarıldı.')).not.toBeInTheDocument();
      expect(run).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('choose', () => {
  it('offers a button per choice beside İptal, which has the focus, and answers the one pressed', async () => {
    const answers: (string | null)[] = [];
    function Ask() {
      const notices = useNotices();
      return (
        <button
          type="button"
          onClick={async () =>
            answers.push(
              await notices.choose('Nasıl yüklensin?', [
                { value: 'a', label: 'Birinci' },
                { value: 'b', label: 'İkinci' },
              ]),
            )
          }
        >
          Sor
        </button>
      );
    }
    render(
      <NoticeProvider>
        <Ask />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sor' }));
    const dlg = within(await screen.findByRole('alertdialog'));
    expect(dlg.getByRole('button', { name: 'İptal' })).toHaveFocus();
    expect(dlg.queryByRole('button', { name: 'Evet' })).toBeNull();
    await user.click(dlg.getByRole('button', { name: 'İkinci' }));
    await user.click(screen.getByRole('button', { name: 'Sor' }));
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(answers).toEqual(['b', null]));
  });
});
