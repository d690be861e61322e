import type { SportChoice } from '@/lib/api/get-client-sports';
import { useSportSelection } from '@/lib/sport-selection';
import { SportIcon } from './sport-icon';
import '@/features/sports/sports.css';

export interface SportRailProps {
  sports: readonly SportChoice[];
  /** 'rail' is the desktop sidebar; 'list' is the phone menu. */
  variant: 'rail' | 'list';
  onSelected?: () => void;
}

/** One button per sport; the pressed one is chosen. */
export function SportRail({ sports, variant, onSelected }: SportRailProps) {
  const { selectedSportId, selectSport } = useSportSelection();
  return (
    <ul className={variant === 'rail' ? 'sport-rail' : 'drawer-list'}>
      {sports.map((sport) => (
        <li key={sport.sportId}>
          <button
            type="button"
            className={variant === 'rail' ? 'rail-button' : 'drawer-link'}
            aria-pressed={sport.sportId === selectedSportId}
            title={variant === 'rail' ? `Play ${sport.sportName}` : undefined}
            onClick={() => {
              selectSport(sport.sportId);
              onSelected?.();
            }}
          >
            <SportIcon sportName={sport.sportName} size={variant === 'rail' ? 26 : 22} />
            <span>{sport.sportName}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
