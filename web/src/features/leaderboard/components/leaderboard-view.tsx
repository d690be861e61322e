import { useEffect, useState } from 'react';
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { formatSignedPoints } from '@/lib/format';
import { yearOfSeason } from '#domain/season/weeks.ts';
import { SeasonSelect } from '@/lib/season-select';
import { WeeksLoading } from '@/lib/selected-week';
import { useSportSelection, useViewedSeasonWeeks } from '@/lib/sport-selection';
import { narrowWindowQuery } from '@/lib/use-media-query';
import { Alert } from '@/ui/alert';
import { Card } from '@/ui/card';
import { GameStatusBadge } from '@/ui/game-status-badge';
import { Spinner } from '@/ui/spinner';
import { Switch } from '@/ui/switch';
import type { SortState } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { Button } from '@/ui/button';
import { useLeaderboard, type LeaderboardRow } from '@/features/leaderboard/api/get-balance';
import { useSeasonPoints } from '@/features/leaderboard/api/get-season-points';
import { useTeamMap } from '@/features/leaderboard/api/get-team-map';
import { usePreviousWeekWhileOpen } from '@/features/leaderboard/use-previous-week-while-open';
import { defaultLeaderboardSort, LeaderboardTable } from './leaderboard-table';
import { SeasonChart } from './season-chart';
import { WeekSelector } from './week-selector';
import { DownloadStandings } from './download-standings';
import { PoolSplit } from './pool-split';
import './leaderboard-view.css';
import { serverNow } from '@/lib/server-clock';
import { UpdatedStamp } from '@/lib/updated-stamp';

const count = (value: number) => value.toLocaleString('en-US');

const pastSeasonSort: SortState = { key: 'ytd', direction: 'descending' };

