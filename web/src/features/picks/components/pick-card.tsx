import { BidType } from '#domain/betting/bet-rows.ts';
import { memo, useEffect, useId, useMemo, useRef } from 'react';
import { hasSpread } from '#domain/betting/slip.ts';
import { formatGameDay, formatTime, formatSignedPoints, formatSpread } from '@/lib/format';
import { gameClockOf, livePickOf } from '@/lib/live';
import { useSportTimeZone } from '@/lib/sport-selection';
import { Button, ButtonLink } from '@/ui/button';
import { GameStatusBadge } from '@/ui/game-status-badge';
import { LivePickBadge } from '@/ui/live-pick-badge';
import { LockIcon } from '@/ui/icons';
import { PickShareLine } from '@/ui/pick-share';
import { LazyTeamLogo } from '@/ui/lazy-team-logo';
import type { BetRow } from '@/features/picks/api/get-bets';
import { lockedText, type CardAction } from '@/features/picks/pick-rules';
import './pick-card.css';

export interface PickCardProps {
  row: BetRow;
  action: CardAction;
  logos: ReadonlyMap<number, string>;
  now: number;
  onPick: (row: BetRow) => void;
  /** Asks before cancelling (the board's confirm dialog). */
  onCancel: (row: BetRow) => void;
  /** Whose slip it is when not the signed-in player's (Third Party Picks): the picked team says whose pick it is. */
  ownerName?: string;
}

/** Both labels are written; the card's own width (a container query) shows one. */
function AdaptiveLabel({ label, shortLabel }: { label: string; shortLabel: string }) {
  return (
    <>
      <span className="pick-card__label-long">{label}</span>
      <span className="pick-card__label-short">{shortLabel}</span>
    </>
  );
}

interface TeamLineProps {
  side: 'Home' | 'Visitor';
  name: string;
  score: number | null;
  line: number;
  /** The tag of the picked team ('Your pick'); undefined when the team is not picked. */
  picked: string | undefined;
  logo: string | undefined;
}

function TeamLine({ side, name, score, line, picked, logo }: TeamLineProps) {
  return (
    <li className={['pick-card__team', picked && 'pick-card__team--picked'].filter(Boolean).join(' ')}>
      <LazyTeamLogo logo={logo} name={name} size={36} />
      <span className="pick-card__team-text">
        <span className="pick-card__side">
          {side}
          {picked && <span className="pick-card__picked-tag">{picked}</span>}
        </span>
        <span className="pick-card__team-name">{name}</span>
      </span>
      {score !== null && (
        <span className="pick-card__score" aria-label={`Score ${score}`}>
          {score}
        </span>
      )}
      <span className="pick-card__spread">
        <span className="visually-hidden">Spread </span>
        {hasSpread(line) ? formatSpread(line) : '—'}
      </span>
    </li>
  );
}

function PickSummary({ row }: { row: BetRow }) {
  const team = row.winnerTeamId === row.homeTeamId ? row.homeTeamName : row.awayTeamName;
  const live = livePickOf(row);
  return (
    <p className="pick-card__bet">
      <span className="pick-card__bet-points">
        {row.bidType === BidType.Bonus ? `Bonus · ${row.points} pts` : `${row.points} pts`}
      </span>
      <span>
        <strong>{team}</strong> at {formatSpread(row.pointSpread)}
      </span>
      {live && <LivePickBadge {...live} />}
    </p>
  );
}

function Actions({ row, action, onPick, onCancel }: Omit<PickCardProps, 'logos' | 'now'>) {
  // Each button's name ends with its game ('Pick Now Bills at Jets'), so a list of the page's buttons tells them apart.
  const ofGame = (label: string) => `${label} ${row.awayTeamName} at ${row.homeTeamName}`;
  // The first button keeps its key from 'Pick Now' to 'Edit' and back, so the element (and the
  // keyboard focus the closing panel returns to it) survives placing a pick.
  switch (action.type) {
    case 'pick':
      return (
        <>
          <Button key="main" className="pick-card__primary" aria-label={ofGame('Pick Now')} onClick={() => onPick(row)}>
            <AdaptiveLabel label="Pick Now" shortLabel="Pick" />
          </Button>
        </>
      );
    case 'manage':
      return (
        <>
          {action.blocked ? (
            <Button key="main" variant="secondary" className="pick-card__primary" disabled>
              <AdaptiveLabel {...action.blocked} />
            </Button>
          ) : (
            <Button key="main" variant="secondary" aria-label={ofGame('Edit')} onClick={() => onPick(row)}>
              Edit
            </Button>
          )}
          <Button key="cancel" variant="ghost" aria-label={ofGame('Cancel Bet')} onClick={() => onCancel(row)}>
            Cancel Bet
          </Button>
        </>
      );
    case 'blocked':
      return (
        <>
          <Button key="main" variant="secondary" className="pick-card__primary" disabled>
            <AdaptiveLabel {...action.reason} />
          </Button>
        </>
      );
    case 'locked':
      return (
        <p className="pick-card__note">
          <LockIcon size={16} />
          {lockedText}
        </p>
      );
    case 'result':
      return (
        <p className={`pick-card__result pick-card__result--${action.won ? 'won' : 'lost'}`}>
          {action.won ? 'The bet won' : 'The bet lost'}
          <strong>{formatSignedPoints(action.won ? action.points : -action.points)}</strong>
        </p>
      );
    case 'leaderboard':
      return (
        <ButtonLink variant="ghost" to="/leaderboard">
          View leaderboard
        </ButtonLink>
      );
    case 'none':
      return null;
  }
}

