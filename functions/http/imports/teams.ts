// The catalogue's teams as the Teams page changes them (docs/rules.md, Teams): details, and a logo
// kept only as the drawing its SVG makes (domain/catalogue/team-logo.ts), stored as base64. Every field
// changed here is marked hand-set, so Load Teams leaves it, until 'Use the feed's value' takes it back.
import { marksAfterHandEdit, marksWithout, type TeamValues } from '#domain/catalogue/team-feed.ts';
import { sanitizeLogo } from '#domain/catalogue/team-logo.ts';
import { sportLogosMaxChars, type Team } from '#domain/catalogue/types.ts';
import { ConflictError } from '#domain/errors.ts';
import type { Deps } from '../../adapters/deps.ts';
import { teamMap } from '../../store/team-map.ts';
import { getTeam, type TeamRef, teamChanged, teamShownAsStored, updateTeam } from '../../store/teams.ts';
import type { RouteImpl } from '../area-api.ts';

/**
 * The team as the change was made from: a hand edit since (the `version` its page read, `markChanges`) makes it 409,
 * so a dialog opened before another administrator's save undoes nothing. A change that landed already, asked again,
 * finds nothing to write first.
 */
function assertVersion(before: Team, version: number | undefined) {
  if (version !== undefined && version !== (before.markChanges ?? 0)) throw teamChanged();
}

async function editByHand(deps: Deps, ref: TeamRef, changes: Partial<TeamValues>, version?: number, read?: Team) {
  const before = read ?? (await getTeam(deps, ref));
  // Nothing to change (every field left out or as it is): no write, so no hand edit or Load Teams meets a conflict.
  const changing = Object.entries(changes).some(
    ([field, value]) => value !== undefined && value !== before[field as keyof TeamValues],
  );
  if (!changing) return teamShownAsStored(deps, before);
  assertVersion(before, version);
  return updateTeam(deps, before, { ...changes, ...marksAfterHandEdit(before, changes) });
}

export const editTeam: RouteImpl<'editTeam'> = async ({ input: { id, sportId, version, ...details } }, deps) =>
  editByHand(deps, { id, sportId }, details, version);

export const setTeamLogo: RouteImpl<'setTeamLogo'> = async ({ input: { id, sportId, logo, version } }, deps) => {
  const stored = Buffer.from(sanitizeLogo(logo), 'utf8').toString('base64');
  const before = await getTeam(deps, { id, sportId });
  const others = (await teamMap(deps, sportId)).filter((team) => team.id !== id);
  // A logo no larger than the team's own always goes: a sport past the cap (logos from before it) can only shrink.
  const total = others.reduce((sum, team) => sum + team.logo.length, stored.length);
  if (total > sportLogosMaxChars && stored.length > (before.logo ?? '').length)
    throw new ConflictError(
      "The sport's logos together may take at most 3 MB, and this one would pass that: use a smaller drawing",
      'SPORT_LOGOS_FULL',
    );
  return editByHand(deps, { id, sportId }, { logo: stored }, version, before);
};

export const useFeedValue: RouteImpl<'useFeedValue'> = async ({ input: { id, sportId, field, version } }, deps) => {
  const before = await getTeam(deps, { id, sportId });
  if (!before.handEdited?.includes(field)) return teamShownAsStored(deps, before);
  assertVersion(before, version);
  const value = before.feedValues?.[field];
  // A feed that has no logos (ESPN, The Odds API) gives none: the logo set by hand goes, as it came.
  if (!value && field !== 'logo')
    throw new ConflictError(`The feed has given no ${field} for this team yet; run Load Teams first`, 'NO_FEED_VALUE');
  return updateTeam(deps, before, { [field]: value ?? '', ...marksWithout(before, field) });
};
