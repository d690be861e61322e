import { GameStatus, isUpcomingStatus } from '#domain/catalogue/game-status.ts';
import './badge.css';

const labels: Record<GameStatus, string> = {
  [GameStatus.Upcoming]: 'Upcoming',
  [GameStatus.Finished]: 'Finished',
  [GameStatus.Canceled]: 'Canceled',
  [GameStatus.Postponed]: 'Postponed',
  [GameStatus.Live]: 'Live',
  [GameStatus.Undefined]: 'TBD',
};
const tones: Record<GameStatus, 'info' | 'muted' | 'warn' | 'live'> = {
  [GameStatus.Upcoming]: 'info',
  [GameStatus.Finished]: 'muted',
  [GameStatus.Canceled]: 'warn',
  [GameStatus.Postponed]: 'warn',
  [GameStatus.Live]: 'live',
  [GameStatus.Undefined]: 'info',
};

export interface GameStatusBadgeProps {
  status: GameStatus;
  /** Kickoff: an upcoming game whose kickoff has passed reads 'Started' until its result arrives. */
  beginning: string;
  now: number;
}

export function GameStatusBadge({ status, beginning, now }: GameStatusBadgeProps) {
  const started = isUpcomingStatus(status) && Date.parse(beginning) <= now;
  const tone = started ? 'live' : tones[status];
  return <span className={`ui-badge ui-badge--${tone}`}>{started ? 'Started' : labels[status]}</span>;
}
