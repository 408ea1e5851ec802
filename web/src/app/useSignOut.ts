import { useNotices } from '../components/Notices';
import { stockMsg } from '../features/stock/texts';
import { msg } from '../messages';
import type { Session } from './useSession';
import { saveStock, StockConflict } from './useStockSync';
import type { useWork } from './useWork';

/** SignOutWork is what signing out needs of the work (useWork). */
type SignOutWork = Pick<ReturnType<typeof useWork>, 'unsaved' | 'stock' | 'stockUnsent' | 'stockVersion' | 'setStock' | 'stockSent' | 'forget'>;

/**
 * useSignOut is the sign-out of every screen with a Çıkış button (the
 * work, a sheet's checklist): the user's work is kept in this browser per
 * user whichever screen is shown, so each clears it (after a question if
 * it was never saved) and sends what this browser kept for the user to
 * the server first, so nothing of theirs stays behind for the next user.
 */
export function useSignOut(session: Pick<Session, 'signOut'>, work: SignOutWork): () => Promise<void> {
  const notices = useNotices();
  return async () => {
    if (work.unsaved && !(await notices.confirm(msg.confirmSignOut, { destructive: true }))) return;
    // Stock the server has not taken yet goes before the work is forgotten.
    if (work.stockUnsent && work.stock) {
      const r = await saveStock(work.stock, work);
      // Saved from another tab or device since this browser read it: the
      // user says which list stays, as at a start after an offline change.
      if (r instanceof StockConflict && (await notices.confirm(stockMsg.changedElsewhereAtSignOut))) await saveStock(r.mine, work, r.version);
    }
    await session.signOut();
    work.forget();
  };
}
