// The season an import of games, scores or lines works on: the sport's current one, which Start New Season makes.
import type { Sport } from '#domain/catalogue/types.ts';
import { NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { getSeason, listSeasonWeeks } from '../store/catalogue.ts';

export async function currentSeason(deps: Deps, sport: Sport) {
  const season = await getSeason(deps, sport.id);
  if (!season) throw new NotFoundError(`No season for ${sport.name}: start a new season first`, 'NO_SEASON');
  return { season, weeks: await listSeasonWeeks(deps, season.id) };
}
