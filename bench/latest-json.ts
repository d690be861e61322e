// bench/results/latest.json: the figures the issue tracks, per tenant size, as data.
import type { BrowserResult, Machine, SizeResult } from './result-types.ts';
import type { Cost } from './metered-client.ts';

const ms = (value: number) => Math.round(value);
const readCost = (cost: Cost) => ({ requests: cost.requests, items: cost.itemsRead, ms: ms(cost.ms) });

export function benchData(machine: Machine, results: readonly SizeResult[], browser?: BrowserResult) {
  return {
    machine: {
      ...machine,
      /** The 1-minute load average as each size run ended: the machine is shared. */
      loadAverageBySize: Object.fromEntries(results.map((result) => [result.players, result.loadAverage ?? null])),
    },
    sizes: results.map((result) => {
      const { firstScreen, nextPage, unchangedRefresh } = result.leaderboard;
      return {
        players: result.players,
        leaderboardFirstScreen: {
          requests: firstScreen.requests,
          items: firstScreen.items,
          bytes: firstScreen.bytes,
          ms: ms(firstScreen.ms),
        },
        leaderboardUnchangedRefresh: {
          requests: unchangedRefresh.requests,
          items: unchangedRefresh.items,
          ms: ms(unchangedRefresh.ms),
        },
        leaderboardNextPage: {
          requests: nextPage.requests,
          items: nextPage.items,
          bytes: nextPage.bytes,
          ms: ms(nextPage.ms),
        },
        companyAdminDashboard: readCost(result.dashboardCoach.total),
        importScoresNoChange: readCost(result.importScoresNoChange.cost),
        settleGame: {
          bets: result.game.bets,
          requests: result.settlement.cost.requests,
          ms: ms(result.settlement.cost.ms),
        },
        rebuild: { events: result.rebuild.events, eventsPerSecond: Math.round(result.rebuild.eventsPerSecond) },
        usersListPage: readCost(result.usersList.firstPage.cost),
      };
    }),
    /** The Leaderboard page in Chromium as a player far down the table (bench/browser-run.ts), when run. */
    ...(browser
      ? {
          leaderboardBrowser: {
            players: browser.bettors,
            ownRank: browser.ownRank,
            firstRowsVisibleMs: ms(browser.firstRowsMs),
            showMoreMs: ms(browser.nextPageMs),
            sortMs: ms(browser.sortMs),
          },
        }
      : {}),
  };
}
