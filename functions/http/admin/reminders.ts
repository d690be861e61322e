// A client's Pick Reminders settings (docs/rules.md, Pick reminders): how many hours before each lock its players
// missing picks are mailed, read with the reminders ahead, and set by whoever may create and modify its users.
import { remindAt } from '#domain/processes/pick-locks.ts';
import { liveClient, setClientSetting } from '../../store/clients.ts';
import { hoursOf, upcomingLocks } from '../../jobs/pick-reminders.ts';
import { queueNewJob } from '../imports/jobs.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId } from '../auth-guard.ts';

export const reminderSettings: RouteImpl<'reminderSettings'> = async ({ input, caller }, deps) => {
  const client = await liveClient(deps, scopedClientId(caller, input.clientId));
  const hours = hoursOf(client);
  const now = deps.clock.now();
  const upcoming = (await upcomingLocks(deps, client)).flatMap(({ clientSport, week, locks }) =>
    locks
      .filter((lock) => Date.parse(lock.at) > now.getTime())
      .map((lock) => ({
        sportId: clientSport.sportId,
        sportName: clientSport.sportName,
        weekNumber: week.number,
        lock: lock.kind,
        lockAt: lock.at,
        remindAt: remindAt(lock, hours, week.beginDate).toISOString(),
      })),
  );
  return { hoursBefore: hours, upcoming: upcoming.sort((a, b) => a.remindAt.localeCompare(b.remindAt)) };
};

export const setReminderHours: RouteImpl<'setReminderHours'> = async ({ input, caller }, deps) => {
  const client = await liveClient(deps, scopedClientId(caller, input.clientId));
  // The hours it has already move nothing: no job setting every client's schedules again.
  if (hoursOf(client) === input.hoursBefore) return { clientId: client.id, hoursBefore: input.hoursBefore };
  await setClientSetting(deps, client.id, 'reminderHours', input.hoursBefore);
  // Only the jobs function may set the Pick Reminders schedule: it moves it to the new hours.
  await queueNewJob(deps, caller, 'ArmSchedules', {});
  return { clientId: client.id, hoursBefore: input.hoursBefore };
};
