// The demo's seasons: imported from the offline demo feed, last season played and graded, and the weeks begun picked.
import type { Client, User } from '#domain/auth/user.ts';
import type { Sport } from '#domain/catalogue/types.ts';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { hasSpread, regularPoints } from '#domain/betting/slip.ts';
import { seasonIdOf } from '#domain/season/weeks.ts';
import { weekStartOf } from '#domain/season/zoned-time.ts';
import { fixedClock } from '../adapters/clock.ts';
import type { Deps } from '../adapters/deps.ts';
import { loadWeek, runSlipCommand, type WeekView } from '../betting/slip-service.ts';
import { importSeason } from '../jobs/import-season.ts';
import { importSpreads } from '../jobs/import-spreads.ts';
import { importScores } from '../jobs/import-scores.ts';
import { seededRandom, shuffled } from '../providers/demo/prng.ts';
import { createDemoProvider, demoSeasonStart } from '../providers/demo/demo-provider.ts';
import { shiftDate } from '#domain/season/zoned-time.ts';
import { seededSportsTimeZone } from './system-tenant.ts';
import { addClientSport, getClientSport, getSeason, listAffiliates, listWeeks } from '../store/catalogue.ts';

export interface League {
  client: Client;
  players: User[];
  sportIds: number[];
}

/**
 * The sport's season from the offline demo feed whatever SPORTS_PROVIDER says, imported by the import jobs'
 * own functions as of the eve of the season, so every game is still open and every line on the board.
 */
export async function ensureSeason(deps: Deps, sport: Sport, actorId: number, seasonStart: string, gameIdBase = 0) {
  const eve = fixedClock(new Date(Date.parse(`${seasonStart}T00:00:00Z`) - 24 * 3600 * 1000));
  const feed = createDemoProvider({ seasonStart, now: () => eve.now(), gameIdBase });
  const asOfEve = { ...deps, clock: eve };
  const year = Number(seasonStart.slice(0, 4));
  // The season is imported once its last item, the current-season one, is written. The lines are imported on every
  // unfinished seed, so one resumed after a crash between the two has them too; Import Spreads writes only the
  // lines that moved.
  if ((await getSeason(deps, sport.id))?.id !== seasonIdOf(year, sport.id))
    await importSeason(asOfEve, sport, feed, year, actorId);
  await importSpreads(asOfEve, sport, feed);
}

export const currentSeasonStart = (deps: Deps) => deps.settings.DEMO_SEASON_START ?? demoSeasonStart(deps.clock.now());

/** Last season's Wednesday: 52 weeks before this season's (53 when that is still the same year). */
function lastSeasonStart(seasonStart: string) {
  const back = shiftDate(seasonStart, -364);
  return back.slice(0, 4) === seasonStart.slice(0, 4) ? shiftDate(seasonStart, -371) : back;
}

/** Last season's games take ids of their own: the demo feed's ids name a round and a slot, not a season. */
const lastSeasonGameIds = 10_000_000;

/**
 * Last season, lived as a pool lives it: imported as the current season on its eve, played week by week by the
 * clients' members, then graded by Import Scores run the day after it ended (the weeks close, the penalties of the
 * skipped weeks fall). Start New Season then makes this season current. Skipped once the current season is in.
 */
export async function playLastSeason(deps: Deps, sport: Sport, admin: User, leagues: readonly League[]) {
  const seasonStart = lastSeasonStart(currentSeasonStart(deps));
  const current = await getSeason(deps, sport.id);
  if (current && current.id !== seasonIdOf(Number(seasonStart.slice(0, 4)), sport.id)) return;
  await ensureSeason(deps, sport, admin.id, seasonStart, lastSeasonGameIds);
  const weeks = await listWeeks(deps, sport.id);
  const after = fixedClock(new Date(Date.parse(weeks.at(-1)!.endDate) + 24 * 3600 * 1000));
  const playing = await playWeeks({ ...deps, clock: after }, sport, leagues);
  const feed = createDemoProvider({ seasonStart, now: () => after.now(), gameIdBase: lastSeasonGameIds });
  await importScores(
    { ...deps, clock: after },
    sport,
    feed,
    playing.map(({ client }) => client.id),
    admin.id,
  );
}

