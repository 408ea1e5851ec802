import { useEffect, useState } from 'react';
import { msg } from '../messages';

/** FADE_MS is the splash's fade, as .splash's transition in styles.css. */
const FADE_MS = 800;

/**
 * Splash shows the product name and 'Nesting Program' while the app warms
 * up, as the specification times it: the counter runs for about 3 seconds
 * (1,67 % every 50 ms), then the splash fades for 800 ms (FADE_MS, the
 * stylesheet's transition). A click or a key skips it.
 */
export function Splash({ title, onDone, ms = 3000 }: { title: string; onDone: () => void; ms?: number }) {
  const [pct, setPct] = useState(0);
  const [fading, setFading] = useState(false);

  useEffect(() => {
    const start = performance.now();
    const tick = setInterval(() => setPct(Math.min(100, ((performance.now() - start) / ms) * 100)), 50);
    const fade = setTimeout(() => setFading(true), ms);
    const done = setTimeout(onDone, ms + FADE_MS);
    const skip = () => onDone();
    window.addEventListener('keydown', skip);
    return () => {
      clearInterval(tick);
      clearTimeout(fade);
      clearTimeout(done);
      window.removeEventListener('keydown', skip);
    };
  }, [ms, onDone]);

  return (
    <div className={fading ? 'splash fading' : 'splash'} onClick={onDone} role="presentation">
      {/* A landmark of its own: while it shows, the page beneath is hidden from screen readers. */}
      <section className="splash-box" aria-label={title}>
        <h1>{title}</h1>
        {/* The spec's English subtitle: said as English by a screen reader. */}
        <p lang="en">{msg.splashSubtitle}</p>
        <div className="bar" role="progressbar" aria-label={msg.splashSubtitle} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)}>
          <div style={{ width: `${pct}%` }} />
        </div>
        <small>{msg.splashSkip}</small>
      </section>
    </div>
  );
}
