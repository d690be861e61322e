import { formatMoment, formatSpread } from '@/lib/format';
import { useSportTimeZone } from '@/lib/sport-selection';
import { Alert } from '@/ui/alert';
import { Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { useBetHistory, type HistoryEntry } from '@/features/my-picks/api/get-bet-history';
import type { BetRow } from '@/features/my-picks/api/get-my-bets';

const actions: Record<HistoryEntry['type'], string> = {
  BetPlaced: 'Placed',
  BetChanged: 'Changed',
  BetCancelled: 'Cancelled',
};

export interface HistoryDrawerProps {
  open: boolean;
  onClose: () => void;
  sportId: number;
  weekId: number;
  weekNumber: number;
  /** The week's games, to name the game of each entry. */
  games: readonly BetRow[];
}

function Entry({ entry, game }: { entry: HistoryEntry; game: BetRow | undefined }) {
  const zone = useSportTimeZone();
  const what = [
    entry.teamName,
    entry.points !== null && `${entry.points} pts`,
    entry.line !== null && `line ${formatSpread(entry.line)}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className={`history-entry history-entry--${entry.type}`}>
      <p className="history-entry__title">
        <strong>{actions[entry.type]}</strong> {what}
        {entry.isBonus && <span className="history-entry__tag">Bonus</span>}
      </p>
      {game && (
        <p className="history-entry__game">
          {game.awayTeamName} at {game.homeTeamName}
        </p>
      )}
      <p className="history-entry__meta">
        <time dateTime={entry.at}>{formatMoment(entry.at, zone)}</time>
        {' · '}
        {entry.onBehalf ? (
          <span className="history-entry__behalf">by {entry.actorName}, on your behalf</span>
        ) : (
          <span>by you</span>
        )}
      </p>
    </li>
  );
}

/** The slip's history (newest first): who placed, changed or cancelled what, when, at which line. */
export function HistoryDrawer({ open, onClose, sportId, weekId, weekNumber, games }: HistoryDrawerProps) {
  const history = useBetHistory(sportId, weekId, open);
  const byGame = new Map(games.map((game) => [game.gameId, game]));
  const entries = [...(history.data?.data ?? [])].reverse();
  return (
    <Modal open={open} onClose={onClose} title={`History · Week ${weekNumber}`}>
      {history.error ? (
        <Alert status="error">The history could not be loaded: {history.error.message}</Alert>
      ) : !history.data ? (
        <div className="loading-block">
          <Spinner label="Loading the history…" />
        </div>
      ) : entries.length === 0 ? (
        <p className="muted">No picks were placed for this week yet.</p>
      ) : (
        <ol className="history-list">
          {entries.map((entry) => (
            <Entry
              key={`${entry.version}-${entry.gameId}-${entry.type}`}
              entry={entry}
              game={byGame.get(entry.gameId)}
            />
          ))}
        </ol>
      )}
    </Modal>
  );
}
