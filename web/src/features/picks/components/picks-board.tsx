import { useCallback, useEffect, useMemo, useState } from 'react';
import { SelectedWeekGate } from '@/lib/selected-week';
import { useSportSelection, type WeekChoice } from '@/lib/sport-selection';
import { Alert } from '@/ui/alert';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { Switch } from '@/ui/switch';
import { useToast } from '@/ui/toast';
import { useBetList, type BetRow, type SlipRef } from '@/features/picks/api/get-bets';
import { useTeamList } from '@/lib/api/get-team-list';
import {
  cancelQuestion,
  cardAction,
  firstGameInPlay,
  nothingLeftToPick,
  slipFacts,
  weekEarn,
} from '@/features/picks/pick-rules';
import { usePicksFilters } from '@/features/picks/picks-filters';
import { useOpeningScroll } from '@/features/picks/use-opening-scroll';
import { useWeekPickActions } from '@/features/picks/use-week-pick-actions';
import { DaySection, groupByDay } from './day-section';
import { gameCardAction, PickCard } from './pick-card';
import { PickPanel } from './pick-panel';
import { UpdatedStamp } from '@/lib/updated-stamp';
import { PicksNotices } from './picks-notices';
import { PicksToolbar } from './picks-toolbar';
import './picks.css';
import { useServerNow } from '@/lib/server-clock';

export interface PicksBoardProps {
  /** Whose slip: undefined for the signed-in player, else the player picked for (third-party picks). */
  userId: number | undefined;
  /** The name of the player picked for; undefined for the signed-in player's own picks. */
  ownerName: string | undefined;
}

/** The picks page's behaviour (docs/rules.md, Pick flow) on one player's slip for the selected sport and week. */
export function PicksBoard({ userId, ownerName }: PicksBoardProps) {
  return (
    <SelectedWeekGate>
      {(sportId, weeks) => <WeekPicks sportId={sportId} weeks={weeks} userId={userId} ownerName={ownerName} />}
    </SelectedWeekGate>
  );
}

