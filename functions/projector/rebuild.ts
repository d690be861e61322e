// Rebuild this layout's projections from the events table: fold all commits in memory (fold-views.ts), write
// everything in batches and delete whatever else this layout held. The result equals the incremental one.
// Other layouts' items are left alone (older code may still serve them) until pruneViews.
import type { Deps } from '../adapters/deps.ts';
import type { Commit } from '../adapters/event-store.ts';
import { listUsers } from '../store/users.ts';
import { weekKickoffs } from '../store/catalogue.ts';
import { batchDelete, batchPut } from '../store/state-table.ts';
import { isOfThisLayout, layoutItem, viewsKeys } from '../views/layout.ts';
import type { Names } from '../views/season-rows.ts';
import { foldNeeds, foldViews, keyText } from './fold-views.ts';
import { applyCommit } from './apply-commits.ts';
import { isSeasonLease } from './season-lease.ts';

async function allCommits(deps: Deps) {
  const commits: Commit[] = [];
  for await (const page of deps.events.readAll()) commits.push(...page);
  return commits.sort((a, b) => a.streamId.localeCompare(b.streamId) || a.version - b.version);
}

/**
 * Applies, through the incremental projector, every commit appended after the fold read its stream: the
 * views of a layout no projector feeds yet miss nothing. Replaying a commit the projector applied too
 * changes nothing (facts carry their versions).
 */
async function catchUp(deps: Deps, folded: ReadonlyMap<string, number>) {
  const later = (await allCommits(deps)).filter((commit) => commit.version > (folded.get(commit.streamId) ?? 0));
  for (const commit of later) await applyCommit(deps, commit);
  return later.length;
}

export async function rebuildViews(deps: Deps) {
  const started = Date.now();
  const commits = await allCommits(deps);
  const folded = new Map(commits.map((commit) => [commit.streamId, commit.version]));
  // The fold reads nothing but the events, the kickoffs of the weeks bet in and the names of the clients' players.
  const needs = foldNeeds(commits);
  const kickoffs = new Map(
    await Promise.all([...needs.weekIds].map(async (weekId) => [weekId, await weekKickoffs(deps, weekId)] as const)),
  );
  const names = new Map<number, ReadonlyMap<number, Names>>();
  for (const clientId of needs.clientIds)
    names.set(clientId, new Map((await listUsers(deps, clientId)).map((user) => [user.id, user])));
  const {
    items: rebuilt,
    events,
    weeks,
  } = foldViews(commits, {
    kickoffOf: (weekId) => kickoffs.get(weekId)!,
    namesIn: (clientId) => names.get(clientId)!,
  });

  // As if this layout were emptied first: every item rewritten, and what the events no longer give deleted.
  const before = (await viewsKeys(deps)).filter(isOfThisLayout);
  await batchPut(deps, rebuilt, 'views');
  const kept = new Set(rebuilt.map(keyText));
  await batchDelete(
    deps,
    before.filter((key) => !kept.has(keyText(key))),
    'views',
  );
  const caughtUp = await catchUp(deps, folded);
  await batchPut(deps, [layoutItem()], 'views');
  const seconds = (Date.now() - started) / 1000;
  return {
    commits: commits.length,
    events,
    weeks,
    caughtUp,
    seconds,
    eventsPerSecond: Math.round(events / seconds),
  };
}

/** Deletes the items of every other layout (not the projector's season leases): run once no deployed code serves them. Answers how many went. */
export async function pruneViews(deps: Deps) {
  // A season's lease is no layout's: one held is in use now.
  const others = (await viewsKeys(deps)).filter((key) => !isOfThisLayout(key) && !isSeasonLease(key));
  await batchDelete(deps, others, 'views');
  return others.length;
}
