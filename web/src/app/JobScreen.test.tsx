import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { NoticeProvider } from '../components/Notices';

// The checklist address on a team server: signed out, the sign-in screen
// comes first, then the same sheet.
let session: string | null;
let stockPuts: number;
const job = {
  id: '7',
  name: 'Mutfak',
  parts: [{ id: 'k', name: 'Kapak', width: 40, height: 30, quantity: 1 }],
  state: 'cutting',
  cutPieces: [],
  result: {
    sheet: { width: 100, height: 100 },
    pages: [{ id: 'p1', efficiency: 12, parts: [{ id: 'k-1', name: 'Kapak', x: 0, y: 0, width: 40, height: 30, rotated: false, originalIndex: 0 }] }],
    skipped: [],
    stats: { pages: 1, lowerBound: 1, optimal: true, efficiency: 12, placed: 1, elapsedMs: 1 },
  },
};

beforeEach(() => {
  session = null;
  stockPuts = 0;
  localStorage.clear();
  window.history.pushState(null, '', '/is/7/levha/1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const me = { mode: 'team', username: 'ayse', admin: false };
      if (url === '/api/auth/me') return session ? Response.json(me) : new Response('null', { status: 401 });
      if (url === '/api/auth/refresh') return new Response('null', { status: 401 });
      if (url === '/api/auth/login' && init?.method === 'POST') {
        session = 'ayse';
        return Response.json(me);
      }
      if (url === '/api/auth/logout') {
        session = null;
        return new Response(null, { status: 204 });
      }
      if (url === '/api/stock' && init?.method === 'PUT') {
        stockPuts++;
        const { stock, bands } = JSON.parse(String(init.body));
        return Response.json({ stock, bands });
      }
      if (url === '/api/layouts/7') return session ? Response.json(job) : new Response('null', { status: 401 });
      return new Response('null', { status: 404 });
    }),
  );
});
afterEach(() => window.history.pushState(null, '', '/'));

describe('the checklist address', () => {
  it('asks a signed-out user to sign in, then shows the same sheet', async () => {
    render(
      <NoticeProvider>
        <App />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Kullanıcı adı'), 'ayse');
    await user.type(screen.getByLabelText('Şifre'), 'parola123');
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(await screen.findByRole('heading', { name: 'Mutfak' })).toBeInTheDocument();
    expect(screen.getByText('Levha 1 / 1')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '1. Kapak 40 x 30 cm' })).not.toBeChecked();
    expect(window.location.pathname).toBe('/is/7/levha/1');
    // no work on this page: no parts form
    expect(screen.queryByRole('heading', { name: 'Parça Ekle' })).not.toBeInTheDocument();
  });

  it('draws the sheet fitted beside or above the list, its pieces numbered (the results’ Preview with marks and fit)', async () => {
    session = 'ayse';
    const { container } = render(
      <NoticeProvider>
        <App />
      </NoticeProvider>,
    );
    await screen.findByRole('heading', { name: 'Mutfak' });
    const figure = screen.getByTestId('checklist-drawing').querySelector('figure');
    expect(figure).toHaveClass('preview', 'fit');
    expect(within(figure as HTMLElement).getByRole('img')).toHaveAccessibleName(/^Levha 100 x 100 cm/);
    // the link home: the class that makes it 44 px high on a touch screen (job.css)
    expect(screen.getByRole('link', { name: '‹ Ana sayfa' })).toHaveClass('back-link');
    expect(container.querySelector('.checklist-list .pieces')).not.toBeNull();
  });

  it('signs out as the work screen does: asks about unsaved work, sends the stock, clears the work', async () => {
    session = 'ayse';
    const stock = { stock: [{ id: 's1', material: 'Beyaz', width: 183, height: 366, quantity: 2 }], bands: [] };
    localStorage.setItem(
      'kesim-work@ayse',
      JSON.stringify({ parts: [{ id: 'r', name: 'Raf', width: 45, height: 30, quantity: 6 }], canvas: {}, stock, stockUnsent: true }),
    );
    render(
      <NoticeProvider>
        <App />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Mutfak' });
    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    let dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Ekrandaki parçalar kayıtlı bir düzende yok.');
    await user.click(within(dlg).getByRole('button', { name: 'İptal' }));
    expect(session).toBe('ayse');
    expect(JSON.parse(localStorage.getItem('kesim-work@ayse')!).parts).toHaveLength(1);
    expect(stockPuts).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    dlg = await screen.findByRole('alertdialog');
    await user.click(within(dlg).getByRole('button', { name: 'Evet' }));
    expect(await screen.findByRole('dialog', { name: 'Oturum Aç' })).toBeInTheDocument();
    expect(session).toBeNull();
    expect(stockPuts).toBe(1);
    expect(localStorage.getItem('kesim-work@ayse')).toBeNull();
  });
});
