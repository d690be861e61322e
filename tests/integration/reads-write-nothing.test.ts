// A read writes nothing: every GET route, and every list the spec's calls send as a POST, asked with its example input
// (domain/contracts/examples.ts) by a player, a client's administrator, the system administrator and nobody, sends
// DynamoDB no write. What reads once repaired on the way, the start-up repairs instead (functions/lifecycle/start-up.ts):
// its migrations give a current season its weeks, a sport its team map and release a login claimed without a user,
// and it counts the users list's counts again; a read that meets such data before reads around it.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContractName, contracts } from '#domain/contracts/api.ts';
import { isRead } from '#domain/contracts/contract.ts';
import { contractExamples } from '#domain/contracts/examples.ts';
import { routes } from '../../functions/http/routes.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { deleteItem, getItem } from '../../functions/store/state-table.ts';
import { runImportJob, send } from './support/call.ts';
import { meteredApi } from './support/metered-api.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
const nfl = 33;

const writeOperations = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems'];

/** Every GET, and the lists the spec's call list sends as a POST with a form (their contracts say `read`). */
const reads = (Object.keys(routes) as ContractName[]).filter((name) => isRead(contracts[name]));

let callers: Record<string, string>;
/** Each read's inputs: its example, and where a read goes two ways, the other one too. */
let inputs: (name: ContractName) => Record<string, unknown>[];

beforeAll(async () => {
  const [player, clientAdmin, systemAdmin] = await Promise.all([
    given.api.signIn('alex'),
    given.api.signIn('coach'),
    given.api.signIn('admin', adminPassword, 'admin'),
  ]);
  callers = { player, clientAdmin, systemAdmin, anonymous: '' };
  const job = await runImportJob(given, systemAdmin, contracts.importTeams, { sportId: nfl });
  const others: Partial<Record<ContractName, Record<string, unknown>[]>> = {
    jobStatus: [{ id: job.jobId }],
    // The list's first page, which a search does not read: it counts the listed users.
    userList: [contractExamples.userList!, { limit: 50, page: 1 }],
  };
  inputs = (name) => others[name] ?? [(contractExamples[name] ?? {}) as Record<string, unknown>];
});

/** Every read by every caller: what each answered and the writes it sent. */
async function readEverything() {
  const metered = meteredApi(given.stack.deps, given.stack.settings);
  const answers: { read: string; caller: string; status: number; writes: string[] }[] = [];
  for (const name of reads)
    for (const input of inputs(name))
      for (const [caller, token] of Object.entries(callers)) {
        const { value, requests } = await metered.measure(() =>
          send(metered.api, contracts[name], input, token || undefined),
        );
        const writes = requests
          .map((request) => request.operation)
          .filter((operation) => writeOperations.includes(operation));
        answers.push({ read: name, caller, status: value.status, writes });
      }
  return answers;
}

describe('a read', () => {
  it('sends no write, whoever asks', async () => {
    const answers = await readEverything();
    expect(answers.filter((answer) => answer.writes.length)).toEqual([]);
    // Each read answered someone, so it ran to its end rather than stopping at the guard.
    const answered = new Set(answers.filter((answer) => answer.status === 200).map((answer) => answer.read));
    expect(reads.filter((name) => !answered.has(name))).toEqual([]);
  });

  it('sends no write on data from before the start-up repaired it: the reads read the partitions instead', async () => {
    const { deps } = given.stack;
    const season = await getItem<{ weeks: unknown[] }>(deps, keys.season(nfl));
    const map = await getItem<{ teams: unknown[] }>(deps, keys.teamMap(nfl));
    const metered = meteredApi(deps, given.stack.settings);
    const listed = await send(metered.api, contracts.userList, { limit: 50, page: 1 }, callers.clientAdmin);
    await deps.db.send(
      new UpdateCommand({ TableName: deps.tables.state, Key: keys.season(nfl), UpdateExpression: 'REMOVE weeks' }),
    );
    await deleteItem(deps, keys.teamMap(nfl));
    await deleteItem(deps, keys.userCounts((await findClientByDomain(deps, 'demo'))!.id));
    const { value, requests } = await metered.measure(async () => ({
      weekList: await send(metered.api, contracts.weekList, { sportId: nfl }, callers.player),
      teamMap: await send(metered.api, contracts.teamMap, { sportId: nfl }, callers.player),
      userList: await send(metered.api, contracts.userList, { limit: 50, page: 1 }, callers.clientAdmin),
    }));
    expect(value.weekList.body).toEqual(season!.weeks);
    expect(value.teamMap.body).toEqual(map!.teams);
    expect(value.userList.body.total).toBe(listed.body.total);
    expect(requests.filter((request) => writeOperations.includes(request.operation))).toEqual([]);
  });
});
