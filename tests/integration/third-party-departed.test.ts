// Third-party picks (docs/rules.md, Third-party picks) reach active players only: a player deleted or made inactive has
// left the pool, so a commissioner's pick, change or cancellation on their slip is refused (409 PLAYER_NOT_ACTIVE) and
// their picks stay as they were, while an active player's slip takes the commissioner's pick. A user whose role sets no
// bets is no player: no pick is placed for them (409 NOT_A_PLAYER).
import { beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import { type Client, UserStatus } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { readSlip } from '../../functions/betting/slip-service.ts';
import { keys } from '../../functions/store/keys.ts';
import { putItem } from '../../functions/store/state-table.ts';
import {
  createTenant,
  currentWeekId,
  type Member,
  memberWith,
  nfl,
  placePicks,
  probeNow,
} from '../security/support/probe-tenants.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: probeNow });

let league: Client;
let commissioner: Member;
const players: Record<'active' | 'deleted' | 'inactive', Member> = {} as never;
const picksOf = async (player: Member) =>
  (
    await readSlip(given.stack.deps, {
      clientId: league.id,
      userId: player.user.id,
      sportId: nfl,
      weekId: currentWeekId,
    })
  ).state;

beforeAll(async () => {
  const deps = given.stack.deps;
  league = await createTenant(deps, 'Departed League', 'departed-league');
  commissioner = await memberWith(deps, league, companyAdminPermissions, { login: 'departed-commissioner' });
  for (const kind of ['active', 'deleted', 'inactive'] as const) {
    players[kind] = await memberWith(deps, league, [Permission.SetBets, Permission.ViewOwnProfile], {
      login: `departed-${kind}`,
    });
    await placePicks(deps, league, players[kind].user);
  }
  const removed = await call(given.api, contracts.deleteUser, { id: players.deleted.user.id }, commissioner.token);
  expect(removed.status).toBe(200);
  const { user } = players.inactive;
  // Made inactive as User/create makes an account that is not active yet.
  await putItem(deps, { ...keys.user(league.id, user.id), ...user, status: UserStatus.NotActive });
});

describe("a commissioner's change on another player's slip", () => {
  it("is refused on a deleted or inactive player's slip, whose picks stay; an active player's takes it", async () => {
    for (const kind of ['deleted', 'inactive', 'active'] as const) {
      const player = players[kind];
      const before = await picksOf(player);
      const [first] = [...before.picks.values()];
      const cancel = await call(given.api, contracts.deleteBet, { id: first!.betId }, commissioner.token);
      if (kind === 'active') expect(cancel.status).toBe(200);
      else {
        expect(cancel.status).toBe(409);
        expect(cancel.body.code).toBe('PLAYER_NOT_ACTIVE');
        const points = [...before.picks.values()].map(({ gameId, teamId }, index) => ({
          gameId,
          teamId,
          points: [5, 5, 10, 10, 20][index]!,
        }));
        const reordered = await call(
          given.api,
          contracts.setBets,
          { userId: player.user.id, sportId: nfl, weekId: currentWeekId, bets: points },
          commissioner.token,
        );
        expect([reordered.status, reordered.body.code]).toEqual([409, 'PLAYER_NOT_ACTIVE']);
        expect(await picksOf(player)).toEqual(before);
      }
    }
  });

  it('is refused for an active user whose role sets no bets (a read-only helper): they are no player, and get no picks', async () => {
    const helper = await memberWith(given.stack.deps, league, [Permission.ViewOwnProfile], {
      login: 'departed-helper',
    });
    const view = await call(
      given.api,
      contracts.betList,
      { userId: players.active.user.id, sportId: nfl, weekId: currentWeekId },
      commissioner.token,
    );
    const now = given.stack.deps.clock.now().getTime();
    const open = view.body.data.filter((row) => !row.isBonusGame && row.homeSpread && Date.parse(row.beginning) > now);
    const [first, second] = open;
    const bets = [first!, second!].map((row, index) => ({
      gameId: row.gameId,
      teamId: row.homeTeamId,
      points: 20 - 10 * index,
    }));
    const placed = await call(
      given.api,
      contracts.setBets,
      { userId: helper.user.id, sportId: nfl, weekId: currentWeekId, bets },
      commissioner.token,
    );
    expect([placed.status, placed.body.code]).toEqual([409, 'NOT_A_PLAYER']);
    expect(placed.body.error).toBe("Probe departed-helper's role does not take part in the pool: they have no picks");
    expect((await picksOf(helper)).picks.size).toBe(0);
  });
});
