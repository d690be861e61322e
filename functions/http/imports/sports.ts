// The catalogue's sports as the Sports page changes them (docs/rules.md, Pick days): which days are
// Regular and which Bonus, and the bonus game days. Client sports added later take these days.
import { updateSportDays } from '../../store/sports.ts';
import type { RouteImpl } from '../area-api.ts';

export const editSport: RouteImpl<'editSport'> = async ({ input: { id, version, ...days } }, deps) =>
  updateSportDays(deps, id, days, version);
