import { useState } from 'react';
import { rankBy } from '#domain/scoring/week-scores.ts';
import { formatSignedPoints } from '@/lib/format';
import { useSelectedSportWeeks, useSportSelection } from '@/lib/sport-selection';
import { narrowWindowQuery } from '@/lib/use-media-query';
import { Alert } from '@/ui/alert';
import { Card } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { Switch } from '@/ui/switch';
import type { SortState } from '@/ui/table';
import { useErrorToast } from '@/ui/use-error-toast';
import { useBalance, type LeaderboardRow } from '@/features/leaderboard/api/get-balance';
import { useSeasonPoints } from '@/features/leaderboard/api/get-season-points';
import { usePreviousWeekWhileOpen } from '@/features/leaderboard/use-previous-week-while-open';
import { defaultLeaderboardSort, LeaderboardTable } from './leaderboard-table';
import { SeasonChart } from './season-chart';
import { WeekSelector } from './week-selector';
import '@/features/leaderboard/leaderboard.css';

function Standing({
  rows,
  currentUserId,
  weekNumber,
}: {
  rows: readonly LeaderboardRow[];
  currentUserId: number;
  weekNumber: number;
}) {
  const mine = rows.find((row) => row.userId === currentUserId);
  if (!mine) return <p className="muted">You have no picks in Week {weekNumber}.</p>;
  const ytdRank = rankBy(rows, (row) => row.totalSeasonBalance).find((row) => row.userId === currentUserId)?.rank;
  const figures = [
    { label: 'Week rank', value: `#${mine.rank}`, note: `of ${rows.length}` },
    {
      label: 'Week points',
      value: formatSignedPoints(mine.weekPoints),
      note: mine.penalty ? `incl. ${formatSignedPoints(mine.penalty)} missed week` : undefined,
    },
    {
      label: 'YTD points',
      value: formatSignedPoints(mine.totalSeasonBalance),
      note: ytdRank ? `#${ytdRank} year to date` : undefined,
    },
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
  const choice = useSelectedSportWeeks();
  // 'Hide bets info' is on by default in a narrow window; afterwards the player's choice stands.
  const [hidePicks, setHidePicks] = useState(() => window.matchMedia(narrowWindowQuery).matches);
  const [sort, setSort] = useState<SortState>(defaultLeaderboardSort);
  const week = choice?.weeks.find((candidate) => candidate.id === choice.selectedWeekId);
  const balance = useBalance(sportId !== undefined && week ? { sportId, weekId: week.id } : undefined);
  const season = useSeasonPoints(sportId);
  useErrorToast(balance.error ?? season.error);

  if (choice === undefined) {
    return (
      <div className="loading-block">
        <Spinner label="Loading the weeks…" />
      </div>
    );
  }
  if (choice === null || sportId === undefined || !week) {
    return <Alert status="info">{sportName ?? 'This sport'} has no season yet, so there is no leaderboard.</Alert>;
  }

  const now = Date.now();
  const finishedWeeks = choice.weeks.filter((candidate) => Date.parse(candidate.endDate) < now).length;
  const rows = balance.data ?? [];
  // While another week loads, the last one stays in view, dimmed.
  const stale = balance.isLoading;

  return (
    <div className="leaderboard">
      <div className="leaderboard__toolbar">
        <WeekSelector
          weeks={choice.weeks}
          selectedWeekId={week.id}
          onSelect={(weekId) => selectWeek(sportId, weekId)}
        />
        <Switch label="Hide bets info" checked={hidePicks} onChange={(event) => setHidePicks(event.target.checked)} />
      </div>

      <div className="leaderboard__overview">
        <Card title={`Your Week ${week.number}`} className="leaderboard__standing">
          {balance.data ? (
            <Standing rows={rows} currentUserId={currentUserId} weekNumber={week.number} />
          ) : (
            <Spinner label="Loading your standing…" />
          )}
        </Card>
        <Card title="Season so far" className="leaderboard__chart">
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
      </div>

      <section className="leaderboard__results" aria-busy={stale} aria-labelledby="leaderboard-results-title">
        <h2 id="leaderboard-results-title" className="visually-hidden">
          Results of Week {week.number}
        </h2>
        {balance.error && !balance.data ? (
          <Alert status="error">{balance.error.message}</Alert>
        ) : !balance.data ? (
          <div className="loading-block">
            <Spinner label={`Loading Week ${week.number}…`} />
          </div>
        ) : (
          <LeaderboardTable
            caption={`Leaderboard, Week ${week.number}`}
            rows={rows}
            currentUserId={currentUserId}
            showPicks={!hidePicks}
            sort={sort}
            onSortChange={setSort}
          />
        )}
      </section>
    </div>
  );
}
