// ESPN's answers in the port's terms; pure, so each rule is tested on recorded answers.
import { gameClockText } from '#domain/catalogue/game-clock.ts';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { FeedAffiliate, FeedGame, FeedLine, FeedTeam, FeedTeamRef, SportKey } from '../port.ts';
import { seasonYearOf } from '../season-year.ts';
import type { EspnCompetitor, EspnEvent, EspnOdds, EspnStatus, EspnTeamsAnswer } from './espn-schema.ts';

export function espnTeams(answer: EspnTeamsAnswer): FeedTeam[] {
  return (answer.sports[0]?.leagues[0]?.teams ?? []).map(({ team }) => ({
    ref: team.id,
    name: team.displayName,
    city: team.location ?? '',
    mascot: team.name ?? '',
    abbreviation: team.abbreviation ?? '',
  }));
}

const LIVE_NAMES = new Set(['STATUS_IN_PROGRESS', 'STATUS_HALFTIME', 'STATUS_END_PERIOD']);

export function espnStatus(status: EspnStatus | undefined): GameStatus {
  if (!status) return GameStatus.Undefined;
  const { name, state, completed } = status.type;
  if (name === 'STATUS_CANCELED' || name === 'STATUS_CANCELLED') return GameStatus.Canceled;
  if (name === 'STATUS_POSTPONED') return GameStatus.Postponed;
  if (completed === true || name.startsWith('STATUS_FINAL')) return GameStatus.Finished;
  if (state === 'in' || LIVE_NAMES.has(name)) return GameStatus.Live;
  if (name === 'STATUS_SCHEDULED' || state === 'pre') return GameStatus.Upcoming;
  return GameStatus.Undefined;
}

const sides = (event: EspnEvent) => {
  const competitors = event.competitions[0]!.competitors;
  return {
    home: competitors.find((competitor) => competitor.homeAway === 'home'),
    away: competitors.find((competitor) => competitor.homeAway === 'away'),
  };
};

function score(competitor: EspnCompetitor, status: GameStatus): number | null {
  if (status !== GameStatus.Finished && status !== GameStatus.Live) return null;
  const value = Number(competitor.score);
  return competitor.score === undefined || competitor.score === '' || Number.isNaN(value) ? null : value;
}

/**
 * The clock of a game under way as ESPN shows it ("8:17 - 2nd", "Halftime", "End of 3rd"); where ESPN says only
 * "In Progress", told from the clock and period it gives in figures.
 */
export function espnClock(status: EspnStatus | undefined): Pick<FeedGame, 'period' | 'clock'> {
  if (!status || espnStatus(status) !== GameStatus.Live) return {};
  const period = status.period ?? null;
  const { shortDetail } = status.type;
  if (shortDetail && shortDetail !== 'In Progress') return { period, clock: shortDetail };
  return { period, clock: status.displayClock && period ? gameClockText(status.displayClock, period) : null };
}

const teamRefOf = (side: EspnCompetitor): FeedTeamRef => ({ ref: side.team.id, name: side.team.displayName });

/** The game of a scoreboard event, or undefined when the event does not name a home and an away team. */
export function espnGame(sport: SportKey, event: EspnEvent): FeedGame | undefined {
  const { home, away } = sides(event);
  if (!home || !away) return undefined;
  const beginning = new Date(event.date).toISOString();
  const told = event.status ?? event.competitions[0]!.status;
  const status = espnStatus(told);
  return {
    ref: event.id,
    seasonYear: seasonYearOf(sport, beginning),
    beginning,
    home: teamRefOf(home),
    away: teamRefOf(away),
    status,
    homeScore: score(home, status),
    awayScore: score(away, status),
    ...espnClock(told),
  };
}

/**
 * The home team's line of one odds entry: the numeric spread where ESPN gives one (it is the home team's),
 * else read from the text, "DEN -2.5" being the line of the team abbreviated DEN, "EVEN" and "PK" none.
 */
export function espnHomeLine(odds: EspnOdds, home: EspnCompetitor, away: EspnCompetitor): number | undefined {
  if (typeof odds.spread === 'number') return odds.spread + 0;
  const details = odds.details?.trim().toUpperCase();
  if (!details) return undefined;
  if (details === 'EVEN' || details === 'PK') return 0;
  const match = /^(\S+)\s+([+-]?\d+(?:\.\d+)?)$/.exec(details);
  if (!match) return undefined;
  const line = Number(match[2]);
  if (match[1] === home.team.abbreviation?.toUpperCase()) return line + 0;
  if (match[1] === away.team.abbreviation?.toUpperCase()) return -line + 0;
  return undefined;
}

/** ESPN's odds providers publish the lines; ESPN links none of them, so they point at ESPN. */
const affiliateOf = (provider: { id: string; name: string }): FeedAffiliate => ({
  ref: provider.id,
  name: provider.name,
  url: 'https://www.espn.com',
});

export function espnLines(event: EspnEvent): FeedLine[] {
  const { home, away } = sides(event);
  if (!home || !away) return [];
  const lines = new Map<string, FeedLine>();
  for (const odds of event.competitions[0]!.odds ?? []) {
    const homeLine = espnHomeLine(odds, home, away);
    if (!odds.provider || homeLine === undefined || lines.has(odds.provider.id)) continue;
    lines.set(odds.provider.id, {
      gameRef: event.id,
      affiliate: affiliateOf(odds.provider),
      home: teamRefOf(home),
      homeLine,
    });
  }
  return [...lines.values()];
}
