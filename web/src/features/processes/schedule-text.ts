// How a schedule and a run read on the processes page. Schedule times are New York's, whatever the browser's zone.
import { Periodicity, type ProcessRun, type ProcessSchedule } from '#domain/contracts/processes.ts';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A schedule's time of day, HH:mm. */
export const scheduleTime = (schedule: Pick<ProcessSchedule, 'executionHour' | 'executionMinute'>) =>
  `${twoDigits(schedule.executionHour)}:${twoDigits(schedule.executionMinute)}`;

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
