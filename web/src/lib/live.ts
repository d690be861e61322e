// Game day: a page that shows a live game asks its week's live version every 10 s (one small public answer,
// shared by every viewer through CloudFront) and reads its own views again only when the version moved. A page
// showing none asks every minute, so one opened before kickoff reads its views again once a game began (the version
// moved) and follows it from then on; both pause while the tab is hidden (SWR's default).
import { useEffect, useRef, useState } from 'react';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import { liveMargin, type LiveResult } from '#domain/betting/live-result.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { LiveVersion } from '#domain/contracts/bets.ts';
import { useLiveVersion } from './api/get-live-version';
import { serverNow } from './server-clock';

export interface LiveView {
  /** While live: the clocks of the games under way, newer than the view's (they move without a new version). */
  clocks: LiveVersion['games'] | undefined;
  /** While live: when the view was last known current (server time, ms): read, or its week's version unchanged. */
  updatedAt: number | undefined;
}

/**
 * Follows the week's live version once the view is read: asked every 10 s while its answer shows a live game, else
 * every minute, and each new version reads the view again (`revalidate`, the view's SWR mutate).
 */
export function useLiveView<T>(
  weekId: number | undefined,
  data: T | undefined,
  isLive: (data: T) => boolean,
  revalidate: () => unknown,
): LiveView {
  const live = data !== undefined && isLive(data);
  const [readAt, setReadAt] = useState<number>();
  useEffect(() => {
    if (data !== undefined) setReadAt(serverNow());
  }, [data]);
  const version = useLiveVersion(data === undefined ? undefined : weekId, live);
  useRevalidateOnChange(version.data?.version, revalidate, weekId);
  // An unchanged version says the view was current when the answer was made (CloudFront's copy is older).
  const checkedAt = version.data ? Date.parse(version.data.at) : 0;
  return {
    clocks: live ? version.data?.games : undefined,
    updatedAt: live ? Math.max(readAt ?? 0, checkedAt) || undefined : undefined,
  };
}

/** The answer with the live version's clock on each game under way; the same answer when no clock moved. */
export function withLiveClocks<T extends { data: BetRow[] }>(
  answer: T | undefined,
  clocks: LiveVersion['games'] | undefined,
): T | undefined {
  if (!answer || !clocks?.length) return answer;
  const byGame = new Map(clocks.map((game) => [game.gameId, game.gameClock]));
  const moved = (row: BetRow) =>
    row.eventStatus === GameStatus.Live && byGame.has(row.gameId) && byGame.get(row.gameId) !== gameClockOf(row);
  if (!answer.data.some(moved)) return answer;
  return {
    ...answer,
    data: answer.data.map((row) => (moved(row) ? { ...row, gameClock: byGame.get(row.gameId) ?? undefined } : row)),
  };
}

/**
 * Calls revalidate when the value changes from one it had for the same `scope` (not on the first): another week's
 * version is no change of the shown one's, whose view was just read.
 */
function useRevalidateOnChange(value: string | undefined, revalidate: () => unknown, scope: number | undefined) {
  const last = useRef({ scope, value });
  useEffect(() => {
    if (last.current.scope !== scope) last.current = { scope, value: undefined };
    const before = last.current.value;
    if (value !== undefined && before !== undefined && value !== before) void revalidate();
    if (value !== undefined) last.current = { scope, value };
  }, [value, revalidate, scope]);
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
