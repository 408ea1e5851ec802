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
      'Sunucuya gönderilen yerel düzen ve parçalar bu tarayıcıdan silinemedi (tarayıcı depolamaya izin vermedi). Sunucuda kayıtlılar; bu tarayıcıdaki kopyaları bir sonraki senkronizasyonda yeniden gönderilir ve sunucuda ikinci kez kaydedilmez.';
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
