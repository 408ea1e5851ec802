import { useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { useNotices } from '../../components/Notices';
import { ApiError } from '../../lib/api';
import { isQuotaExceeded } from '../../lib/storage';
import { msg } from '../../messages';
import type { Band, Stock } from '../../generated/engine';
import type { Options, PartInput, Result, Sheet } from '../engine/types';
import { api, keptLocally, localStore, savedPartOf, type NewLayout, type SavedLayout } from './api';
import { announceJobGone } from './jobGone';
import { savedMsg } from './texts';

interface Props {
  parts: PartInput[];
  sheet: Sheet;
  options: Partial<Options>;
  /** the stock rows and band codes the layout is made with (absent or empty: the canvas alone) */
  stock?: Stock[];
  bands?: Band[];
  /** result is the layout on screen, saved with it so that what is cut is what was planned */
  result?: Result | null;
  /** job is the loaded job being cut: saving replaces it (its cut sheets pinned) instead of adding a layout */
  job?: { id: string; name: string } | null;
  /** whose local copy keeps the layout when the server cannot be reached (ownerOf) */
  owner: string;
  /** onSaved is told which parts were saved (on the server or kept locally), and the layout the server keeps */
  onSaved: (parts: PartInput[], saved?: SavedLayout) => void;
  onClose: () => void;
}

/**
 * createLayout saves a new layout with its result; when the server will
 * not take the result (a body too large for it, 413, or a result it finds
 * not of these parts and stock, 400 on the field result) the layout is
 * saved without, as before layouts kept their result.
 */
async function createLayout(payload: NewLayout, withResult: NewLayout): Promise<SavedLayout> {
  try {
    return await api.createLayout(withResult);
  } catch (e) {
    const refused = e instanceof ApiError && (e.status === 413 || (e.status === 400 && Object.keys(e.fields).some((f) => f === 'result' || f.startsWith('result.'))));
    if (withResult === payload || !refused) throw e;
    return api.createLayout(payload);
  }
}

/**
 * SaveLayoutDialog saves the layout (its parts, canvas and options) and all
 * its parts. When the server cannot be reached the layout is kept in the
 * browser and pushed to the server at the next start.
 */
export function SaveLayoutDialog({ parts, sheet, options, stock, bands, result, job: jobOnScreen, owner, onSaved, onClose }: Props) {
  const [name, setName] = useState(jobOnScreen?.name ?? '');
  const [busy, setBusy] = useState(false);
  // The job on screen is gone from the server (a save over it was 404): the layout is saved as a new one.
  const [gone, setGone] = useState(false);
  const job = gone ? undefined : jobOnScreen;
  // A re-plan keeps the sheets already cut as they were sawn, under whatever
  // profile that was (the engine checks pinned pages unchanged, not against
  // the profile): the profile on screen is only the rest's.
  const profile = options.guillotine ? msg.profileWords(options.firstCut, options.stages) : [];
  const notices = useNotices();

  /**
   * nameTaken reports whether a saved layout (on the server or kept here)
   * has this name already, as the search matches it, case aside; a server
   * that cannot answer says no.
   */
  const nameTaken = async (n: string): Promise<boolean> => {
    const same = (l: { name: string }) => l.name.trim().toLocaleLowerCase('tr') === n.toLocaleLowerCase('tr');
    if (localStore(owner).layouts().some(same)) return true;
    try {
      return (await api.listLayouts({ q: n, limit: 50 })).layouts.some(same);
    } catch {
      return false;
    }
  };

  const save = async (asNew = false) => {
    if (!name.trim() || busy) return;
    // over: the job this save replaces (none: a new layout).
    const over = asNew ? undefined : job;
    let goneJob: { id: string; name: string } | undefined;
    setBusy(true);
    // A second layout of the same name is made only when asked for.
    if (!over && (await nameTaken(name.trim())) && !(await notices.confirm(savedMsg.nameTaken(name.trim())))) {
      setBusy(false);
      return;
    }
    const payload: NewLayout = { name: name.trim(), parts, sheet, options };
    if (stock?.length) payload.stock = stock;
    if (bands?.length) payload.bands = bands;
    try {
      // The layout on screen goes with it; a job being cut is replaced.
      const withResult = result ? { ...payload, result } : payload;
      const saved = over ? await api.replaceLayout(over.id, withResult) : await createLayout(payload, withResult);
      // The layout is on the server now: its parts' failing to join Kayıtlı
      // Parçalar does not make it a copy kept in this browser.
      const partsSaved = await api.sync(parts.map(savedPartOf), []).then(
        () => true,
        () => false,
      );
      if (partsSaved) notices.toast(over ? savedMsg.jobUpdated : msg.layoutSaved);
      else notices.toast(savedMsg.partsNotSaved, { tone: 'info', ms: 8000 });
      onSaved(parts, saved?.id ? { ...saved, name: saved.name || payload.name } : undefined);
      onClose();
    } catch (e) {
      if (keptLocally(e) && !over) {
        let partsRefused: unknown;
        try {
          partsRefused = localStore(owner).keep(payload);
        } catch {
          // This browser refused the copy too (its storage full): nothing
          // is saved, and the dialog stays open to try again.
          await notices.alert(msg.layoutNotKeptLocally);
          return;
        }
        // Out of reach, or reached and unable to save now (its database): the server's words then.
        const why = e instanceof ApiError && e.status > 0 ? savedMsg.serverCannotSave(e.message) : msg.layoutSavedLocally;
        notices.toast(why, { tone: 'info', ms: 8000 });
        // The layout is kept, with its parts; the list of parts kept here was refused (its storage full, or storage off).
        if (partsRefused) notices.toast(msg.localPartsNotKept(isQuotaExceeded(partsRefused)), { tone: 'error', ms: 12000 });
        onSaved(parts);
        onClose();
      } else if (over && e instanceof ApiError && e.status === 404) {
        // The job is not on the server any more (deleted, or a restore without
        // it): the work drops its link, and the layout can be saved as new.
        goneJob = over;
        setGone(true);
        announceJobGone(over.id);
      } else {
        await notices.alert(`${msg.layoutSaveError}\n${(e as Error).message}`);
      }
    } finally {
      setBusy(false);
    }
    if (goneJob && (await notices.confirm(savedMsg.jobGone(goneJob.name)))) await save(true);
  };

  // Handled here: the key's default would press the button of the error alert that save may open.
  const saveOnEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void save();
  };

  return (
    <Dialog
      title={job ? savedMsg.updateJobTitle : msg.saveDialogTitle}
      onClose={onClose}
      closeOnBackdrop={false}
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
        <input value={name} maxLength={200} onChange={(e) => setName(e.target.value)} onKeyDown={saveOnEnter} data-autofocus />
      </label>
      {gone && (
        <p className="inline-notice" role="status">
          {savedMsg.jobGoneNote}
        </p>
      )}
      <p className="hint">{job ? savedMsg.updateJobNote : msg.saveNote}</p>
      {job && profile.length > 0 && <p className="hint">{savedMsg.updateJobProfile(profile.join(', '))}</p>}
    </Dialog>
  );
}
