// Game day: pages that show a live game ask again every 30 s (conditional reads, so an unchanged answer is
// a 304), stop when no game is live, and pause while the tab is hidden (SWR's default).
import { useState } from 'react';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import { liveMargin, type LiveResult } from '#domain/betting/live-result.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';

export const liveRefreshMs = 30_000;

/**
 * SWR options that ask again every 30 s while the last answer shows a live game, else never. The interval is a
 * number, not SWR's function form: SWR restarts its timer whenever the option changes, so a function made at each
 * render restarted it at each render (the Picks page re-renders every 30 s for its clock, and never refreshed),
 * and a function made once never starts, SWR asking it before the first answer.
 */
export function useRefreshWhileLive<T>(isLive: (data: T) => boolean) {
  const [live, setLive] = useState(false);
  return { refreshInterval: live ? liveRefreshMs : 0, onSuccess: (data: T) => setLive(isLive(data)) };
}

export const hasLiveGame = (rows: readonly Pick<BetRow, 'eventStatus'>[]) =>
  rows.some((row) => row.eventStatus === GameStatus.Live);

export interface LivePick {
  result: LiveResult;
  /** How far the pick covers now (picked − opponent + line). */
  margin: number;
}

/** Where the player's pick on a live game stands, from the row's score and frozen line. */
export function livePickOf(row: BetRow): LivePick | undefined {
  if (!row.liveResult || row.winnerTeamId === null) return undefined;
  const game = {
    status: row.eventStatus,
    homeTeamId: row.homeTeamId,
    homeScore: row.homeTeamScore,
    awayScore: row.awayTeamScore,
  };
  const margin = liveMargin({ teamId: row.winnerTeamId, line: row.pointSpread }, game);
  return margin === undefined ? undefined : { result: row.liveResult, margin };
}

/** The game clock ("8:17 - 2nd") when the feed gives one; rows from before it existed have none. */
export const gameClockOf = (row: object): string | undefined => {
  const clock = (row as { gameClock?: unknown }).gameClock;
  return typeof clock === 'string' && clock ? clock : undefined;
};
