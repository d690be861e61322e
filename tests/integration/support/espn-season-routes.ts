// ESPN's NFL scoreboard as recorded (weeks 1 and 12 of the 2025 season and an empty one), answered by a fake feed the
// way ESPN answers: a 7-day `dates` range with the recorded week it overlaps, a `week` query with that week.
import { type FakeRoute, fixture } from '../../support/fake-feed.ts';

export const scoreboard = '/apis/site/v2/sports/football/nfl/scoreboard';
export type EspnEvent = {
  id: string;
  date: string;
  competitions: { competitors: { homeAway: string; team: unknown }[] }[];
};
export type Scoreboard = { events: EspnEvent[] };
export const week1 = fixture('espn/nfl-scoreboard-week-1.json') as Scoreboard;
export const week12 = fixture('espn/nfl-scoreboard-week-12.json') as Scoreboard;
const empty = fixture('espn/nfl-scoreboard-empty.json');

/** Answers a 7-day `dates` range with the recorded week it overlaps, a `week` query with that week. */
export function espnRoutes(weeks: { number: number; board: Scoreboard }[]): FakeRoute[] {
  const days = (board: Scoreboard) => board.events.map((event) => event.date.slice(0, 10).replaceAll('-', ''));
  const overlaps = (range: string, board: Scoreboard) => {
    const [from = '', to = from] = range.split('-');
    return days(board).some((day) => day >= from && day <= shift(to, 1));
  };
  return [
    { path: '/apis/site/v2/sports/football/nfl/teams', answers: [{ body: fixture('espn/nfl-teams.json') }] },
    ...weeks.map(({ number, board }) => ({
      path: scoreboard,
      query: (query: URLSearchParams) =>
        query.get('week') === String(number) || (!query.get('week') && overlaps(query.get('dates') ?? '', board)),
      answers: [{ body: board }],
    })),
    { path: scoreboard, answers: [{ body: empty }] },
  ];
}

// ESPN's days are UTC while a range asks by Eastern day: an evening kickoff can sit on the next UTC day.
const shift = (day: string, by: number) =>
  new Date(Date.UTC(+day.slice(0, 4), +day.slice(4, 6) - 1, +day.slice(6, 8) + by))
    .toISOString()
    .slice(0, 10)
    .replaceAll('-', '');
