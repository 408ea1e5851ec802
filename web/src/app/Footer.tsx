import { fmtInt } from '../messages';

/** Footer names the workshop and counts the pieces on screen. */
export function Footer({ factory, title, pieces }: { factory: string; title: string; pieces: number }) {
  return (
    <footer className="footer">
      <span>{factory}</span>
      <span className="muted">
        {title} · {fmtInt(pieces)} parça
      </span>
    </footer>
  );
}
