// A game's status as the feeds and the API carry it.
export const GameStatus = { Upcoming: 1, Finished: 2, Canceled: 3, Postponed: 4, Live: 5, Undefined: 6 } as const;
export type GameStatus = (typeof GameStatus)[keyof typeof GameStatus];

/** Not started as far as the status says: picks stay open until kickoff. */
export const isUpcomingStatus = (status: GameStatus) =>
  status === GameStatus.Upcoming || status === GameStatus.Undefined;

/** Canceled, or postponed out of its week: its bets are never graded (they stay undetermined at 0 points). */
export const isVoidStatus = (status: GameStatus) => status === GameStatus.Canceled || status === GameStatus.Postponed;

/** Over for good: finished, or void (its bets stay undetermined). */
export const isOverStatus = (status: GameStatus) => status === GameStatus.Finished || isVoidStatus(status);

/** A bet on a game may be placed, changed or cancelled only while the game is upcoming and in the future. */
export const isOpenForPicks = ({ status, beginning }: { status: GameStatus; beginning: string }, now: Date | number) =>
  isUpcomingStatus(status) && Date.parse(beginning) > new Date(now).getTime();
