import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatSignedPoints } from '@/lib/format';
import { SegmentedControl } from '@/ui/segmented-control';
import type { SeasonPoints } from '@/features/leaderboard/api/get-season-points';
import './season-chart.css';

type Mode = 'weekly' | 'total';

interface Series {
  userId: number;
  name: string;
  isYou: boolean;
  color: string;
  /** One value per week, week 1 first. */
  values: number[];
  total: number;
}

// Told apart by more than hue: the player's own line is thicker and dashed.
const leaderColors = ['#4f46e5', '#0d9488', '#d97706'];
const youColor = '#db2777';
const height = 220;
const pad = { top: 14, right: 16, bottom: 28, left: 44 };

/** A step of 1, 2 or 5 times a power of ten giving about `count` ticks over the range. */
function niceTicks(min: number, max: number, count = 4): number[] {
  const span = Math.max(max - min, 1);
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let tick = Math.floor(min / step) * step; tick <= max + step / 2; tick += step) ticks.push(tick);
  return ticks;
}

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(600);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function seriesOf(players: readonly SeasonPoints[], currentUserId: number, weekCount: number, mode: Mode): Series[] {
  const leaders = players.slice(0, 3);
  const you = players.find((player) => player.userId === currentUserId);
  const chosen = you && !leaders.includes(you) ? [...leaders, you] : leaders;
  return chosen.map((player, index) => {
    const weekly = Array.from({ length: weekCount }, (_, week) => player.weekPoints[String(week + 1)] ?? 0);
    let running = 0;
    const values = mode === 'weekly' ? weekly : weekly.map((points) => (running += points));
    const isYou = player.userId === currentUserId;
    return {
      userId: player.userId,
      name: player.userDisplayName,
      isYou,
      color: isYou ? youColor : (leaderColors[index] ?? '#6b7280'),
      values,
      total: weekly.reduce((sum, points) => sum + points, 0),
    };
  });
}

export interface SeasonChartProps {
  /** Every player's season, ranked by season total. */
  players: readonly SeasonPoints[];
  currentUserId: number;
  /** Weeks drawn: 1 to this (the finished weeks). */
  weekCount: number;
}

/** The player's points per week against the top 3 of the season, as lines over the weeks. */
export function SeasonChart({ players, currentUserId, weekCount }: SeasonChartProps) {
  const id = useId();
  const [mode, setMode] = useState<Mode>('weekly');
  const [ref, width] = useWidth<HTMLDivElement>();
  const series = useMemo(
    () => seriesOf(players, currentUserId, weekCount, mode),
    [players, currentUserId, weekCount, mode],
  );

  const all = series.flatMap((line) => line.values);
  const ticks = niceTicks(Math.min(0, ...all), Math.max(0, ...all));
  const low = ticks[0] ?? 0;
  const high = ticks.at(-1) ?? 1;
  const plotWidth = Math.max(width - pad.left - pad.right, 1);
  const plotHeight = height - pad.top - pad.bottom;
  const x = (week: number) => pad.left + (weekCount <= 1 ? plotWidth / 2 : ((week - 1) / (weekCount - 1)) * plotWidth);
  const y = (value: number) => pad.top + ((high - value) / (high - low || 1)) * plotHeight;
  // Week labels thin out on a narrow chart so they never overlap.
  const labelEvery = Math.max(1, Math.ceil(28 / (plotWidth / Math.max(weekCount - 1, 1))));
  const what = mode === 'weekly' ? 'Points per week' : 'Season total after each week';
  const summary = series
    .map((line) => `${line.name}${line.isYou ? ' (you)' : ''}: ${formatSignedPoints(line.total)} this season`)
    .join('; ');

  return (
    <div className="season-chart">
      <div className="season-chart__modes">
        <SegmentedControl
          label="Chart shows"
          options={[
            { value: 'weekly', label: 'Per week' },
            { value: 'total', label: 'Season total' },
          ]}
          value={mode}
          onChange={setMode}
        />
      </div>
      <div ref={ref} className="season-chart__plot">
        <svg width={width} height={height} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
          <title id={`${id}-title`}>{`${what}: you against the top 3`}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                className={tick === 0 ? 'season-chart__zero' : 'season-chart__grid'}
                x1={pad.left}
                x2={pad.left + plotWidth}
                y1={y(tick)}
                y2={y(tick)}
              />
              <text className="season-chart__tick" x={pad.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
                {formatSignedPoints(tick)}
              </text>
            </g>
          ))}
          {Array.from({ length: weekCount }, (_, index) => index + 1)
            .filter((week) => (week - 1) % labelEvery === 0 || week === weekCount)
            .map((week) => (
              <text key={week} className="season-chart__tick" x={x(week)} y={height - 8} textAnchor="middle">
                {`W${week}`}
              </text>
            ))}
          {/* The player's own line last, so it is drawn on top. */}
          {[...series]
            .sort((a, b) => Number(a.isYou) - Number(b.isYou))
            .map((line) => (
              <g
                key={line.userId}
                className={line.isYou ? 'season-chart__line season-chart__line--you' : 'season-chart__line'}
              >
                <polyline
                  points={line.values.map((value, index) => `${x(index + 1)},${y(value)}`).join(' ')}
                  fill="none"
                  stroke={line.color}
                  strokeWidth={line.isYou ? 3 : 2}
                  strokeDasharray={line.isYou ? '6 4' : undefined}
                  strokeLinejoin="round"
                  strokeLinecap="round"
                />
                {line.values.map((value, index) => (
                  <circle
                    key={index}
                    cx={x(index + 1)}
                    cy={y(value)}
                    r={line.isYou ? 4 : 3}
                    fill="#ffffff"
                    stroke={line.color}
                    strokeWidth={2}
                  >
                    <title>{`${line.name}, week ${index + 1}: ${formatSignedPoints(value)}`}</title>
                  </circle>
                ))}
              </g>
            ))}
        </svg>
      </div>
      <ul className="season-chart__legend">
        {series.map((line) => (
          <li key={line.userId}>
            <svg width="24" height="10" aria-hidden="true" focusable="false">
              <line
                x1="1"
                x2="23"
                y1="5"
                y2="5"
                stroke={line.color}
                strokeWidth={line.isYou ? 3 : 2}
                strokeDasharray={line.isYou ? '6 4' : undefined}
                strokeLinecap="round"
              />
            </svg>
            <span className="season-chart__name">{line.isYou ? `You (${line.name})` : line.name}</span>
            <span className="season-chart__total">{formatSignedPoints(line.total)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
