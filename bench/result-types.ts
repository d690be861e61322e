// What the benchmark processes report to bench/run.ts: one result per process.
import type { ScreenCost } from './leaderboard-screens.ts';
import type { Cost } from './metered-client.ts';
import type { PhaseUsage } from './phases.ts';

export interface DashboardCost {
  total: Cost;
  perCall: Record<string, Cost>;
}

/** One page of the users list: the answer's total, its rows and what reading it cost. */
export interface UsersPageCost {
  total: number;
  rows: number;
  cost: Cost;
}

/** Missing Picks' first page: its rows, whether a cursor goes on, and what reading it cost. */
export interface MissingPicksCost {
  rows: number;
  more: boolean;
  cost: Cost;
}

export interface SizeResult {
  players: number;
  tenantPlayers: number;
  database: string;
  now: string;
  seedMs: number;
  addPlayersMs: number;
  picks: { commands: number; events: number; ms: number; perSecond: number; concurrency: number };
  game: { id: number; beginning: string; bets: number };
  importScores: { results: number; changed: number; weeksClosed: number; penalties: number; cost: Cost };
  importScoresNoChange: { results: number; changed: number; weeksClosed: number; penalties: number; cost: Cost };
  rebuild: { commits: number; events: number; weeks: number; ms: number; eventsPerSecond: number; cost: Cost };
  leaderboard: {
    firstScreen: ScreenCost;
    nextPage: ScreenCost;
    unchangedRefresh: ScreenCost;
    rows: number;
    nextRows: number;
    me: { rank: number; players: number } | undefined;
  };
  /** The same screens sorted by the Live column (sort=live) while games are under way. */
  liveLeaderboard: SizeResult['leaderboard'] & { liveGames: number; underWay: number };
  top3: { rows: number; cost: Cost };
  dashboardBettor: DashboardCost;
  dashboardCoach: DashboardCost;
  usersList: {
    firstPage: UsersPageCost;
    search: UsersPageCost & { term: string };
    /** A search every bench player matches (since 2026-12-06; absent in older results). */
    broadSearch?: UsersPageCost & { term: string };
  };
  missingPicks: MissingPicksCost;
  settlement: { cost: Cost; graded: number; expected: number };
  closeWeekProbe: { events: number; bytes: number; error: string | undefined };
  phases: Record<string, PhaseUsage>;
  totalMs: number;
  /** 1-minute load average when the size run ended (the machine is shared). */
  loadAverage?: number;
}

export interface BrowserResult {
  bettors: number;
  /** The signed-in player's own rank, pinned at the top. */
  ownRank: number;
  firstRows: number;
  firstRowsMs: number;
  nextPageMs: number;
  rowsAfterMore: number;
  sortMs: number;
  domNodes: number;
}

export interface StackResult {
  bettors: number;
  requests: number;
  workers: number;
  statuses: Record<string, number>;
  ms: number;
  perSecond: number;
  p50: number;
  p95: number;
  max: number;
  drainMs: number;
}

export interface Machine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
  /** 1-minute load average before and after the run: other work on the machine skews the numbers. */
  loadBefore: number;
  loadAfter?: number;
}

export interface UsersCsvResult {
  rows: number;
  megabytes: number;
  ms: number;
  rowsPerSecond: number;
  created: number;
  refused: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/** Each Lambda bundle's cold start on Node 24 (bench/cold-starts-run.ts). */
export interface ColdStartsResult {
  node: string;
  functions: { name: string; initMs: number; zippedKb: number }[];
}

/** Lighthouse's scores of the player's pages (bench/lighthouse-run.ts): medians of the runs. */
export interface LighthouseResult {
  preset: 'mobile' | 'desktop';
  runs: number;
  pages: {
    name: string;
    performance: number;
    accessibility: number;
    cls: number;
    lcpMs: number;
    tbtMs: number;
    /** Each run's performance score. */
    runs: number[];
  }[];
}
