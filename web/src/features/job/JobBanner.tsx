import type { JobState } from '../../lib/api';
import { jobPath } from './checklist';
import { jobMsg, stateName } from './texts';

/**
 * JobBanner says that the work on screen is a job on the shop floor (being
 * cut or cut): its name and state, what saving does, and its checklist.
 * A planned job shows nothing: the page is as it was before jobs.
 */
export function JobBanner({ job }: { job: { id: string; name: string; state: JobState } | undefined }) {
  if (!job || job.state === 'planned') return null;
  return (
    <p className="inline-notice info" role="status" data-testid="job-banner">
      {/* The notice is a grid of lines: the name and its state badge make the first. */}
      <span>
        {jobMsg.jobOnScreen(job.name)} <span className={`badge job-${job.state}`}>{stateName(job.state)}</span>
      </span>{' '}
      {job.state === 'cutting' ? jobMsg.cuttingNote : jobMsg.cutNote}{' '}
      <a href={jobPath(job.id, 1)}>{jobMsg.checklist}</a>
    </p>
  );
}
