// Stamps by construction (issue 58, item 2; docs/data-model.md, Version stamps of the live reads): the store's
// writes stamp what they write, told from the key (functions/store/stamped-partitions.ts), and the views' writers run
// inside stampingViews, which stamps what they wrote (functions/views/view-stamps.ts), so no writer file has a stamp
// to remember. This file proves the mappings and that nothing writes a stamped partition around them;
// tests/integration/stamped-writes.test.ts proves each kind of write moves its stamp.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys.ts';
import { stampOfItem, stampOfStream } from '../../functions/store/stamped-partitions.ts';
import { aggregateKey, liveCountsKey } from '../../functions/views/week-aggregates.ts';
import { factsPartition } from '../../functions/views/facts-partition.ts';
import { outcomesPartition } from '../../functions/views/outcomes.ts';
import { seasonKey } from '../../functions/views/season-rows.ts';
import { totalKey } from '../../functions/views/total-key.ts';
import { stampOfView } from '../../functions/views/view-stamps.ts';
import { weekClientItem } from '../../functions/views/week-clients.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
const functions = sources('functions').map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

const [clientId, sportId, weekId, seasonId] = [7, 33, 20263309, 202633];
const gamesStamp = keys.weekGamesStamp(weekId);
const sportStamp = keys.clientSportStamp(clientId, sportId);

describe('the stamp a write moves, from its key', () => {
  it('a week’s game rows, lines and manual lines move its games stamp (rows with their kickoffs)', () => {
    expect(stampOfItem(keys.game(weekId, 3300301))).toEqual({ stamp: gamesStamp, gamesOf: weekId });
    expect(stampOfItem(keys.spread(4, weekId, 3300301))).toEqual({ stamp: gamesStamp });
    const line = { affiliateId: 4, weekId, gameId: 3300301, handicapId: 9 };
    expect(stampOfItem(keys.manualLine(line))).toEqual({ stamp: gamesStamp });
  });

  it('a client sport and the client’s bonus start of a season move the client sport’s stamp', () => {
    expect(stampOfItem(keys.clientSport(clientId, sportId))).toEqual({ stamp: sportStamp });
    expect(stampOfItem(keys.bonusStart(clientId, seasonId))).toEqual({ stamp: sportStamp });
  });

  it('a sport’s team map moves the sport’s teams stamp: the pick lists name its teams', () => {
    expect(stampOfItem(keys.teamMap(sportId))).toEqual({ stamp: keys.sportTeamsStamp(sportId) });
  });

  it('a bonus start put whole puts its opening (the start + 10 minutes) on the stamp, as the season’s turn', () => {
    const start = { ...keys.bonusStart(clientId, seasonId), bonusGamesStart: '2027-01-10T18:03:00.000Z' };
    expect(stampOfItem(start)).toEqual({
      stamp: sportStamp,
      turns: { [`turn${seasonId}`]: '2027-01-10T18:13:00.001Z' },
    });
  });

  it('a slip’s append moves its client week’s stamp; a game’s or a week’s moves none (the projector stamps views)', () => {
    expect(stampOfStream(`slip#${clientId}#12#${sportId}#${weekId}`)).toEqual({
      stamp: keys.clientWeekStamp(clientId, weekId),
    });
    expect(stampOfStream('game#3300301')).toBeUndefined();
    expect(stampOfStream(`week#${clientId}#${sportId}#${weekId}`)).toBeUndefined();
  });

  it('what no live read shows moves nothing, the stamps themselves included', () => {
    const unstamped = [
      keys.user(clientId, 12),
      keys.prize(clientId, 3),
      keys.method(clientId, 2),
      keys.job(clientId, 5),
      keys.sport(sportId),
      keys.team(sportId, 4),
      keys.week(weekId),
      keys.season(sportId),
      keys.affiliate(sportId, 4),
      { PK: `MANUALLINES#${clientId}#4#${weekId}`, SK: 'GAME#1' },
      gamesStamp,
      sportStamp,
      keys.clientWeekStamp(clientId, weekId),
      keys.weekLiveStamp(weekId),
    ];
    expect(unstamped.map(stampOfItem)).toEqual(unstamped.map(() => undefined));
  });
});

