import './badge.css';

export type LivePickResult = 'winning' | 'losing' | 'push';

const tones: Record<LivePickResult, 'success' | 'error' | 'muted'> = {
  winning: 'success',
  losing: 'error',
  push: 'muted',
};

export interface LivePickBadgeProps {
  result: LivePickResult;
  /** How far the pick covers now: picked − opponent + line. */
  margin: number;
}

/** Where a pick on a live game stands: "Covering by 3.5", "Not covering by 2" or "Push". */
export function LivePickBadge({ result, margin }: LivePickBadgeProps) {
  const by = Math.abs(margin);
  const text = result === 'winning' ? `Covering by ${by}` : result === 'losing' ? `Not covering by ${by}` : 'Push';
  // ui-live-pick names this badge among the others (the live-score browser tests find it by it).
  return <span className={`ui-badge ui-badge--${tones[result]} ui-live-pick`}>{text}</span>;
}
