import { UpdatedStamp } from '@/lib/updated-stamp';
import { ZoneNote } from '@/lib/zone-note';
import { SeasonSelect } from '@/lib/season-select';
import { SelectedWeekGate, WeekSelect } from '@/lib/selected-week';
import { GameStatus, isOverStatus } from '#domain/catalogue/game-status.ts';
import { BetResult } from '#domain/betting/grading.ts';
import { useMemo, useState } from 'react';
import { formatSignedPoints } from '@/lib/format';
import type { WeekChoice } from '@/lib/sport-selection';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert } from '@/ui/alert';
import { Button, ButtonLink } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { Switch } from '@/ui/switch';
import { useMyBetList, type BetRow } from '@/features/my-picks/api/get-my-bets';
import { useTeamList } from '@/lib/api/get-team-list';
import { HistoryDrawer } from './history-drawer';
import { MyPickItem } from './my-pick-item';
import './my-picks.css';
import { useServerNow } from '@/lib/server-clock';

/** Upcoming until the game is over one way or another (finished, canceled, postponed). */
const isFinished = (row: BetRow) => isOverStatus(row.eventStatus);
/** Under way: not over, and live by its status or past its kickoff (a score may not have come in yet). */
const isLive = (row: BetRow, now: number) =>
  !isFinished(row) && (row.eventStatus === GameStatus.Live || Date.parse(row.beginning) <= now);

export function MyPicksPage() {
  useDocumentTitle('My Picks');
  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">My Picks</h1>
          <p className="page-subtitle">Your picks of the week and how they did.</p>
          <ZoneNote />
        </div>
      </div>
      <SelectedWeekGate viewedSeason>
        {(sportId, weeks, seasonId) => (
          <MyWeekPicks sportId={sportId} weeks={weeks} pastSeason={seasonId !== undefined} />
        )}
      </SelectedWeekGate>
    </>
  );
}

function PickGroup({
  title,
  rows,
  logos,
  now,
}: {
  title: string;
  rows: BetRow[];
  logos: ReadonlyMap<number, string>;
  now: number;
}) {
  return (
    <section className="my-picks-group" aria-label={title}>
      <h2 className="my-picks-group__title">
        {title} <span className="my-picks-group__count">{rows.length}</span>
      </h2>
      {rows.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="my-bets">
          {rows.map((row) => (
            <MyPickItem key={row.gameId} row={row} logos={logos} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MyWeekPicks({ sportId, weeks, pastSeason }: { sportId: number; weeks: WeekChoice; pastSeason: boolean }) {
  const weekId = weeks.selectedWeekId;
  const week = weeks.weeks.find((candidate) => candidate.id === weekId);
  const list = useMyBetList(sportId, weekId);
  const teams = useTeamList(sportId);
  const [sortByPoints, setSortByPoints] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const logos = useMemo(() => new Map((teams.data ?? []).map((team) => [team.id, team.logo])), [teams.data]);
  const now = useServerNow();
  const weekIsOver = week !== undefined && Date.parse(week.endDate) < now;

  const bets = useMemo(() => {
    const placed = (list.data?.data ?? []).filter((row) => row.id !== null && row.betResult !== BetResult.NotSet);
    const byTime = (a: BetRow, b: BetRow) => a.beginning.localeCompare(b.beginning) || a.gameId - b.gameId;
    return placed.sort(sortByPoints ? (a, b) => b.points - a.points || byTime(a, b) : byTime);
  }, [list.data, sortByPoints]);
  // A past season's games are all over, whatever status a game was left with.
  const finished = pastSeason ? bets : bets.filter(isFinished);
  const live = pastSeason ? [] : bets.filter((row) => isLive(row, now));
  const upcoming = pastSeason ? [] : bets.filter((row) => !isFinished(row) && !isLive(row, now));
  const earn = bets.reduce((sum, row) => sum + row.signedPoints, 0);

  return (
    <>
      <div className="my-picks-toolbar">
        <SeasonSelect sportId={sportId} />
        <WeekSelect sportId={sportId} weeks={weeks} className="my-picks-toolbar__week" />
        <Switch
          label="Sort by points"
          checked={sortByPoints}
          onChange={(event) => setSortByPoints(event.target.checked)}
        />
        <Button variant="secondary" className="my-picks-toolbar__history" onClick={() => setHistoryOpen(true)}>
          History
        </Button>
      </div>
      <UpdatedStamp at={list.updatedAt} />
      {list.error && !list.data ? (
        <Alert status="warn">
          <p>Your picks could not be loaded: {list.error.message}</p>
          <Button variant="secondary" className="my-picks-reload" onClick={() => void list.mutate()}>
            Reload
          </Button>
        </Alert>
      ) : !list.data ? (
        <div className="loading-block">
          <Spinner label="Loading your picks…" />
        </div>
      ) : bets.length === 0 ? (
        <div className="my-picks-empty">
          <p>
            {list.data.weekIsCurrent || !weekIsOver
              ? `You have no picks for Week ${week?.number} yet.`
              : `You made no picks in Week ${week?.number}.`}
          </p>
          {list.data.weekIsCurrent && <ButtonLink to="/picks">Go to Picks</ButtonLink>}
        </div>
      ) : (
        <>
          <p className="my-picks-summary">
            {bets.length === 1 ? '1 pick' : `${bets.length} picks`} · week earn{' '}
            <strong>{formatSignedPoints(earn)}</strong>
          </p>
          {live.length > 0 && <PickGroup title="Live now" rows={live} logos={logos} now={now} />}
          <PickGroup title="Finished games" rows={finished} logos={logos} now={now} />
          {!pastSeason && <PickGroup title="Upcoming games" rows={upcoming} logos={logos} now={now} />}
        </>
      )}
      <HistoryDrawer
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        sportId={sportId}
        weekId={weekId}
        weekNumber={week?.number ?? 0}
        games={list.data?.data ?? []}
      />
    </>
  );
}
