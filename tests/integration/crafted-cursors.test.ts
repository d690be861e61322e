// Every opaque cursor a client can send back (the leaderboard's, who has not picked's) is read through a schema of
// what the page made, bound to the caller's client, week and order (store/page-cursor.ts): a crafted one (empty keys,
// wrong types, another client's, not JSON, not base64) is 400 'The cursor is not valid' and reaches no key, where
// an empty key used to reach the database and come back as a 500.
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

// Sunday 12:00 in New York, week 9: week 8 is over and graded, week 9 is being picked.
const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
const nfl = 33;
const week8 = 20263308;
const week9 = 20263309;

const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decoded = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));

/** Cursors no page made: not base64 of JSON, or JSON of no cursor's shape. */
const garbage = [
  'not-a-cursor',
  '%%%%',
  '',
  Buffer.from('{"at":').toString('base64url'),
  encoded(null),
  encoded([]),
  encoded('a cursor'),
  encoded(42),
];

function expectRefused(answer: { status: number; body: { error?: string; code?: string } }, cursor: string) {
  expect(answer.status, `cursor ${cursor}`).toBe(400);
  // Too long for the contract ('cursor is not valid') or not one the page made ('The cursor is not valid').
  expect(answer.body).toMatchObject({
    error: expect.stringMatching(/^(The )?cursor is not valid$/),
    code: 'VALIDATION',
  });
}

describe('the leaderboard refuses a cursor it did not make for this caller', () => {
  type Query = Partial<RequestOf<typeof contracts.balance>>;
  const balance = (token: string, query: Query) =>
    call(given.api, contracts.balance, { sportId: nfl, weekId: week8, limit: 2, ...query }, token);

  it('a crafted cursor of any shape, empty keys included, is 400 and never a 500', async () => {
    const coach = await given.api.signIn('coach');
    const first = await balance(coach, {});
    expect(first.status).toBe(200);
    const made = decoded(first.body.nextCursor!);
    const demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
    const partition = made.partition as string;
    expect(partition).toContain(`#${demo.id}#${nfl}#${week8}`);
    const crafted = [
      ...garbage,
      // The probe's: index keys with an empty PK, SK or GSI1SK, as the cursor used to carry them.
      ...[
        { PK: '', SK: '0000000001', GSI1PK: partition, GSI1SK: '01000000#0000000001' },
        { PK: partition, SK: '', GSI1PK: partition, GSI1SK: '01000000#0000000001' },
        { PK: partition, SK: '0000000001', GSI1PK: partition, GSI1SK: '' },
      ].map((key) => encoded({ key, order: 'week', direction: 'desc', points: 0, rank: 1, position: 1 })),
      // Wrong types and values in the fields a page makes.
      encoded({ ...made, userId: 0 }),
      encoded({ ...made, userId: -3 }),
      encoded({ ...made, userId: String(made.userId) }),
      encoded({ ...made, userId: 1.5 }),
      encoded({ ...made, points: 'many' }),
      encoded({ ...made, rank: -1 }),
      encoded({ ...made, position: null }),
      encoded({ ...made, direction: 'sideways' }),
      encoded({ ...made, partition: '' }),
      encoded({ userId: made.userId, points: made.points }),
      // Another week's, another order's, another client's partition.
      encoded({ ...made, partition: partition.replace(String(week8), String(week9)) }),
      encoded({ ...made, partition: partition.replace('RANK#', 'YTD#') }),
      encoded({ ...made, partition: partition.replace(`#${demo.id}#`, `#${demo.id + 1}#`) }),
    ];
    for (const cursor of crafted) expectRefused(await balance(coach, { cursor }), cursor);
    // The cursor as made still pages on.
    expect((await balance(coach, { cursor: first.body.nextCursor! })).status).toBe(200);
  });

  it("another client's real cursor, or one of another order or direction, is 400", async () => {
    const coach = await given.api.signIn('coach');
    const jules = await given.api.signIn('jules', undefined, 'rival');
    const rivals = await balance(jules, { limit: 1 });
    expect(rivals.body.nextCursor).toEqual(expect.any(String));
    expectRefused(await balance(coach, { limit: 1, cursor: rivals.body.nextCursor! }), 'rival');
    const ours = (await balance(coach, {})).body.nextCursor!;
    expectRefused(await balance(coach, { cursor: ours, sort: 'ytd' }), 'ytd');
    expectRefused(await balance(coach, { cursor: ours, direction: 'asc' }), 'asc');
    expectRefused(await balance(jules, { cursor: ours }), 'ours to jules');
  });
});

describe('who has not picked refuses a cursor it did not make for this caller', () => {
  const missingPicks = (token: string, cursor?: string) =>
    call(given.api, contracts.missingPicks, { sportId: nfl, weekId: week9, limit: 1, cursor }, token);

  it('a crafted cursor of any shape, an empty sort key included, is 400 and never a 500', async () => {
    const coach = await given.api.signIn('coach');
    const first = await missingPicks(coach);
    expect(first.status).toBe(200);
    const made = decoded(first.body.cursor!);
    const rival = (await findClientByDomain(given.stack.deps, 'rival'))!;
    const crafted = [
      ...garbage,
      // The probe's cursor, and its empty sort key in a cursor of this client.
      encoded({ at: '', id: 1 }),
      encoded({ ...made, at: '' }),
      // A sort key that is not the row's of the user it names, wrong types.
      encoded({ ...made, id: made.id + 1 }),
      encoded({ ...made, at: 'zzz' }),
      encoded({ ...made, at: 7 }),
      encoded({ ...made, id: String(made.id) }),
      encoded({ ...made, id: 0 }),
      encoded({ ...made, at: `${'x'.repeat(400)}${made.at}` }),
      encoded({ ...made, clientId: String(made.clientId) }),
      // Another client's list.
      encoded({ ...made, clientId: rival.id }),
    ];
    for (const cursor of crafted) expectRefused(await missingPicks(coach, cursor), cursor);
    expect((await missingPicks(coach, first.body.cursor!)).status).toBe(200);
  });

  it("a cursor of the caller's list is refused in another client's", async () => {
    const coach = await given.api.signIn('coach');
    const rivalAdmin = await given.api.signIn('rival-admin', undefined, 'rival');
    const ours = (await missingPicks(coach)).body.cursor!;
    expectRefused(await missingPicks(rivalAdmin, ours), 'ours to rival');
  });
});
