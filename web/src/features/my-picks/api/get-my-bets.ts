import useSWR from 'swr';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import { contracts } from '#domain/contracts/api.ts';
import { weekGamesMax } from '#domain/season/weeks.ts';
import type { BetList } from '#domain/contracts/bets.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { useMemo } from 'react';
import { hasLiveGame, useLiveView, withLiveClocks } from '@/lib/live';

export type { BetRow };
export type MyBetList = BetList;

export const myBetListKey = (sportId: number, weekId: number) =>
  keyOf(contracts.betList, { sportId, weekId, limit: weekGamesMax });

/** The signed-in player's slip: every game of the week, with the player's bets on them. */
export const getMyBetList = ([, input]: ReturnType<typeof myBetListKey>): Promise<MyBetList> =>
  api.call(contracts.betList, input);

export function useMyBetList(sportId: number, weekId: number) {
  const list = useSWR<MyBetList, Error, ReturnType<typeof myBetListKey>>(myBetListKey(sportId, weekId), getMyBetList);
  const live = useLiveView(weekId, list.data, (data) => hasLiveGame(data.data), list.mutate);
  const data = useMemo(() => withLiveClocks(list.data, live.clocks), [list.data, live.clocks]);
  return { ...list, data, updatedAt: live.updatedAt };
}
