// Setting a week's regular picks: load the slip and the week's games as the client sees them,
// decide, append. The HTTP handler and the demo seed both come through here.
import { decide, evolve, foldSlip, type GameFacts, type RequestedBet, type SlipEvent, slipStreamId, type SlipId } from '../../domain/betting/slip.ts';
import { effectiveHomeLine, isRegularDay } from '../../domain/catalogue/types.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { weekHolds } from '../../domain/season/weeks.ts';
import { pickDayOf } from '../../domain/season/zoned-time.ts';
import { handleCommand } from '../adapters/command-handler.ts';
import type { Deps } from '../adapters/deps.ts';
import { getClientSport, getSport, listWeekGames, listWeekSpreads, listWeeks } from '../store/catalogue.ts';

export interface SlipRequest { slip: SlipId; actorId: number; correlationId?: string }

async function loadWeek(deps: Deps, { clientId, sportId, weekId }: SlipId) {
  const [clientSport, sport, weeks] = await Promise.all([getClientSport(deps, clientId, sportId), getSport(deps, sportId), listWeeks(deps, sportId)]);
  const week = weeks.find((candidate) => candidate.id === weekId);
  if (!clientSport || !sport) throw new NotFoundError(`The sport ${sportId} is not enabled for this client`, 'SPORT_NOT_ENABLED');
  if (!week) throw new NotFoundError(`There is no week ${weekId} in this sport`, 'UNKNOWN_WEEK');
  const [games, spreads] = await Promise.all([listWeekGames(deps, weekId), listWeekSpreads(deps, clientSport.affiliateId, weekId)]);
  const spreadOf = new Map(spreads.map((spread) => [spread.gameId, spread]));
  const facts = new Map<number, GameFacts>(
    games.map((game) => [
      game.id,
      {
        id: game.id,
        sportId: game.sportId,
        weekId: game.weekId,
        status: game.eventStatus,
        beginning: game.beginning,
        homeTeamId: game.homeTeamId,
        awayTeamId: game.awayTeamId,
        homeLine: effectiveHomeLine(spreadOf.get(game.id)),
        onRegularDay: isRegularDay(clientSport, pickDayOf(game.beginning, sport.timeZone)),
      },
    ]),
  );
  return { week, games: facts };
}

export async function runSlipCommand(deps: Deps, { slip, actorId, correlationId }: SlipRequest, command: Parameters<typeof decide>[0]) {
  const { week, games } = await loadWeek(deps, slip);
  const now = deps.clock.now();
  const context = { slip, actorId, now, weekIsCurrent: weekHolds(week, now), games };
  return handleCommand<ReturnType<typeof foldSlip>, SlipEvent>(
    deps.events,
    slipStreamId(slip),
    { at: now.toISOString(), actor: actorId, correlationId: correlationId ?? deps.ids.correlation() },
    foldSlip,
    evolve,
    (state) => decide(command, state, context),
  );
}

export const setRegularBets = (deps: Deps, request: SlipRequest, bets: readonly RequestedBet[]) =>
  runSlipCommand(deps, request, { type: 'SetRegularBets', bets });
