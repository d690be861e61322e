import './badge.css';

export type LivePickResult = 'winning' | 'losing' | 'push';

export interface LivePickBadgeProps {
  result: LivePickResult;
  /** How far the pick covers now: picked − opponent + line. */
  margin: number;
}

/** Where a pick on a live game stands: "Covering by 3.5", "Not covering by 2" or "Push". */
export function LivePickBadge({ result, margin }: LivePickBadgeProps) {
  const by = Math.abs(margin);
  const [tone, text] =
    result === 'winning'
      ? ['success', `Covering by ${by}`]
      : result === 'losing'
        ? ['error', `Not covering by ${by}`]
        : ['muted', 'Push'];
  // ui-live-pick names this badge among the others (the live-score browser tests find it by it).
  return <span className={`ui-live-pick ui-badge ui-badge--${tone}`}>{text}</span>;
}
