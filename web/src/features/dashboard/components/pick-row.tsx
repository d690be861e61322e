import { isBonusBet } from '#domain/betting/bet-rows.ts';
import { BetResult } from '#domain/betting/grading.ts';
import { isVoidStatus } from '#domain/catalogue/game-status.ts';
import { formatKickoff, formatSignedPoints, formatSpread } from '@/lib/format';
import { gameClockOf, livePickOf } from '@/lib/live';
import { useSportTimeZone } from '@/lib/sport-selection';
import { LivePickBadge } from '@/ui/live-pick-badge';
import { TeamLogo } from '@/ui/team-logo';
import { useTeamList } from '@/lib/api/get-team-list';
import type { BetRow } from '@/features/dashboard/api/get-week-bets';
import './pick-row.css';

const resultTones: Partial<Record<BetResult, { label: string; tone: string }>> = {
  [BetResult.Undetermined]: { label: 'Pending', tone: 'pending' },
  [BetResult.Won]: { label: 'Won', tone: 'won' },
  [BetResult.Lost]: { label: 'Lost', tone: 'lost' },
  [BetResult.Draw]: { label: 'Draw', tone: 'draw' },
};

/**
 * Regular picks by points, highest first, then the bonus pick (docs/rules.md, Dashboard): told by the pick, not its
 * game, since a regular pick's game may turn a bonus game later (the last-day bonus).
 */
export const byPointsThenBonus = (a: BetRow, b: BetRow) =>
  Number(isBonusBet(a)) - Number(isBonusBet(b)) || b.points - a.points || a.beginning.localeCompare(b.beginning);

function ResultBadge({ bet }: { bet: BetRow }) {
  const live = livePickOf(bet);
  if (live) return <LivePickBadge {...live} />;
  const result =
    bet.betResult === BetResult.Undetermined && isVoidStatus(bet.eventStatus)
      ? { label: 'No result', tone: 'draw' }
      : (resultTones[bet.betResult] ?? { label: 'Pending', tone: 'pending' });
  const points =
    bet.betResult === BetResult.Won || bet.betResult === BetResult.Lost
      ? ` ${formatSignedPoints(bet.signedPoints)}`
      : '';
  return <span className={`result-badge result-badge--${result.tone}`}>{`${result.label}${points}`}</span>;
}

/** One of the player's picks on the dashboard: team and line, game, score and clock, points and how it stands. */
function PickRow({ bet, logo }: { bet: BetRow; logo: string | null | undefined }) {
  const zone = useSportTimeZone();
  const pickedHome = bet.winnerTeamId === bet.homeTeamId;
  const team = pickedHome ? bet.homeTeamName : bet.awayTeamName;
  const opponent = pickedHome ? `vs ${bet.awayTeamName}` : `at ${bet.homeTeamName}`;
  const ownScore = pickedHome ? bet.homeTeamScore : bet.awayTeamScore;
  const otherScore = pickedHome ? bet.awayTeamScore : bet.homeTeamScore;
  return (
    <li className="my-pick">
      <TeamLogo logo={logo ?? undefined} name={team} size={36} />
      <span className="my-pick__game">
        <span className="my-pick__team">
          {team} <span className="my-pick__spread">{formatSpread(bet.pointSpread)}</span>
        </span>
        <span className="my-pick__meta">
          {opponent} · <time dateTime={bet.beginning}>{formatKickoff(bet.beginning, zone)}</time>
          {ownScore !== null && otherScore !== null && ` · ${ownScore}–${otherScore}`}
          {gameClockOf(bet) && ` · ${gameClockOf(bet)}`}
        </span>
      </span>
      <span className="my-pick__points">{isBonusBet(bet) ? `Bonus ${bet.points}` : `${bet.points} pts`}</span>
      <ResultBadge bet={bet} />
    </li>
  );
}

/** The player's picks, each as a PickRow with its team's logo, in the order given. */
export function PickList({ sportId, picks, label }: { sportId: number; picks: BetRow[]; label: string }) {
  const teams = useTeamList(sportId);
  const logos = new Map(teams.data?.map((team) => [team.id, team.logo]));
  return (
    <ul className="my-picks" aria-label={label}>
      {picks.map((bet) => (
        <PickRow
          key={bet.gameId}
          bet={bet}
          logo={bet.winnerTeamId === null ? undefined : logos.get(bet.winnerTeamId)}
        />
      ))}
    </ul>
  );
}
