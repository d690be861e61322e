// Load Teams: the feed's teams of a sport, added or updated. A logo set on the teams page stays; a team
// the feed names anew matches ours by its normalised full name.
import type { Sport, Team } from '#domain/catalogue/types.ts';
import type { Deps } from '../adapters/deps.ts';
import type { FeedTeam, FeedTeamRef } from '../providers/port.ts';
import { listTeams } from '../store/catalogue.ts';
import { keys } from '../store/keys.ts';
import { batchPut } from '../store/state-table.ts';
import { type FeedRefs, normalisedName } from './feed-refs.ts';

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

const sameTeam = (a: Team, b: Team) =>
  a.name === b.name && a.city === b.city && a.mascot === b.mascot && a.abbreviation === b.abbreviation;

/** Writes the feed's teams; answers the sport's teams as they are now, and what changed. */
export async function saveFeedTeams(deps: Deps, sport: Sport, refs: FeedRefs, feedTeams: readonly FeedTeam[]) {
  const ours = await listTeams(deps, sport.id);
  const byId = new Map(ours.map((team) => [team.id, team]));
  const match = teamMatcher(refs, ours);
  const changed: Team[] = [];
  let teamsAdded = 0;
  for (const feedTeam of feedTeams) {
    const id = match(feedTeam) ?? (await refs.idOf('TEAM', feedTeam.ref, feedTeam.id));
    const before = byId.get(id);
    const { name, city, mascot, abbreviation } = feedTeam;
    const team: Team = {
      id,
      sportId: sport.id,
      name,
      city,
      mascot,
      abbreviation,
      logo: before?.logo || feedTeam.logo || '',
    };
    if (before && sameTeam(before, team)) continue;
    if (!before) teamsAdded += 1;
    byId.set(id, team);
    changed.push(team);
  }
  await batchPut(
    deps,
    changed.map((team) => ({ ...keys.team(sport.id, team.id), ...team })),
  );
  await refs.save();
  return { teams: [...byId.values()], counts: { teamsAdded, teamsUpdated: changed.length - teamsAdded } };
}
