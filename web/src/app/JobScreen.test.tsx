import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { NoticeProvider } from '../components/Notices';

// The checklist address on a team server: signed out, the sign-in screen
// comes first, then the same sheet.
let session: string | null;
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
});
