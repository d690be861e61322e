import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { Periodicity, type ProcessSchedule } from '#domain/contracts/processes.ts';
import { ValidationError } from '#domain/errors.ts';
import { scheduleExpressions, validSchedule } from '#domain/processes/processes.ts';
import { cronerPattern } from '../../infra/local/scheduler-emulator.ts';

const schedule = (changes: Partial<ProcessSchedule>): Omit<ProcessSchedule, 'version'> => ({
  id: 1,
  active: true,
  executionHour: 6,
  executionMinute: 30,
  periodicity: Periodicity.Daily,
  monthDay: null,
  ...changes,
});

/** The New York dates on which the expressions run, from a start, soonest first. */
function runDays(expressions: string[], from: string, count: number) {
  const runs = expressions.flatMap((expression) =>
    new Cron(cronerPattern(expression), { timezone: 'America/New_York', paused: true }).nextRuns(count, new Date(from)),
  );
  return runs
    .sort((a, b) => a.getTime() - b.getTime())
    .slice(0, count)
    .map((run) => run.toLocaleDateString('en-CA', { timeZone: 'America/New_York' }));
}

describe('schedule expressions (America/New_York)', () => {
  it('a daily schedule runs every day at its hour and minute', () => {
    expect(scheduleExpressions(schedule({}))).toEqual(['cron(30 6 * * ? *)']);
  });

  it('a monthly schedule on a day every month has runs on that day', () => {
    expect(scheduleExpressions(schedule({ periodicity: Periodicity.Monthly, monthDay: 15 }))).toEqual([
      'cron(30 6 15 * ? *)',
    ]);
  });

  it('day 31 runs on the last day of a 30-day month and of February', () => {
    const expressions = scheduleExpressions(schedule({ periodicity: Periodicity.Monthly, monthDay: 31 }));
    expect(expressions).toEqual(['cron(30 6 L * ? *)']);
    expect(runDays(expressions, '2027-01-01T00:00:00Z', 4)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
  });

  it('day 30 runs on the 30th, and on the last day of February (29 in a leap year), once a month', () => {
    const expressions = scheduleExpressions(schedule({ periodicity: Periodicity.Monthly, monthDay: 30 }));
    expect(runDays(expressions, '2028-01-01T00:00:00Z', 4)).toEqual([
      '2028-01-30',
      '2028-02-29',
      '2028-03-30',
      '2028-04-30',
    ]);
  });

  it('day 29 runs on February 28 in a common year and February 29 in a leap year, once', () => {
    const expressions = scheduleExpressions(schedule({ periodicity: Periodicity.Monthly, monthDay: 29 }));
    expect(runDays(expressions, '2027-02-01T00:00:00Z', 2)).toEqual(['2027-02-28', '2027-03-29']);
    expect(runDays(expressions, '2028-02-01T00:00:00Z', 2)).toEqual(['2028-02-29', '2028-03-29']);
  });
});

describe('schedule validation', () => {
  const refusal = (request: Parameters<typeof validSchedule>[1]) => {
    try {
      validSchedule('Import Games', request, 1);
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return (error as Error).message;
    }
    throw new Error('not refused');
  };
  const daily = { active: true, executionHour: 6, executionMinute: 0, periodicity: Periodicity.Daily } as const;

  it('refuses an hour outside 0–23 and a minute outside 0–59', () => {
    expect(refusal({ ...daily, executionHour: 24 })).toBe(
      'Import Games: the execution hour must be a whole number from 0 to 23',
    );
    expect(refusal({ ...daily, executionHour: null })).toMatch(/execution hour/);
    expect(refusal({ ...daily, executionMinute: 60 })).toBe(
      'Import Games: the execution minute must be a whole number from 0 to 59',
    );
  });

  it('refuses a monthly schedule without a day from 1 to 31', () => {
    const monthly = { ...daily, periodicity: Periodicity.Monthly };
    expect(refusal(monthly)).toMatch(/a monthly schedule needs its day of the month/);
    expect(refusal({ ...monthly, monthDay: 32 })).toMatch(/from 1 to 31/);
    expect(refusal({ ...monthly, monthDay: 0 })).toMatch(/from 1 to 31/);
  });

  it('clears the month day of a daily schedule', () => {
    expect(validSchedule('Import Games', { ...daily, monthDay: 12 }, 7)).toEqual({
      id: 7,
      active: true,
      executionHour: 6,
      executionMinute: 0,
      periodicity: Periodicity.Daily,
      monthDay: null,
    });
  });
});
