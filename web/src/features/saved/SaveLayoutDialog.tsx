import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useNotices } from '../../components/Notices';
import { msg } from '../../messages';
import type { Band, Stock } from '../../generated/engine';
import type { Options, PartInput, Sheet } from '../engine/types';
import { api, keptLocally, localStore } from './api';

interface Props {
  parts: PartInput[];
  sheet: Sheet;
  options: Partial<Options>;
  /** the stock rows and band codes the layout is made with (absent or empty: the canvas alone) */
  stock?: Stock[];
  bands?: Band[];
  /** whose local copy keeps the layout when the server cannot be reached (ownerOf) */
  owner: string;
  /** onSaved is told which parts were saved (on the server or kept locally) */
  onSaved: (parts: PartInput[]) => void;
  onClose: () => void;
}

/**
 * SaveLayoutDialog saves the layout (its parts, canvas and options) and all
 * its parts. When the server cannot be reached the layout is kept in the
 * browser and pushed to the server at the next start.
 */
export function SaveLayoutDialog({ parts, sheet, options, stock, bands, owner, onSaved, onClose }: Props) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const notices = useNotices();

  const save = async () => {
    if (!name.trim() || busy) return;
    setBusy(true);
    const payload: Parameters<typeof api.createLayout>[0] = { name: name.trim(), parts, sheet, options };
    if (stock?.length) payload.stock = stock;
    if (bands?.length) payload.bands = bands;
    try {
      await api.createLayout(payload);
      await api.sync(
        parts.map((p) => ({ name: p.name, width: p.width, height: p.height, quantity: p.quantity, createdAt: new Date().toISOString() })),
        [],
      );
      notices.toast(msg.layoutSaved);
      onSaved(parts);
      onClose();
    } catch (e) {
      if (keptLocally(e)) {
        localStore(owner).keep(payload);
        notices.toast(msg.layoutSavedLocally, { tone: 'info', ms: 5000 });
        onSaved(parts);
        onClose();
      } else {
        await notices.alert(`${msg.layoutSaveError}\n${(e as Error).message}`);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={msg.saveDialogTitle}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            {msg.cancel}
          </button>
          <button type="button" className="primary" disabled={!name.trim() || busy} onClick={() => void save()}>
            {msg.save}
          </button>
        </>
      }
    >
      <label className="field">
        <span>{msg.layoutName}</span>
        <input value={name} maxLength={200} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void save()} data-autofocus />
      </label>
      <p className="hint">{msg.saveNote}</p>
    </Dialog>
  );
}
