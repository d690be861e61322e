// The catalogue's teams as the Teams page changes them (docs/rules.md, Teams): details, and a logo
// kept only as the drawing its SVG makes (domain/catalogue/team-logo.ts), stored as base64.
import { sanitizeLogo } from '#domain/catalogue/team-logo.ts';
import { updateTeam } from '../../store/teams.ts';
import type { RouteImpl } from '../area-api.ts';

export const editTeam: RouteImpl<'editTeam'> = async ({ input: { id, sportId, ...details } }, deps) =>
  updateTeam(deps, { id, sportId }, details);

export const setTeamLogo: RouteImpl<'setTeamLogo'> = async ({ input: { id, sportId, logo } }, deps) => {
  const clean = sanitizeLogo(logo);
  return updateTeam(deps, { id, sportId }, { logo: Buffer.from(clean, 'utf8').toString('base64') });
};
