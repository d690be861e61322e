// Pick Reminders (docs/rules.md, Processes): for every client sport whose current week still has games open for
// picks, a mail to each active player holding set bets who has not placed all five regular picks. A player is
// reminded at most once a week: the reminder is claimed with a conditional put before the mail goes out.
import { Permission } from '#domain/auth/permissions.ts';
import { UserStatus } from '#domain/auth/user.ts';
import { regularPoints } from '#domain/betting/slip.ts';
import { isOpenForBets } from '#domain/catalogue/game-status.ts';
import { weekContaining } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import { readSlip } from '../betting/slip-service.ts';
import { listAllClients } from '../store/clients.ts';
import { listAllRoles } from '../store/roles.ts';
import { listUsers } from '../store/users.ts';
import { listClientSports, listWeekGames, listWeeks } from '../store/catalogue.ts';
import { claimReminder, releaseReminder } from '../store/pick-reminders.ts';

export async function sendPickReminders(deps: Deps) {
  const now = deps.clock.now();
  const roles = await listAllRoles(deps);
  const betting = new Set(roles.filter((role) => role.permissions.includes(Permission.SetBets)).map((role) => role.id));
  const counts = { weeks: 0, reminded: 0, alreadyReminded: 0 };
  for (const client of (await listAllClients(deps)).filter((candidate) => !candidate.archivedAt)) {
    const clientSports = await listClientSports(deps, client.id);
    if (!clientSports.length) continue;
    const players = (await listUsers(deps, client.id)).filter(
      (user) =>
        user.status === UserStatus.Active &&
        betting.has(user.roleId) &&
        user.pickReminders !== false &&
        !user.deletedAt,
    );
    for (const clientSport of clientSports) {
      const week = weekContaining(await listWeeks(deps, clientSport.sportId), now);
      if (!week) continue;
      const games = await listWeekGames(deps, week.id);
      if (!games.some((game) => isOpenForBets({ status: game.eventStatus, beginning: game.beginning }, now))) continue;
      counts.weeks += 1;
      for (const player of players) {
        const slip = { clientId: client.id, userId: player.id, sportId: clientSport.sportId, weekId: week.id };
        const { state } = await readSlip(deps, slip);
        const regular = [...state.bets.values()].filter((bet) => !bet.isBonus).length;
        if (regular >= regularPoints.length) continue;
        const reminder = { clientId: client.id, sportId: clientSport.sportId, weekId: week.id, userId: player.id };
        if (!(await claimReminder(deps, reminder))) {
          counts.alreadyReminded += 1;
          continue;
        }
        try {
          await deps.mailer.send({
            to: player.emailAddress,
            subject: `Your ${clientSport.sportName} picks for week ${week.number}`,
            text: [
              `Hello ${player.displayName},`,
              '',
              `You have placed ${regular} of your ${regularPoints.length} picks for week ${week.number} of ${clientSport.sportName} at ${client.name}.`,
              'Place the rest before their games start:',
              `${deps.siteUrl(client.domain)}/#/picks`,
              '',
              'You can turn these reminders off in the notification settings of your profile.',
            ].join('\n'),
          });
        } catch (error) {
          // Not sent: the claim goes, so the next run reminds the player after all.
          await releaseReminder(deps, reminder);
          throw error;
        }
        counts.reminded += 1;
      }
    }
  }
  return counts;
}
