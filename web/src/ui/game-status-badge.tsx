import { GameStatus, isUpcomingStatus } from '#domain/catalogue/game-status.ts';
import './badge.css';
import './game-status-badge.css';

const labels: Record<GameStatus, string> = {
  [GameStatus.Upcoming]: 'Upcoming',
  [GameStatus.Finished]: 'Finished',
  [GameStatus.Canceled]: 'Canceled',
  [GameStatus.Postponed]: 'Postponed',
  [GameStatus.Live]: 'Live',
  [GameStatus.Undefined]: 'TBD',
};
// The badge's tone; live is the error tone with a dot.
const tones: Record<GameStatus, string> = {
  [GameStatus.Upcoming]: 'ui-badge--info',
  [GameStatus.Finished]: 'ui-badge--muted',
  [GameStatus.Canceled]: 'ui-badge--warn',
  [GameStatus.Postponed]: 'ui-badge--warn',
  [GameStatus.Live]: 'ui-badge--error ui-badge--live',
  [GameStatus.Undefined]: 'ui-badge--info',
};

export interface GameStatusBadgeProps {
  status: GameStatus;
  /** Kickoff: an upcoming game whose kickoff has passed reads 'Started' until its result arrives. */
  beginning: string;
  now: number;
}

export function GameStatusBadge({ status, beginning, now }: GameStatusBadgeProps) {
  const started = isUpcomingStatus(status) && Date.parse(beginning) <= now;
  const tone = started ? tones[GameStatus.Live] : tones[status];
  return <span className={`ui-badge ${tone}`}>{started ? 'Started' : labels[status]}</span>;
}
