// Close a client's week once its last game is over: a −50 penalty for each active player holding
// set bets who was a member when the week began and placed no regular bet (docs/rules.md, Missed
// picks). The week's event stream makes it happen exactly once.
import { weekDecider, weekStreamId } from '#domain/scoring/close-week.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { UserStatus } from '#domain/auth/user.ts';
import { ConflictError } from '#domain/errors.ts';
import type { Week } from '#domain/season/weeks.ts';
import { handleCommand } from '../adapters/command-handler.ts';
import type { Deps } from '../adapters/deps.ts';
import { listAllRoles, listUsers } from '../store/accounts.ts';
import { listWeekGames } from '../store/catalogue.ts';
import { readSlip } from '../betting/slip-service.ts';

export async function closeWeek(
  deps: Deps,
  scope: { clientId: number; sportId: number; week: Week },
  actorId: number,
  options: { skipIfNotOver?: boolean } = {},
) {
  const { clientId, sportId, week } = scope;
  const weekId = week.id;
  const [games, users, roles] = await Promise.all([
    listWeekGames(deps, weekId),
    listUsers(deps, clientId),
    listAllRoles(deps),
  ]);
  const betting = new Set(roles.filter((role) => role.permissions.includes(Permission.SetBets)).map((role) => role.id));
  const players = users
    .filter((user) => user.status === UserStatus.Active && betting.has(user.roleId))
    .map((user) => ({ userId: user.id, memberSince: user.dateCreated }));
  // The slips themselves, not a projection that may still be catching up, say who picked.
  const playersWithBets = new Set<number>();
  for (const { userId } of players) {
    const { state } = await readSlip(deps, { clientId, userId, sportId, weekId });
    if ([...state.bets.values()].some((bet) => !bet.isBonus)) playersWithBets.add(userId);
  }
  const context = {
    now: deps.clock.now(),
    weekBegins: week.beginDate,
    gameStatuses: games.map((game) => game.eventStatus),
    players,
    playersWithBets,
  };
  let penalized = 0;
  try {
    for (let closed = false; !closed;) {
      const { appended } = await handleCommand(
        deps.events,
        weekStreamId(clientId, sportId, weekId),
        { at: context.now.toISOString(), actor: actorId, correlationId: deps.ids.correlation() },
        weekDecider,
        { type: 'CloseWeek' },
        context,
      );
      penalized += appended.filter((event) => event.type === 'MissedPicksPenalized').length;
      closed = appended.length === 0 || appended.some((event) => event.type === 'WeekClosed');
      if (appended.length === 0 && penalized === 0) return undefined;
    }
    return { penalized };
  } catch (error) {
    if (options.skipIfNotOver && error instanceof ConflictError && error.code === 'WEEK_NOT_OVER') return undefined;
    throw error;
  }
}
