// A probe: the largest close-week commit, for a week none of the bench players picked (their NBA weeks), appended
// as one item. DynamoDB takes at most 400 kB in one item; the probe says whether dynalite took it and its size.
import { GameStatus } from '#domain/catalogue/game-status.ts';
import { weekDecider } from '#domain/scoring/close-week.ts';
import type { Deps } from '../functions/adapters/deps.ts';

export async function closeWeekProbe(
  deps: Deps,
  players: { userId: number; memberSince: string }[],
  actorId: number,
  now: string,
) {
  const closeEvents = weekDecider.decide({ type: 'CloseWeek' }, weekDecider.initialState, {
    now: deps.clock.now(),
    weekBegins: deps.clock.now().toISOString(),
    gameStatuses: [GameStatus.Finished],
    players,
    playersWithRegularPicks: new Set(),
    hadRegularGame: true,
  });
  const probeItem = {
    PK: 'bench-probe#close-week',
    SK: 1,
    events: closeEvents,
    at: now,
    actor: actorId,
    correlationId: 'bench-probe',
  };
  let error: string | undefined;
  try {
    await deps.events.append(probeItem.PK, 0, closeEvents, { at: now, actor: actorId, correlationId: 'bench-probe' });
  } catch (caught) {
    error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
  }
  return { events: closeEvents.length, bytes: Buffer.byteLength(JSON.stringify(probeItem)), error };
}
