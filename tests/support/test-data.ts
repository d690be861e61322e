// Test data shared by the benchmark and the e2e tests. Bettors are added the way createUser stores
// them (login claim + user item), in batches, with ids reserved from the user counter in one update
// and ONE scrypt hash for all: hashing thousands of passwords would measure scrypt, not the product.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Client, type Role, type User, UserStatus } from '#domain/auth/user.ts';
import type { Deps } from '../../functions/adapters/deps.ts';
import { keys } from '../../functions/store/keys.ts';
import { batchPut } from '../../functions/store/state-table.ts';
import { putDirectoryRows } from '../../functions/store/user-directory.ts';
import { isOpenForPicks } from '#domain/catalogue/game-status.ts';
import { hasSpread, regularPoints } from '#domain/betting/slip.ts';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { loadWeek, runSlipCommand } from '../../functions/betting/slip-service.ts';
import { listWeeks } from '../../functions/store/catalogue.ts';
import { pool } from './pool.ts';

const nfl = 33;

/** Every added bettor's password. */
export const benchPassword = 'bench-password';

const firstNames = [
  'Ada',
  'Ben',
  'Cleo',
  'Dan',
  'Eve',
  'Finn',
  'Gus',
  'Hana',
  'Ivo',
  'Jade',
  'Kai',
  'Lena',
  'Milo',
  'Nia',
  'Otto',
  'Pia',
];
const lastNames = [
  'Abbott',
  'Baker',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Khan',
  'Larsen',
  'Moreau',
];

export async function addBettors(
  deps: Deps,
  client: Client,
  role: Role,
  count: number,
  loginPrefix: string,
  memberSince?: string,
): Promise<User[]> {
  const reserved = await deps.db.send(
    new UpdateCommand({
      TableName: deps.tables.state,
      Key: { PK: 'COUNTER', SK: 'user' },
      UpdateExpression: 'ADD #value :count',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const firstId = (reserved.Attributes!.value as number) - count + 1;
  const passwordHash = await deps.passwords.hash(benchPassword);
  // Members since before the season, like the demo's, so they owe the penalties of the weeks they skip (unless
  // they joined later: a player owes nothing for a week that began before they joined).
  const dateCreated = memberSince ?? new Date(deps.clock.now().getTime() - 365 * 24 * 3600 * 1000).toISOString();
  const users: User[] = Array.from({ length: count }, (_, index) => {
    const firstName = firstNames[index % firstNames.length]!;
    const lastName = lastNames[Math.floor(index / firstNames.length) % lastNames.length]!;
    const login = `${loginPrefix}${String(index + 1).padStart(5, '0')}`;
    return {
      id: firstId + index,
      clientId: client.id,
      login,
      displayName: `${firstName} ${lastName[0]}. ${index + 1}`,
      emailAddress: `${login}@${client.domain}.example.com`,
      firstName,
      lastName,
      middleName: '',
      phoneNumber: '+1 555 010 0100',
      status: UserStatus.Active,
      roleId: role.id,
      passwordHash,
      dateCreated,
    };
  });
  const items = users.flatMap((user) => [
    { ...keys.loginClaim(client.id, user.login), userId: user.id },
    { ...keys.user(client.id, user.id), ...user },
  ]);
  const chunks = Array.from({ length: Math.ceil(items.length / 500) }, (_, index) =>
    items.slice(index * 500, (index + 1) * 500),
  );
  await pool(chunks, 4, (chunk) => batchPut(deps, chunk));
  await putDirectoryRows(deps, users);
  return users;
}

/** Five regular picks per player in one week of the demo NFL season, placed through the slip command at the week's start + 30 min. */
export async function placeWeekPicks(deps: Deps, client: Client, players: readonly User[], weekNumber: number) {
  const week = (await listWeeks(deps, nfl)).find((candidate) => candidate.number === weekNumber)!;
  const placedAt = new Date(Date.parse(week.beginDate) + 30 * 60 * 1000);
  const atWeekStart = { ...deps, clock: fixedClock(placedAt) };
  const view = await loadWeek(atWeekStart, { clientId: client.id, sportId: nfl, weekId: week.id });
  const games = [...view.facts.values()].filter(
    (game) => game.onRegularDay && isOpenForPicks(game, placedAt) && hasSpread(game.homeLine),
  );
  await pool([...players.entries()], 8, async ([index, player]) => {
    const picks = games.slice(index % 4, (index % 4) + regularPoints.length).map((game, slot) => ({
      gameId: game.id,
      teamId: (index + slot) % 2 ? game.homeTeamId : game.awayTeamId,
      points: regularPoints[slot]!,
    }));
    const slip = { clientId: client.id, userId: player.id, sportId: nfl, weekId: week.id };
    await runSlipCommand(atWeekStart, { slip, actorId: player.id }, { type: 'SetRegularPicks', picks }, view);
  });
  return week;
}
