// What the spreads tests share: the stack on a Thursday of the NFL season, the system administrator, the
// affiliates the clients play NFL at, and the calls that set, reset and list the lines and read the bets.
import { beforeAll, expect } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { issueToken } from '../../../functions/adapters/tokens.ts';
import { call } from './call.ts';
import { useTestStack } from './test-stack.ts';

// Thursday 12:00 in New York, in week 9 (Wednesday 18 to Tuesday 24 November) of an 18-week NFL season.
const thursday = '2026-11-19T17:00:00Z';
const nfl = 33;

let given: ReturnType<typeof useTestStack>;
// Read before the test file's tests run (useSpreadsStack).
export let admin: string;
export let demoId: number;
/** Demo and Rival League both play NFL at its first affiliate; the second is nobody's. */
export let affiliateId: number;
export let otherAffiliateId: number;
let weekId: number;

/** One stack for the test file at `thursday`, and the administrator, client, affiliates and week read on it. */
export function useSpreadsStack() {
  given = useTestStack({ now: thursday });
  beforeAll(async () => {
    admin = await given.api.signIn('admin', 'pickem-admin', 'admin');
    const clients = (await call(given.api, contracts.clientList, { limit: 100 }, admin)).body.data;
    demoId = clients.find((client) => client.domain === 'demo')!.id;
    const rivalId = clients.find((client) => client.domain === 'rival')!.id;
    const nflAffiliateOf = async (clientId: number) =>
      (await call(given.api, contracts.clientSportList, { clientId }, admin)).body.find(
        (sport) => sport.sportId === nfl,
      )?.affiliateId;
    affiliateId = (await nflAffiliateOf(demoId))!;
    // Demo and Rival League are every client on the affiliate (the system client plays no sport).
    const affiliateOfEach = await Promise.all(clients.map((client) => nflAffiliateOf(client.id)));
    const onAffiliate = clients.filter((_, index) => affiliateOfEach[index] === affiliateId).map((client) => client.id);
    expect(onAffiliate.sort()).toEqual([demoId, rivalId].sort());
    const affiliates = (await call(given.api, contracts.affiliateList, { sportId: nfl }, admin)).body;
    otherAffiliateId = affiliates.find((affiliate) => affiliate.id !== affiliateId)!.id;
    weekId = (await call(given.api, contracts.betList, { sportId: nfl }, await given.api.signIn('alex'))).body.week.id;
  });
  return given;
}

export const spreadList = async (token = admin, affiliate = affiliateId) => {
  const answer = await call(given.api, contracts.spreadList, { affiliateId: affiliate, sportId: nfl, weekId }, token);
  expect(answer.status).toBe(200);
  return answer.body;
};
/** The spec's call: affiliateId, gameId, spread, and nothing else. */
export const setSpread = (
  gameId: number,
  spread: string,
  extra: Partial<RequestOf<typeof contracts.setSpread>> = {},
  token = admin,
) => call(given.api, contracts.setSpread, { affiliateId, gameId, spread, ...extra }, token);
export const reset = (handicapIds: number[], token = admin) =>
  call(
    given.api,
    contracts.useAffiliateSign,
    handicapIds.map((handicapId) => ({ handicapId, useAffiliateSpread: true as const })),
    token,
  );
const betList = async (token: string) => (await call(given.api, contracts.betList, { sportId: nfl }, token)).body.data;
export const homeSpreadOf = async (token: string, gameId: number) =>
  (await betList(token)).find((row) => row.gameId === gameId)!.homeSpread;
/** The week's games still open with a line, in kickoff order. */
export const openGames = async () =>
  (await spreadList()).filter((row) => row.editable && row.affiliateSpread !== null && row.affiliateSpread !== 0);

/** A user of the client holding a role with exactly these permissions, and their token. */
export async function memberOf(clientId: number, domain: string, login: string, permissions: number[]) {
  const role = await call(given.api, contracts.createRole, { name: `Role of ${login}`, clientId, permissions }, admin);
  expect(role.status).toBe(201);
  const created = await call(
    given.api,
    contracts.createUser,
    {
      login,
      emailAddress: `${login}@${domain}.example.com`,
      displayName: 'Lee Lines',
      firstName: 'Lee',
      lastName: 'Lines',
      clientId,
      domain,
      roleId: role.body.id,
    },
    admin,
  );
  expect(created.status).toBe(201);
  const { deps } = given.stack;
  return (
    await issueToken(
      { clock: deps.clock, signingKeys: deps.signingKeys },
      { userId: created.body.id, clientId, roleId: role.body.id },
    )
  ).access_token;
}
