import type { SportChoice } from '@/lib/api/get-client-sports';
import { useSportSelection } from '@/lib/sport-selection';
import { Select } from '@/ui/select';
import '@/features/sports/sports.css';

/** The header's dropdown of the sidebar's sports. */
export function SportSwitcher({ sports }: { sports: readonly SportChoice[] }) {
  const { selectedSportId, selectSport } = useSportSelection();
  if (sports.length === 0) return null;
  return (
    <Select
      label="Sport"
      hideLabel
      className="sport-switcher"
      options={sports.map((sport) => ({ value: sport.sportId, label: sport.sportName }))}
      value={selectedSportId}
      onChange={selectSport}
      searchable={sports.length > 6}
    />
  );
}
