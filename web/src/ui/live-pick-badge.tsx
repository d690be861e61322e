import './live-pick-badge.css';

export type LivePickResult = 'winning' | 'losing' | 'push';

export interface LivePickBadgeProps {
  result: LivePickResult;
  /** How far the pick covers now: picked − opponent + line. */
  margin: number;
}

/** Where a pick on a live game stands: "Covering by 3.5", "Not covering by 2" or "Push". */
export function LivePickBadge({ result, margin }: LivePickBadgeProps) {
  const by = Math.abs(margin);
  const text = result === 'winning' ? `Covering by ${by}` : result === 'losing' ? `Not covering by ${by}` : 'Push';
  return <span className={`ui-live-pick ui-live-pick--${result}`}>{text}</span>;
}
