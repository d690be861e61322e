// The cells of the benchmark report's Markdown tables: numbers, durations, request counts.
import type { ScreenCost } from './leaderboard-screens.ts';
import type { Cost } from './metered-client.ts';

export const number = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '—';
export const seconds = (ms: number) => `${number(ms / 1000, 1)} s`;
export const millis = (ms: number) => `${number(ms)} ms`;
const operations = (cost: Cost) =>
  Object.entries(cost.byOperation)
    .filter(([name]) => name !== 'Query')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
export const requests = (cost: Cost) =>
  `${cost.requests}: ${cost.queryPages} Query${operations(cost) ? `, ${operations(cost)}` : ''}`;
export const screen = (cost: ScreenCost) =>
  `${number(cost.requests)} / ${number(cost.items)} / ${number(cost.bytes / 1024, 1)} kB / ${millis(cost.ms)}`;

export const escape = (text: string) => text.replaceAll('|', '\\|');