describe('the stamp a views write moves, from its key', () => {
  const scope = { clientId, sportId, weekId };
  const weekStamp = (week: number) => ({ stamp: keys.clientWeekStamp(clientId, week) });

  it('a client week’s facts, totals, live counts and pick shares move its client week stamp', () => {
    const written = [
      { PK: factsPartition(scope), SK: 'U0000012' },
      totalKey(scope, 12),
      liveCountsKey(scope),
      { PK: totalKey(scope, 12).PK.replace('TOTALS', 'PICKSHARE'), SK: '3300301' },
    ];
    expect(written.map((key) => stampOfView(key, 'week'))).toEqual(written.map(() => weekStamp(weekId)));
  });

  it('a week’s aggregate, kept per season, moves the stamp of the week it counts (a later week a ytd moved)', () => {
    expect(stampOfView(aggregateKey(scope, 11), 'week')).toEqual(weekStamp(seasonId * 100 + 11));
  });

  it('a rename’s writes move the client sport’s stamp: every week of the sport shows the names', () => {
    expect(stampOfView(totalKey(scope, 12), 'sport')).toEqual({ stamp: sportStamp });
  });

  it('a sport week’s shared facts, its clients and the season pointers move none', () => {
    const unstamped = [
      { PK: outcomesPartition({ sportId, weekId }), SK: '3300301' },
      weekClientItem(scope),
      seasonKey({ clientId, sportId, seasonId }, 12),
    ];
    expect(unstamped.map((key) => stampOfView(key, 'week'))).toEqual(unstamped.map(() => undefined));
  });
});

describe('no write of a stamped partition around the store', () => {
  const stampedKeys =
    /keys\.(game|spread|manualLine|clientSport|bonusStart|teamMap)\(|keys\.(games|spreads|manualLines)Partition/;
  const rawWrite = /new (Put|Update|Delete|BatchWrite|TransactWrite)(Item)?Command\(/;

  it('a file that builds a stamped partition’s key writes it through state-table.ts, never a raw command', () => {
    // stamps.ts reads a week's games and writes the stamp items only.
    const around = functions.filter(
      ({ path, text }) => path !== 'functions/store/stamps.ts' && stampedKeys.test(text) && rawWrite.test(text),
    );
    expect(around.map(({ path }) => path)).toEqual([]);
  });

  it('only the command handler appends to the events table, so every append is stamped', () => {
    const appenders = functions.filter(({ text }) => /\bevents\.append\(/.test(text)).map(({ path }) => path);
    expect(appenders).toEqual(['functions/store/command-handler.ts']);
  });

  it('a stamp is bumped by hand only by the two write paths, the projector’s apply step and a resumed import or team edit', () => {
    const bumps = /\b(bumpStamps?|bumpMoved|stampWeekLive|restampWeekGames|stampWeeksGames)\(/;
    const byHand = functions
      .filter(({ path, text }) => bumps.test(text) && !path.startsWith('functions/store/stamp'))
      .map(({ path }) => path)
      .sort();
    expect(byHand).toEqual([
      // A resumed run finds its rows written and writes none: it stamps what a crash left unstamped.
      'functions/jobs/import-spreads.ts',
      'functions/jobs/sync-games.ts',
      // The apply step: the live stamp holds the games' scores as the run said, not a key written.
      'functions/projector/apply-commits.ts',
      // A team edit asked again finds its map written: it stamps what a crash left unstamped.
      'functions/store/teams.ts',
      // The views' write path: what stampingViews recorded.
      'functions/views/view-stamps.ts',
    ]);
  });

  it('the views are written inside stampingViews: by the projector’s apply step and the rename only', () => {
    const users = functions.filter(({ text }) => /\bstampingViews\(\w+/.test(text)).map(({ path }) => path);
    expect(users.sort()).toEqual(['functions/projector/apply-commits.ts', 'functions/views/rename-player.ts']);
  });
});
