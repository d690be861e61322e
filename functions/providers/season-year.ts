// Which season a game belongs to, named by the year it starts in: football, basketball and hockey seasons
// run into the next year (their January to July games belong to the season begun the year before); a
// baseball season is one calendar year. Days are US Eastern, as the leagues count them.
import { localDate } from '#domain/season/zoned-time.ts';
import type { SportKey } from './port.ts';

export function seasonYearOf(sport: SportKey, instant: string): number {
  const [year = 0, month = 0] = localDate(instant).split('-').map(Number);
  return sport !== 'MLB' && month <= 7 ? year - 1 : year;
}
