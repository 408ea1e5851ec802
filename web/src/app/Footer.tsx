import { useEffect, useState } from 'react';
import { request } from '../lib/api';
import { fmtInt, msg } from '../messages';

/** Footer names the workshop, counts the pieces on screen and says which build of Kesim serves the page. */
export function Footer({ factory, title, pieces }: { factory: string; title: string; pieces: number }) {
  const build = useBuild();
  return (
    <footer className="footer">
      <span>{factory}</span>
      {/* One group on the right, so that the spec's texts keep their places beside the build. */}
      <span>
        <span className="muted">
          {title} · {fmtInt(pieces)} parça
        </span>
        {build && (
          <span className="hint" style={{ marginLeft: '1rem', whiteSpace: 'nowrap' }}>
            {build}
          </span>
        )}
      </span>
    </footer>
  );
}

// The longest version or commit shown; GET /api/health answers what the
// Makefile stamped (git describe, a short hash), far shorter.
const MAX_BUILD_TEXT = 64;

/**
 * useBuild is the server's build as GET /api/health says, e.g. "Kesim 1.2.0 (abc1234)"; empty until
 * it answers, and when it fails or answers something else. A commit the binary did not know
 * ("unknown") is left out.
 */
function useBuild(): string {
  const [build, setBuild] = useState('');
  useEffect(() => {
    let live = true;
    request<{ version?: unknown; commit?: unknown } | null>('GET', '/api/health')
      .then((h) => live && setBuild(buildText(h?.version, h?.commit)))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return build;
}

function buildText(version: unknown, commit: unknown): string {
  const shown = (s: unknown) => (typeof s === 'string' && s.length <= MAX_BUILD_TEXT ? s.trim() : '');
  const v = shown(version);
  if (!v) return '';
  const c = shown(commit);
  // A build from a commit that has no release version is named by the commit alone.
  return c && c !== 'unknown' && c !== v ? `${msg.appName} ${v} (${c})` : `${msg.appName} ${v}`;
}
