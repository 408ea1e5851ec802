import { useMemo, useSyncExternalStore } from 'react';
import { canvasOf, type CanvasSettings } from '../features/canvas/settings';
import type { PartInput } from '../features/engine/types';
import { newPartId, type Part } from '../features/parts/parts';
import type { SavedLayout } from '../features/saved/api';
import { settingsOf, type StockSettings } from '../features/stock/stock';
import { ownerOf, takesPlainCopies, type Me } from '../lib/account';
import { partsPrint, unsaved, WorkStore } from './work';

/**
 * useWork is the work on screen: the parts, the canvas, and the print of
 * the layout last saved or loaded. It is the signed-in account's, kept in
 * this browser for them (work.ts) and back on screen when they sign in
 * again; while nobody is signed in (or the server has not said who is),
 * the page shows no work and keeps none.
 */
export function useWork(account: Me | null | undefined) {
  const owner = account ? ownerOf(account) : null;
  const adoptPlain = !!account && takesPlainCopies(account);
  const store = useMemo(() => new WorkStore(owner, adoptPlain), [owner, adoptPlain]);
  const work = useSyncExternalStore(store.subscribe, store.snapshot);
  const isUnsaved = useMemo(() => unsaved(work), [work]);
  const edits = useMemo(() => {
    const { update } = store;
    return {
      add: (ps: Omit<Part, 'id'>[]) => {
        const added = ps.map((p) => ({ ...p, id: newPartId() }));
        update((w) => ({ ...w, parts: [...w.parts, ...added] }));
      },
      edit: (id: string, change: Partial<Part>) => update((w) => ({ ...w, parts: w.parts.map((p) => (p.id === id ? { ...p, ...change } : p)) })),
      remove: (id: string) => update((w) => ({ ...w, parts: w.parts.filter((p) => p.id !== id) })),
      clear: () => update((w) => ({ ...w, parts: [] })),
      setCanvas: (canvas: CanvasSettings) => update((w) => ({ ...w, canvas })),
      /** load puts a saved layout's parts and canvas on screen. */
      load: (l: SavedLayout): StockSettings | undefined => {
        const parts = l.parts.map((p) => ({ ...p, id: newPartId() }));
        // A layout saved with stock rows or bands puts them back (and
        // they become the user's stock, to be sent: the stock it returns);
        // one saved without leaves the user's stock as it is.
        const stock =
          l.stock?.length || l.bands?.length
            ? settingsOf({ stock: l.stock, bands: l.bands, objective: l.options?.objective, deductBands: l.options?.deductBands })
            : undefined;
        update((w) => {
          const next: typeof w = { ...w, parts, saved: partsPrint(l.parts), canvas: canvasOf(l.sheet, l.options) };
          if (stock) {
            next.stock = stock;
            next.stockUnsent = true;
          }
          return next;
        });
        return stock;
      },
      /** setStock puts the stock dialog's lists on screen; unsent: the server has not taken them yet. */
      setStock: (stock: StockSettings, unsent: boolean) => update((w) => ({ ...w, stock, stockUnsent: unsent })),
      /** stockSent notes that the server took the stock on screen. */
      stockSent: (stock: StockSettings) => update((w) => (w.stock === stock ? { ...w, stockUnsent: false } : w)),
      /** markSaved notes the parts just saved as a layout: they are no longer unsaved. */
      markSaved: (ps: PartInput[]) => update((w) => ({ ...w, saved: partsPrint(ps) })),
      /** forget removes the owner's work from this browser (sign-out). */
      forget: store.forget,
    };
  }, [store]);

  return {
    owner: store.owner,
    parts: work.parts,
    canvas: work.canvas,
    stock: work.stock,
    stockUnsent: work.stockUnsent === true,
    /** unsaved: the parts on screen are not the layout last saved or loaded */
    unsaved: isUnsaved,
    ...edits,
  };
}
