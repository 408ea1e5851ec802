import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider } from '../components/Notices';
import { useSignOut } from './useSignOut';
import { useWork } from './useWork';

const account = { mode: 'local' as const };
type Lists = { stock: { id: string; width: number; height: number }[]; bands: unknown[]; version?: number };

let stored: Lists & { version: number };
let puts: Lists[];
beforeEach(() => {
  localStorage.clear();
  puts = [];
  // Another device saved the list (version 5) after this browser read it (version 4).
  stored = { stock: [{ id: 'öbür', width: 210, height: 280 }], bands: [], version: 5 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/api/stock') return new Response('null', { status: 404 });
      if ((init?.method ?? 'GET') === 'GET') return Response.json(stored);
      const body = JSON.parse(String(init!.body)) as Lists;
      puts.push(body);
      if (body.version !== undefined && body.version !== stored.version)
        return Response.json({ error: { code: 'conflict', message: 'Stok listesi siz düzenlerken başka bir pencereden ya da cihazdan kaydedildi.' } }, { status: 409 });
      stored = { stock: body.stock, bands: body.bands, version: stored.version + 1 };
      return Response.json(stored);
    }),
  );
  const mine = { stock: [{ id: 'benim', width: 100, height: 100 }], bands: [], objective: 'cost', deductBands: false };
  localStorage.setItem('kesim-work', JSON.stringify({ parts: [], canvas: {}, stock: mine, stockUnsent: true, stockVersion: 4 }));
});

function signingOut() {
  const signOut = vi.fn(async () => {});
  const { result } = renderHook(
    () => {
      const work = useWork(account);
      return useSignOut({ signOut }, work);
    },
    { wrapper: NoticeProvider },
  );
  let done: Promise<void> = Promise.resolve();
  act(() => {
    done = result.current();
  });
  return { signOut, done: () => act(() => done) };
}

describe('useSignOut with stock another device saved since', () => {
  it('asks, and saves the list of this browser over the other when told so', async () => {
    const { signOut, done } = signingOut();
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('Levha stokunda bu tarayıcıda yaptığınız değişiklikler kaydedilemedi');
    await userEvent.setup().click(within(ask).getByRole('button', { name: 'Evet' }));
    await done();
    expect(puts.map((p) => p.version)).toEqual([4, 5]);
    expect(stored.stock.map((r) => r.id)).toEqual(['benim']);
    expect(signOut).toHaveBeenCalled();
  });

  it("leaves the server's list when told so", async () => {
    const { signOut, done } = signingOut();
    await userEvent.setup().click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'İptal' }));
    await done();
    expect(puts.map((p) => p.version)).toEqual([4]);
    expect(stored.stock.map((r) => r.id)).toEqual(['öbür']);
    await waitFor(() => expect(signOut).toHaveBeenCalled());
  });
});
