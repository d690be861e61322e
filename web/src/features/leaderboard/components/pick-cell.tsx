import { BetResult } from '#domain/betting/grading.ts';
import { formatSpread } from '@/lib/format';
import { LockIcon } from '@/ui/icons';
import { TeamLogo } from '@/ui/team-logo';
import type { LeaderboardCell } from '@/features/leaderboard/api/get-balance';

const results: Partial<Record<BetResult, { label: string; tone: string }>> = {
  [BetResult.Undetermined]: { label: 'Pending', tone: 'pending' },
  [BetResult.Won]: { label: 'Won', tone: 'won' },
  [BetResult.Lost]: { label: 'Lost', tone: 'lost' },
  [BetResult.Draw]: { label: 'Draw', tone: 'draw' },
};

/** A pick on the leaderboard: team logo, week day, spread, result and team name; a lock until kickoff. */
export function PickCell({ cell }: { cell: LeaderboardCell }) {
  if (cell.hidden) {
    return (
      <span className="pick pick--hidden" role="img" aria-label="Hidden until kickoff" title="Hidden until kickoff">
        <LockIcon size={16} />
      </span>
    );
  }
  if (!cell.TeamName) {
    return (
      <span className="pick pick--none">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No pick</span>
      </span>
    );
  }
  const result = cell.BetResult === null ? undefined : results[cell.BetResult as BetResult];
  return (
    <span className={`pick pick--${result?.tone ?? 'pending'}`}>
      <TeamLogo logo={cell.TeamLogo ?? undefined} name={cell.TeamName} size={28} />
      <span className="pick__text">
        <span className="pick__team" title={cell.TeamName}>
          {cell.TeamName}
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
