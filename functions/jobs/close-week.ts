// Close a client's week once its last game is over: a −50 penalty for each active player holding
// set bets who was a member when the week began and placed no regular bet (docs/rules.md, Missed
// picks). The week's event stream makes it happen exactly once. The cost follows what changed: a
// closed week is one read, and closing one reads the week's facts once, not every player's slip.
import type { SlipId } from '#domain/betting/slip.ts';
import { slipStreamId } from '#domain/betting/slip.ts';
import { type DayFlags, type Game, isRegularDay, type Sport } from '#domain/catalogue/types.ts';
import { isVoidStatus } from '#domain/catalogue/game-status.ts';
import { pickDayOf } from '#domain/season/zoned-time.ts';
import { isWeekOver, weekDecider, type WeekEvent, weekNotOver, weekStreamId } from '#domain/scoring/close-week.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { type User, UserStatus } from '#domain/auth/user.ts';
import type { Week } from '#domain/season/weeks.ts';
import { handleCommand } from '../store/command-handler.ts';
import type { Deps } from '../adapters/deps.ts';
import { getRoles } from '../store/roles.ts';
import { listUsers } from '../store/users.ts';
import { getClientSport, getSport } from '../store/catalogue.ts';
import { listWeekGames } from '../views/week-games.ts';
import { getClient } from '../store/clients.ts';
import { keys } from '../store/keys.ts';
import { pushOnce } from '../store/push-claims.ts';
import { readSlip } from '../betting/slip-service.ts';
import type { WeekScope } from '../views/scope.ts';
import type { SlipCellsRow } from '../views/slip-cells.ts';
import { isPenalty, weekFacts } from '../views/week-facts.ts';

export interface CloseWeekOptions {
  /** A week whose games are not all over is left alone instead of refused. */
  skipIfNotOver?: boolean;
  /** The week's games when the caller holds them as they now stand (an import just wrote them). */
  games?: readonly Game[];
  /**
   * The job or scheduled run closing it, the same in each of its attempts: the close's commits carry it, so an attempt
   * after a fault counts a week an earlier one closed, as the run's report says what the run did.
   */
  runId?: string;
}

/** The penalties of a week's close that `runId` made, when its WeekClosed is that run's; undefined otherwise. */
async function closedByRun(deps: Deps, streamId: string, runId: string | undefined) {
  if (runId === undefined) return undefined;
  const { commits } = await deps.events.readStream<WeekEvent>(streamId);
  const ours = commits.filter((commit) => commit.correlationId === runId);
  if (!ours.some((commit) => commit.events.some((event) => event.type === 'WeekClosed'))) return undefined;
  return {
    penalized: ours.flatMap((commit) => commit.events).filter((event) => event.type === 'MissedPicksPenalized').length,
  };
}

/** The players who placed a regular bet: the week's facts, and the slip itself where the projector has not caught up with it. */
async function playersWithRegularPicks(deps: Deps, scope: WeekScope, userIds: readonly number[]) {
  const facts = new Map(
    (await weekFacts(deps, scope))
      .filter((row): row is SlipCellsRow => !isPenalty(row))
      .map((row) => [row.userId, row]),
  );
  const slipOf = (userId: number): SlipId => ({ ...scope, userId });
  const lagging = await deps.events.movedOn(
    userIds.map((userId) => ({ streamId: slipStreamId(slipOf(userId)), version: facts.get(userId)?.version ?? 0 })),
  );
  const picked = new Set<number>();
  for (const userId of userIds) {
    const bets = lagging.has(slipStreamId(slipOf(userId)))
      ? [...(await readSlip(deps, slipOf(userId))).state.picks.values()]
      : (facts.get(userId)?.cells ?? []);
    if (bets.some((bet) => !bet.isBonus)) picked.add(userId);
  }
  return picked;
}

/** A game a regular pick could go on: played, on one of the client's regular pick days. */
const isRegularGame = (game: Game, days: DayFlags, zone: string | undefined) =>
  !isVoidStatus(game.eventStatus) && isRegularDay(days, pickDayOf(game.beginning, zone));

