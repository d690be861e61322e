import { Card } from '@/ui/card';
import { PickShareLine } from '@/ui/pick-share';
import { useWeekGames } from '@/features/leaderboard/api/get-week-games';

/**
 * How the pool picked each game of the week that has started (docs/rules.md, Pick distribution). Nothing before
 * the week's first kickoff, or for a caller who may not read the games.
 */
export function PoolSplit({ sportId, weekId, weekNumber }: { sportId: number; weekId: number; weekNumber: number }) {
  const { data } = useWeekGames({ sportId, weekId });
  const started = data?.filter((game) => game.pickShare !== null) ?? [];
  if (started.length === 0) return null;
  return (
    <Card title={`How the pool picked Week ${weekNumber}`} headingId="pool-split-title" className="leaderboard__split">
      <ul className="pool-split">
        {started.map((game) => (
          <li key={game.gameId} className="pool-split__game">
            <span className="pool-split__teams">
              {game.awayTeamName} at {game.homeTeamName}
            </span>
            <PickShareLine share={game.pickShare!} homeName={game.homeTeamName} awayName={game.awayTeamName} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
