import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../messages';

const syncLocal = vi.fn();
const toast = vi.fn();
vi.mock('../features/saved/api', () => ({ syncLocal: (...a: unknown[]) => syncLocal(...a) }));
vi.mock('../components/Notices', () => ({ useNotices: () => notices }));
const notices = { toast };

const { useSyncOnSignIn } = await import('./sync');

afterEach(() => {
  syncLocal.mockReset();
  toast.mockReset();
});

describe('useSyncOnSignIn', () => {
  it('sends what the browser kept again when it is back online, quietly when that fails', async () => {
    syncLocal.mockResolvedValueOnce(null).mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce({ newParts: 0, newLayouts: 1 });
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
});
