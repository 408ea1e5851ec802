import { describe, expect, it } from 'vitest';
import { jobMsg } from './texts';

describe('jobMsg', () => {
  // A checklist link past the job's last sheet says how many sheets the job has, in a whole sentence.
  it('says how many sheets the job has', () => {
    expect(jobMsg.noSheet(5, 3)).toBe('Bu işte 5. levha yok: iş 3 levhadan oluşuyor.');
  });
  it('says what saving a cut job does', () => {
    expect(jobMsg.cutNote).toBe('Bu iş kesildi; kaydederseniz yeni bir düzen olarak kaydedilir.');
  });
});
