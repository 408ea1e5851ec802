import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { NoticeProvider } from '../../components/Notices';
import { localStore, syncLocal } from './api';

// A sync the server took whose local copies this browser then refuses to
// remove: the sync is not a failure, the copies stay, and the user is told once.

const layout = (name: string) => ({ name, parts: [{ id: 'p', name: `${name} parça`, width: 10, height: 20, quantity: 2 }], sheet: { width: 100, height: 148 }, options: {} });
let synced: number;

beforeEach(() => {
  localStorage.clear();
  synced = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/api/sync') return Response.json(null, { status: 404 });
      synced++;
      const body = JSON.parse(String(init!.body));
      // the server saves nothing twice: a copy sent again is no new row
      return Response.json(synced === 1 ? { newParts: body.parts.length, newLayouts: body.layouts.length } : { newParts: 0, newLayouts: 0 });
    }),
  );
});

describe('syncLocal when this browser refuses to remove what the server took', () => {
  it('answers what the server saved, keeps the copies to send again, and says so once', async () => {
    localStore('@alice').keep(layout('Mutfak'));
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    render(<NoticeProvider>{null}</NoticeProvider>);
    const alice = { mode: 'team', username: 'alice' } as const;
    expect(await syncLocal(alice)).toEqual({ newParts: 1, newLayouts: 1, sent: 2, refused: [] });
    expect(localStore('@alice').layouts().map((l) => l.name)).toEqual(['Mutfak']);
    const said =
      'Sunucuya gönderilen yerel düzen ve parçalar bu tarayıcıdan silinemedi (tarayıcı depolamaya izin vermedi). Sunucuda kayıtlılar; bu tarayıcıdaki kopyaları bir sonraki senkronizasyonda yeniden gönderilir. Sunucuda aynen duranlar ikinci kez kaydedilmez; o arada sunucuda değiştirilen ya da silinen bir düzen ile silinen bir parça ise bu kopyadan yeniden eklenir (adı sunucuda kullanılan bir düzenin adına "(2)" gibi bir numara eklenir). Gerekmeyen kopyayı sonra silebilirsiniz.';
    expect(await screen.findByRole('alert')).toHaveTextContent(said);
    // Sent again (back online): nothing new on the server, still not removed, not said again.
    expect(await syncLocal(alice)).toEqual({ newParts: 0, newLayouts: 0, sent: 2, refused: [] });
    expect(screen.getAllByText(said)).toHaveLength(1);
    // Allowed again: the next sync removes them.
    vi.restoreAllMocks();
    await syncLocal(alice);
    expect(localStore('@alice').layouts()).toEqual([]);
    expect(localStore('@alice').parts()).toEqual([]);
  });
});

describe('the notice of copies sent again', () => {
  // The server as POST /api/sync is (docs/http-api.md, "Sync"): a layout of
  // a name it holds with the same content is skipped, one of a taken name
  // with other content is saved numbered, "Mutfak (2)" (and skipped once
  // held so, when sent again); a part is skipped
  // when one of its name and sizes is held.
  type Row = { name: string; content: string };
  let layouts: Row[];
  let parts: string[];
  beforeEach(() => {
    layouts = [];
    parts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url !== '/api/sync') return Response.json(null, { status: 404 });
        const body = JSON.parse(String(init!.body)) as { parts: { name: string; width: number; height: number }[]; layouts: { name: string; parts: unknown; sheet: unknown }[] };
        let newParts = 0;
        let newLayouts = 0;
        for (const p of body.parts) {
          const key = `${p.name}|${p.width}|${p.height}`;
          if (parts.includes(key)) continue;
          parts.push(key);
          newParts++;
        }
        for (const l of body.layouts) {
          const content = JSON.stringify([l.parts, l.sheet]);
          // the same content under its name, or under a name a sync numbered for it
          if (layouts.some((r) => (r.name === l.name || r.name.startsWith(`${l.name} (`)) && r.content === content)) continue;
          let name = l.name;
          for (let n = 2; layouts.some((r) => r.name === name); n++) name = `${l.name} (${n})`;
          layouts.push({ name, content });
          newLayouts++;
        }
        return Response.json({ newParts, newLayouts });
      }),
    );
  });

  it('says what the server does with them: the same saved once, a layout re-planned or deleted there meanwhile saved again, numbered when its name is taken', async () => {
    localStore('@alice').keep(layout('Mutfak'));
    localStore('@alice').keep(layout('Banyo'));
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    render(<NoticeProvider>{null}</NoticeProvider>);
    const alice = { mode: 'team', username: 'alice' } as const;
    expect(await syncLocal(alice)).toMatchObject({ newParts: 2, newLayouts: 2 });
    const notice = (await screen.findByRole('alert')).textContent ?? '';
    // Meanwhile Mutfak is re-planned on the server, Banyo and a part deleted there; the copies go again.
    layouts[0].content = 'yeniden planlandı';
    layouts.splice(1, 1);
    parts.splice(0, 1);
    expect(await syncLocal(alice)).toMatchObject({ newParts: 1, newLayouts: 2 });
    expect(layouts.map((l) => l.name)).toEqual(['Mutfak', 'Mutfak (2)', 'Banyo']);
    // The notice promised no less: what the server holds unchanged is not saved again, a copy of
    // what was changed or deleted there is, a taken name numbered as the server numbers it.
    const numbered = layouts[1].name.slice('Mutfak '.length);
    expect(notice).toContain('aynen duranlar ikinci kez kaydedilmez');
    expect(notice).toContain('değiştirilen ya da silinen bir düzen ile silinen bir parça ise bu kopyadan yeniden eklenir');
    expect(notice).toContain(`"${numbered}"`);
    // sent a third time, nothing is new
    expect(await syncLocal(alice)).toMatchObject({ newParts: 0, newLayouts: 0 });
  });
});
