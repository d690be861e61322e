// Load Teams: the feed's teams of a sport, added or updated. Fields and a logo set by hand on the teams page
// stay (domain/catalogue/team-feed.ts); a team the feed names anew matches ours by its normalised full name.
import { sameTeam, teamFromFeed } from '#domain/catalogue/team-feed.ts';
import type { Sport, Team } from '#domain/catalogue/types.ts';
import type { Deps } from '../adapters/deps.ts';
import type { FeedTeam, FeedTeamRef } from '../providers/port.ts';
import { listTeams } from '../store/catalogue.ts';
import { keys } from '../store/keys.ts';
import { getItem } from '../store/state-table.ts';
import { rebuildTeamMap } from '../store/team-map.ts';
import { putFeedTeam, type TeamRef } from '../store/teams.ts';
import { type FeedRefs, normalisedName } from './feed-refs.ts';
import { type JobProgress, progressStep } from './job-progress.ts';

/** Our team of a feed's team, by its ref, else by its full name (and the ref is remembered). */
export function teamMatcher(refs: FeedRefs, ours: readonly Team[]) {
  const byName = new Map(ours.map((team) => [normalisedName(team.name), team.id]));
  return ({ ref, name }: FeedTeamRef): number | undefined => {
    const known = refs.get('TEAM', ref);
    if (known !== undefined) return known;
    const named = byName.get(normalisedName(name));
    if (named !== undefined) refs.link('TEAM', ref, named);
    return named;
  };
}

/** Writes one feed team over ours; a hand edit saved meanwhile makes it read ours again, so the edit stays. */
async function saveFeedTeam(deps: Deps, read: Team | undefined, feedTeam: FeedTeam, ref: TeamRef) {
  const { name, city, mascot, abbreviation } = feedTeam;
  const feed = { name, city, mascot, abbreviation, logo: feedTeam.logo ?? '' };
  let before = read;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const team = teamFromFeed(before, feed, ref);
    if (before && sameTeam(before, team)) return { before, team: undefined };
    if (await putFeedTeam(deps, before, team)) return { before, team };
    before = await getItem<Team>(deps, keys.team(ref.sportId, ref.id));
  }
  throw new Error(`Team ${ref.id} kept changing while Load Teams wrote it`);
}

/** Writes the feed's teams; answers the sport's teams as they are now, and what changed. */
export async function saveFeedTeams(
  deps: Deps,
  sport: Sport,
  refs: FeedRefs,
  feedTeams: readonly FeedTeam[],
  onProgress?: JobProgress,
) {
  const ours = await listTeams(deps, sport.id);
  const byId = new Map(ours.map((team) => [team.id, team]));
  const match = teamMatcher(refs, ours);
  let teamsAdded = 0;
  let teamsUpdated = 0;
  const total = feedTeams.length;
  await onProgress?.(0, total);
  for (const [index, feedTeam] of feedTeams.entries()) {
    if (index > 0 && index % progressStep === 0) await onProgress?.(index, total);
    const id = match(feedTeam) ?? (await refs.idOf('TEAM', feedTeam.ref, feedTeam.id));
    const { before, team } = await saveFeedTeam(deps, byId.get(id), feedTeam, { id, sportId: sport.id });
    if (!team) continue;
    if (before) teamsUpdated += 1;
    else teamsAdded += 1;
    byId.set(id, team);
  }
  await refs.save();
  // Also when nothing changed: a run resumed after a crash before this line still leaves the map right.
  await rebuildTeamMap(deps, sport.id);
  if (total > 0) await onProgress?.(total, total);
  return { teams: [...byId.values()], counts: { teamsAdded, teamsUpdated } };
}
