import './win-loss-doughnut.css';

const size = 132;
const stroke = 16;
const radius = (size - stroke) / 2;
const circumference = 2 * Math.PI * radius;

export interface WinLossDoughnutProps {
  wins: number;
  losses: number;
}

/** Wins against losses as a ring: green for won bets, red for lost ones, the win rate in the middle. */
export function WinLossDoughnut({ wins, losses }: WinLossDoughnutProps) {
  const decided = wins + losses;
  const winShare = decided ? wins / decided : 0;
  const winLength = winShare * circumference;
  // A hairline gap between the arcs keeps them apart when both are present.
  const gap = wins && losses ? 2 : 0;
  const label = decided ? `${wins} won and ${losses} lost: ${Math.round(winShare * 100)}% won` : 'No decided bets yet';
  return (
    <svg className="doughnut" width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label}>
      <g transform={`rotate(-90 ${size / 2} ${size / 2})`} fill="none" strokeWidth={stroke}>
        <circle className="doughnut__track" cx={size / 2} cy={size / 2} r={radius} />
        {losses > 0 && (
          <circle
            className="doughnut__losses"
            cx={size / 2}
            cy={size / 2}
            r={radius}
            strokeDasharray={`${Math.max(circumference - winLength - 2 * gap, 0)} ${circumference}`}
            strokeDashoffset={-(winLength + gap)}
          />
        )}
        {wins > 0 && (
          <circle
            className="doughnut__wins"
            cx={size / 2}
            cy={size / 2}
            r={radius}
            strokeDasharray={`${Math.max(winLength, 0)} ${circumference}`}
          />
        )}
      </g>
      <text className="doughnut__value" x="50%" y="47%" textAnchor="middle" dominantBaseline="middle">
        {decided ? `${Math.round(winShare * 100)}%` : '–'}
      </text>
      <text className="doughnut__caption" x="50%" y="64%" textAnchor="middle" dominantBaseline="middle">
        {decided ? 'won' : 'no results'}
      </text>
    </svg>
  );
}
