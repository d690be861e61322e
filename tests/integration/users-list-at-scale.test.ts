// The users list reads in proportion to the page, not the client: a page among 1,000 users, a search, and a search
// that matches most of the client.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { inputParams } from '#domain/contracts/input-params.ts';
import type { NewUser } from '#domain/auth/user.ts';
import { createUserAccounts } from '../../functions/accounts/user-accounts.ts';
import { createUsersApi } from '../../functions/http/users-api.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { createClient } from '../../functions/store/clients.ts';
import { createStandardRoles } from '../../functions/store/roles.ts';
import { toApiGatewayEvent } from '../../infra/local/api-server.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

let admin: string;
beforeAll(async () => {
  admin = await given.api.signIn('admin', adminPassword, 'admin');
});

describe('the users list at scale', () => {
  it('a page among 1,000 users reads its own rows, a search the users it finds, and a search matching them all at most 200 a field, saying more match', async () => {
    const deps = { ...given.stack.deps, mailer: { send: async () => {} } };
    const crowd = { id: await deps.ids.next('client'), name: 'Crowd', domain: 'crowd', dateCreated: '2024-01-01' };
    await createClient(deps, crowd);
    const [bettor] = await createStandardRoles(deps, crowd.id);
    const asked: NewUser[] = Array.from({ length: 1000 }, (_, index) => ({
      login: `fan${String(index).padStart(4, '0')}`,
      emailAddress: `fan${index}@crowd.example.com`,
      displayName: `Fan ${index}`,
      firstName: index % 10 === 7 ? 'Zelda' : 'Fan',
      lastName: `Number${index}`,
      middleName: '',
      phoneNumber: '',
      roleId: bettor!.id,
      active: true,
    }));
    const outcomes = await createUserAccounts(deps, crowd, asked);
    expect(outcomes.filter((outcome) => 'created' in outcome)).toHaveLength(1000);

    const reads = { items: 0, userItems: 0 };
    const send = deps.db.send.bind(deps.db) as (command: unknown) => Promise<Record<string, unknown>>;
    const counting = {
      send: async (command: { input: { ExpressionAttributeValues?: Record<string, unknown> } }) => {
        const result = await send(command);
        const items = (result.Items as unknown[] | undefined)?.length ?? (result.Item ? 1 : 0);
        reads.items += items;
        if (String(command.input.ExpressionAttributeValues?.[':sk'] ?? '').startsWith('USER#'))
          reads.userItems += items;
        return result;
      },
    } as unknown as DynamoDBDocumentClient;
    const list = createUsersApi(() => ({ ...deps, db: counting }));
    const page = async (form: Partial<RequestOf<typeof contracts.userList>>) => {
      reads.items = 0;
      reads.userItems = 0;
      const answer = await list(
        toApiGatewayEvent({
          method: contracts.userList.method,
          url: contracts.userList.path,
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${admin}` },
          body: Buffer.from(inputParams({ clientId: crowd.id, limit: 50, ...form }).toString()),
          sourceIp: '127.0.0.1',
        }),
        {} as never,
      );
      expect(answer.statusCode).toBe(200);
      return JSON.parse(answer.body!) as { total: number; data: { login: string }[]; more?: true };
    };

    // The client's counts are counted from its rows once, on first use (and again after a start-up).
    await page({});
    const first = await page({ orderBy: 'Last Name' });
    expect(first.total).toBe(1000);
    expect(first.data).toHaveLength(50);
    expect(reads.userItems).toBe(0);
    // The page's 50 rows, the counts, the client, the caller and the page's role.
    expect(reads.items).toBeLessThan(60);

    const zeldas = await page({ search: 'zelda' });
    expect(zeldas.total).toBe(100);
    expect(zeldas.data).toHaveLength(50);
    expect(zeldas.data[0]!.login).toBe('fan0007');
    expect(reads.userItems).toBe(0);
    // The 100 users found, the client, the caller and the role: not the other 900.
    expect(reads.items).toBeLessThan(110);
    expect(zeldas.more).toBeUndefined();

    // Every user's login, e-mail and display name start with 'fan', and 900 first names: the search reads 200 (and one
    // to tell there are more) by each of those four fields, lists those in the order asked for, and says more match.
    const fans = await page({ search: 'fan' });
    expect(fans.more).toBe(true);
    expect(fans.total).toBeGreaterThanOrEqual(200);
    expect(fans.total).toBeLessThan(1000);
    expect(fans.data.map((row) => row.login).slice(0, 3)).toEqual(['fan0000', 'fan0001', 'fan0002']);
    expect(reads.userItems).toBe(0);
    expect(reads.items).toBeLessThan(4 * 201 + 10);
  }, 120_000);
});