/** The card's first action that can take focus. */
export const cardActionOf = (card: ParentNode) =>
  card.querySelector<HTMLElement>('.pick-card__actions :is(button:not(:disabled), a)');

/** The first action of a game's card on the page, where focus goes once a dialog about it closes. */
export const gameCardAction = (gameId: number) => {
  const card = document.querySelector(`article[data-game-id="${gameId}"]`);
  return card && cardActionOf(card);
};

/** Two actions are the same when every field is (a blocked one's labels too): the board makes new ones each render. */
const sameAction = (a: CardAction, b: CardAction) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * A game's card. Memoised: the board renders again on every answer, tick and filter, and a card renders again only
 * when its own row, action, logos or the clock it shows change.
 */
export const PickCard = memo(
  PickCardView,
  (before, after) =>
    before.row === after.row &&
    before.logos === after.logos &&
    before.now === after.now &&
    before.onPick === after.onPick &&
    before.onCancel === after.onCancel &&
    before.ownerName === after.ownerName &&
    sameAction(before.action, after.action),
);

function PickCardView({ row, action, logos, now, onPick, onCancel, ownerName }: PickCardProps) {
  const zone = useSportTimeZone();
  // Formatting in the sport's zone is the card's costliest work: once per kickoff and zone.
  const kickoff = useMemo(
    () => ({ day: formatGameDay(row.beginning, zone), time: formatTime(row.beginning, zone) }),
    [row.beginning, zone],
  );
  const titleId = useId();
  const hasPick = row.id !== null;
  const tagOf = (teamId: number) =>
    hasPick && row.winnerTeamId === teamId ? (ownerName ? `${ownerName}'s pick` : 'Your pick') : undefined;
  const cardRef = useRef<HTMLElement>(null);
  const focusWithin = useRef(false);

  // Cancel Bet disappears once it has done its work; keyboard focus then moves to the card's
  // remaining action instead of falling back to the top of the page.
  useEffect(() => {
    const card = cardRef.current;
    if (!card || !focusWithin.current || card.contains(document.activeElement)) return;
    cardActionOf(card)?.focus();
  }, [action.type]);

  return (
    <article
      ref={cardRef}
      className={['pick-card', hasPick && 'pick-card--has-pick'].filter(Boolean).join(' ')}
      data-game-id={row.gameId}
      aria-labelledby={titleId}
      onFocus={() => {
        focusWithin.current = true;
      }}
      onBlur={(event) => {
        // Focus dropped to nowhere (its button went busy or away) still belongs to this card.
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node))
          focusWithin.current = false;
      }}
    >
      <h3 id={titleId} className="visually-hidden">
        {row.awayTeamName} at {row.homeTeamName}
      </h3>
      <div className="pick-card__meta">
        <time dateTime={row.beginning}>
          {kickoff.day}, <span className="pick-card__time">{kickoff.time}</span>
        </time>
        <span className="pick-card__status">
          {gameClockOf(row) && <span className="pick-card__clock">{gameClockOf(row)}</span>}
          <GameStatusBadge status={row.eventStatus} beginning={row.beginning} now={now} />
        </span>
      </div>
      <ul className="pick-card__teams">
        <TeamLine
          side="Home"
          name={row.homeTeamName}
          score={row.homeTeamScore}
          line={row.homeSpread}
          picked={tagOf(row.homeTeamId)}
          logo={logos.get(row.homeTeamId)}
        />
        <TeamLine
          side="Visitor"
          name={row.awayTeamName}
          score={row.awayTeamScore}
          line={-row.homeSpread}
          picked={tagOf(row.awayTeamId)}
          logo={logos.get(row.awayTeamId)}
        />
      </ul>
      {row.pickShare && <PickShareLine share={row.pickShare} homeName={row.homeTeamName} awayName={row.awayTeamName} />}
      {hasPick && <PickSummary row={row} />}
      <div className="pick-card__actions">
        <Actions row={row} action={action} onPick={onPick} onCancel={onCancel} />
      </div>
    </article>
  );
}
