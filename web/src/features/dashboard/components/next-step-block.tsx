import { useId } from 'react';
import type { Week } from '#domain/season/weeks.ts';
import { formatOpening } from '@/lib/format';
import { useServerNow } from '@/lib/server-clock';
import { useSportTimeZone } from '@/lib/sport-selection';
import { ButtonLink } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import type { WeekBetsAnswer } from '@/features/dashboard/api/get-week-bets';
import { nextStep, type NextStep } from '@/features/dashboard/next-step';
import { NextStepRoom } from './next-step-room';

interface Wording {
  title: string;
  detail: string;
  link: { to: string; label: string };
}

const picksLink = (label: string, tab?: 'bonus') => ({ to: tab ? `/picks?tab=${tab}` : '/picks', label });

/** Where the week's regular picks stand once no game is left to pick. */
const picksSaid = (picked: number, week: Week) =>
  picked >= 5
    ? `Week ${week.number}: all 5 picks are in.`
    : `Week ${week.number}: ${picked} of 5 picked, and no game is left to pick.`;

function wording(step: NextStep, zone: string): Wording {
  const at = (instant: string) => formatOpening(instant, zone);
  const { week } = step;
  switch (step.type) {
    case 'pick': {
      const left = 5 - step.picked;
      const bonus = step.bonusOpen ? ' A bonus game is open too.' : '';
      return {
        title: `Week ${week.number}: ${step.picked} of 5 picked — locks ${at(step.lockAt)}`,
        detail:
          left === 1
            ? `One pick to go: the last open game starts then.${bonus}`
            : `${left} picks to go. After then, too few games are left to make them all.${bonus}`,
        link: picksLink('Make your picks'),
      };
    }
    case 'bonus':
      return {
        title: `Week ${week.number}: the bonus game is open — locks ${at(step.lockAt)}`,
        detail: `Pick one of the week's bonus games on the Bonus Games tab. ${step.picked} of 5 regular picks are in.`,
        link: picksLink('Pick a bonus game', 'bonus'),
      };
    case 'bonusOpens':
      return {
        title: `Week ${week.number}: the bonus game opens ${at(step.opensAt)}`,
        detail: picksSaid(step.picked, week),
        link: picksLink('See the bonus games', 'bonus'),
      };
    case 'done':
      return {
        title: `Week ${week.number}: all 5 picks are in`,
        detail: 'You can still change a pick until its game starts.',
        link: picksLink('See your picks'),
      };
    case 'closed':
      return {
        title: step.next
          ? `Week ${step.next.number} opens ${at(step.next.beginDate)}`
          : `Week ${week.number} was the season's last`,
        detail: picksSaid(step.picked, week),
        link: picksLink('See your picks'),
      };
    case 'opens':
      return {
        title: `Week ${week.number} opens ${at(week.beginDate)}`,
        detail: 'Its games and lines are on Picks already.',
        link: picksLink('See the games'),
      };
    case 'over':
      return {
        title: `Week ${week.number} is over`,
        detail: 'The season is done: the final standings are on the leaderboard.',
        link: { to: '/leaderboard', label: 'See the standings' },
      };
  }
}

export interface NextStepBlockProps {
  /** The week holding today, with the player's bets; undefined while it loads. */
  slip: WeekBetsAnswer | undefined;
  weeks: readonly Week[];
  failed: boolean;
  className?: string;
}

/**
 * The dashboard's lead: what the player should do now with the week, e.g. 'Week 9: 2 of 5 picked — locks …', with the
 * way to Picks. Its room is kept while the week loads, so nothing below it moves when it arrives.
 */
export function NextStepBlock({ slip, weeks, failed, className }: NextStepBlockProps) {
  const headingId = useId();
  const now = useServerNow();
  const zone = useSportTimeZone();
  const said = slip && wording(nextStep(slip, weeks, now, zone), zone);
  return (
    <NextStepRoom headingId={said ? headingId : undefined} busy={!said && !failed} className={className}>
      {said ? (
        <>
          <div className="next-step__text">
            <h2 className="next-step__title" id={headingId}>
              {said.title}
            </h2>
            <p className="next-step__detail">{said.detail}</p>
          </div>
          <ButtonLink to={said.link.to} className="next-step__link">
            {said.link.label}
          </ButtonLink>
        </>
      ) : failed ? (
        <p className="muted">This week's picks could not be loaded.</p>
      ) : (
        <Spinner label="Loading this week's picks…" />
      )}
    </NextStepRoom>
  );
}
