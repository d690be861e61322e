// Pick reminders: how long before each lock a client's players missing picks are mailed, and the ones ahead.
import * as z from 'zod/mini';
import { type LockKind, reminderHours } from '../processes/pick-locks.ts';
import { instant, int, text } from './answers.ts';
import { answer, defineContract } from './contract.ts';
import { count, optionalId } from './fields.ts';

/** A reminder Pick Reminders will mail, before a lock of a client sport's week. */
export interface UpcomingReminder {
  sportId: number;
  sportName: string;
  weekNumber: number;
  /** The week's first kickoff, or the first kickoff of its last regular pick day. */
  lock: LockKind;
  lockAt: string;
  remindAt: string;
}

const hoursBefore = count('hoursBefore').check(
  z.gte(reminderHours.min, `hoursBefore must be at least ${reminderHours.min}`),
  z.lte(reminderHours.max, `hoursBefore is at most ${reminderHours.max}`),
);

export const reminderSettings = defineContract({
  method: 'GET',
  path: '/Services/api/Client/reminder-settings',
  input: 'query',
  summary:
    "How many hours before each lock of a week Pick Reminders mails the client's players missing picks, and the reminders ahead of this week and the next",
  request: z.object({ clientId: optionalId('clientId') }),
  response: answer<{ hoursBefore: number; upcoming: UpcomingReminder[] }>(
    z.object({
      hoursBefore: int,
      upcoming: z.array(
        z.object({
          sportId: int,
          sportName: text,
          weekNumber: int,
          lock: z.enum(['week', 'lastDay']),
          lockAt: instant,
          remindAt: instant,
        }),
      ),
    }),
  ),
  refusals: [404],
});

export const setReminderHours = defineContract({
  method: 'POST',
  path: '/Services/api/Client/set-reminder-hours',
  input: 'json',
  invalidates: ['reminderSettings'],
  summary: `Sets how many hours (${reminderHours.min}–${reminderHours.max}, ${reminderHours.default} by default) before each lock Pick Reminders mails the client's players missing picks`,
  request: z.object({ clientId: optionalId('clientId'), hoursBefore }),
  response: answer<{ clientId: number; hoursBefore: number }>(z.object({ clientId: int, hoursBefore: int })),
  refusals: [404],
});

export const remindersContracts = {
  reminderSettings,
  setReminderHours,
};
