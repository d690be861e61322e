import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { formatDayHeading, formatLongDate, formatSignedPoints, formatWeekRange } from '../../../lib/format';
import { useSelectedSportWeeks, useSportSelection, type WeekChoice } from '../../../lib/sport-selection';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ChevronDownIcon } from '../../../ui/icons';
import { SegmentedControl } from '../../../ui/segmented-control';
import { Select } from '../../../ui/select';
import { Spinner } from '../../../ui/spinner';
import { Switch } from '../../../ui/switch';
import { useToast } from '../../../ui/toast';
import { useBetList, type BetRow, type SlipRef } from '../api/get-bets';
import { useDeleteBet } from '../api/delete-bet';
import { useSetBets } from '../api/set-bets';
import { useSetBonusBets } from '../api/set-bonus-bets';
import { useTeamList } from '../../../lib/api/get-team-list';
import { cardAction, lineFor, regularBetsWith, slipFacts, weekEarn } from '../pick-rules';
import { usePicksFilters, type PicksMode } from '../picks-filters';
import { PickCard } from './pick-card';
import { PickPanel } from './pick-panel';
import './picks.css';

const modeOptions = [
  { value: 'regular', label: 'Weekly Picks' },
  { value: 'bonus', label: 'Bonus Games' },
] as const;

/** The time the cards judge kickoffs by, moving on every half minute so a game locks as it starts. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const bonusPointsText = ({ min, max }: { min: number; max: number }) => (min === max ? `${min} points` : `${min} to ${max} points`);

export interface PicksBoardProps {
  /** Whose slip: undefined for the signed-in player, else the player picked for (third-party picks). */
  userId: number | undefined;
  /** The name of the player picked for; undefined for the signed-in player's own picks. */
  ownerName: string | undefined;
}

/** The picks page's behaviour (spec §2, §4) on one player's slip for the selected sport and week. */
export function PicksBoard({ userId, ownerName }: PicksBoardProps) {
  const { sportId } = useSportSelection();
  const weeks = useSelectedSportWeeks();
  if (sportId === undefined) return <Alert status="info">No sports are set up for your client yet.</Alert>;
  if (weeks === undefined) {
    return (
      <div className="loading-block">
        <Spinner label="Loading the weeks…" />
      </div>
    );
  }
  if (weeks === null) return <Alert status="info">This sport's season has no weeks yet.</Alert>;
  return <WeekPicks sportId={sportId} weeks={weeks} userId={userId} ownerName={ownerName} />;
}

interface DayGroup {
  heading: string;
  rows: BetRow[];
}

function groupByDay(rows: readonly BetRow[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const row of rows) {
    const heading = formatDayHeading(row.beginning);
    const last = groups.at(-1);
    if (last?.heading === heading) last.rows.push(row);
    else groups.push({ heading, rows: [row] });
  }
  return groups;
}

