// Import Scores with nothing new, measured: the job's own function on a metered client, run twice in a
// row (the first may still close weeks; the second has nothing left to do). For bench/size-run.ts and
// bench/import-scores-run.ts.
import type { Sport } from '#domain/catalogue/types.ts';
import type { Deps } from '../functions/adapters/deps.ts';
import { importScores } from '../functions/jobs/import-scores.ts';
import type { SportsFeed } from '../functions/providers/port.ts';
import type { Meter } from './metered-client.ts';

export interface ImportScoresRun {
  requests: number;
  items: number;
  itemsWritten: number;
  ms: number;
  counts: Record<string, number>;
}

/** Runs Import Scores for one client on `metered` deps and reports what it read, wrote and took. */
export async function measureImportScores(
  meter: Meter,
  metered: Deps,
  run: { sport: Sport; feed: SportsFeed; clientId: number; actorId: number },
): Promise<ImportScoresRun> {
  const { value, cost } = await meter.measure(() =>
    importScores(metered, run.sport, run.feed, [run.clientId], run.actorId),
  );
  return {
    requests: cost.requests,
    items: cost.itemsRead,
    itemsWritten: cost.itemsWritten,
    ms: Math.round(cost.ms),
    counts: value.counts,
  };
}
