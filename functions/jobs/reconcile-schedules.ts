// Makes the Scheduler's schedule group match the process schedules of the state table (functions/adapters/scheduler.ts).
import { processById, scheduleExpressions } from '#domain/processes/processes.ts';
import type { Deps } from '../adapters/deps.ts';
import {
  type HeldSchedule,
  type ScheduleSpec,
  scheduledTimePlaceholder,
  selfSetSchedules,
} from '../adapters/scheduler.ts';
import { readSchedules, type StoredSchedule } from '../store/process-schedules.ts';

/** The Scheduler schedules one process schedule needs: one per cron expression. */
export function scheduleSpecs(schedule: StoredSchedule): ScheduleSpec[] {
  const process = processById(schedule.processId);
  return scheduleExpressions(schedule).map((expression, index) => ({
    name: `process-${schedule.processId}-schedule-${schedule.id}${index ? `-part-${index + 1}` : ''}`,
    expression,
    enabled: schedule.active,
    input: JSON.stringify({
      processId: schedule.processId,
      process: process?.name,
      scheduleId: schedule.id,
      scheduledTime: scheduledTimePlaceholder,
    }),
  }));
}

const upToDate = (held: HeldSchedule, spec: ScheduleSpec) =>
  held.targetsThisDeployment &&
  held.expression === spec.expression &&
  held.enabled === spec.enabled &&
  held.input === spec.input;

/** The most passes a reconcile makes while other changes keep being saved (each one's own reconcile follows it). */
const maxPasses = 5;

/**
 * Makes the schedule group match the table: creates what is missing, updates what changed, deletes the rest. A
 * change saved while a pass ran (another administrator's) may have been undone by the pass's older read of the book,
 * so it passes again on the newer book until the book held still through a pass.
 */
export async function reconcileSchedules(deps: Pick<Deps, 'db' | 'tables' | 'scheduler'>) {
  const counts = { created: 0, updated: 0, deleted: 0 };
  let book = await readSchedules(deps);
  for (let pass = 1; ; pass += 1) {
    await reconcilePass(deps, book.schedules, counts);
    const after = await readSchedules(deps);
    if (after.version === book.version || pass === maxPasses) return counts;
    book = after;
  }
}

type Counts = Record<'created' | 'updated' | 'deleted', number>;

async function reconcilePass(deps: Pick<Deps, 'scheduler'>, schedules: readonly StoredSchedule[], counts: Counts) {
  const wanted = schedules.flatMap(scheduleSpecs);
  const existing = new Set(await deps.scheduler.list());
  for (const spec of wanted) {
    if (!existing.has(spec.name)) {
      await deps.scheduler.create(spec);
      counts.created += 1;
      continue;
    }
    const current = await deps.scheduler.get(spec.name);
    if (!current) await deps.scheduler.create(spec);
    else if (!upToDate(current, spec)) await deps.scheduler.update(spec);
    else continue;
    counts[current ? 'updated' : 'created'] += 1;
  }
  const names = new Set(wanted.map((spec) => spec.name));
  for (const name of existing) {
    // Live Scores' and Pick Reminders' own schedules follow the games, not the table.
    if (names.has(name) || selfSetSchedules.includes(name)) continue;
    await deps.scheduler.delete(name);
    counts.deleted += 1;
  }
}
