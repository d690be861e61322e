import { describe, expect, it } from 'vitest';
import { isJobType, jobPayload } from '../../domain/contracts/jobs.ts';

describe('a job runs only on a payload its contract reads', () => {
  it('reads the payload the queueing route stored, typed', () => {
    expect(jobPayload('CloseWeek', { sportId: 33, weekId: 2026001 })).toEqual({ sportId: 33, weekId: 2026001 });
  });

  it('refuses a payload that does not fit, naming the job type', () => {
    expect(() => jobPayload('CloseWeek', { sportId: '33' })).toThrow(/CloseWeek job's payload does not fit/);
  });

  it('knows only the job types it has contracts for', () => {
    expect(isJobType('ImportTeams')).toBe(true);
    expect(isJobType('NoSuchJob')).toBe(false);
    expect(isJobType('toString')).toBe(false);
  });
});