async function enableSport(deps: Deps, client: Client, sport: Sport): Promise<void> {
  if (await getClientSport(deps, client.id, sport.id)) return;
  const [affiliate] = await listAffiliates(deps, sport.id);
  if (!affiliate) throw new Error(`No affiliate for ${sport.name}`);
  await addClientSport(deps, { clientId: client.id, sport, affiliate, days: {} });
}

/** Five picks (or as many as the open games allow) for one player and week, chosen reproducibly. */
async function placeWeekPicks(deps: Deps, view: WeekView, user: User, at: Date) {
  const random = seededRandom('demo-picks', user.login, view.week.id);
  const pickable = [...view.facts.values()].filter(
    (game) => game.onRegularDay && isOpenForPicks(game, at) && hasSpread(game.homeLine),
  );
  const chosen = shuffled(pickable, random).slice(0, regularPoints.length);
  const picks = chosen.map((game, index) => ({
    gameId: game.id,
    teamId: random() < 0.5 ? game.homeTeamId : game.awayTeamId,
    points: regularPoints[index]!,
  }));
  if (!picks.length) return;
  const slip = { clientId: user.clientId, userId: user.id, sportId: view.sport.id, weekId: view.week.id };
  const request = { slip, actorId: user.id, correlationId: `seed-${user.login}-${view.week.id}` };
  await runSlipCommand({ ...deps, clock: fixedClock(at) }, request, { type: 'SetRegularPicks', picks }, view);
}

/** The sport enabled for the clients that play it, and their picks of its current season's weeks begun by now. */
export async function playWeeks(deps: Deps, sport: Sport, leagues: readonly League[]) {
  const playing = leagues.filter((league) => league.sportIds.includes(sport.id));
  await Promise.all(
    playing.map(async ({ client, players }) => {
      await enableSport(deps, client, sport);
      await playSeason(deps, client, players, sport);
    }),
  );
  return playing;
}

/** When the seed's players pick a week: half an hour after it opens. */
const picksGoIn = (week: { beginDate: string }) => Date.parse(week.beginDate) + 30 * 60 * 1000;

/**
 * The first instant of the stretch up to `now` in which the seed makes the same demo. What it seeds depends on the
 * clock only through the week holding today (demoSeasonStart) and which weeks have been picked and which have ended
 * (playSeason), and its sports' weeks are the Wednesday-to-Tuesday weeks of one zone: from half an hour into today's
 * week, all of that stays as it is until the week ends. Seeded at any instant of that stretch, the demo differs only in
 * the times it stamps (when the clients and members joined, when the seed ran), which are then earlier than `now`, as
 * for a demo seeded a few days ago.
 */
export function sameDemoSince(now: Date): Date {
  const picked = picksGoIn({ beginDate: weekStartOf(now, seededSportsTimeZone).toISOString() });
  return picked <= now.getTime() ? new Date(picked) : now;
}

/** Picks of the client's players for every week of the sport's current season begun by now. */
async function playSeason(deps: Deps, client: Client, players: User[], sport: Sport) {
  const now = deps.clock.now();
  const begun = (await listWeeks(deps, sport.id)).filter((week) => picksGoIn(week) <= now.getTime());
  // Each player's slip of a week is its own aggregate, so the weeks and their players go in side by side.
  await Promise.all(
    begun.map(async (week) => {
      const weekStart = new Date(picksGoIn(week));
      const isPast = Date.parse(week.endDate) < now.getTime();
      const playing = players.filter(
        // Some players skip a week, so the missed-picks penalty has someone to find; in the running week only half
        // the players have picked yet.
        (player, index) => (isPast ? seededRandom('demo-skip', player.login, week.id)() >= 0.07 : index % 2 === 0),
      );
      // The week's games and lines, read once for all its players. Picks go in as the week opens, so on a game day
      // the running week's players hold picks on the games under way (docs/live-game-day.md).
      const view = await loadWeek(deps, { clientId: client.id, sportId: sport.id, weekId: week.id });
      await Promise.all(playing.map((player) => placeWeekPicks(deps, view, player, weekStart)));
    }),
  );
}
