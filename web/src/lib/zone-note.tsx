import { formatZoneNote } from './format';
import { useSportTimeZone } from './sport-selection';

/** The one line a page showing days and times carries: the zone they are told in (docs/rules.md, Formats). */
export function ZoneNote({ zone }: { zone?: string | undefined }) {
  const selected = useSportTimeZone();
  return <p className="zone-note">{formatZoneNote(zone ?? selected)}</p>;
}
