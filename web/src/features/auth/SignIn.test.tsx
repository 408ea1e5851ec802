import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { SignIn } from './SignIn';

let bodies: Record<string, unknown>[];
beforeEach(() => {
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      bodies.push(body);
      if (!body.code) {
        const m = 'Doğrulama uygulamanızdaki 6 haneli kodu girin.';
        return Response.json({ error: { code: 'unauthorized', message: m, fields: { code: m } } }, { status: 401 });
      }
      return Response.json({ mode: 'team', user: { id: 'u1', username: 'ayse', admin: false }, aal: 'aal2' });
    }),
  );
});

// A code typed as authenticator apps show it, "123 456", is taken whole
// (maxLength 6 cut its last digit) and sent; the server drops the space.
it('takes a code with a space between its halves', async () => {
  const user = userEvent.setup();
  const onSignedIn = vi.fn();
  render(<SignIn onSignedIn={onSignedIn} />);
  await user.type(screen.getByLabelText('Kullanıcı adı'), 'ayse');
  await user.type(screen.getByLabelText('Şifre'), 'ayse-parola');
  await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
  const code = await screen.findByLabelText(/Doğrulama kodu/);
  await user.type(code, '123 456');
  expect(code).toHaveValue('123 456');
  await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
  await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  expect(bodies.at(-1)).toMatchObject({ username: 'ayse', code: '123 456' });
});
