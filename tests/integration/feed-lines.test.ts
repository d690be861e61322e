// Import Spreads takes a feed's line as our home team's (functions/jobs/import-spreads.ts): a feed that lists a game
// the other way round from ours gives its home team's line, which is our visitor's, so the line is turned; a line of
// a team that does not play the game is refused with its reason and writes nothing (taken as it came, a line of the
// wrong sign would grade every bet on the game against the side that covered).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Game, Sport, Team } from '#domain/catalogue/types.ts';
import { importSpreads } from '../../functions/jobs/import-spreads.ts';
import type { FeedLine, SportsFeed } from '../../functions/providers/port.ts';
import { listAffiliates, listWeekSpreads } from '../../functions/store/catalogue.ts';
import { feedTeamRef, gamesAhead, nfl } from './support/demo-sunday.ts';
import { useTestStack } from './support/test-stack.ts';

// The demo's Sunday at 2 pm in New York: the week's evening games are still ahead.
const now = '2026-11-22T19:00:00.000Z';
const given = useTestStack({ now });
const book = { ref: 'book-of-lines', name: 'Book of Lines', url: 'https://book.example.com' };

let sport: Sport;
let teams: Team[];
let ahead: Game[];

beforeAll(async () => {
  ({ sport, teams, ahead } = await gamesAhead(given.stack.deps, now, 3));
});

const ref = (teamId: number) => feedTeamRef(teams, teamId);

const lineOf = (game: Game, homeTeamId: number, homeLine: number): FeedLine => ({
  gameRef: String(game.id),
  affiliate: book,
  home: ref(homeTeamId),
  homeLine,
});

const feedOf = (lines: FeedLine[]): SportsFeed => ({
  name: 'demo',
  listTeams: async () => [],
  listSeasonGames: async () => [],
  listGames: async () => [],
  listResults: async () => [],
  listLines: async () => lines,
});

async function bookLines(games: readonly Game[]) {
  const { deps } = given.stack;
  const affiliate = (await listAffiliates(deps, nfl)).find((each) => each.name === book.name)!;
  const spreads = await listWeekSpreads(deps, affiliate.id, games[0]!.weekId);
  return games.map((game) => spreads.find((spread) => spread.gameId === game.id)?.homeSpread);
}

describe("Import Spreads and a feed's sides", () => {
  it('takes the line as ours, turned when the feed lists the game the other way round, and refuses a line of a team that does not play the game', async () => {
    const [asOurs, turned, stranger] = ahead as [Game, Game, Game];
    const outsider = teams.find((team) => ![stranger.homeTeamId, stranger.awayTeamId].includes(team.id))!;
    const { counts, refused } = await importSpreads(
      given.stack.deps,
      sport,
      feedOf([
        lineOf(asOurs, asOurs.homeTeamId, -3.5),
        // The feed's home is our visitor, favoured by 3.5: our home is given 3.5.
        lineOf(turned, turned.awayTeamId, -3.5),
        lineOf(stranger, outsider.id, 7),
      ]),
    );
    expect(refused).toEqual([
      {
        item: `Book of Lines's line for game ${stranger.id}`,
        reason: `The line is of '${outsider.name}', who does not play the game: not taken`,
      },
    ]);
    expect(counts).toMatchObject({ lines: 3, linesChanged: 2, refused: 1 });
    expect(await bookLines([asOurs, turned, stranger])).toEqual([-3.5, 3.5, undefined]);
  });
});