function Standing({
  me,
  players,
  sortedBy,
  weekNumber,
}: {
  me: LeaderboardRow | null;
  players: number;
  sortedBy: 'week' | 'ytd' | 'live';
  weekNumber: number;
}) {
  if (!me) return <p className="muted">You have no picks in Week {weekNumber}.</p>;
  const figures = [
    {
      label: { week: 'Week rank', ytd: 'YTD rank', live: 'Live rank' }[sortedBy],
      value: `#${count(me.rank)}`,
      note: `of ${count(players)}`,
    },
    {
      label: 'Week points',
      value: formatSignedPoints(me.weekPoints),
      note: me.penalty ? `incl. ${formatSignedPoints(me.penalty)} missed week` : undefined,
    },
    { label: 'YTD points', value: formatSignedPoints(me.totalSeasonBalance), note: undefined },
  ];
  return (
    <dl className="standing">
      {figures.map((figure) => (
        <div key={figure.label} className="standing__figure">
          <dt>{figure.label}</dt>
          <dd>
            <span className="standing__value">{figure.value}</span>
            {figure.note && <span className="standing__note">{figure.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface LeaderboardViewProps {
  currentUserId: number;
  sportName: string | undefined;
}

/** The Leaderboard page: a week's table of picks and points, with the season at a glance. */
export function LeaderboardView({ currentUserId, sportName }: LeaderboardViewProps) {
  usePreviousWeekWhileOpen();
  const { sportId, selectWeek } = useSportSelection();
  const { seasonId, weeks: choice } = useViewedSeasonWeeks();
  // 'Hide bets info' is on by default in a narrow window; afterwards the player's choice stands.
  const [hidePicks, setHidePicks] = useState(() => window.matchMedia(narrowWindowQuery).matches);
  // A past season's standings are its final balance: they rank by year to date until the player picks another order.
  const [chosenSort, setChosenSort] = useState<{ seasonId: number | undefined; sort: SortState }>();
  const sort =
    chosenSort && chosenSort.seasonId === seasonId
      ? chosenSort.sort
      : seasonId === undefined
        ? defaultLeaderboardSort
        : pastSeasonSort;
  const setSort = (next: SortState) => setChosenSort({ seasonId, sort: next });
  const week = choice?.weeks.find((candidate) => candidate.id === choice.selectedWeekId);
  const sortedBy = sort.key === 'ytd' ? 'ytd' : sort.key === 'live' ? 'live' : 'week';
  const balance = useLeaderboard(
    sportId !== undefined && week
      ? { sportId, weekId: week.id, sort: sortedBy, direction: sort.direction === 'ascending' ? 'asc' : 'desc' }
      : undefined,
  );
  // The Live column leaves when the week's last game ends (or for a week without live games): its order goes with it.
  const liveSortLeft = sort.key === 'live' && balance.rows !== undefined && !balance.live;
  useEffect(() => {
    if (liveSortLeft) setChosenSort(undefined);
  }, [liveSortLeft]);
  const season = useSeasonPoints(sportId, seasonId);
  const teams = useTeamMap(sportId);
  useErrorToast(balance.error ?? season.error);

  if (choice === undefined) {
    return (
      // As tall as the page will be, so the footer under it does not jump away when the weeks come.
      <WeeksLoading
        sportId={seasonId === undefined ? sportId : undefined}
        className="loading-block leaderboard__weeks-room"
      />
    );
  }
  if (choice === null || sportId === undefined || !week) {
    return (
      <>
        <Alert status="info">
          {seasonId === undefined
            ? `${sportName ?? 'This sport'} has no season yet, so there is no leaderboard.`
            : 'That season has no weeks, so there is no leaderboard.'}
        </Alert>
        {/* A sport whose new season has no weeks yet still shows its earlier ones. */}
        {sportId !== undefined && <SeasonSelect sportId={sportId} className="season-select--alone" />}
      </>
    );
  }

  const now = serverNow();
  const finishedWeeks =
    seasonId === undefined
      ? choice.weeks.filter((candidate) => Date.parse(candidate.endDate) < now).length
      : choice.weeks.length;
  const rows = balance.rows ?? [];
  // While another week or order loads, the last one stays in view, dimmed.
  // Rows of another week or order, kept in view (dimmed) while this one loads.
  const stale = !balance.current;

  return (
    <div className="leaderboard">
      <div className="leaderboard__toolbar">
        <span className="leaderboard__weeks">
          <SeasonSelect sportId={sportId} hideLabel />
          <WeekSelector
            weeks={choice.weeks}
            selectedWeekId={week.id}
            onSelect={(weekId) => selectWeek(sportId, weekId)}
          />
        </span>
        {/* Its own item of the toolbar, so on a phone it wraps under the week instead of widening it. */}
        {balance.live && (
          <span className="leaderboard__live">
            <GameStatusBadge status={GameStatus.Live} beginning={week.beginDate} now={now} />
            <UpdatedStamp at={balance.updatedAt} />
          </span>
        )}
        <span className="leaderboard__actions">
          <Switch label="Hide bets info" checked={hidePicks} onChange={(event) => setHidePicks(event.target.checked)} />
          <DownloadStandings sportId={sportId} weekId={week.id} />
        </span>
      </div>

      {seasonId !== undefined && (
        <p className="leaderboard__season-note">
          {week.id === choice.lastWeekId
            ? `Final standings of the ${yearOfSeason(seasonId)} season`
            : `Standings of the ${yearOfSeason(seasonId)} season after Week ${week.number}`}
        </p>
      )}

      <section className="leaderboard__results" aria-busy={stale} aria-labelledby="leaderboard-results-title">
        <h2 id="leaderboard-results-title" className="visually-hidden">
          Results of Week {week.number}
        </h2>
        {balance.error && !balance.current ? (
          <Alert status="error">{balance.error.message}</Alert>
        ) : !balance.rows ? (
          // As tall as the table will be (most weeks fill its 80vh), so what is under it does not jump when it comes.
          <div className="loading-block leaderboard__table-room">
            <Spinner label={`Loading Week ${week.number}…`} />
          </div>
        ) : (
          <>
            <LeaderboardTable
              caption={`Leaderboard, Week ${week.number}`}
              rows={rows}
              me={balance.me}
              currentUserId={currentUserId}
              teams={teams}
              showPicks={!hidePicks}
              live={balance.live}
              sort={sort}
              onSortChange={setSort}
            />
            {balance.hasMore && (
              <div className="leaderboard__more">
                <Button variant="secondary" onClick={() => void balance.loadMore()} disabled={balance.loadingMore}>
                  {balance.loadingMore ? 'Loading…' : 'Show more'}
                </Button>
              </div>
            )}
          </>
        )}
      </section>

      {/* Under the table: the week's standings are what a player comes for, first on the screen. */}
      <div className="leaderboard__overview">
        <Card title={`Your Week ${week.number}`} className="leaderboard__standing">
          {balance.current ? (
            <Standing me={balance.me} players={balance.players} sortedBy={sortedBy} weekNumber={week.number} />
          ) : (
            <div className="loading-block standing--room">
              <Spinner label="Loading your standing…" />
            </div>
          )}
        </Card>
        <Card
          title={seasonId === undefined ? 'Season so far' : `The ${yearOfSeason(seasonId)} season`}
          className="leaderboard__chart"
          headingId="leaderboard-season-chart"
        >
          {season.data === undefined ? (
            <div className="loading-block">
              <Spinner label="Loading the season…" />
            </div>
          ) : finishedWeeks === 0 || season.data.length === 0 ? (
            <p className="muted">The chart fills in once the first week is over.</p>
          ) : (
            <SeasonChart players={season.data} currentUserId={currentUserId} weekCount={finishedWeeks} />
          )}
        </Card>
        <PoolSplit sportId={sportId} weekId={week.id} weekNumber={week.number} />
      </div>
    </div>
  );
}
