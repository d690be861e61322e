// How a schedule and a run read on the processes page. Schedule times are New York's, whatever the browser's zone.
import { Periodicity, type ProcessRun, type ProcessSchedule } from '#domain/contracts/processes.ts';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A schedule's time of day, HH:mm. */
export const scheduleTime = (schedule: Pick<ProcessSchedule, 'executionHour' | 'executionMinute'>) =>
  `${twoDigits(schedule.executionHour)}:${twoDigits(schedule.executionMinute)}`;

/** Where a new schedule starts: six in the morning in New York, or the next full hour no schedule of it takes. */
export const firstScheduleHour = 6;

/**
 * The time a new schedule of a process starts at, so it can be saved as it opens: 06:00 New York time, when the
 * night's last games (the West Coast's, ending about 01:30) are final and no game of the day has started, so a daily
 * import sees whole results and the day's lines before anyone picks. When the process already runs at 06:00 (an
 * administrator adding a second run), the next full hour it does not run at.
 */
export function newScheduleTime(existing: readonly Pick<ProcessSchedule, 'executionHour' | 'executionMinute'>[]) {
  const taken = new Set(
    existing.filter((schedule) => schedule.executionMinute === 0).map((schedule) => schedule.executionHour),
  );
  for (let step = 0; step < 24; step++) {
    const hour = (firstScheduleHour + step) % 24;
    if (!taken.has(hour)) return { executionHour: hour, executionMinute: 0 };
  }
  return { executionHour: firstScheduleHour, executionMinute: 0 };
}

/** 'Once a day', or 'Once a month on day N'. */
export const periodicityText = (schedule: Pick<ProcessSchedule, 'periodicity' | 'monthDay'>) =>
  schedule.periodicity === Periodicity.Monthly ? `Once a month on day ${schedule.monthDay ?? '?'}` : 'Once a day';

/** A schedule in a sentence, e.g. 'once a day at 06:30'. */
export const scheduleSummary = (schedule: ProcessSchedule) =>
  `${periodicityText(schedule).toLowerCase()} at ${scheduleTime(schedule)}`;

/** 'weeksClosed' reads 'weeks closed'. */
const countName = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** What a finished run did, e.g. '12 results, 1 weeks closed'; empty when it counted nothing. */
export const runCounts = (run: ProcessRun) =>
  Object.entries(run.counts ?? {})
    .map(([key, value]) => `${value} ${countName(key)}`)
    .join(', ');

/** When the run started, or was queued while it waits. */
export const runMoment = (run: ProcessRun) => run.startedAt ?? run.queuedAt;
