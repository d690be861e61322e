import { useId, useState } from 'react';
import { hasSpread } from '#domain/betting/slip.ts';
import { formatKickoff, formatSpread } from '@/lib/format';
import { useSportTimeZone } from '@/lib/sport-selection';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { TeamLogo } from '@/ui/team-logo';
import type { BetRow } from '@/features/picks/api/get-bets';
import { clampBonusPoints, lineFor, pointOptions, type PointOption } from '@/features/picks/pick-rules';
import type { PicksMode } from '@/features/picks/picks-filters';
import { BonusPointsField } from './bonus-points-field';
import '@/ui/field.css';
import './pick-panel.css';

const initialBonusPoints = 10;

type BonusRange = { min: number; max: number };

export interface PickPanelProps {
  row: BetRow;
  mode: PicksMode;
  /** Every row of the week, for the points other bets hold. */
  slipRows: readonly BetRow[];
  bonusRange: BonusRange;
  logos: ReadonlyMap<number, string>;
  /** Set when picking for another player. */
  ownerName: string | undefined;
  saving: boolean;
  /** Why the server refused the last Place Bet, shown above the buttons. */
  failure?: string | undefined;
  onClose: () => void;
  onPlace: (teamId: number, points: number) => void;
}

/**
 * Edit prefills the bet's team and points; a new pick starts empty (bonus points at 10). Bonus points stay within the
 * week's range as it is now: a result graded since the pick may have lowered its top.
 */
function initialChoice(row: BetRow, options: readonly PointOption[], bonusRange: BonusRange) {
  if (row.id === null)
    return { teamId: undefined, pointId: undefined, bonusPoints: clampBonusPoints(initialBonusPoints, bonusRange) };
  return {
    teamId: row.winnerTeamId ?? undefined,
    pointId: options.find((option) => !option.disabled && option.value === row.points)?.id,
    bonusPoints: clampBonusPoints(row.points, bonusRange),
  };
}

/** Regular and bonus picks: Choose Team (stage 0), then Choose Points (stage 1) (docs/rules.md, Pick flow). */
export function PickPanel({
  row,
  mode,
  slipRows,
  bonusRange,
  logos,
  ownerName,
  saving,
  failure,
  onClose,
  onPlace,
}: PickPanelProps) {
  const id = useId();
  const zone = useSportTimeZone();
  const options = pointOptions(slipRows, row.gameId);
  const [choice, setChoice] = useState(() => initialChoice(row, options, bonusRange));
  const stage = choice.teamId === undefined ? 0 : 1;
  const points = mode === 'bonus' ? choice.bonusPoints : options.find((option) => option.id === choice.pointId)?.value;
  const ready = choice.teamId !== undefined && points !== undefined;
  const teams = [
    { side: 'Home', teamId: row.homeTeamId, name: row.homeTeamName },
    { side: 'Visitor', teamId: row.awayTeamId, name: row.awayTeamName },
  ] as const;

  return (
    <Modal
      open
      // Kept open while Place Bet is under way, as a form dialog is: its answer belongs to this panel.
      onClose={saving ? () => undefined : onClose}
      title={`${row.awayTeamName} at ${row.homeTeamName}`}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => setChoice(initialChoice({ ...row, id: null }, options, bonusRange))}
          >
            Discard Changes
          </Button>
          <Button
            disabled={!ready}
            isLoading={saving}
            onClick={() => choice.teamId !== undefined && points !== undefined && onPlace(choice.teamId, points)}
          >
            Place Bet
          </Button>
        </>
      }
    >
      <p className="pick-panel__when">
        {ownerName && <strong className="pick-panel__owner">For {ownerName} · </strong>}
        {mode === 'bonus' ? 'Bonus game · ' : ''}
        {formatKickoff(row.beginning, zone)}
      </p>
      <ol className="pick-panel__stages" aria-label="Steps">
        <li aria-current={stage === 0 ? 'step' : undefined}>Choose Team</li>
        <li aria-current={stage === 1 ? 'step' : undefined}>Choose Points</li>
      </ol>
      <fieldset className="pick-panel__group">
        <legend className="pick-panel__legend">Choose Team</legend>
        <div className="pick-panel__teams">
          {teams.map((team) => {
            const line = lineFor(row, team.teamId);
            return (
              <label key={team.teamId} className="pick-panel__team">
                <input
                  type="radio"
                  name={`${id}-team`}
                  className="pick-panel__radio"
                  checked={choice.teamId === team.teamId}
                  onChange={() => setChoice((current) => ({ ...current, teamId: team.teamId }))}
                />
                <TeamLogo logo={logos.get(team.teamId)} name={team.name} size={40} />
                <span className="pick-panel__team-text">
                  <span className="pick-panel__side">{team.side}</span>
                  <span className="pick-panel__team-name">{team.name}</span>
                </span>
                <span className="pick-panel__line">{hasSpread(line) ? formatSpread(line) : '—'}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {stage === 1 &&
        (mode === 'bonus' ? (
          <>
            <BonusPointsField
              value={choice.bonusPoints}
              range={bonusRange}
              onChange={(bonusPoints) => setChoice((current) => ({ ...current, bonusPoints }))}
            />
            {row.id !== null && row.points > bonusRange.max && (
              <p className="muted">{`Its ${row.points} points are above this week's top of ${bonusRange.max} now.`}</p>
            )}
          </>
        ) : (
          <fieldset className="pick-panel__group">
            <legend className="pick-panel__legend">Choose Points</legend>
            <div className="pick-panel__points">
              {options.map((option) => (
                <label
                  key={option.id}
                  className="pick-panel__point"
                  title={option.disabled ? 'Used by another pick this week' : undefined}
                >
                  <input
                    type="radio"
                    name={`${id}-points`}
                    className="pick-panel__radio"
                    disabled={option.disabled}
                    checked={choice.pointId === option.id}
                    onChange={() => setChoice((current) => ({ ...current, pointId: option.id }))}
                  />
                  <span className="pick-panel__point-value">{option.value}</span>
                </label>
              ))}
            </div>
            {options.every((option) => option.disabled) && (
              <p className="ui-field__error">Every points value is used by another pick this week.</p>
            )}
          </fieldset>
        ))}
      {failure && <Alert status="error">{failure}</Alert>}
    </Modal>
  );
}
