import { msg } from '../../messages';
import { showBanner, totals, type Part } from './parts';

/** PerformanceBanner tells, for a large job, that the engine works in the background (section 2). */
export function PerformanceBanner({ parts }: { parts: Part[] }) {
  if (!showBanner(parts)) return null;
  const t = totals(parts);
  return (
    <div className="banner" role="status">
      <strong>{msg.bannerTitle}</strong>
      <span>{msg.banner(t.pieces, t.types)}</span>
    </div>
  );
}
