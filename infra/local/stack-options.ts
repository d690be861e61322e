// What a local stack is started with (infra/local/stack.ts), and the note a snapshot of it keeps.
import type { ScryptCost } from '../../functions/adapters/passwords.ts';
import type { Settings } from '../../functions/adapters/settings.ts';

export interface LocalStackOptions {
  /** Folder for the database, checkpoint, key, schedules and outbox; undefined runs in memory (outbox in a temp folder). */
  dataDir: string | undefined;
  port: number;
  seed: boolean;
  /** After a first seeding, runs the demo's Import Scores jobs, so past weeks open graded (npm start). */
  scoreDemo?: boolean;
  /** Starts the clock at this instant (PICKEM_NOW). */
  now?: string | undefined;
  /** The Scheduler fires nothing until releaseSchedules(): a test sets up its given state first. */
  holdSchedules?: boolean;
  webRoot?: string;
  /**
   * A folder saveSnapshot() wrote: an empty database starts as the snapshot's was, as if this stack had seeded it in
   * no time (the clock starts at `now` all the same). A database holding anything ignores it.
   */
  startFrom?: string | undefined;
  /** The cost of new password hashes: production's strong one unless a test asks for a cheap one. */
  passwordCost?: ScryptCost;
  /** When within its minute a Live Scores run reads the feeds (Deps.liveReadsMs); production's by default. */
  liveReadsMs?: readonly number[];
  /**
   * Settings beyond the stack's own, as a Lambda's environment would hold them: the sports feed (SPORTS_PROVIDER,
   * ESPN_BASE_URL, ...) and DEMO_SEASON_START. `npm start` passes its environment.
   */
  settings?: Settings;
}

export interface SnapshotNote {
  /** The stream's delivered versions: what the views already hold. */
  checkpoint: Record<string, number>;
  /** Nothing was committed while the tables were written: every event they hold is delivered by the checkpoint. */
  complete?: boolean;
}
