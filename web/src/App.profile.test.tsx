import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { NoticeProvider } from './components/Notices';
import { fakeEngine } from './app/fakeEngine';
import type { Request } from './features/engine/types';

// The saw profile of a guillotine layout ("İlk kesim", "Kesim kademesi" in
// the canvas dialog) on the page, with the stand-in engine (fakeEngine).

async function setup(addPart = true) {
  const user = userEvent.setup();
  const engine = fakeEngine();
  render(
    <NoticeProvider>
      <App engine={engine} />
    </NoticeProvider>,
  );
  await user.keyboard('{Escape}'); // skip the splash
  if (addPart) {
    await user.type(screen.getByLabelText('Parça Adı'), 'Kapak');
    await user.type(screen.getAllByLabelText('Genişlik (cm)')[0], '45,5');
    await user.type(screen.getAllByLabelText('Yükseklik (cm)')[0], '30');
    await user.click(screen.getByRole('button', { name: "Nesting'e Ekle" }));
  }
  const last = () => (vi.mocked(engine.run).mock.calls.at(-1)?.[0] as Request | undefined)?.options;
  return { user, engine, last };
}

/** canvas sets the canvas dialog's guillotine and saw profile (undefined: left as it is) and applies it. */
async function canvas(user: ReturnType<typeof userEvent.setup>, guillotine: boolean, first?: string, stages?: string) {
  await user.click(screen.getByRole('button', { name: 'Nesting Alan Ayarları' }));
  const dlg = within(screen.getByRole('dialog', { name: 'Alan Boyutu Ekle' }));
  const box = dlg.getByRole('checkbox', { name: 'Giyotin kesim' });
  if ((box as HTMLInputElement).checked !== guillotine) await user.click(box);
  if (first) await user.selectOptions(dlg.getByRole('combobox', { name: 'İlk kesim' }), first);
  if (stages) await user.selectOptions(dlg.getByRole('combobox', { name: 'Kesim kademesi' }), stages);
  await user.click(dlg.getByRole('button', { name: 'Kaydet ve Uygula' }));
}

const card = () => screen.getByRole('region', { name: 'Tuval Boyutu' });

/** kept is the work's canvas as this browser keeps it. */
function kept() {
  window.dispatchEvent(new Event('pagehide')); // the page left (a reload) writes what waits to be written
  return JSON.parse(localStorage.getItem('kesim-work')!).canvas;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // A server without accounts whose every other route is out of reach (503).
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/auth/me' ? Response.json({ mode: 'local' }) : new Response('null', { status: 503 }))));
});

