import { GameStatus, isVoidStatus } from '#domain/catalogue/game-status.ts';
import type { BetRow } from '#domain/betting/bet-rows.ts';
import type { Week } from '#domain/season/weeks.ts';
import { formatOpening, formatSignedPoints } from '@/lib/format';
import { Button } from '@/ui/button';
import { Alert } from '@/ui/alert';
import { bonusPickLocked, type SlipFacts } from '@/features/picks/pick-rules';
import type { PicksMode } from '@/features/picks/picks-filters';
import './picks-notices.css';

const bonusPointsText = ({ min, max }: { min: number; max: number }) =>
  min === max ? `${min} points` : `${min} to ${max} points`;

interface PicksNoticesProps {
  /** The points the week's graded picks earned; null while none is graded. */
  earn: number | null;
  /** The name of the player picked for; undefined for the signed-in player's own picks. */
  ownerName: string | undefined;
  week: Week | undefined;
  facts: SlipFacts;
  mode: PicksMode;
  bonusGamesExist: boolean;
  /** When bonus picks next open in the week, on a day without them; null while open or when none are left. */
  bonusOpensAt: string | null;
  bonusRange: { min: number; max: number };
  now: number;
  zone: string;
  /** The week after the open one, when the open one has nothing left to pick. */
  nextWeek: Week | undefined;
  onShowWeek: (week: Week) => void;
}

/** What the week says above its games: the points earned, a closed or future week, the bonus game. */
export function PicksNotices({
  earn,
  ownerName,
  week,
  facts,
  mode,
  bonusGamesExist,
  bonusOpensAt,
  bonusRange,
  now,
  zone,
  nextWeek,
  onShowWeek,
}: PicksNoticesProps) {
  const weekIsOver = week !== undefined && Date.parse(week.endDate) < now;
  return (
    <div className="picks-notices">
      {earn !== null && (
        <p className="week-earn" role="status">
          <span>{ownerName ? `${ownerName}'s week earn` : 'Your week earn'}</span>
          <strong className={earn > 0 ? 'week-earn__value--up' : earn < 0 ? 'week-earn__value--down' : undefined}>
            {formatSignedPoints(earn)}
          </strong>
        </p>
      )}
      {!facts.weekIsCurrent && week && (
        <Alert status="info">
          {weekIsOver
            ? `Week ${week.number} is over: its picks can no longer change.`
            : `Week ${week.number} opens ${formatOpening(week.beginDate, zone)}. Until then its games and lines are shown read-only.`}
        </Alert>
      )}
      {nextWeek && (
        <Alert status="info">
          <p>
            Every game of Week {week?.number} has started: nothing is left to pick. Week {nextWeek.number} opens{' '}
            {formatOpening(nextWeek.beginDate, zone)}.
          </p>
          <Button variant="secondary" className="picks-reload" onClick={() => onShowWeek(nextWeek)}>
            See Week {nextWeek.number}'s games
          </Button>
        </Alert>
      )}
      {mode === 'bonus' &&
        (facts.weekIsCurrent && facts.isBonusDay && bonusGamesExist ? (
          <Alert status="success">
            <strong>Welcome to Bonus Game!</strong>{' '}
            {!facts.bonusPick
              ? `Pick one of the week's bonus games for ${bonusPointsText(bonusRange)}.`
              : bonusPickLocked(facts, now)
                ? lockedBonusText(facts.bonusPick, ownerName)
                : `Picking another game replaces ${ownerName ? 'their' : 'your'} bonus pick.`}
          </Alert>
        ) : bonusGamesExist && bonusOpensAt ? (
          <Alert status="info">
            Bonus picks open {formatOpening(bonusOpensAt, zone)}. Until then the week's bonus games are shown read-only.
          </Alert>
        ) : weekIsOver ? null : (
          <Alert status="info">The bonus game is currently unavailable. Please come back later.</Alert>
        ))}
    </div>
  );
}

/** Why the week's bonus pick can no longer change: its game started, or was called off (then it counts no points). */
function lockedBonusText(pick: BetRow, ownerName: string | undefined) {
  const whose = ownerName ? `${ownerName}'s` : 'Your';
  if (!isVoidStatus(pick.eventStatus)) return `${whose} bonus pick is in, and its game has started.`;
  const off = pick.eventStatus === GameStatus.Canceled ? 'canceled' : 'postponed';
  return `${whose} bonus pick's game was ${off}: the pick counts no points and can no longer change.`;
}
