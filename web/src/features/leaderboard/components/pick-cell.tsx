import { BetResult } from '#domain/betting/grading.ts';
import { formatSpread } from '@/lib/format';
import { LockIcon } from '@/ui/icons';
import { TeamLogo } from '@/ui/team-logo';
import type { LeaderboardCell } from '@/features/leaderboard/api/get-balance';
import type { TeamMapEntry } from '@/features/leaderboard/api/get-team-map';
import './pick-cell.css';

const results: Partial<Record<BetResult, { label: string; tone: string }>> = {
  [BetResult.Undetermined]: { label: 'Pending', tone: 'pending' },
  [BetResult.Won]: { label: 'Won', tone: 'won' },
  [BetResult.Lost]: { label: 'Lost', tone: 'lost' },
  [BetResult.Draw]: { label: 'Draw', tone: 'draw' },
};

// A pick on a game canceled or postponed out of its week: never graded, not waiting for a grade either.
const noResult = { label: 'No result', tone: 'draw' };

// While the pick's game is live, the cell takes the colour of where it stands now (dashed: not final).
const liveTones = {
  winning: { label: 'Covering', tone: 'live-winning' },
  losing: { label: 'Not covering', tone: 'live-losing' },
  push: { label: 'Push', tone: 'live-push' },
} as const;

/** A pick on the leaderboard: team logo, week day, spread, result and team name (from the team map); a lock until kickoff. */
export function PickCell({ cell, team }: { cell: LeaderboardCell; team: TeamMapEntry | undefined }) {
  if (cell.hidden) {
    return (
      <span className="pick pick--hidden" role="img" aria-label="Hidden until kickoff" title="Hidden until kickoff">
        <LockIcon size={16} />
      </span>
    );
  }
  if (cell.teamId === null) {
    return (
      <span className="pick pick--none">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No pick</span>
      </span>
    );
  }
  const result = cell.liveResult
    ? liveTones[cell.liveResult]
    : cell.noResult
      ? noResult
      : cell.BetResult === null
        ? undefined
        : results[cell.BetResult as BetResult];
  const name = team?.name ?? '';
  return (
    <span className={`pick pick--${result?.tone ?? 'pending'}`}>
      <TeamLogo logo={team?.logo} name={name} size={28} />
      <span className="pick__text">
        <span className="pick__team" title={name}>
          {name}
        </span>
        <span className="pick__meta">
          {cell.WeekDay && <span>{cell.WeekDay}</span>}
          {cell.Spread !== null && <span>{formatSpread(cell.Spread)}</span>}
          {result && <span className="pick__result">{result.label}</span>}
        </span>
      </span>
    </span>
  );
}
