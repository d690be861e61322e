import type { Week } from '#domain/season/weeks.ts';
import { formatSignedPoints, formatWeekRange } from '@/lib/format';
import { useSportTimeZone } from '@/lib/sport-selection';
import { Card } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { useErrorToast } from '@/ui/use-error-toast';
import { useStats, type Stats } from '@/lib/api/get-stats';
import { bannerIsLight, SportBanner } from './sport-banner';
import { WinLossDoughnut } from './win-loss-doughnut';
import './stats-card.css';

function StatsFigures({ stats }: { stats: Stats }) {
  const tiles = [
    { label: 'Total Winnings', value: String(stats.totalWinnings) },
    { label: 'Total Points', value: formatSignedPoints(stats.totalPoints) },
    { label: 'Last week Winnings', value: String(stats.lastWeekWinnings) },
    { label: 'Last week Points', value: formatSignedPoints(stats.lastWeekPoints) },
  ];
  return (
    <div className="stats-card__body">
      <div className="stats-card__record">
        <WinLossDoughnut wins={stats.totalWins} losses={stats.totalLosses} />
        <dl className="win-loss">
          <div className="win-loss__item win-loss__item--win">
            <dt>Total Win</dt>
            <dd>
              <strong>{stats.totalWins}</strong> <span>{stats.winPercent}%</span>
            </dd>
          </div>
          <div className="win-loss__item win-loss__item--loss">
            <dt>Total Loss</dt>
            <dd>
              <strong>{stats.totalLosses}</strong> <span>{stats.lossPercent}%</span>
            </dd>
          </div>
        </dl>
      </div>
      <dl className="stat-tiles">
        {tiles.map((tile) => (
          <div key={tile.label} className="stat-tile">
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export interface StatsCardProps {
  sportId: number | undefined;
  sportName: string | undefined;
  /** The week holding today (the stats run through it): undefined while the weeks load, null without a season. */
  week: Week | null | undefined;
  /** The title until the server's answer tells it. */
  fallbackTitle: string;
}

/** The stats card, under a banner of the sport (docs/rules.md, Dashboard, Stats). */
export function StatsCard({ sportId, sportName, week, fallbackTitle }: StatsCardProps) {
  const zone = useSportTimeZone();
  const { data: stats, error } = useStats(sportId, week?.id);
  const waiting = week === undefined || (week !== null && !error);
  useErrorToast(error);
  return (
    <Card title={stats?.title ?? fallbackTitle} className="stats-card">
      <div className={bannerIsLight(sportId) ? 'sport-banner sport-banner--light' : 'sport-banner'}>
        <SportBanner sportId={sportId} />
        <div className="sport-banner__text">
          {week && (
            <p className="sport-banner__week">
              Week {week.number} · {formatWeekRange(week, zone)}
            </p>
          )}
          <h3 className="sport-banner__title">{sportName ? `${sportName} season` : 'Season'}</h3>
        </div>
      </div>
      {stats ? (
        <StatsFigures stats={stats} />
      ) : sportId === undefined || week === null ? (
        <p className="muted">Stats appear once the season has weeks.</p>
      ) : waiting ? (
        <div className="loading-block stats-card__room">
          <Spinner label="Loading the stats…" />
        </div>
      ) : (
        <p className="muted">The stats could not be loaded.</p>
      )}
    </Card>
  );
}
