import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { useNotices } from '../../components/Notices';
import { fmt1d, fmtCm, parseDecimal } from '../../lib/number';
import { MAX_STAGES } from '../../generated/limits';
import { msg } from '../../messages';
import { checkCanvas, profileOf, type CanvasDraft, type CanvasSettings } from './settings';

/** STAGE_CHOICES are the "Kesim kademesi" choices: 0 ("Sınırsız"), then 2 to MAX_STAGES. */
const STAGE_CHOICES = [0, ...Array.from({ length: MAX_STAGES - 1 }, (_, i) => i + 2)];

/** guillotineSummary is "Giyotin kesim" with the saw profile when one is set: "Giyotin kesim, ilk kesim boyuna, en çok 3 kademe". */
function guillotineSummary(s: CanvasSettings): string {
  const p = profileOf(s);
  return [msg.guillotine, ...msg.profileWords(p.firstCut, p.stages)].join(', ');
}

interface Props {
  settings: CanvasSettings;
  onChange: (s: CanvasSettings) => void;
}

/** CanvasCard shows the sheet size and opens the 'Alan Boyutu Ekle' dialog. */
export function CanvasCard({ settings, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // The notice's timer: a second change restarts it, so that its notice
  // shows its whole 4 seconds, not the rest of the first one's.
  const hide = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hide.current), []);
  const extras = [
    settings.kerfMm > 0 && `${msg.kerf}: ${fmtCm(settings.kerfMm)}`,
    settings.trimMm > 0 && `${msg.trim}: ${fmtCm(settings.trimMm)}`,
    settings.guillotine && guillotineSummary(settings),
  ].filter(Boolean);

  const apply = (s: CanvasSettings) => {
    onChange(s);
    setOpen(false);
    const zoom = s.width > 200 || s.height > 200 ? `\n${msg.autoZoom}` : '';
    setNotice(`${msg.canvasUpdated} ${fmtCm(s.width)} x ${fmtCm(s.height)} cm${zoom}`);
    clearTimeout(hide.current);
    hide.current = setTimeout(() => setNotice(null), 4000);
  };

  return (
    <section className="card canvas-card" aria-labelledby="canvas-title">
      <div>
        <h2 id="canvas-title">{msg.canvasTitle}</h2>
        <p className="canvas-size">
          {fmtCm(settings.width)} x {fmtCm(settings.height)} cm
        </p>
        {extras.length > 0 && <p className="muted">{extras.join(' · ')}</p>}
      </div>
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        {msg.canvasSettings}
      </button>
      {notice && (
        <div className="inline-notice success pre" role="status">
          {notice}
        </div>
      )}
      {open && <CanvasDialog settings={settings} onApply={apply} onCancel={() => setOpen(false)} />}
    </section>
  );
}

function CanvasDialog({ settings, onApply, onCancel }: { settings: CanvasSettings; onApply: (s: CanvasSettings) => void; onCancel: () => void }) {
  const [d, setD] = useState<CanvasDraft>({
    width: fmtCm(settings.width).replace(/\./g, ''),
    height: fmtCm(settings.height).replace(/\./g, ''),
    kerfMm: settings.kerfMm ? fmtCm(settings.kerfMm) : '',
    trimMm: settings.trimMm ? fmtCm(settings.trimMm) : '',
    guillotine: settings.guillotine,
    firstCut: profileOf(settings).firstCut ?? '',
    stages: profileOf(settings).stages ?? 0,
  });
  const notices = useNotices();
  const w = parseDecimal(d.width);
  const h = parseDecimal(d.height);
  const valid = w > 0 && h > 0;

  const submit = async () => {
    const c = checkCanvas(d);
    if (!c.ok) {
      await notices.alert(c.error);
      return;
    }
    if (c.huge && !(await notices.confirm(msg.confirmHugeCanvas))) return;
    onApply(c.settings);
  };

  // Handled here: the key's default would press the button of the alert or confirm that submit opens.
  const submitOnEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void submit();
  };

  const input = (key: 'width' | 'height' | 'kerfMm' | 'trimMm', label: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={d[key]}
        inputMode="decimal"
        onChange={(e) => setD({ ...d, [key]: e.target.value })}
        onKeyDown={submitOnEnter}
        data-autofocus={key === 'width' ? true : undefined}
      />
    </label>
  );

  return (
    <Dialog
      title={msg.canvasDialogTitle}
      onClose={onCancel}
      closeOnBackdrop={false}
      footer={
        <>
          <button type="button" className="secondary" onClick={onCancel}>
            {msg.cancel}
          </button>
          <button type="button" className="primary" onClick={() => void submit()}>
            {msg.applyCanvas}
          </button>
        </>
      }
    >
      <div className="form-grid two">
        {input('width', msg.canvasWidth)}
        {input('height', msg.canvasHeight)}
        {input('kerfMm', msg.kerf)}
        {input('trimMm', msg.trim)}
      </div>
      <label className="check" title={msg.guillotineHint}>
        <input type="checkbox" checked={d.guillotine} onChange={(e) => setD({ ...d, guillotine: e.target.checked })} />
        <span>{msg.guillotine}</span>
      </label>
      <p className="hint">{msg.guillotineHint}</p>
      {/* The saw profile: only with guillotine (the engine takes it only so); kept while it is off. */}
      {d.guillotine && (
        <div className="canvas-profile">
          <label className="field">
            <span>{msg.firstCut}</span>
            <select value={d.firstCut} aria-describedby="canvas-first-cut-hint" onChange={(e) => setD({ ...d, firstCut: e.target.value as CanvasDraft['firstCut'] })}>
              <option value="">{msg.firstCutAny}</option>
              <option value="long">{msg.firstCutLong}</option>
              <option value="short">{msg.firstCutShort}</option>
            </select>
          </label>
          <p className="hint" id="canvas-first-cut-hint">
            {msg.firstCutHint}
          </p>
          <label className="field">
            <span>{msg.stages}</span>
            <select value={d.stages} aria-describedby="canvas-stages-hint" onChange={(e) => setD({ ...d, stages: Number(e.target.value) })}>
              {STAGE_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? msg.stagesAny : msg.stagesN(n)}
                </option>
              ))}
            </select>
          </label>
          <p className="hint" id="canvas-stages-hint">
            {msg.stagesHint}
          </p>
        </div>
      )}
      {valid && (
        <p className="preview-line" aria-live="polite">
          {msg.canvasPreview(fmtCm(w), fmtCm(h), fmt1d(w * h))}
        </p>
      )}
      {valid && (w > 500 || h > 500) && <p className="inline-notice warning">{msg.canvasPerfWarning}</p>}
    </Dialog>
  );
}
