import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import { localStore } from './api';
import { SaveLayoutDialog } from './SaveLayoutDialog';

const parts = [{ id: 'a', name: 'Yan', width: 56, height: 72, quantity: 2, material: 'Beyaz', edges: { top: 'B1' } }];
const stock = [{ id: 's1', material: 'Beyaz', width: 183, height: 366, quantity: 4, price: 1450 }];
const bands = [{ code: 'B1', thickness: 0.8 }];

let posted: unknown[];
let synced: { parts: Record<string, unknown>[] }[];
let status: number;
let syncStatus: number;
let existing: { id: string; name: string }[];
beforeEach(() => {
  localStorage.clear();
  posted = [];
  synced = [];
  status = 200;
  syncStatus = 200;
  existing = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/layouts' && init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        if (status === 503) return Response.json({ error: { code: 'unavailable', message: 'Veritabanının diski dolu: kayıt yapılamadı.' } }, { status });
        return status === 200 ? Response.json({ id: '1', createdAt: '' }) : new Response('null', { status });
      }
      if (url.startsWith('/api/layouts?') && (init?.method ?? 'GET') === 'GET') return Response.json({ layouts: existing });
      if (url === '/api/sync' && syncStatus !== 200) return Response.json({ error: { code: 'internal', message: 'Sunucu hatası' } }, { status: syncStatus });
      if (url === '/api/sync') synced.push(JSON.parse(init!.body as string));
      return Response.json({ newParts: 0, newLayouts: 0 });
    }),
  );
});

