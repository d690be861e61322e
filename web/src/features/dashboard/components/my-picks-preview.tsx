import { BetResult } from '#domain/betting/grading.ts';
import { Link } from 'react-router-dom';
import type { Week } from '#domain/season/weeks.ts';
import { formatKickoff, formatSignedPoints, formatSpread, formatWeekRange } from '@/lib/format';
import { gameClockOf, livePickOf } from '@/lib/live';
import { useSportTimeZone } from '@/lib/sport-selection';
import { UpdatedStamp } from '@/lib/updated-stamp';
import { Card } from '@/ui/card';
import { LivePickBadge } from '@/ui/live-pick-badge';
import { Spinner } from '@/ui/spinner';
import { TeamLogo } from '@/ui/team-logo';
import { useErrorToast } from '@/ui/use-error-toast';
import { useTeamList } from '@/lib/api/get-team-list';
import { useWeekBets, type BetRow } from '@/features/dashboard/api/get-week-bets';
import './my-picks-preview.css';

const resultTones: Partial<Record<BetResult, { label: string; tone: string }>> = {
  [BetResult.Undetermined]: { label: 'Pending', tone: 'pending' },
  [BetResult.Won]: { label: 'Won', tone: 'won' },
  [BetResult.Lost]: { label: 'Lost', tone: 'lost' },
  [BetResult.Draw]: { label: 'Draw', tone: 'draw' },
};

/** Regular picks by points, highest first, then the bonus game (docs/rules.md, Dashboard). */
const byPointsThenBonus = (a: BetRow, b: BetRow) =>
  Number(a.isBonusGame) - Number(b.isBonusGame) || b.points - a.points || a.beginning.localeCompare(b.beginning);

function ResultBadge({ bet }: { bet: BetRow }) {
  const live = livePickOf(bet);
  if (live) return <LivePickBadge {...live} />;
  const result = resultTones[bet.betResult] ?? { label: 'Pending', tone: 'pending' };
  const points =
    bet.betResult === BetResult.Won || bet.betResult === BetResult.Lost
      ? ` ${formatSignedPoints(bet.signedPoints)}`
      : '';
  return <span className={`result-badge result-badge--${result.tone}`}>{`${result.label}${points}`}</span>;
}

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
      <span className="my-pick__points">{bet.isBonusGame ? `Bonus ${bet.points}` : `${bet.points} pts`}</span>
      <ResultBadge bet={bet} />
    </li>
  );
}

export interface MyPicksPreviewProps {
  sportId: number;
  /** The previous week. */
  week: Week;
  /** Links to the My Picks page, when it exists. */
  showAllLink: boolean;
}

/** The dashboard's My Picks block: the player's picks of the previous week and how they did. */
export function MyPicksPreview({ sportId, week, showAllLink }: MyPicksPreviewProps) {
  const zone = useSportTimeZone();
  const bets = useWeekBets(sportId, week.id);
  const teams = useTeamList(sportId);
  useErrorToast(bets.error);
  const logos = new Map(teams.data?.map((team) => [team.id, team.logo]));
  const picks = (bets.data?.data ?? []).filter((row) => row.id !== null).sort(byPointsThenBonus);
  return (
    <Card
      title="My Picks"
      actions={showAllLink ? <Link to="/my-picks">See all</Link> : undefined}
      className="my-picks-preview"
    >
      <p className="my-picks-preview__week">
        Week {week.number} <span className="muted">· {formatWeekRange(week, zone)}</span>
      </p>
      <UpdatedStamp at={bets.updatedAt} />
      {bets.data === undefined ? (
        bets.error ? (
          <p className="muted">Your picks could not be loaded.</p>
        ) : (
          <div className="loading-block">
            <Spinner label="Loading your picks…" />
          </div>
        )
      ) : picks.length === 0 ? (
        <p className="muted">You made no picks in Week {week.number}.</p>
      ) : (
        <ul className="my-picks" aria-label={`My picks in Week ${week.number}`}>
          {picks.map((bet) => (
            <PickRow
              key={bet.gameId}
              bet={bet}
              logo={bet.winnerTeamId === null ? undefined : logos.get(bet.winnerTeamId)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