function WeekPicks({ sportId, weeks, userId, ownerName }: PicksBoardProps & { sportId: number; weeks: WeekChoice }) {
  const { selectWeek } = useSportSelection();
  const { teamId, mode, setTeam, setMode } = usePicksFilters(sportId);
  const weekId = weeks.selectedWeekId;
  const slipRef = useMemo<SlipRef>(() => ({ sportId, weekId, userId }), [sportId, weekId, userId]);
  // The whole week is the slip (every bet, for points used and for saving); the filtered list only
  // says which of its games to show, so a list kept from an earlier filter never shows old bets.
  const slip = useBetList({ ...slipRef, kind: 'all', teamId: undefined });
  const shown = useBetList({ ...slipRef, kind: mode, teamId }, { keepPreviousData: true });
  const teams = useTeamList(sportId);
  const now = useNow();
  const toast = useToast();
  const setBets = useSetBets();
  const setBonusBets = useSetBonusBets();
  const deleteBet = useDeleteBet();
  const [pickingGameId, setPickingGameId] = useState<number>();
  const [cancellingBetId, setCancellingBetId] = useState<string>();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());

  const logos = useMemo(() => new Map((teams.data ?? []).map((team) => [team.id, team.logo])), [teams.data]);
  const teamOptions = useMemo(
    () => [{ value: 0, label: 'Show all teams' }, ...[...(teams.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)).map((team) => ({ value: team.id, label: team.name }))],
    [teams.data],
  );
  const weekOptions = weeks.weeks.map((week) => ({ value: week.id, label: `Week ${week.number} · ${formatWeekRange(week)}` }));
  const week = weeks.weeks.find((candidate) => candidate.id === weekId);

  const toolbar = (
    <div className="picks-toolbar">
      <Select label="Week" className="picks-toolbar__week" options={weekOptions} value={weekId} onChange={(id) => selectWeek(sportId, id)} searchable={false} />
      <Select
        label="Team"
        className="picks-toolbar__team"
        options={teamOptions}
        value={teamId}
        placeholder="Select Team"
        onChange={(id) => setTeam(id === 0 ? undefined : id)}
      />
      <SegmentedControl<PicksMode> label="Games to pick from" options={modeOptions} value={mode} onChange={setMode} />
    </div>
  );

  const failure = slip.error ?? shown.error;
  if (failure && !(slip.data && shown.data)) {
    return (
      <>
        {toolbar}
        <Alert status="warn">
          <p>The games could not be loaded: {failure.message}</p>
          <Button
            variant="secondary"
            className="picks-reload"
            onClick={() => {
              void slip.mutate();
              void shown.mutate();
            }}
          >
            Reload
          </Button>
        </Alert>
      </>
    );
  }
  if (!slip.data || !shown.data || shown.data.week.id !== weekId) {
    return (
      <>
        {toolbar}
        <div className="loading-block">
          <Spinner label="Loading the games…" />
        </div>
      </>
    );
  }

  const slipRows = slip.data.data;
  const byGame = new Map(slipRows.map((row) => [row.gameId, row]));
  const rows = shown.data.data.flatMap((row) => byGame.get(row.gameId) ?? []);
  const facts = slipFacts(slip.data);
  const groups = groupByDay(rows);
  const earn = weekEarn(slipRows);
  const picking = pickingGameId === undefined ? undefined : byGame.get(pickingGameId);
  const pickingAction = picking && cardAction(picking, mode, facts, now).type;
  const bonusGamesExist = slipRows.some((row) => row.isBonusGame);
  const allCollapsed = groups.length > 0 && groups.every((group) => collapsed.has(group.heading));

  const place = async (row: BetRow, pickedTeamId: number, points: number) => {
    const bet = { gameId: row.gameId, teamId: pickedTeamId, points, pointSpread: lineFor(row, pickedTeamId) };
    try {
      if (mode === 'bonus') await setBonusBets.trigger({ ...slipRef, bet }, { throwOnError: true });
      else await setBets.trigger({ ...slipRef, bets: regularBetsWith(slipRows, bet) }, { throwOnError: true });
      setPickingGameId(undefined);
      toast.notify('success', 'Changes Saved.');
    } catch (error) {
      toast.notifyError(error);
    }
  };

  const cancel = async (row: BetRow) => {
    if (row.id === null) return;
    setCancellingBetId(row.id);
    try {
      await deleteBet.trigger({ ...slipRef, betId: row.id }, { throwOnError: true });
      toast.notify('success', 'Bet cancelled.');
    } catch (error) {
      toast.notifyError(error);
    } finally {
      setCancellingBetId(undefined);
    }
  };

  const weekIsOver = week !== undefined && Date.parse(week.endDate) < now;

  return (
    <>
      {toolbar}
      <div className="picks-notices">
        {earn !== null && (
          <p className="week-earn" role="status">
            <span>{ownerName ? `${ownerName}'s week earn` : 'Your week earn'}</span>
            <strong className={earn > 0 ? 'week-earn__value--up' : earn < 0 ? 'week-earn__value--down' : undefined}>{formatSignedPoints(earn)}</strong>
          </p>
        )}
        {!facts.weekIsCurrent && week && (
          <Alert status="info">
            {weekIsOver
              ? `Week ${week.number} is over: its picks can no longer change.`
              : `Picks for Week ${week.number} open on ${formatLongDate(week.beginDate)}.`}
          </Alert>
        )}
        {mode === 'bonus' &&
          (facts.isBonusDay && bonusGamesExist ? (
            <Alert status="success">
              <strong>Welcome to Bonus Game!</strong>{' '}
              {facts.bonusBet ? 'Picking another game replaces your bonus pick.' : `Pick one Monday or Tuesday game for ${bonusPointsText(slip.data.bonusPoints)}.`}
            </Alert>
          ) : (
            <Alert status="info">The bonus game is currently unavailable. Please come back later.</Alert>
          ))}
      </div>
      <div className="picks-list-header">
        <p className="muted">
          {rows.length === 1 ? '1 game' : `${rows.length} games`}
          {teamId !== undefined && ` with ${teamOptions.find((option) => option.value === teamId)?.label ?? 'the team'}`}
        </p>
        <Switch label="Collapse all" checked={allCollapsed} disabled={groups.length === 0} onChange={(event) => setCollapsed(event.target.checked ? new Set(groups.map((group) => group.heading)) : new Set())} />
      </div>
      {groups.length === 0 ? (
        <p className="picks-empty">{teamId !== undefined ? 'This team has no games here this week.' : 'There are no games here this week.'}</p>
      ) : (
        groups.map((group) => (
          <DaySection
            key={group.heading}
            group={group}
            collapsed={collapsed.has(group.heading)}
            onToggle={() =>
              setCollapsed((current) => {
                const next = new Set(current);
                if (!next.delete(group.heading)) next.add(group.heading);
                return next;
              })
            }
          >
            {group.rows.map((row) => (
              <PickCard
                key={row.gameId}
                row={row}
                action={cardAction(row, mode, facts, now)}
                logos={logos}
                now={now}
                onPick={(picked) => setPickingGameId(picked.gameId)}
                onCancel={(cancelled) => void cancel(cancelled)}
                cancelling={row.id !== null && row.id === cancellingBetId}
              />
            ))}
          </DaySection>
        ))
      )}
      {picking && (pickingAction === 'pick' || pickingAction === 'manage') && (
        <PickPanel
          key={`${picking.gameId}-${picking.id ?? 'new'}`}
          row={picking}
          mode={mode}
          slipRows={slipRows}
          bonusRange={slip.data.bonusPoints}
          logos={logos}
          ownerName={ownerName}
          saving={setBets.isMutating || setBonusBets.isMutating}
          onClose={() => setPickingGameId(undefined)}
          onPlace={(pickedTeamId, points) => void place(picking, pickedTeamId, points)}
        />
      )}
    </>
  );
}

interface DaySectionProps {
  group: DayGroup;
  collapsed: boolean;
  onToggle: () => void;
  children: ReactNode;
}

function DaySection({ group, collapsed, onToggle, children }: DaySectionProps) {
  const id = useId();
  return (
    <section className="pick-day" aria-labelledby={`${id}-heading`}>
      <h2 className="pick-day__heading" id={`${id}-heading`}>
        <button type="button" className="pick-day__toggle" aria-expanded={!collapsed} aria-controls={`${id}-games`} onClick={onToggle}>
          <span className="pick-day__chevron" aria-hidden="true">
            <ChevronDownIcon size={18} />
          </span>
          <span>{group.heading}</span>
          <span className="pick-day__count">{group.rows.length === 1 ? '1 game' : `${group.rows.length} games`}</span>
        </button>
      </h2>
      <div id={`${id}-games`} className="pick-grid" hidden={collapsed}>
        {children}
      </div>
    </section>
  );
}
