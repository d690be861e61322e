import useSWR from 'swr';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import { contracts } from '#domain/contracts/api.ts';
import { weekGamesMax } from '#domain/season/weeks.ts';
import type { BetList } from '#domain/contracts/bets.ts';
import { api } from '@/lib/api-client';
import { isKeyOf, keyOf } from '@/lib/contract-keys';
import { useMemo } from 'react';
import { hasLiveGame, useLiveView, withLiveClocks } from '@/lib/live';
import { useBetListTurns } from '@/lib/use-read-again-at';

export type { BetList, BetRow };

/** Whose slip: a sport's week of one player (userId undefined: the signed-in player). */
export interface SlipRef {
  sportId: number;
  weekId: number;
  userId: number | undefined;
}

/** Which games: 'regular' (Wednesday–Sunday) or 'bonus' (Monday–Tuesday) ones, or the whole week. */
export type GameKind = 'all' | 'regular' | 'bonus';

export interface BetListQuery extends SlipRef {
  kind: GameKind;
  teamId: number | undefined;
}

export const betListKey = ({ sportId, weekId, userId, kind, teamId }: BetListQuery) =>
  keyOf(contracts.betList, {
    sportId,
    weekId,
    limit: weekGamesMax,
    userId,
    teamId,
    regularBets: kind === 'regular' || undefined,
    bonusBets: kind === 'bonus' || undefined,
  });

type BetListKey = ReturnType<typeof betListKey>;

const isBetList = isKeyOf(contracts.betList);

/** Whether a cache key is a Bet/list of this slip, whatever its filters. */
export function isBetListKeyOf(key: unknown, { sportId, weekId, userId }: SlipRef): key is BetListKey {
  if (!isBetList(key)) return false;
  const [, input] = key as BetListKey;
  return input.sportId === sportId && input.weekId === weekId && input.userId === userId;
}

export const getBetList = ([, input]: BetListKey): Promise<BetList> => api.call(contracts.betList, input);

/**
 * The games of a week with the player's bets on them; null asks for nothing. `keepPreviousData`
 * shows the last answer while a new filter loads: only for lists that choose games, never for the
 * slip itself, whose bets must be the asked week's and player's.
 */
export function useBetList(query: BetListQuery | null, { keepPreviousData = false } = {}) {
  const list = useSWR<BetList, Error, BetListKey | null>(query ? betListKey(query) : null, getBetList, {
    keepPreviousData,
  });
  const live = useLiveView(query?.weekId, list.data, (data) => hasLiveGame(data.data), list.mutate);
  useBetListTurns(list.data, list.mutate);
  const data = useMemo(() => withLiveClocks(list.data, live.clocks), [list.data, live.clocks]);
  return { ...list, data, updatedAt: live.updatedAt };
}
