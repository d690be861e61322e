// The Nudge job (docs/rules.md, Missing picks): a commissioner's reminder mailed, and pushed to those who turned it
// on, to each of the week's players missing picks. Each is claimed per player and day of the request, so a job run
// twice, or two nudges the same day, reach nobody twice.
import type { JobPayload } from '#domain/contracts/jobs.ts';
import { NotFoundError } from '#domain/errors.ts';
import { shiftDate, startOfLocalDate } from '#domain/season/zoned-time.ts';
import type { Deps } from '../adapters/deps.ts';
import { faultsPassed } from '../adapters/transient-fault.ts';
import { type Reminder, remindPlayersMissingPicks } from '../betting/missing-picks.ts';
import { getSport, playedWeek } from '../store/catalogue.ts';
import { getClient } from '../store/clients.ts';
import { keys } from '../store/keys.ts';

/** `sender` is the job's id: an attempt after one that died mid-mail sends what that one claimed (mail-claims.ts). */
export async function nudge(
  deps: Deps,
  { clientId, sportId, weekId, day, nudgedBy }: JobPayload<'Nudge'>,
  sender?: string,
  advanced?: () => Promise<void>,
) {
  const scope = { clientId, sportId, weekId };
  const [{ clientSport, week }, sport, client] = await Promise.all([
    playedWeek(deps, clientId, scope),
    getSport(deps, sportId),
    getClient(deps, clientId),
  ]);
  if (!client) throw new NotFoundError(`There is no client ${clientId}`);
  const passed = faultsPassed();
  const reminder: Reminder = {
    client,
    sportName: clientSport.sportName,
    week,
    nudgedBy,
    claimOf: (userId) => keys.nudge(clientId, sportId, weekId, userId, day),
    // Forgotten two days after the day it holds, in the sport's zone.
    terms: { expiresAt: startOfLocalDate(shiftDate(day, 2), sport?.timeZone), sender },
    advanced,
  };
  const { mailed, alreadyMailed, remindersOff, failed, refused, pushed } = await remindPlayersMissingPicks(
    deps,
    scope,
    reminder,
    passed,
  );
  passed.rethrow();
  return { mailed, alreadyNudged: alreadyMailed, remindersOff, failed, refused, pushed };
}
