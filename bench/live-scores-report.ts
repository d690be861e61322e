// The live game day section of the benchmark report (bench/live-scores-run.ts).
export interface LiveScoresResult {
  /** Each score change: how long after a Live Scores read it was made, and until the API / the page showed it. */
  samples: { offsetS: number; apiMs: number; pageMs?: number }[];
  /** The pages' live refresh interval (web/src/lib/live.ts). */
  refreshMs: number;
  browser: boolean;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function liveScoresSection(result: LiveScoresResult | undefined): string {
  if (!result) return ['', '## Live game day: feed to page', '', '(not run)', ''].join('\n');
  const worstApi = Math.max(...result.samples.map((sample) => sample.apiMs));
  const pages = result.samples.flatMap((sample) => (sample.pageMs === undefined ? [] : [sample.pageMs]));
  return [
    '',
    "## Live game day: feed to page (local stack, Scheduler emulator firing Live Scores' rate(1 minute), fake ESPN)",
    '',
    '| score changed on the feed, s after a Live Scores read | feed → Game/list | feed → Picks page in Chromium |',
    '|---:|---:|---:|',
    ...result.samples.map(
      (sample) =>
        `| ${sample.offsetS} | ${s(sample.apiMs)} | ${sample.pageMs === undefined ? '(not run)' : s(sample.pageMs)} |`,
    ),
    '',
    `Worst feed → API measured: ${s(worstApi)} (bound: the 1-minute schedule plus one run). ` +
      `Worst feed → page bound: ${s(worstApi)} + the pages' ${s(result.refreshMs)} refresh = ${s(worstApi + result.refreshMs)}` +
      (pages.length ? `; worst measured in Chromium: ${s(Math.max(...pages))}.` : '.') +
      ' Target: 90 s.',
    '',
  ].join('\n');
}
