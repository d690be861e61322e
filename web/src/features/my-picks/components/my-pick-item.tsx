import { isVoidStatus } from '#domain/catalogue/game-status.ts';
import { BetResult } from '#domain/betting/grading.ts';
import { BidType } from '#domain/betting/bet-rows.ts';
import { formatKickoff, formatSignedPoints, formatSpread } from '@/lib/format';
import { gameClockOf, livePickOf } from '@/lib/live';
import { useSportTimeZone } from '@/lib/sport-selection';
import { GameStatusBadge } from '@/ui/game-status-badge';
import { LivePickBadge } from '@/ui/live-pick-badge';
import { TeamLogo } from '@/ui/team-logo';
import type { BetRow } from '@/features/my-picks/api/get-my-bets';

function resultOf(row: BetRow): { text: string; tone: string } {
  switch (row.betResult) {
    case BetResult.Won:
      return { text: 'The bet won', tone: 'won' };
    case BetResult.Lost:
      return { text: 'The bet lost', tone: 'lost' };
    case BetResult.Draw:
      return { text: 'Draw', tone: 'even' };
    default:
      return isVoidStatus(row.eventStatus) ? { text: 'No result', tone: 'even' } : { text: 'Pending', tone: 'pending' };
  }
}

export interface MyPickItemProps {
  row: BetRow;
  logos: ReadonlyMap<number, string>;
  now: number;
}

export function MyPickItem({ row, logos, now }: MyPickItemProps) {
  const zone = useSportTimeZone();
  const pickedHome = row.winnerTeamId === row.homeTeamId;
  const team = pickedHome ? row.homeTeamName : row.awayTeamName;
  const teamId = pickedHome ? row.homeTeamId : row.awayTeamId;
  const result = resultOf(row);
  const hasScore = row.homeTeamScore !== null && row.awayTeamScore !== null;
  const live = livePickOf(row);
  const clock = gameClockOf(row);
  return (
    <li className="my-bet">
      <div className="my-bet__when">
        <time dateTime={row.beginning}>{formatKickoff(row.beginning, zone)}</time>
        <GameStatusBadge status={row.eventStatus} beginning={row.beginning} now={now} />
      </div>
      <div className="my-bet__pick">
        <TeamLogo logo={logos.get(teamId)} name={team} size={36} />
        <div className="my-bet__pick-text">
          <strong>{team}</strong>
          <span className="muted">
            {row.awayTeamName} at {row.homeTeamName}
            {hasScore && ` · ${row.awayTeamScore}–${row.homeTeamScore}`}
            {clock && ` · ${clock}`}
          </span>
        </div>
      </div>
      <div className="my-bet__line">
        <span className="my-bet__caption">Line</span>
        {formatSpread(row.pointSpread)}
      </div>
      <div className="my-bet__points">
        <span className="my-bet__caption">{row.bidType === BidType.Bonus ? 'Bonus' : 'Points'}</span>
        {row.points}
      </div>
      <div className={`my-bet__result my-bet__result--${live ? 'live' : result.tone}`}>
        {live ? <LivePickBadge {...live} /> : <span>{result.text}</span>}
        {(row.betResult === BetResult.Won || row.betResult === BetResult.Lost) && (
          <strong>{formatSignedPoints(row.signedPoints)}</strong>
        )}
      </div>
    </li>
  );
}
