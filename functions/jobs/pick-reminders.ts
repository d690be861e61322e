// Pick Reminders (docs/rules.md, Processes): for every client sport whose current week still has games open for
// picks, a mail to each active player holding set bets who has not placed all five regular picks
// (betting/missing-picks.ts). A player is reminded at most once a week: the reminder is claimed before it is sent.
import { isOpenForBets } from '#domain/catalogue/game-status.ts';
import { weekContaining } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { remindPlayersMissingPicks } from '../betting/missing-picks.ts';
import { listAllClients } from '../store/clients.ts';
import { listClientSports, listWeekGames, listWeeks } from '../store/catalogue.ts';
import { keys } from '../store/keys.ts';

export async function sendPickReminders(deps: Deps) {
  const now = deps.clock.now();
  const counts = { weeks: 0, reminded: 0, alreadyReminded: 0 };
  for (const client of (await listAllClients(deps)).filter((candidate) => !candidate.archivedAt)) {
    for (const clientSport of await listClientSports(deps, client.id)) {
      const week = weekContaining(await listWeeks(deps, clientSport.sportId), now);
      if (!week) continue;
      const games = await listWeekGames(deps, week.id);
      if (!games.some((game) => isOpenForBets({ status: game.eventStatus, beginning: game.beginning }, now))) continue;
      counts.weeks += 1;
      const scope = { clientId: client.id, sportId: clientSport.sportId, weekId: week.id };
      const { mailed, alreadyMailed } = await remindPlayersMissingPicks(deps, scope, {
        client,
        sportName: clientSport.sportName,
        week,
        claimOf: (userId) => keys.pickReminder(client.id, clientSport.sportId, week.id, userId),
      });
      counts.reminded += mailed;
      counts.alreadyReminded += alreadyMailed;
    }
  }
  return counts;
}
