// The schedules the code sets from the games, not from the processes table: Live Scores' (every minute while a game
// is under way, else at the next kickoff) and Pick Reminders' (at the next reminder before a lock). Set again after
// anything that moves the games, at start-up and after a deploy.
import type { Deps } from '../adapters/deps.ts';
import { armLiveScores, armLiveScoresQuietly } from './live-scores.ts';
import { armPickReminders, armPickRemindersQuietly } from './pick-reminders.ts';

export async function armSelfSetSchedules(deps: Deps) {
  await armLiveScores(deps);
  await armPickReminders(deps);
}

/** After a run that changed games: a Scheduler that cannot be reached is logged, never fails the run itself. */
export async function armSelfSetSchedulesQuietly(deps: Deps) {
  await armLiveScoresQuietly(deps);
  await armPickRemindersQuietly(deps);
}
