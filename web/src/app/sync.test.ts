import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../messages';

const syncLocal = vi.fn();
const toast = vi.fn();
vi.mock('../features/saved/api', () => ({ syncLocal: (...a: unknown[]) => syncLocal(...a) }));
vi.mock('../components/Notices', () => ({ useNotices: () => notices }));
const notices = { toast };

const { syncBeforeSignOut, useSyncOnSignIn } = await import('./sync');

afterEach(() => {
  syncLocal.mockReset();
  toast.mockReset();
});

describe('useSyncOnSignIn', () => {
  it('sends what the browser kept again when it is back online, quietly when that fails', async () => {
    syncLocal.mockResolvedValueOnce(null).mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce({ newParts: 0, newLayouts: 1, sent: 1, refused: [] });
    const { unmount } = renderHook(() => useSyncOnSignIn({ mode: 'team', username: 'ayse' }, true));
    await waitFor(() => expect(syncLocal).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(syncLocal).toHaveBeenCalledTimes(2));
    expect(toast).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(msg.syncDone(0, 1), { ms: 5000 }));
    unmount();
    window.dispatchEvent(new Event('online'));
    expect(syncLocal).toHaveBeenCalledTimes(3);
  });

  const refusedToast = { title: msg.syncErrorTitle, tone: 'error', ms: 10000 };
  const why = 'Ölçüler en fazla 1.000 cm olabilir.';
  const refused = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: i % 2 ? 'part' : 'layout', name: `Ad ${i + 1}`, reason: why }));

  it('names the items the server refused, at sign-in, and back online only along with something saved', async () => {
    syncLocal
      .mockResolvedValueOnce({ newParts: 1, newLayouts: 1, sent: 3, refused: refused(5) })
      .mockResolvedValueOnce({ newParts: 0, newLayouts: 0, sent: 0, refused: refused(1) })
      .mockResolvedValueOnce({ newParts: 0, newLayouts: 1, sent: 1, refused: refused(1) });
    const { unmount } = renderHook(() => useSyncOnSignIn({ mode: 'team', username: 'ayse' }, true));
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(5));
    expect(toast.mock.calls).toEqual([
      [msg.syncDone(1, 1), { ms: 5000 }],
      ['"Ad 1" düzeni sunucuya kaydedilemedi: Ölçüler en fazla 1.000 cm olabilir. Bu tarayıcıda duruyor.', refusedToast],
      ['"Ad 2" parçası sunucuya kaydedilemedi: Ölçüler en fazla 1.000 cm olabilir. Bu tarayıcıda duruyor.', refusedToast],
      ['"Ad 3" düzeni sunucuya kaydedilemedi: Ölçüler en fazla 1.000 cm olabilir. Bu tarayıcıda duruyor.', refusedToast],
      ['Sunucuya kaydedilemeyen 2 kayıt daha bu tarayıcıda duruyor.', refusedToast],
    ]);
    toast.mockReset();
    window.dispatchEvent(new Event('online')); // the refused one alone, refused again: told already
    await waitFor(() => expect(syncLocal).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(toast).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(2));
    expect(toast).toHaveBeenLastCalledWith(msg.syncRefused('layout', 'Ad 1', why), refusedToast);
    unmount();
  });

  it('says nothing of a sync when every item was refused but the refusals, at sign-in and sign-out', async () => {
    syncLocal.mockResolvedValue({ newParts: 0, newLayouts: 0, sent: 0, refused: [{ kind: 'part', name: ' ', reason: 'Lütfen tüm alanları doldurun!' }] });
    const { unmount } = renderHook(() => useSyncOnSignIn({ mode: 'local' }, true));
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    expect(toast).toHaveBeenCalledWith('Adsız bir parça sunucuya kaydedilemedi: Lütfen tüm alanları doldurun! Bu tarayıcıda duruyor.', refusedToast);
    unmount();
    toast.mockReset();
    await syncBeforeSignOut({ mode: 'local' }, notices as never);
    expect(toast.mock.calls).toEqual([['Adsız bir parça sunucuya kaydedilemedi: Lütfen tüm alanları doldurun! Bu tarayıcıda duruyor.', refusedToast]]);
  });
});
