// The live game day section of the benchmark report (bench/live-scores-run.ts).
export interface LiveScoresResult {
  /** Each score change: how long after a feed read it was made, and until the API / the page showed it. */
  samples: { offsetS: number; apiMs: number; pageMs?: number }[];
  /** How often a Live Scores run reads the feed, and a live page asks its week's live version. */
  feedReadMs: number;
  versionEveryMs: number;
  browser: boolean;
  /** What the watching Picks page asked while the changes were measured, by path, per minute. */
  pageRequestsPerMinute?: Record<string, number>;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The nearest-rank percentile of the values. */
const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;

/** The figures latest.json tracks (issue 37): seconds from the feed to Game/list and to the page, per change. */
export const liveData = (result: LiveScoresResult) => ({
  feedToListSeconds: result.samples.map((sample) => Math.round(sample.apiMs / 100) / 10),
  feedToPageSeconds: result.samples.flatMap((sample) =>
    sample.pageMs === undefined ? [] : [Math.round(sample.pageMs / 100) / 10],
  ),
  pageRequestsPerMinute: result.pageRequestsPerMinute
    ? Object.fromEntries(
        Object.entries(result.pageRequestsPerMinute).map(([path, count]) => [path, Math.round(count * 10) / 10]),
      )
    : null,
});

export function liveScoresSection(result: LiveScoresResult | undefined): string {
  if (!result) return ['', '## Live game day: feed to page', '', '(not run)', ''].join('\n');
  const apis = result.samples.map((sample) => sample.apiMs);
  const pages = result.samples.flatMap((sample) => (sample.pageMs === undefined ? [] : [sample.pageMs]));
  const perMinute = Object.entries(result.pageRequestsPerMinute ?? {}).sort(([, a], [, b]) => b - a);
  return [
    '',
    `## Live game day: feed to page (local stack, Live Scores reading the fake ESPN every ${s(result.feedReadMs)}, the page asking its live version every ${s(result.versionEveryMs)})`,
    '',
    '| score changed on the feed, s after a feed read | feed → Game/list | feed → Picks page in Chromium |',
    '|---:|---:|---:|',
    ...result.samples.map(
      (sample) =>
        `| ${sample.offsetS} | ${s(sample.apiMs)} | ${sample.pageMs === undefined ? '(not run)' : s(sample.pageMs)} |`,
    ),
    '',
    `Feed → Game/list: worst ${s(Math.max(...apis))}, p95 ${s(percentile(apis, 95))}.` +
      (pages.length
        ? ` Feed → page: worst ${s(Math.max(...pages))}, p95 ${s(percentile(pages, 95))} (CloudFront's 5 s copy of the live version adds up to 5 s in AWS).`
        : '') +
      ' Target: 30 s at p95.',
    ...(perMinute.length
      ? [
          '',
          'The watching Picks page asked, per minute: ' +
            perMinute.map(([path, count]) => `${path} ${count.toFixed(1)}`).join(', ') +
            '.',
        ]
      : []),
    '',
  ].join('\n');
}
