import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { NoticeProvider } from './components/Notices';
import type { EngineClient } from './features/engine/client';
import type { Request, Result } from './features/engine/types';

// A stand-in engine: one page per part line, so the test controls what the
// results view shows without WebAssembly.
function fakeEngine(): EngineClient {
  return {
    warm: () => {},
    usingServer: false,
    run: vi.fn(async (req: Request): Promise<Result> => ({
      sheet: req.sheet,
      pages: req.parts.map((p, i) => ({
        id: `page-${i}`,
        efficiency: 50,
        parts: [{ id: `${p.id}-0`, name: p.name, x: 0, y: 0, width: p.width, height: p.height, rotated: false, originalIndex: i }],
      })),
      skipped: [],
      stats: { pages: req.parts.length, lowerBound: req.parts.length, optimal: true, efficiency: 50, placed: req.parts.length, elapsedMs: 1 },
    })),
    pdf: vi.fn(),
    dxf: vi.fn(),
    fileName: vi.fn(),
  } as unknown as EngineClient;
}

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
  vi.stubGlobal('fetch', vi.fn(async () => new Response('null', { status: 503 })));
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
    expect(screen.getByRole('button', { name: 'Önceki sayfa' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    expect(screen.getByText('Sayfa 2 / 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sonraki sayfa' })).toBeDisabled();
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
