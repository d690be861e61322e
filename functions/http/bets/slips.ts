// Reading and changing a week's slip. Every change answers the slip as it now stands, so the
// page never shows a stale state.
import { bonusPointsRange } from '#domain/betting/bonus-day.ts';
import { regularSignedSum, type SlipCommand, type SlipState } from '#domain/betting/slip.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { isActiveMember } from '#domain/auth/user.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#domain/errors.ts';
import { weekHolds } from '#domain/season/weeks.ts';
import type { Deps } from '../../adapters/deps.ts';
import { betRows, findGame, loadWeek, readSlip, runSlipCommand, type WeekView } from '../../betting/slip-service.ts';
import type { RouteImpl } from '../area-api.ts';
import type { Caller } from '../auth-guard.ts';
import {
  clientSportStamp,
  clientWeekStamp,
  sportTeamsStamp,
  weekGamesStamp,
  weekLiveStamp,
} from '../../store/stamps.ts';
import { withETag, withStampedETag } from '../etag.ts';
import { getRole } from '../../store/roles.ts';
import { bonusOpensAt } from './bonus-opening.ts';
import { slipOwner } from './slip-owner.ts';

async function slipAnswer(
  deps: Deps,
  view: WeekView,
  { state, version }: { state: SlipState; version: number },
  filter: Parameters<typeof betRows>[3] = {},
) {
  const now = deps.clock.now();
  return {
    data: await betRows(deps, view, state, filter),
    slipVersion: version,
    week: view.week,
    weekIsCurrent: weekHolds(view.week, now),
    isBonusDay: view.bonusDayAt(now),
    bonusPoints: bonusPointsRange(regularSignedSum(state, view.facts)),
    bonusOpensAt: bonusOpensAt(view, now),
  };
}

/** The week a change is for: named, or the week of the first game it sends, which must be the sport and week named. */
async function targetWeek(deps: Deps, form: { sportId?: number; weekId?: number; bets: { gameId: number }[] }) {
  if (form.sportId && form.weekId) return { sportId: form.sportId, weekId: form.weekId };
  const first = form.bets[0];
  if (!first) throw new ValidationError('sportId and weekId are needed to clear a week', undefined, 'NO_WEEK');
  const game = await findGame(deps, first.gameId);
  if (!game) throw new ValidationError(`Unknown game ${first.gameId}`, undefined, 'UNKNOWN_GAME');
  if ((form.sportId ?? game.sportId) !== game.sportId || (form.weekId ?? game.weekId) !== game.weekId)
    throw new ValidationError(
      `The game ${game.id} is not a game of the sport and week named`,
      undefined,
      'GAME_NOT_IN_WEEK',
    );
  return { sportId: game.sportId, weekId: game.weekId };
}

async function change(
  deps: Deps,
  caller: Caller,
  target: { userId?: number; sportId: number; weekId: number },
  command: SlipCommand,
  slipVersion?: number,
) {
  const owner = await slipOwner(deps, caller, target.userId);
  const name = owner.displayName || owner.login;
  // A player deleted or made inactive has left the pool: their picks stay as they were, nobody else's to change.
  if (!isActiveMember(owner))
    throw new ConflictError(
      `${name} is no longer an active player: their picks cannot be changed`,
      'PLAYER_NOT_ACTIVE',
    );
  // Nor is one whose role sets no bets (or was deleted) a player: picks would rank them, never penalise them.
  const role = owner === caller.user ? caller.role : await getRole(deps, owner.roleId);
  if (!role || role.archivedAt || !role.permissions.includes(Permission.SetBets))
    throw new ConflictError(`${name}'s role does not take part in the pool: they have no picks`, 'NOT_A_PLAYER');
  const slip = { clientId: caller.client.id, userId: owner.id, sportId: target.sportId, weekId: target.weekId };
  const { view, ...result } = await runSlipCommand(deps, { slip, actorId: caller.user.id, slipVersion }, command);
  return slipAnswer(deps, view, result);
}

export const betList: RouteImpl<'betList'> = async ({ input: form, caller, headers }, deps) => {
  if (form.clientId !== undefined && form.clientId !== caller.client.id)
    throw new ForbiddenError('You can only see your own client');
  const clientId = caller.client.id;
  const owner = await slipOwner(deps, caller, form.userId);
  const build = async () => {
    const view = await loadWeek(deps, { clientId, sportId: form.sportId, weekId: form.weekId });
    const read = await readSlip(deps, { clientId, userId: owner.id, sportId: form.sportId, weekId: view.week.id });
    const bonus = form.bonusBets && !form.regularBets ? true : form.regularBets && !form.bonusBets ? false : undefined;
    const answer = await slipAnswer(deps, view, read, { teamId: form.teamId, bonus });
    return { ...answer, data: answer.data.slice(0, form.limit) };
  };
  // Without a week named, the week depends on the clock and the season: the answer's hash is its ETag.
  if (form.weekId === undefined) return withETag(await build(), headers);
  const week = { clientId, sportId: form.sportId, weekId: form.weekId };
  return withStampedETag(deps, headers, {
    stamps: [
      weekGamesStamp(form.weekId),
      weekLiveStamp(form.weekId),
      clientWeekStamp(week),
      clientSportStamp(clientId, form.sportId),
      // The rows name the teams (a team edit moves it).
      sportTeamsStamp(form.sportId),
    ],
    scope: ['betList', clientId, owner.id, form],
    build,
  });
};

export const setBets: RouteImpl<'setBets'> = async ({ input: form, caller }, deps) => {
  return change(
    deps,
    caller,
    { userId: form.userId, ...(await targetWeek(deps, form)) },
    { type: 'SetRegularPicks', picks: form.bets },
    form.slipVersion,
  );
};

export const setBonusBets: RouteImpl<'setBonusBets'> = async ({ input: form, caller }, deps) => {
  return change(
    deps,
    caller,
    { userId: form.userId, ...(await targetWeek(deps, form)) },
    { type: 'SetBonusPick', pick: form.bets[0]! },
    form.slipVersion,
  );
};

export const deleteBet: RouteImpl<'deleteBet'> = async ({ input: { id }, caller }, deps) => {
  const [userId, gameId] = id.split('-').map(Number) as [number, number];
  const game = await findGame(deps, gameId);
  if (!game) throw new NotFoundError('There is no such bet', 'BET_NOT_FOUND');
  return change(
    deps,
    caller,
    { userId, sportId: game.sportId, weekId: game.weekId },
    { type: 'CancelPick', betId: id },
  );
};