async function save(withStock: boolean) {
  const onSaved = vi.fn();
  render(
    <NoticeProvider>
      <SaveLayoutDialog
        parts={parts}
        sheet={{ width: 183, height: 366 }}
        options={withStock ? { kerf: 0, objective: 'area' } : { kerf: 0 }}
        stock={withStock ? stock : []}
        bands={withStock ? bands : []}
        owner=""
        onSaved={onSaved}
        onClose={() => {}}
      />
    </NoticeProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Düzen Adı'), 'Mutfak');
  await user.click(screen.getByRole('button', { name: 'Kaydet' }));
  await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
}

describe('SaveLayoutDialog and a name already saved', () => {
  it('asks before making a second layout of the same name, and makes none on İptal', async () => {
    existing = [{ id: '9', name: 'mutfak ' }];
    const onSaved = vi.fn();
    render(
      <NoticeProvider>
        <SaveLayoutDialog parts={parts} sheet={{ width: 183, height: 366 }} options={{ kerf: 0 }} owner="" onSaved={onSaved} onClose={() => {}} />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Düzen Adı'), 'Mutfak');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText(/"Mutfak" adında kayıtlı bir düzen zaten var/)).toBeInTheDocument();
    // The question is on top of the dialog: its İptal is the last one.
    await user.click(screen.getAllByRole('button', { name: 'İptal' }).at(-1)!);
    expect(posted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted).toHaveLength(1);
  });
});

describe('SaveLayoutDialog with stock', () => {
  it('sends the stock rows and band codes with the layout', async () => {
    await save(true);
    expect(posted).toEqual([{ name: 'Mutfak', parts, sheet: { width: 183, height: 366 }, options: { kerf: 0, objective: 'area' }, stock, bands }]);
  });

  it('saves the parts with their material and bands, to come back from Kayıtlı Parçalar as they were', async () => {
    await save(true);
    expect(synced).toHaveLength(1);
    const { createdAt, ...part } = synced[0].parts[0];
    expect(typeof createdAt).toBe('string');
    expect(part).toEqual({ name: 'Yan', width: 56, height: 72, quantity: 2, material: 'Beyaz', edges: { top: 'B1' } });
  });

  it('keeps the parts with their material in this browser too', async () => {
    status = 503;
    await save(true);
    expect(localStore('').parts().map(({ name, material, edges }) => ({ name, material, edges }))).toEqual([{ name: 'Yan', material: 'Beyaz', edges: { top: 'B1' } }]);
  });

  it('says nothing was saved, and stays open, when the server is out of reach and this browser refuses the copy (its storage full)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    onTestFinished(() => full.mockRestore());
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(
      <NoticeProvider>
        <SaveLayoutDialog parts={parts} sheet={{ width: 183, height: 366 }} options={{ kerf: 0 }} owner="" onSaved={onSaved} onClose={onClose} />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Düzen Adı'), 'Mutfak');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Düzen kaydedilemedi: sunucuya ulaşılamadı ve bu tarayıcının depolama alanı dolu.');
    expect(localStore('').layouts()).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Düzen Adı')).toHaveValue('Mutfak');
  });

  it('keeps the layout and says its parts were not added to the parts kept here when this browser refuses only those (its storage full)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === 'nesting-parts') throw new DOMException('quota', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(
      <NoticeProvider>
        <SaveLayoutDialog parts={parts} sheet={{ width: 183, height: 366 }} options={{ kerf: 0 }} owner="" onSaved={onSaved} onClose={onClose} />
      </NoticeProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Düzen Adı'), 'Mutfak');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Düzen bu tarayıcıda saklandı, ama parçaları bu tarayıcının Kayıtlı Parçalar listesine eklenemedi (tarayıcının depolama alanı dolu). Parçalar düzenle birlikte duruyor: düzeni yükleyince gelirler. Yer açmak için "Kayıtlı Parçalar ve Düzenler"de bu tarayıcıda tutulan (yerel) eski düzenleri silin.',
    );
    expect(screen.getByText('Sunucuya ulaşılamadı; düzen bu tarayıcıda yerel olarak saklandı.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(localStore('').layouts().map((l) => [l.name, l.parts.length])).toEqual([['Mutfak', parts.length]]);
    expect(localStore('').parts()).toEqual([]);
    expect(onSaved).toHaveBeenCalledWith(parts);
    expect(onClose).toHaveBeenCalled();
  });

  it('sends no stock fields when there is none', async () => {
    await save(false);
    expect(Object.keys(posted[0] as object).sort()).toEqual(['name', 'options', 'parts', 'sheet']);
  });

  it('keeps them in this browser when the server is out of reach', async () => {
    status = 503;
    await save(true);
    const kept = localStore('').layouts();
    expect(kept).toHaveLength(1);
    expect(kept[0].stock).toEqual(stock);
    expect(kept[0].bands).toEqual(bands);
    // The server answered: its words, not "Sunucuya ulaşılamadı".
    expect(await screen.findByText(/^Sunucu düzeni şu an kaydedemiyor: Veritabanının diski dolu: kayıt yapılamadı\. Düzen bu tarayıcıda yerel olarak saklandı/)).toBeInTheDocument();
  });

  it('keeps no local copy of a layout the server saved when only its parts failed', async () => {
    syncStatus = 500;
    await save(true);
    expect(posted).toHaveLength(1);
    expect(localStore('').layouts()).toEqual([]);
    expect(await screen.findByText(/^Düzen kaydedildi; parçaları Kayıtlı Parçalar listesine eklenemedi/)).toBeInTheDocument();
  });
});

describe('SaveLayoutDialog keys and backdrop', () => {
  function open() {
    const onClose = vi.fn();
    render(
      <NoticeProvider>
        <SaveLayoutDialog parts={parts} sheet={{ width: 183, height: 366 }} options={{ kerf: 0 }} owner="" onSaved={() => {}} onClose={onClose} />
      </NoticeProvider>,
    );
    return { onClose, user: userEvent.setup() };
  }

  it('keeps the typed name after a click beside the dialog', async () => {
    const { onClose, user } = open();
    await user.type(screen.getByLabelText('Düzen Adı'), 'Mutfak');
    await user.pointer({ keys: '[MouseLeft]', target: screen.getByRole('dialog', { name: 'Düzeni Kaydet' }).parentElement! });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Düzen Adı')).toHaveValue('Mutfak');
  });

  it('Enter saves; an error stays on screen until it is read', async () => {
    status = 400;
    const { user } = open();
    await user.type(screen.getByLabelText('Düzen Adı'), 'Mutfak{Enter}');
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Düzen kaydedilirken hata oluştu!');
    expect(posted).toHaveLength(1);
  });
});

describe('SaveLayoutDialog over a job being cut, under a saw profile', () => {
  const profileNote = 'Kesim profili (ilk kesim boyuna, en çok 2 kademe) yalnız kalan levhalara uygulanır; kesilmiş levhalar kesildikleri sırayla kalır.';
  const show = (options: Record<string, unknown>, job: { id: string; name: string } | null) =>
    render(
      <NoticeProvider>
        <SaveLayoutDialog parts={parts} sheet={{ width: 183, height: 366 }} options={options} job={job} owner="" onSaved={() => {}} onClose={() => {}} />
      </NoticeProvider>,
    );

  it('says that the profile is the re-planned sheets\' and the cut ones stay as they were sawn', () => {
    show({ kerf: 0.4, guillotine: true, firstCut: 'long', stages: 2 }, { id: 'j1', name: 'Mutfak' });
    expect(screen.getByText('Kesilmiş levhalar olduğu gibi kalır; yalnız kalan levhalar yeniden planlanır.')).toBeInTheDocument();
    expect(screen.getByText(profileNote)).toBeInTheDocument();
  });

  it('says nothing of a profile without one, for a free layout, or for a new layout', () => {
    const cases: [Record<string, unknown>, { id: string; name: string } | null][] = [
      [{ kerf: 0.4, guillotine: true }, { id: 'j1', name: 'Mutfak' }],
      [{ kerf: 0.4, guillotine: false, firstCut: 'long', stages: 2 }, { id: 'j1', name: 'Mutfak' }],
      [{ kerf: 0.4, guillotine: true, firstCut: 'long', stages: 2 }, null],
    ];
    for (const [options, job] of cases) {
      const { unmount } = show(options, job);
      expect(screen.queryByText(/Kesim profili/)).toBeNull();
      unmount();
    }
  });
});