describe('App: the saw profile', () => {
  it('is sent with guillotine, named on the card, kept with the work and restored after a reload', async () => {
    const { user, last } = await setup();
    await vi.waitFor(() => expect(last()).toBeDefined());
    await canvas(user, true, 'Boyuna (uzun kenara paralel)', '3 kademe');
    await vi.waitFor(() => expect(last()).toMatchObject({ guillotine: true, firstCut: 'long', stages: 3 }));
    expect(card()).toHaveTextContent('Giyotin kesim, ilk kesim boyuna, en çok 3 kademe');
    expect(kept()).toMatchObject({ guillotine: true, firstCut: 'long', stages: 3 });

    cleanup();
    const again = await setup(false);
    expect(card()).toHaveTextContent('Giyotin kesim, ilk kesim boyuna, en çok 3 kademe');
    await vi.waitFor(() => expect(again.last()).toMatchObject({ guillotine: true, firstCut: 'long', stages: 3 }));
  });

  it('is not sent without guillotine, and comes back when it is checked again', async () => {
    const { user, last } = await setup();
    await canvas(user, true, 'Enine (kısa kenara paralel)', '2 kademe');
    await vi.waitFor(() => expect(last()).toMatchObject({ guillotine: true, firstCut: 'short', stages: 2 }));
    await canvas(user, false);
    await vi.waitFor(() => expect(last()).toMatchObject({ guillotine: false }));
    expect(Object.keys(last()!).sort()).toEqual(['guillotine', 'kerf', 'seed', 'timeLimitMs', 'trim']);
    expect(card()).not.toHaveTextContent(/giyotin|kademe/i);
    await canvas(user, true);
    await vi.waitFor(() => expect(last()).toMatchObject({ guillotine: true, firstCut: 'short', stages: 2 }));
  });

  it('left at Serbest and Sınırsız sends the request from before it', async () => {
    const { user, last } = await setup();
    await canvas(user, true, 'Serbest', 'Sınırsız');
    await vi.waitFor(() => expect(last()).toMatchObject({ guillotine: true }));
    expect(Object.keys(last()!).sort()).toEqual(['guillotine', 'kerf', 'seed', 'timeLimitMs', 'trim']);
    expect(within(card()).getByText('Giyotin kesim')).toBeInTheDocument();
    expect(Object.keys(kept()).sort()).toEqual(['guillotine', 'height', 'kerfMm', 'trimMm', 'width']);
  });

  it('loads work kept before it (or with a profile the engine refuses) as Serbest and Sınırsız', async () => {
    const part = { id: 'p1', name: 'Kapak', width: 45.5, height: 30, quantity: 1 };
    localStorage.setItem('kesim-work', JSON.stringify({ parts: [part], canvas: { width: 100, height: 148, kerfMm: 4, trimMm: 0, guillotine: true, stages: 12, firstCut: 'diagonal' } }));
    const { user, last } = await setup(false);
    await vi.waitFor(() => expect(last()).toMatchObject({ guillotine: true, kerf: 0.4 }));
    expect(Object.keys(last()!).sort()).toEqual(['guillotine', 'kerf', 'seed', 'timeLimitMs', 'trim']);
    await user.click(screen.getByRole('button', { name: 'Nesting Alan Ayarları' }));
    expect(screen.getByRole('combobox', { name: 'İlk kesim' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Kesim kademesi' })).toHaveValue('0');
  });

  it('is saved with a layout and comes back when it is loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // the layout list out of reach
    const { user, last } = await setup();
    await canvas(user, true, 'Boyuna (uzun kenara paralel)', '4 kademe');
    await vi.waitFor(() => expect(last()).toMatchObject({ firstCut: 'long', stages: 4 }));
    await user.click(screen.getByRole('button', { name: 'Düzeni Kaydet' }));
    await user.type(screen.getByLabelText('Düzen Adı'), 'Testere');
    await user.click(within(screen.getByRole('dialog', { name: 'Düzeni Kaydet' })).getByRole('button', { name: 'Kaydet' }));
    await vi.waitFor(() => expect(localStorage.getItem('nesting-layouts')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem('nesting-layouts')!)[0].options).toMatchObject({ guillotine: true, firstCut: 'long', stages: 4 });

    // another profile on screen, then the layout loaded: its own comes back
    await canvas(user, true, 'Serbest', 'Sınırsız');
    await vi.waitFor(() => expect(last()).not.toHaveProperty('firstCut'));
    await user.click(screen.getByRole('button', { name: 'Kayıtlı Parçalar' }));
    await user.click(await screen.findByRole('button', { name: 'Testere: Yükle' }));
    await vi.waitFor(() => expect(last()).toMatchObject({ guillotine: true, firstCut: 'long', stages: 4 }));
    expect(card()).toHaveTextContent('Giyotin kesim, ilk kesim boyuna, en çok 4 kademe');
  });

  it('kept while guillotine is off, is what "Planları karşılaştır" switches guillotine on with', async () => {
    const { user, engine, last } = await setup();
    await canvas(user, true, 'Boyuna (uzun kenara paralel)', '3 kademe');
    await canvas(user, false);
    await vi.waitFor(() => expect(last()).toMatchObject({ guillotine: false }));
    await screen.findByText('En az sayfa sayısı (kanıtlandı)');
    const before = vi.mocked(engine.run).mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Planları karşılaştır' }));
    const dlg = within(screen.getByRole('dialog', { name: 'Planları karşılaştır' }));
    expect(dlg.getByRole('rowheader', { name: /^Şu anki ayarlar/ })).toHaveTextContent('serbest yerleşim');
    await dlg.findByRole('button', { name: 'Bunu kullan: Giyotin kesim, ilk kesim boyuna, en çok 3 kademe ve son levhada tek büyük artık' });
    const compared = vi.mocked(engine.run).mock.calls.slice(before).map((c) => (c[0] as Request).options);
    expect(compared.map((o) => [o.guillotine, o.firstCut, o.stages])).toEqual([
      [false, undefined, undefined],
      [true, 'long', 3],
      [false, undefined, undefined],
      [true, 'long', 3],
    ]);
    await user.click(dlg.getByRole('button', { name: 'Bunu kullan: Giyotin kesim, ilk kesim boyuna, en çok 3 kademe' }));
    await vi.waitFor(() => expect(last()).toMatchObject({ guillotine: true, firstCut: 'long', stages: 3, timeLimitMs: 3000 }));
    expect(card()).toHaveTextContent('Giyotin kesim, ilk kesim boyuna, en çok 3 kademe');
  });
});
