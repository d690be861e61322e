// The minute's upkeep (maintenance-schedule.ts), the same on both twins: accounts a crash left half-made are
// finished, then the jobs a crash abandoned are invoked again, but for one whose workers died on it maxJobAttempts
// times in a row without progress, which is failed instead (it may be what kills them). All of it is idempotent.
import { finishPendingAccounts } from '../accounts/user-accounts.ts';
import type { Deps } from '../adapters/deps.ts';
import { landFlight } from '../store/job-flights.ts';
import { giveUpJob, listAbandonedJobs, maxJobAttempts } from '../store/job-records.ts';

export async function maintain(deps: Deps) {
  const accountsFinished = await finishPendingAccounts(deps);
  // Only then the jobs, so a rerun import never meets an account while it is being finished.
  const now = deps.clock.now();
  let jobsRequeued = 0;
  let jobsGivenUp = 0;
  for (const { attempts, stalled, ...job } of await listAbandonedJobs(deps, now)) {
    if (stalled < maxJobAttempts) {
      await deps.jobs.enqueue(job);
      jobsRequeued += 1;
    } else if (await giveUpJob(deps, job, attempts, stalled, now)) {
      await landFlight(deps, job);
      jobsGivenUp += 1;
    }
  }
  return { accountsFinished, jobsRequeued, jobsGivenUp };
}
