// A slip's history, straight from its events: who placed, changed or cancelled what, when, at which line.
import type { SlipEvent, SlipPick } from '#domain/betting/slip.ts';
import { readSlip } from '../../betting/slip-service.ts';
import { getUser } from '../../store/users.ts';
import { playedWeek } from '../../store/catalogue.ts';
import { teamMap } from '../../store/team-map.ts';
import type { RouteImpl } from '../area-api.ts';
import { slipOwner } from './slip-owner.ts';

export const betHistory: RouteImpl<'betHistory'> = async ({ input: form, caller }, deps) => {
  const [owner] = await Promise.all([
    slipOwner(deps, caller, form.userId),
    playedWeek(deps, caller.client.id, { sportId: form.sportId, weekId: form.weekId }),
  ]);
  const { commits } = await readSlip(deps, {
    clientId: caller.client.id,
    userId: owner.id,
    sportId: form.sportId,
    weekId: form.weekId,
  });
  const actorIds = [...new Set(commits.map((commit) => Number(commit.actor)))];
  const actors = new Map(
    await Promise.all(
      actorIds.map(
        async (actorId) =>
          [actorId, (await getUser(deps, caller.client.id, actorId))?.displayName ?? `User ${actorId}`] as const,
      ),
    ),
  );
  const teams = new Map((await teamMap(deps, form.sportId)).map((team) => [team.id, team.name]));
  const picks = new Map<string, Partial<SlipPick>>();
  return {
    data: commits.flatMap((commit) =>
      commit.events.map((event: SlipEvent) => {
        const before = picks.get(event.data.betId) ?? {};
        const after = event.type === 'BetCancelled' ? before : { ...before, ...event.data };
        picks.set(event.data.betId, after);
        return {
          version: commit.version,
          at: commit.at,
          type: event.type,
          actorId: Number(commit.actor),
          actorName: actors.get(Number(commit.actor)),
          onBehalf: Number(commit.actor) !== owner.id,
          gameId: event.data.gameId,
          teamId: after.teamId ?? null,
          teamName: after.teamId ? (teams.get(after.teamId) ?? null) : null,
          points: after.points ?? null,
          line: after.line ?? null,
          isBonus: after.isBonus ?? false,
        };
      }),
    ),
  };
};
