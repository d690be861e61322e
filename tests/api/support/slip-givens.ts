// Slips as the bets specs give and expect them: five picks in the five slots, a pick as its
// BetPlaced event holds it, and the picks a slip's rows show.
import type { BetRow as Row } from '#domain/betting/bet-rows.ts';
import { type BetPlaced, regularPoints } from '#domain/betting/slip.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import type { Caller } from '../../support/api-spec.ts';
import { gameOf, thursday } from './spec-league.ts';

/** The five regular slots on games 103 to 107, each on its home team. */
export const fivePicks = [103, 104, 105, 106, 107].map((gameId, slot) => ({
  gameId,
  teamId: gameOf(gameId).homeTeamId,
  points: regularPoints[slot]!,
}));

/** A pick on the owner's slip as it was placed (by them unless `by`), at the team's line of the time. */
export function placed(
  owner: Caller,
  pick: { gameId: number; teamId: number; points: number },
  { by = owner, isBonus = false } = {},
): BetPlaced {
  const game = gameOf(pick.gameId);
  const line = pick.teamId === game.homeTeamId ? game.homeLine! : -game.homeLine!;
  return {
    type: 'BetPlaced',
    data: { betId: `${owner.user.id}-${pick.gameId}`, ...pick, line, isBonus, placedAt: thursday, actorId: by.user.id },
  };
}

export const picksIn = (rows: Row[]) =>
  rows
    .filter((row) => row.id !== null)
    .map((row) => ({ gameId: row.gameId, teamId: row.winnerTeamId, points: row.points }));

/** Bet/set-bets with its input, as a spec's `when` takes them. */
export const setBets = (input: RequestOf<typeof contracts.setBets>) => [contracts.setBets, input] as const;
