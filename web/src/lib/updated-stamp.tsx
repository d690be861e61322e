import { formatClockTime } from './format';
import { useSportTimeZone } from './sport-selection';

/**
 * "Updated 14:42:15" on a view while a game of it is live: when it was last read or its week's live version last
 * said nothing changed (server time, in the sport's zone like every time on the page). Nothing when not live.
 */
export function UpdatedStamp({ at }: { at: number | undefined }) {
  const zone = useSportTimeZone();
  if (at === undefined) return null;
  const instant = new Date(at).toISOString();
  return (
    <p className="updated-stamp">
      Updated <time dateTime={instant}>{formatClockTime(instant, zone)}</time>
    </p>
  );
}
