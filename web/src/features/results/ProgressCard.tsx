import { msg } from '../../messages';

interface Props {
  pieces: number;
  done: number;
  bestPages: number;
}

/** ProgressCard shows the engine's real progress while it computes. */
export function ProgressCard({ pieces, done, bestPages }: Props) {
  const pct = Math.round(Math.max(0, Math.min(1, done)) * 100);
  return (
    <section className="card progress-card" aria-live="polite" aria-busy="true">
      <h2>{msg.progressTitle}</h2>
      <p>{pieces > 100 ? msg.progressMany(pieces) : msg.progressFew}</p>
      <div className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={msg.progressTitle}>
        <div style={{ width: `${pct}%` }} />
      </div>
      {bestPages > 0 && <p className="muted">{msg.progressBest(bestPages)}</p>}
      {pieces > 200 && <p className="hint">{msg.progressTip}</p>}
    </section>
  );
}
