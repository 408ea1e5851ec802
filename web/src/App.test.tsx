import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { NoticeProvider } from './components/Notices';
import { fakeEngine } from './app/fakeEngine';
import type { Request } from './features/engine/types';

// The stand-in engine (fakeEngine) lays out one page per part line, so the
// test controls what the results view shows without WebAssembly.

async function setup() {
  const user = userEvent.setup();
  const engine = fakeEngine();
  render(
    <NoticeProvider>
      <App engine={engine} />
    </NoticeProvider>,
  );
  await user.keyboard('{Escape}'); // skip the splash
  return { user, engine };
}

async function add(user: ReturnType<typeof userEvent.setup>, name: string, w: string, h: string, q: string) {
  await user.type(screen.getByLabelText('Parça Adı'), name);
  await user.type(screen.getAllByLabelText('Genişlik (cm)')[0], w);
  await user.type(screen.getAllByLabelText('Yükseklik (cm)')[0], h);
  const qty = screen.getAllByLabelText('Adet')[0];
  await user.clear(qty);
  await user.type(qty, q);
  await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // A server without accounts whose every other route is out of reach (503).
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/auth/me' ? Response.json({ mode: 'local' }) : new Response('null', { status: 503 }))));
});

describe('App', () => {
  it('shows the empty state, then adds a part and lays it out', async () => {
    const { user, engine } = await setup();
    expect(screen.getByRole('heading', { name: 'Henüz parça eklenmedi' })).toBeInTheDocument();
    await add(user, 'Kapak', '45,5', '30', '2');
    expect(await screen.findByRole('listitem', { name: 'Kapak' })).toHaveTextContent('45,5 x 30 cm');
    expect(await screen.findByText('En az sayfa sayısı (kanıtlandı)')).toBeInTheDocument();
    const req = (engine.run as ReturnType<typeof vi.fn>).mock.calls.at(-1)![0] as Request;
    expect(req.parts[0]).toMatchObject({ name: 'Kapak', width: 45.5, height: 30, quantity: 2 });
    expect(req.options).toMatchObject({ kerf: 0, trim: 0, guillotine: false, timeLimitMs: 3000 });
  });

  it('alerts in a dialog when a field is missing', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Lütfen tüm alanları doldurun!');
    await user.click(within(dlg).getByRole('button', { name: 'Tamam' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('refuses a part that takes the job past the engine\'s 100.000 pieces, keeping the job', async () => {
    const { user } = await setup();
    await add(user, 'Kapak', '45', '30', '60000');
    expect(await screen.findByRole('listitem', { name: 'Kapak' })).toBeInTheDocument();
    await add(user, 'Raf', '10', '10', '50000');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('100.000');
    expect(screen.queryByRole('listitem', { name: 'Raf' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Kapak' })).toBeInTheDocument();
  });

  it('shows the engine\'s reason for a refused job in the results until the job changes, and tells it once', async () => {
    const { user, engine } = await setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = 'Parça sayısı çok fazla: en fazla 100.000 adet yerleştirilebilir.';
    let refuse = true;
    const run = vi.mocked(engine.run);
    const lay = run.getMockImplementation()!;
    run.mockImplementation(async (...args) => {
      if (refuse) throw new Error(refusal);
      return lay(...args);
    });
    await add(user, 'Kapak', '45', '30', '2');
    // the reason, not the empty state's "parça ekleyin", once the toast is gone too
    expect(await screen.findByText(`Yerleşim yapılamadı. ${refusal}`)).toBeInTheDocument();
    expect(screen.queryByText('Nesting düzenini görmek için parça ekleyin')).toBeNull();
    expect(screen.getAllByText(refusal)).toHaveLength(1); // the toast
    // The stock saved as it was lays the same job out again: refused again, not told again.
    await user.click(screen.getByRole('button', { name: 'Levha stoku' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Levha stoku' })).getByRole('button', { name: 'Kaydet' }));
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    await act(async () => {});
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(screen.getByText(`Yerleşim yapılamadı. ${refusal}`)).toBeInTheDocument();
    // A changed job is laid out, and the reason goes.
    refuse = false;
    await add(user, 'Raf', '20', '30', '1');
    expect(await screen.findByText('Sayfa 1 / 2')).toBeInTheDocument();
    expect(screen.queryByText(`Yerleşim yapılamadı. ${refusal}`)).toBeNull();
  });

  it('edits inline: Enter saves, Escape cancels', async () => {
    const { user } = await setup();
    await add(user, 'Kapak', '20', '30', '2');
    await user.click(await screen.findByRole('button', { name: 'Kapak: Düzenle' }));
    const name = screen.getAllByLabelText('Parça Adı').at(-1)!;
    await user.clear(name);
    await user.type(name, 'Raf{Enter}');
    expect(await screen.findByRole('listitem', { name: 'Raf' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Raf: Düzenle' }));
    await user.type(screen.getAllByLabelText('Parça Adı').at(-1)!, 'XYZ{Escape}');
    expect(screen.getByRole('listitem', { name: 'Raf' })).toBeInTheDocument();
  });

  it('takes a line off at one tap on Sil, and puts it back in its place from the toast', async () => {
    const { user } = await setup();
    await add(user, 'Kapak', '20', '30', '2');
    await add(user, 'Raf', '10', '30', '3');
    await add(user, 'Tabla', '40', '60', '1');
    await user.click(screen.getByRole('button', { name: 'Raf: Sil' }));
    expect(screen.queryByRole('listitem', { name: 'Raf' })).not.toBeInTheDocument();
    const toast = screen.getByText('"Raf" listeden çıkarıldı.').closest('.toast') as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Geri al' }));
    expect(screen.queryByText('"Raf" listeden çıkarıldı.')).not.toBeInTheDocument();
    const lines = screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
    expect(lines.filter((n) => n === 'Kapak' || n === 'Raf' || n === 'Tabla')).toEqual(['Kapak', 'Raf', 'Tabla']);
    expect(screen.getByRole('listitem', { name: 'Raf' })).toHaveTextContent('3 adet');
  });

  it('tells once, in a dialog, that the browser refused to keep the work (its storage full), and keeps the change on screen', async () => {
    const setItem = Storage.prototype.setItem;
    let full = true;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (full && key.startsWith('kesim-work')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    const { user } = await setup();
    await add(user, 'Kapak', '20', '30', '2');
    act(() => void window.dispatchEvent(new Event('pagehide'))); // the write now, as at a reload
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Tarayıcının depolama alanı doldu');
    await user.click(within(dlg).getByRole('button', { name: 'Tamam' }));
    expect(screen.getByRole('listitem', { name: 'Kapak' })).toBeInTheDocument();
    // Still full at the next change: not told again.
    await add(user, 'Raf', '10', '30', '3');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // Room made: what waited is written, both lines.
    full = false;
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(JSON.parse(localStorage.getItem('kesim-work')!).parts.map((p: { name: string }) => p.name)).toEqual(['Kapak', 'Raf']);
    vi.restoreAllMocks();
  });

  it('asks before clearing, with the counts', async () => {
    const { user } = await setup();
    await add(user, 'Kapak', '20', '30', '2');
    await add(user, 'Raf', '10', '30', '3');
    await user.click(screen.getByRole('button', { name: 'Tümünü Temizle' }));
    const dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('2 çeşit, toplam 5 adet');
    await user.click(within(dlg).getByRole('button', { name: 'İptal' }));
    expect(screen.getByRole('listitem', { name: 'Raf' })).toBeInTheDocument();
  });

  it('pages through the results', async () => {
    const { user } = await setup();
    await add(user, 'A', '20', '30', '1');
    await add(user, 'B', '20', '30', '1');
    expect(await screen.findByText('Sayfa 1 / 2')).toBeInTheDocument();
    // disabled at the ends as aria-disabled: the button keeps the focus (Pager)
    expect(screen.getByRole('button', { name: 'Önceki sayfa' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    expect(screen.getByText('Sayfa 2 / 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sonraki sayfa' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('asks before a loaded layout replaces parts that were never saved', async () => {
    localStorage.setItem(
      'nesting-layouts',
      JSON.stringify([{ id: '1', name: 'Mutfak', parts: [{ id: 'm', name: 'Yan', width: 56, height: 72, quantity: 2 }], sheet: { width: 100, height: 148 }, options: {}, createdAt: '2024-01-01T00:00:00Z' }]),
    );
    const { user } = await setup();
    await add(user, 'Önemli', '33', '44', '5');
    await user.click(screen.getByRole('button', { name: 'Kayıtlı Parçalar' }));
    await user.click(await screen.findByRole('button', { name: 'Mutfak: Yükle' }));
    expect(await screen.findByText(/"Mutfak" düzeni yüklenirse bu parçalar ekrandan kalkacak/)).toBeInTheDocument();
    // The safe answer has the focus: Enter keeps the work.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listitem', { name: 'Önemli' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Yan' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Mutfak: Yükle' }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    expect(await screen.findByRole('listitem', { name: 'Yan' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Önemli' })).toBeNull();
  });

  it('warns on export with no parts', async () => {
    const { user } = await setup();
    await add(user, 'A', '20', '30', '1');
    await act(async () => {});
    await user.click(screen.getByRole('button', { name: 'Tümünü Temizle' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    expect(screen.queryByRole('button', { name: 'PDF İndir' })).not.toBeInTheDocument();
  });
});

// A stand-in team server: accounts, one session (the browser's cookies),
// the saved rows it was sent.
function teamServer(startAs: string | null) {
  const server = {
    session: startAs,
    admins: new Set(['ayse']),
    synced: [] as { user: string; layouts: string[]; parts: string[] }[],
    layouts: [] as { user: string; name: string }[],
    down: false, // the save routes fail as if the database were out of reach
    refuse: new Map<string, string>(), // the sync refuses the layouts of these names, with these reasons
  };
  const json = (v: unknown, status = 200) => Response.json(v, { status });
  const unauthorized = () => json({ error: { code: 'unauthorized', message: 'Oturum açmanız gerekiyor.' } }, 401);
  const me = (u: string) => ({ mode: 'team', username: u, admin: server.admins.has(u), aal: 'aal1' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.split('?')[0];
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      if (path === '/api/config') return json(null, 404);
      if (path === '/api/auth/me') return server.session ? json(me(server.session)) : unauthorized();
      if (path === '/api/auth/refresh') return unauthorized();
      if (path === '/api/auth/login') {
        server.session = body.username;
        return json(me(body.username));
      }
      if (path === '/api/auth/logout') {
        server.session = null;
        return new Response(null, { status: 204 });
      }
      const user = server.session;
      if (!user) return unauthorized();
      if (path === '/api/parts') return json([]);
      if (path === '/api/layouts' && method === 'GET') return json({ layouts: [] });
      if (server.down && (path === '/api/layouts' || path === '/api/sync'))
        return json({ error: { code: 'unavailable', message: 'Veritabanına şu an ulaşılamıyor; biraz sonra yeniden deneyin.' } }, 503);
      if (path === '/api/layouts') {
        server.layouts.push({ user, name: body.name });
        return json({ id: '1', ...body, createdAt: new Date().toISOString() }, 201);
      }
      if (path === '/api/sync') {
        const bad = body.layouts.findIndex((l: { name: string }) => server.refuse.has(l.name));
        if (bad >= 0) {
          const why = server.refuse.get(body.layouts[bad].name);
          return json({ error: { code: 'invalid', message: why, fields: { [`layouts[${bad}].parts[0].quantity`]: why } } }, 400);
        }
        server.synced.push({ user, layouts: body.layouts.map((l: { name: string }) => l.name), parts: body.parts.map((p: { name: string }) => p.name) });
        return json({ newParts: body.parts.length, newLayouts: body.layouts.length });
      }
      return json(null, 404);
    }),
  );
  return server;
}

async function signInAs(user: ReturnType<typeof userEvent.setup>, name: string) {
  const dlg = await screen.findByRole('dialog', { name: 'Oturum Aç' });
  await user.type(within(dlg).getByLabelText('Kullanıcı adı'), name);
  await user.type(within(dlg).getByLabelText('Şifre'), 'parola-1234');
  await user.click(within(dlg).getByRole('button', { name: 'Giriş Yap' }));
  await screen.findByText(name, { exact: true });
}

const kept = (name: string) => ({ id: '1', name, parts: [{ id: 'p', name: `${name} parça`, width: 10, height: 20, quantity: 1 }], sheet: { width: 100, height: 148 }, options: {}, createdAt: '2024-01-01T00:00:00Z' });

describe('App on a team server', () => {
  it('keeps the work per user and clears it at sign-out when it was saved, without asking', async () => {
    localStorage.setItem('kesim-work@alice', JSON.stringify({ parts: [{ id: 'a', name: 'Kapak', width: 50, height: 74, quantity: 4 }], canvas: {} }));
    const server = teamServer('alice');
    const { user } = await setup();
    expect(await screen.findByRole('listitem', { name: 'Kapak' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Düzeni Kaydet' }));
    await user.type(screen.getByLabelText('Düzen Adı'), 'Mutfak');
    await user.click(within(screen.getByRole('dialog', { name: 'Düzeni Kaydet' })).getByRole('button', { name: 'Kaydet' }));
    await screen.findByText('Düzen ve parçalar kaydedildi.');
    expect(server.layouts).toEqual([{ user: 'alice', name: 'Mutfak' }]);
    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    expect(await screen.findByRole('dialog', { name: 'Oturum Aç' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Kapak' })).not.toBeInTheDocument();
    expect(localStorage.getItem('kesim-work@alice')).toBeNull();
    expect(localStorage.getItem('kesim-work')).toBeNull();
    expect(server.session).toBeNull();
  });

  it('asks before signing out with unsaved work', async () => {
    const server = teamServer('alice');
    const { user } = await setup();
    await screen.findByText('alice', { exact: true });
    await add(user, 'Raf', '45', '30', '6');
    window.dispatchEvent(new Event('pagehide')); // the page left (a reload) writes what waits to be written
    expect(JSON.parse(localStorage.getItem('kesim-work@alice')!).parts).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    let dlg = await screen.findByRole('alertdialog');
    expect(dlg).toHaveTextContent('Ekrandaki parçalar kayıtlı bir düzende yok.');
    await user.click(within(dlg).getByRole('button', { name: 'İptal' }));
    expect(screen.getByRole('listitem', { name: 'Raf' })).toBeInTheDocument();
    expect(server.session).toBe('alice');
    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    dlg = await screen.findByRole('alertdialog');
    await user.click(within(dlg).getByRole('button', { name: 'Evet' }));
    expect(await screen.findByRole('dialog', { name: 'Oturum Aç' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Raf' })).not.toBeInTheDocument();
    expect(localStorage.getItem('kesim-work@alice')).toBeNull();
    expect(server.session).toBeNull();
  });

  it('hides the work when the session ends, shows it to its owner only', async () => {
    const server = teamServer('alice');
    const { user } = await setup();
    await screen.findByText('alice', { exact: true });
    await add(user, 'Kapak', '50', '74', '4');
    server.session = null; // the session ends on the server
    await user.click(screen.getByRole('button', { name: 'Kayıtlı Parçalar' }));
    const dlg = await screen.findByRole('dialog', { name: 'Oturum Aç' });
    expect(dlg).toHaveTextContent('Oturumunuz sona erdi.');
    expect(screen.queryByRole('listitem', { name: 'Kapak' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Kayıtlı Parçalar ve Düzenler' })).not.toBeInTheDocument();
    await signInAs(user, 'bob');
    expect(screen.queryByRole('listitem', { name: 'Kapak' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Henüz parça eklenmedi' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('kesim-work@alice')!).parts[0].name).toBe('Kapak');
    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    await signInAs(user, 'alice');
    expect(await screen.findByRole('listitem', { name: 'Kapak' })).toBeInTheDocument();
  });

  it('syncs only what this browser kept for the user who signs in', async () => {
    localStorage.setItem('nesting-layouts@alice', JSON.stringify([kept('Alice yerel')]));
    localStorage.setItem('nesting-layouts', JSON.stringify([kept('Hesapsız')]));
    const server = teamServer(null);
    const { user } = await setup();
    await signInAs(user, 'bob');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(server.synced).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    await signInAs(user, 'alice');
    await screen.findByText('Senkronizasyon tamamlandı: 0 yeni parça, 1 yeni düzen.');
    expect(server.synced).toEqual([{ user: 'alice', layouts: ['Alice yerel'], parts: [] }]);
    expect(localStorage.getItem('nesting-layouts@alice')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    await signInAs(user, 'ayse'); // an admin takes what was kept before accounts
    await vi.waitFor(() => expect(server.synced).toHaveLength(2));
    expect(server.synced.at(-1)).toEqual({ user: 'ayse', layouts: ['Hesapsız'], parts: [] });
    expect(localStorage.getItem('nesting-layouts')).toBeNull();
  });
});

describe('App on a team server, syncing a layout the server refuses', () => {
  it('saves the others, tells which one stayed in the browser and why, and sends it alone later', async () => {
    const why = 'Parça sayısı çok fazla: bir işte en fazla 100.000 adet yerleştirilebilir.';
    localStorage.setItem('nesting-layouts@alice', JSON.stringify([kept('Mutfak'), kept('Dev iş'), kept('Banyo')]));
    const server = teamServer('alice');
    server.refuse.set('Dev iş', why);
    const { user } = await setup();
    await screen.findByText('Senkronizasyon tamamlandı: 0 yeni parça, 2 yeni düzen.');
    expect(await screen.findByText(`"Dev iş" düzeni sunucuya kaydedilemedi: ${why} Bu tarayıcıda duruyor.`)).toBeInTheDocument();
    expect(screen.queryByText('Veriler yerel olarak korundu')).not.toBeInTheDocument();
    expect(server.synced).toEqual([{ user: 'alice', layouts: ['Mutfak', 'Banyo'], parts: [] }]);
    expect(JSON.parse(localStorage.getItem('nesting-layouts@alice')!)).toEqual([kept('Dev iş')]);
    // Sign-out sends what is left: the refused layout alone, refused again.
    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    expect(await screen.findByRole('dialog', { name: 'Oturum Aç' })).toBeInTheDocument();
    expect(server.synced).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('nesting-layouts@alice')!)).toEqual([kept('Dev iş')]);
    expect(screen.getAllByText(`"Dev iş" düzeni sunucuya kaydedilemedi: ${why} Bu tarayıcıda duruyor.`)).toHaveLength(2);
  });
});

describe('App on a team server, saving while the database is out of reach', () => {
  it('keeps the layout for the user, sends it at sign-out, and does not ask', async () => {
    const server = teamServer('alice');
    const { user } = await setup();
    await screen.findByText('alice', { exact: true });
    await add(user, 'Raf', '45', '30', '6');
    server.down = true;
    await user.click(screen.getByRole('button', { name: 'Düzeni Kaydet' }));
    await user.type(screen.getByLabelText('Düzen Adı'), 'Çevrimdışı');
    await user.click(within(screen.getByRole('dialog', { name: 'Düzeni Kaydet' })).getByRole('button', { name: 'Kaydet' }));
    await screen.findByText(
      'Sunucu düzeni şu an kaydedemiyor: Veritabanına şu an ulaşılamıyor; biraz sonra yeniden deneyin. Düzen bu tarayıcıda yerel olarak saklandı; sunucu yeniden kaydedebildiğinde gönderilecek.',
    );
    expect(JSON.parse(localStorage.getItem('nesting-layouts@alice')!)[0].name).toBe('Çevrimdışı');
    expect(localStorage.getItem('nesting-layouts')).toBeNull();
    server.down = false;
    await user.click(screen.getByRole('button', { name: 'Çıkış' }));
    expect(await screen.findByRole('dialog', { name: 'Oturum Aç' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.synced).toEqual([{ user: 'alice', layouts: ['Çevrimdışı'], parts: ['Raf'] }]);
    expect(localStorage.getItem('nesting-layouts@alice')).toBeNull();
    expect(localStorage.getItem('nesting-parts@alice')).toBeNull();
  });
});

describe('App stock', () => {
  it('a user who never opens the stock sends the canvas request alone', async () => {
    const { user, engine } = await setup();
    await add(user, 'Kapak', '45,5', '30', '2');
    await screen.findByText('En az sayfa sayısı (kanıtlandı)');
    const req = (engine.run as ReturnType<typeof vi.fn>).mock.calls.at(-1)![0] as Request;
    expect(Object.keys(req).sort()).toEqual(['options', 'parts', 'sheet']);
    expect(Object.keys(req.options).sort()).toEqual(['guillotine', 'kerf', 'seed', 'timeLimitMs', 'trim']);
  });

  it('lays out with the stock rows saved in the dialog, kept in this browser while the server does not take them', async () => {
    const { user, engine } = await setup();
    await add(user, 'Kapak', '45,5', '30', '2');
    await user.click(screen.getByRole('button', { name: 'Levha stoku' }));
    const dlg = await screen.findByRole('dialog', { name: 'Levha stoku' });
    await user.click(within(dlg).getByRole('button', { name: 'Stok satırı ekle' }));
    await user.type(within(dlg).getByLabelText('Malzeme, Satır 1'), 'Beyaz');
    await user.type(within(dlg).getByLabelText('Genişlik (cm), Satır 1'), '183');
    await user.type(within(dlg).getByLabelText('Yükseklik (cm), Satır 1'), '366');
    await user.type(within(dlg).getByLabelText('Adet, Satır 1'), '3');
    await user.click(within(dlg).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Levha stoku bu tarayıcıda saklandı; sunucuya bağlanınca gönderilecek.')).toBeInTheDocument();
    const put = (fetch as ReturnType<typeof vi.fn>).mock.calls.find(([url, init]) => url === '/api/stock' && init?.method === 'PUT');
    expect(JSON.parse(put![1].body as string)).toEqual({ stock: [{ id: expect.any(String), material: 'Beyaz', width: 183, height: 366, quantity: 3 }], bands: [], offcutsSeen: [] });
    const req = (engine.run as ReturnType<typeof vi.fn>).mock.calls.at(-1)![0] as Request;
    expect(req.stock).toEqual([{ id: expect.any(String), material: 'Beyaz', width: 183, height: 366, quantity: 3 }]);
    window.dispatchEvent(new Event('pagehide')); // the page left (a reload) writes what waits to be written
    const kept = JSON.parse(localStorage.getItem('kesim-work')!);
    expect(kept.stock.stock).toHaveLength(1);
    expect(kept.stockUnsent).toBe(true);
  });
});

describe('App loading a layout made with other stock', () => {
  const saved = {
    id: '1',
    name: 'Mutfak',
    parts: [{ id: 'm', name: 'Yan', width: 56, height: 72, quantity: 2, material: 'Beyaz' }],
    sheet: { width: 100, height: 148 },
    options: {},
    stock: [{ id: 'eski', name: 'Eski Beyaz', material: 'Beyaz', width: 183, height: 366, price: 1450 }],
    createdAt: '2024-01-01T00:00:00Z',
  };
  // the work this browser keeps: no parts yet, today's stock (not sent: the server is out of reach)
  const today = {
    parts: [],
    canvas: { width: 100, height: 148 },
    stock: { stock: [{ id: 'yeni', name: 'Yeni Beyaz', material: 'Beyaz', width: 183, height: 366, price: 1500 }], bands: [] },
    stockUnsent: true,
  };

  it('asks how: İptal loads nothing, Güncel stokla yükle keeps today\'s stock and prices, Düzenin stokuyla yükle takes the layout\'s', async () => {
    localStorage.setItem('nesting-layouts', JSON.stringify([saved]));
    localStorage.setItem('kesim-work', JSON.stringify(today));
    const { user, engine } = await setup();
    const load = async () => {
      await user.click(screen.getByRole('button', { name: 'Kayıtlı Parçalar' }));
      await user.click(await screen.findByRole('button', { name: 'Mutfak: Yükle' }));
      return within(await screen.findByRole('alertdialog'));
    };
    let ask = await load();
    expect(ask.getByText(/Güncel stokla yüklenirse parçalar bugünkü stokunuz ve fiyatlarınızla yeniden yerleştirilir\./)).toBeInTheDocument();
    // the safe answer has the focus
    expect(ask.getByRole('button', { name: 'İptal' })).toHaveFocus();
    await user.click(ask.getByRole('button', { name: 'İptal' }));
    expect(screen.queryByRole('listitem', { name: 'Yan' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Kapat' }));

    ask = await load();
    await user.click(ask.getByRole('button', { name: 'Güncel stokla yükle' }));
    expect(await screen.findByRole('listitem', { name: 'Yan' })).toBeInTheDocument();
    await vi.waitFor(() => expect(((engine.run as ReturnType<typeof vi.fn>).mock.calls.at(-1)![0] as Request).stock?.map((r) => r.id)).toEqual(['yeni']));

    ask = await load();
    await user.click(ask.getByRole('button', { name: 'Düzenin stokuyla yükle' }));
    await vi.waitFor(() => expect(((engine.run as ReturnType<typeof vi.fn>).mock.calls.at(-1)![0] as Request).stock?.map((r) => r.id)).toEqual(['eski']));
  });
});

describe('App stock saved from two tabs', () => {
  const message =
    'Stok listesi siz düzenlerken başka bir pencereden ya da cihazdan kaydedildi; değişiklikleriniz kaydedilmedi. Listeyi yeniden açıp değişikliklerinizi tekrar yapın.';
  type Lists = { stock: { id: string; material?: string; width: number; height: number }[]; bands: unknown[]; version: number };
  let stored: Lists;
  let puts: { version?: number }[];
  beforeEach(() => {
    stored = { stock: [{ id: 'a', material: 'Beyaz', width: 183, height: 366 }], bands: [], version: 3 };
    puts = [];
    // The server (no accounts) versions the list as internal/server does; every other route is out of reach.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/auth/me') return Response.json({ mode: 'local' });
        if (url !== '/api/stock') return new Response('null', { status: 503 });
        if ((init?.method ?? 'GET') === 'GET') return Response.json(stored);
        const body = JSON.parse(String(init!.body)) as Lists;
        puts.push(body);
        if (body.version !== undefined && body.version !== stored.version) return Response.json({ error: { code: 'conflict', message } }, { status: 409 });
        stored = { stock: body.stock, bands: body.bands, version: stored.version + 1 };
        return Response.json(stored);
      }),
    );
  });

  // The user opens the stock, another tab saves a row meanwhile, and the user saves one of their own.
  async function saveOverAnotherTab() {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Levha stoku' }));
    let dlg = await screen.findByRole('dialog', { name: 'Levha stoku' });
    expect(within(dlg).getByLabelText('Malzeme, Satır 1')).toHaveValue('Beyaz');
    stored = { ...stored, stock: [...stored.stock, { id: 'öbür', material: 'Ceviz', width: 210, height: 280 }], version: stored.version + 1 };
    await user.click(within(dlg).getByRole('button', { name: 'Stok satırı ekle' }));
    await user.type(within(dlg).getByLabelText('Malzeme, Satır 2'), 'Meşe');
    await user.type(within(dlg).getByLabelText('Genişlik (cm), Satır 2'), '100');
    await user.type(within(dlg).getByLabelText('Yükseklik (cm), Satır 2'), '100');
    await user.click(within(dlg).getByRole('button', { name: 'Kaydet' }));
    // Refused: the dialog is there again with the user's row and the server's words.
    dlg = await screen.findByRole('dialog', { name: 'Levha stoku' });
    expect(await within(dlg).findByText(message)).toBeInTheDocument();
    expect(within(dlg).getByLabelText('Malzeme, Satır 2')).toHaveValue('Meşe');
    expect(puts).toEqual([expect.objectContaining({ version: 3 })]);
    expect(stored.stock.map((r) => r.id)).toEqual(['a', 'öbür']);
    // The page has the other tab's list now, at its version.
    window.dispatchEvent(new Event('pagehide')); // the page left (a reload) writes what waits to be written
    const kept = JSON.parse(localStorage.getItem('kesim-work')!);
    expect(kept.stock.stock.map((r: { id: string }) => r.id)).toEqual(['a', 'öbür']);
    expect(kept.stockVersion).toBe(4);
    expect(kept.stockUnsent).toBe(false);
    expect(screen.queryByText('Levha stoku kaydedildi.')).not.toBeInTheDocument();
    return { user, dlg };
  }

  it("keeps the user's row when another tab saved since, and saves it on a second Kaydet", async () => {
    const { user, dlg } = await saveOverAnotherTab();
    await user.click(within(dlg).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Levha stoku kaydedildi.')).toBeInTheDocument();
    expect(puts.at(-1)).toMatchObject({ version: 4 });
    expect(stored.stock.map((r) => r.material)).toEqual(['Beyaz', 'Meşe']);
    expect(screen.queryByRole('dialog', { name: 'Levha stoku' })).not.toBeInTheDocument();
  }, 20000);

  it("shows the list the other tab saved when the user asks for it", async () => {
    const { user, dlg } = await saveOverAnotherTab();
    await user.click(within(dlg).getByRole('button', { name: 'Sunucudaki listeyi aç' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    const fresh = await screen.findByRole('dialog', { name: 'Levha stoku' });
    await vi.waitFor(() => expect(within(fresh).getByLabelText('Malzeme, Satır 2')).toHaveValue('Ceviz'));
    expect(within(fresh).queryByText(message)).not.toBeInTheDocument();
    // Closed as it opened, nothing is asked and nothing sent.
    await user.click(within(fresh).getByRole('button', { name: 'İptal' }));
    expect(screen.queryByRole('dialog', { name: 'Levha stoku' })).not.toBeInTheDocument();
    expect(puts).toHaveLength(1);
  }, 20000);
});

describe('App on a server that does not say its mode', () => {
  it('shows the unreachable screen instead of the work kept under the plain keys, until a retry says local mode', async () => {
    const kept = JSON.stringify({ parts: [{ id: 'p1', name: 'Kapak', width: 45, height: 30, quantity: 1 }], canvas: {} });
    localStorage.setItem('kesim-work', kept);
    let me = () => Response.json({ error: { code: 'unavailable', message: 'Veritabanına şu an ulaşılamıyor; biraz sonra yeniden deneyin.' } }, { status: 503 });
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/auth/me' ? me() : new Response('null', { status: 503 }))));
    const { user } = await setup();
    const dlg = await screen.findByRole('alertdialog', { name: 'Sunucuya ulaşılamıyor' });
    // The server answered: its database is out of reach, not the user's connection.
    expect(dlg).toHaveTextContent('Sunucu yanıt veriyor ama şu an çalışamıyor (nedeni aşağıda); bağlantınızda sorun yok.');
    expect(dlg).not.toHaveTextContent('Bağlantınızı kontrol edip');
    expect(dlg).toHaveTextContent('Veritabanına şu an ulaşılamıyor; biraz sonra yeniden deneyin.');
    expect(screen.queryByRole('listitem', { name: 'Kapak' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Oturum Aç' })).not.toBeInTheDocument();
    expect(localStorage.getItem('kesim-work')).toBe(kept);
    me = () => Response.json({ mode: 'local' });
    await user.click(within(dlg).getByRole('button', { name: 'Yeniden dene' }));
    expect(await screen.findByRole('listitem', { name: 'Kapak' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'Sunucuya ulaşılamıyor' })).not.toBeInTheDocument();
  });
});
