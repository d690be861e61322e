// The Odds API's answers in the port's terms; pure, so each rule is tested on recorded answers. The API
// names teams only by their full name, so a team's ref is its full name, in the teams and in the games.
import { GameStatus } from '#domain/catalogue/game-status.ts';
import type { FeedGame, FeedLine, FeedTeam, SportKey } from '../port.ts';
import { seasonYearOf } from '../season-year.ts';
import type { OddsApiEvent, OddsApiOdds, OddsApiParticipant, OddsApiScore } from './odds-api-schema.ts';

/** Mascots of two words; any other full name is the city followed by a one-word mascot. */
const TWO_WORD_MASCOTS = [
  'Red Sox',
  'White Sox',
  'Blue Jays',
  'Golden Knights',
  'Maple Leafs',
  'Blue Jackets',
  'Red Wings',
  'Trail Blazers',
  'Hockey Club',
];

export function splitTeamName(fullName: string): { city: string; mascot: string } {
  const words = fullName.trim().split(/\s+/);
  const twoWord = TWO_WORD_MASCOTS.find((mascot) => fullName.endsWith(` ${mascot}`));
  const mascotWords = twoWord ? 2 : words.length > 1 ? 1 : 0;
  return {
    city: words.slice(0, words.length - mascotWords).join(' '),
    mascot: words.slice(words.length - mascotWords).join(' '),
  };
}

/** A city of one word gives its first three letters (Denver: DEN), of more its initials (Kansas City: KC). */
const cityAbbreviation = (city: string) => {
  const words = city.split(' ').filter(Boolean);
  return (words.length > 1 ? words.map((word) => word[0]).join('') : city.slice(0, 3)).toUpperCase();
};

/**
 * The API gives no city, mascot or abbreviation: they are derived from the full name. Teams sharing a city
 * abbreviation add their mascot's initial (New York Giants: NYG, New York Jets: NYJ).
 */
export function oddsApiTeams(participants: OddsApiParticipant[]): FeedTeam[] {
  const split = participants.map((participant) => ({
    name: participant.full_name,
    ...splitTeamName(participant.full_name),
  }));
  const counts = new Map<string, number>();
  for (const team of split) counts.set(cityAbbreviation(team.city), (counts.get(cityAbbreviation(team.city)) ?? 0) + 1);
  return split.map((team) => {
    const base = cityAbbreviation(team.city);
    return {
      ref: team.name,
      name: team.name,
      city: team.city,
      mascot: team.mascot,
      abbreviation: (counts.get(base)! > 1 ? `${base}${team.mascot[0] ?? ''}` : base).toUpperCase(),
    };
  });
}

function game(
  sport: SportKey,
  event: OddsApiEvent,
  status: GameStatus,
  homeScore: number | null,
  awayScore: number | null,
): FeedGame {
  const beginning = new Date(event.commence_time).toISOString();
  return {
    ref: event.id,
    seasonYear: seasonYearOf(sport, beginning),
    beginning,
    home: { ref: event.home_team, name: event.home_team },
    away: { ref: event.away_team, name: event.away_team },
    status,
    homeScore,
    awayScore,
  };
}

/** An event of the schedule: upcoming until its kickoff; after it, only the scores tell. */
export const oddsApiScheduledGame = (sport: SportKey, event: OddsApiEvent, nowMs: number): FeedGame =>
  game(sport, event, Date.parse(event.commence_time) > nowMs ? GameStatus.Upcoming : GameStatus.Undefined, null, null);

/** Completed: final; scores but not completed: in progress; no scores yet: upcoming. */
export function oddsApiResult(sport: SportKey, event: OddsApiScore): FeedGame {
  const scoreOf = (team: string) => {
    const found = event.scores?.find((entry) => entry.name === team);
    const value = Number(found?.score);
    return found === undefined || found.score === '' || Number.isNaN(value) ? null : value;
  };
  const status = event.completed ? GameStatus.Finished : event.scores?.length ? GameStatus.Live : GameStatus.Upcoming;
  const scored = status !== GameStatus.Upcoming;
  return game(sport, event, status, scored ? scoreOf(event.home_team) : null, scored ? scoreOf(event.away_team) : null);
}

/** Bookmakers publish no address in the API; the well-known ones get theirs, the others the API's list of them. */
const BOOKMAKER_SITES: Record<string, string> = {
  draftkings: 'https://sportsbook.draftkings.com',
  fanduel: 'https://sportsbook.fanduel.com',
  betmgm: 'https://sports.betmgm.com',
  williamhill_us: 'https://www.caesars.com/sportsbook-and-casino',
  betrivers: 'https://www.betrivers.com',
  bovada: 'https://www.bovada.lv',
  betonlineag: 'https://www.betonline.ag',
  espnbet: 'https://espnbet.com',
};
const BOOKMAKER_LIST = 'https://the-odds-api.com/sports-odds-data/bookmaker-apis.html';

/** Every bookmaker's spread of the home team; a bookmaker without a spreads market gives no line. */
export function oddsApiLines(event: OddsApiOdds): FeedLine[] {
  return event.bookmakers.flatMap((bookmaker) => {
    const spreads = bookmaker.markets.find((market) => market.key === 'spreads');
    const point = spreads?.outcomes.find((outcome) => outcome.name === event.home_team)?.point;
    if (point === undefined) return [];
    return [
      {
        gameRef: event.id,
        affiliate: { ref: bookmaker.key, name: bookmaker.title, url: BOOKMAKER_SITES[bookmaker.key] ?? BOOKMAKER_LIST },
        home: { ref: event.home_team, name: event.home_team },
        homeLine: point + 0,
      },
    ];
  });
}