export async function closeWeek(
  deps: Deps,
  scope: { clientId: number; sportId: number; week: Week },
  actorId: number,
  options: CloseWeekOptions = {},
) {
  const { clientId, sportId, week } = scope;
  const weekId = week.id;
  const streamId = weekStreamId(clientId, sportId, weekId);
  // WeekClosed is always the last commit of a closed week's stream.
  const last = await deps.events.readLast<WeekEvent>(streamId);
  if (last?.events.some((event) => event.type === 'WeekClosed'))
    return last.correlationId === options.runId ? closedByRun(deps, streamId, options.runId) : undefined;
  const games = options.games ?? (await listWeekGames(deps, weekId));
  const gameStatuses = games.map((game) => game.eventStatus);
  if (!isWeekOver(gameStatuses)) {
    if (options.skipIfNotOver) return undefined;
    throw weekNotOver();
  }
  const users = await listUsers(deps, clientId);
  const roles = await getRoles(
    deps,
    users.map((user) => user.roleId),
  );
  // A deleted role grants nothing, 'set bets' included.
  const betting = (user: User) => {
    const role = roles.get(user.roleId);
    return !!role && !role.archivedAt && role.permissions.includes(Permission.SetBets);
  };
  const active = users.filter((user) => user.status === UserStatus.Active && betting(user));
  // A member from their account's start, or since an administrator last made them active, and not before the client
  // played the sport (docs/rules.md, Missed picks).
  const [clientSport, sport] = await Promise.all([getClientSport(deps, clientId, sportId), getSport(deps, sportId)]);
  const played = clientSport?.playedSince;
  const since = (user: User) => {
    const own = user.activeSince ?? user.dateCreated;
    return played && Date.parse(played) > Date.parse(own) ? played : own;
  };
  const players = active.map((user) => ({ userId: user.id, memberSince: since(user) }));
  const context = {
    now: deps.clock.now(),
    weekBegins: week.beginDate,
    gameStatuses,
    players,
    playersWithRegularPicks: await playersWithRegularPicks(
      deps,
      { clientId, sportId, weekId },
      players.map((player) => player.userId),
    ),
    hadRegularGame: !clientSport || games.some((game) => isRegularGame(game, clientSport, sport?.timeZone)),
  };
  let penalized = 0;
  for (let closed = false; !closed;) {
    const { appended } = await handleCommand(
      deps,
      streamId,
      { at: context.now.toISOString(), actor: actorId, correlationId: options.runId ?? deps.ids.correlation() },
      weekDecider,
      { type: 'CloseWeek' },
      context,
    );
    penalized += appended.filter((event) => event.type === 'MissedPicksPenalized').length;
    closed = appended.length === 0 || appended.some((event) => event.type === 'WeekClosed');
    if (appended.length === 0 && penalized === 0) return undefined;
  }
  // Told to who played it: a member when it began, or who picked in it (not a newcomer, for the weeks before them).
  const playedIt = (user: User) =>
    Date.parse(since(user)) <= Date.parse(week.beginDate) || context.playersWithRegularPicks.has(user.id);
  await pushWeekGraded(deps, scope, sport, active.filter(playedIt));
  // A run's close may have begun in an earlier attempt (its penalties appended, its WeekClosed not: then the stream's
  // last commit was that attempt's): it counts them all. Any other close reads the stream no further.
  const begunBefore = options.runId !== undefined && last?.correlationId === options.runId;
  return (begunBefore && (await closedByRun(deps, streamId, options.runId))) || { penalized };
}

/**
 * The week-graded push to the players who turned it on, once each (docs/rules.md, Push notifications). Sent by the
 * close that appended WeekClosed: a crash between the two costs those pushes, never a second one.
 */
async function pushWeekGraded(
  deps: Deps,
  { clientId, sportId, week }: { clientId: number; sportId: number; week: Week },
  sport: Sport | undefined,
  players: readonly User[],
) {
  const wanting = players.filter((player) => player.push?.includes('weekGraded'));
  if (wanting.length === 0) return;
  const client = await getClient(deps, clientId);
  if (!client) return;
  const message = {
    title: `Week ${week.number}${sport ? ` of ${sport.name}` : ''} is graded`,
    body: `Every game of week ${week.number} is over and its picks are graded. See where you stand.`,
    // The leaderboard opens on the week graded (on its own it shows the week before the current one).
    url: `${deps.siteUrl(client.domain)}/#/leaderboard?sport=${sportId}&week=${week.id}`,
  };
  // The claims are forgotten after a month, as the mails' are: a week is graded once.
  const forgetAt = new Date(deps.clock.now().getTime() + 30 * 24 * 60 * 60 * 1000);
  for (const player of wanting)
    await pushOnce(deps, player, 'weekGraded', keys.weekGraded(clientId, sportId, week.id, player.id), message, {
      expiresAt: forgetAt,
    });
}

export type ClosedWeeks = { weeksClosed: number; penalties: number };

/** Closes a client's weeks of a sport that are over; a closed one costs one read. */
export async function closeFinishedWeeks(
  deps: Deps,
  clientId: number,
  sportId: number,
  weeks: readonly Week[],
  actorId: number,
  { gamesOf, runId }: { gamesOf?: ((weekId: number) => readonly Game[]) | undefined; runId?: string | undefined } = {},
): Promise<ClosedWeeks> {
  const counts = { weeksClosed: 0, penalties: 0 };
  for (const week of weeks) {
    const games = gamesOf?.(week.id);
    const closed = await closeWeek(deps, { clientId, sportId, week }, actorId, { skipIfNotOver: true, games, runId });
    if (closed) {
      counts.weeksClosed += 1;
      counts.penalties += closed.penalized;
    }
  }
  return counts;
}

/** The clients' closings side by side, so one client's players never hold up another's. */
export async function closeForClients(
  clientIds: readonly number[],
  closeFor: (clientId: number) => Promise<ClosedWeeks>,
): Promise<ClosedWeeks> {
  const each = await Promise.all(clientIds.map(closeFor));
  return {
    weeksClosed: each.reduce((sum, counts) => sum + counts.weeksClosed, 0),
    penalties: each.reduce((sum, counts) => sum + counts.penalties, 0),
  };
}
