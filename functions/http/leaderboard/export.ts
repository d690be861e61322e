// The standings export (GET /api/Bet/balance-export; docs/rules.md, Standings export): the week's leaderboard as
// a CSV file, read a page of 100 at a time in rank order through the leaderboard's own reader, so the file shows
// exactly what the page does (hidden picks included) and no read holds the whole tenant. The file starts with the
// UTF-8 byte order mark, so a spreadsheet opened on it reads accented names right.
import { standingsHeader, standingsLine } from '#domain/scoring/standings-csv.ts';
import { getClient } from '../../store/clients.ts';
import { sportCatalogue } from '../../store/catalogue-cache.ts';
import { playedWeek } from '../../store/catalogue.ts';
import { readStamps, weekGamesStamp } from '../../store/stamps.ts';
import type { RouteImpl } from '../area-api.ts';
import { scopedClientId } from '../auth-guard.ts';
import { reply } from '../json-answer.ts';
import { leaderboard } from './leaderboard.ts';

const pageSize = 100;

/** The UTF-8 byte order mark: without it Excel reads the file in the machine's code page and mangles 'José'. */
const byteOrderMark = '\uFEFF';

/** A file name of plain characters: 'standings-demo-nfl-week-9.csv'. */
const fileName = (...parts: (string | number)[]) =>
  `standings-${parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.csv`;

export const balanceExport: RouteImpl<'balanceExport'> = async ({ input, caller }, deps) => {
  const clientId = scopedClientId(caller, input.clientId);
  const [{ clientSport, week }, catalogue, client, [gamesStamp] = []] = await Promise.all([
    playedWeek(deps, clientId, input),
    sportCatalogue(deps, input.sportId),
    clientId === caller.client.id ? caller.client : getClient(deps, clientId),
    // The week's kickoffs once for every page (the games stamp carries them).
    readStamps(deps, [weekGamesStamp(input.weekId)]),
  ]);
  const teamName = (teamId: number) => catalogue.teams.get(teamId)?.name ?? `Team ${teamId}`;
  const lines = [byteOrderMark, standingsHeader];
  let cursor: string | undefined;
  do {
    const page = await leaderboard(
      deps,
      caller,
      { ...input, clientId, sort: 'week', direction: 'desc', limit: pageSize, cursor },
      gamesStamp,
    );
    lines.push(...page.rows.map((row) => standingsLine(row, teamName)));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const name = fileName(client?.domain ?? clientId, clientSport.sportName, 'week', week.number);
  return {
    ...reply(200, lines.join('')),
    headers: { 'content-disposition': `attachment; filename="${name}"` },
  };
};