function WeekPicks({ sportId, weeks, userId, ownerName }: PicksBoardProps & { sportId: number; weeks: WeekChoice }) {
  const { teamId, mode, setTeam, setMode } = usePicksFilters(sportId);
  const { timeZone, selectWeek } = useSportSelection();
  const weekId = weeks.selectedWeekId;
  const slipRef = useMemo<SlipRef>(() => ({ sportId, weekId, userId }), [sportId, weekId, userId]);
  // The whole week is the slip (every bet, for points used and for saving); the filtered list only
  // says which of its games to show, so a list kept from an earlier filter never shows old bets.
  const slip = useBetList({ ...slipRef, kind: 'all', teamId: undefined });
  const shown = useBetList({ ...slipRef, kind: mode, teamId }, { keepPreviousData: true });
  const teams = useTeamList(sportId);
  // The time the cards judge kickoffs by, moving every half minute and at each kickoff, so a game locks as it starts.
  const kickoffs = useMemo(() => (slip.data?.data ?? []).map((row) => Date.parse(row.beginning)), [slip.data]);
  const now = useServerNow(30_000, kickoffs);
  const actions = useWeekPickActions(slipRef, mode);
  const { cancelling } = actions;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());

  const logos = useMemo(() => new Map((teams.data ?? []).map((team) => [team.id, team.logo])), [teams.data]);
  const teamOptions = useMemo(
    () => [
      { value: 0, label: 'Show all teams' },
      ...[...(teams.data ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((team) => ({ value: team.id, label: team.name })),
    ],
    [teams.data],
  );
  const { openPick } = actions;
  const onPick = useCallback((picked: BetRow) => openPick(picked.gameId), [openPick]);
  // The shown games and their days, computed again only when an answer or the zone changes, not on every tick.
  const slipData = slip.data;
  const shownData = shown.data;
  const listed = useMemo(() => {
    if (!slipData || !shownData) return undefined;
    const byGame = new Map(slipData.data.map((row) => [row.gameId, row]));
    const rows = shownData.data.flatMap((row) => byGame.get(row.gameId) ?? []);
    return { byGame, rows, groups: groupByDay(rows, timeZone) };
  }, [slipData, shownData, timeZone]);
  const ready = slip.data !== undefined && shown.data?.week.id === weekId;
  useOpeningScroll(sportId, ready ? firstGameInPlay(shown.data?.data ?? [], now)?.gameId : undefined, ready);
  const week = weeks.weeks.find((candidate) => candidate.id === weekId);
  const nextWeek = week && weeks.weeks.find((candidate) => candidate.number === week.number + 1);

  const toolbar = (
    <PicksToolbar
      sportId={sportId}
      weeks={weeks}
      teamOptions={teamOptions}
      teamId={teamId}
      onTeamChange={setTeam}
      mode={mode}
      onModeChange={setMode}
    />
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
  if (!slip.data || !shown.data || !listed || shown.data.week.id !== weekId) {
    return (
      <>
        {toolbar}
        <div className="loading-block">
          <Spinner label="Loading the games…" />
        </div>
      </>
    );
  }

  const slipList = slip.data;
  const slipRows = slipList.data;
  const { byGame, rows, groups } = listed;
  const facts = slipFacts(slip.data);
  const picking = actions.pickingGameId === undefined ? undefined : byGame.get(actions.pickingGameId);
  const pickingAction = picking && cardAction(picking, mode, facts, now).type;
  const panelShown = picking && (pickingAction === 'pick' || pickingAction === 'manage');
  const allCollapsed = groups.length > 0 && groups.every((group) => collapsed.has(group.heading));
  const bonusGamesExist = slipRows.some((row) => row.isBonusGame);
  // Before the bonus days (a Thursday) the tab lists the coming bonus games read-only under when picks open; a bonus
  // tab with nothing to pick, none to come and no bonus pick to show says only that.
  const bonusOpensAt = slip.data.bonusOpensAt ?? null;
  const onlyTheNotice =
    mode === 'bonus' && !((facts.isBonusDay || bonusOpensAt) && bonusGamesExist) && !facts.bonusPick;

  return (
    <>
      {toolbar}
      <PicksNotices
        earn={weekEarn(slipRows)}
        ownerName={ownerName}
        week={week}
        facts={facts}
        mode={mode}
        bonusGamesExist={bonusGamesExist}
        bonusOpensAt={bonusOpensAt}
        bonusRange={slip.data.bonusPoints}
        now={now}
        zone={timeZone}
        nextWeek={nothingLeftToPick(slipRows, facts, now) ? nextWeek : undefined}
        onShowWeek={(shown) => selectWeek(sportId, shown.id)}
      />
      {!onlyTheNotice && (
        <>
          <div className="picks-list-header">
            <p className="muted">
              {rows.length === 1 ? '1 game' : `${rows.length} games`}
              {teamId !== undefined &&
                ` with ${teamOptions.find((option) => option.value === teamId)?.label ?? 'the team'}`}
            </p>
            <UpdatedStamp at={slip.updatedAt} />
            <Switch
              label="Collapse all"
              checked={allCollapsed}
              disabled={groups.length === 0}
              onChange={(event) =>
                setCollapsed(event.target.checked ? new Set(groups.map((group) => group.heading)) : new Set())
              }
            />
          </div>
          {groups.length === 0 ? (
            <p className="picks-empty">
              {teamId !== undefined ? 'This team has no games here this week.' : 'There are no games here this week.'}
            </p>
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
                    onPick={onPick}
                    onCancel={actions.askCancel}
                    ownerName={ownerName}
                  />
                ))}
              </DaySection>
            ))
          )}
        </>
      )}
      {cancelling && (
        <ConfirmDialog
          open
          title="Cancel this pick?"
          confirmLabel="Cancel Bet"
          keepLabel="Keep Pick"
          doneNotice="Bet cancelled."
          onConfirm={actions.cancelPick}
          onClose={actions.keepPick}
          returnFocusTo={() => gameCardAction(cancelling.gameId)}
        >
          <p>{cancelQuestion(cancelling, ownerName)}</p>
        </ConfirmDialog>
      )}
      {actions.failure && !panelShown && <RefusalNotice text={actions.failure} onShown={actions.dismissFailure} />}
      {panelShown && (
        <PickPanel
          key={`${picking.gameId}-${picking.id ?? 'new'}`}
          row={picking}
          mode={mode}
          slipRows={slipRows}
          bonusRange={slip.data.bonusPoints}
          logos={logos}
          ownerName={ownerName}
          saving={actions.saving}
          failure={actions.failure}
          onClose={actions.closePick}
          onPlace={(pickedTeamId, points) => void actions.place(picking, slipList, pickedTeamId, points)}
        />
      )}
    </>
  );
}

/** A refused Place Bet whose panel the slip read again no longer offers (the game has started), as a notice. */
function RefusalNotice({ text, onShown }: { text: string; onShown: () => void }) {
  const toast = useToast();
  useEffect(() => {
    toast.notify('error', text);
    onShown();
  }, [toast, text, onShown]);
  return null;
}
