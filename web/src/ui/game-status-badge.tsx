import './game-status-badge.css';

/** Game status (spec §3): 1 upcoming, 2 finished, 3 canceled, 4 postponed, 5 live, 6 undefined. */
export type GameStatus = 1 | 2 | 3 | 4 | 5 | 6;

const labels: Record<GameStatus, string> = { 1: 'Upcoming', 2: 'Finished', 3: 'Canceled', 4: 'Postponed', 5: 'Live', 6: 'TBD' };
const tones: Record<GameStatus, string> = { 1: 'info', 2: 'muted', 3: 'warn', 4: 'warn', 5: 'live', 6: 'info' };

export interface GameStatusBadgeProps {
  status: GameStatus;
  /** Kickoff: an upcoming game whose kickoff has passed reads 'Started' until its result arrives. */
  beginning: string;
  now: number;
}

export function GameStatusBadge({ status, beginning, now }: GameStatusBadgeProps) {
  const started = (status === 1 || status === 6) && Date.parse(beginning) <= now;
  const tone = started ? 'live' : tones[status];
  return <span className={`ui-game-status ui-game-status--${tone}`}>{started ? 'Started' : labels[status]}</span>;
}
