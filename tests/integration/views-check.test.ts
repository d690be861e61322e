// `npm run views-check` on a stopped stack's data folder: the views the demo's projector wrote equal a rebuild of its
// events, a tampered total and a lost item are reported with a non-zero exit, and the folder checked is only read.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { awsClientConfig } from '../../functions/adapters/aws-client-config.ts';
import { depsFromEnv } from '../../functions/adapters/deps.ts';
import { deleteItem, type Key, putItem, scanByPrefix } from '../../functions/store/state-table.ts';
import { localTableNames } from '../../functions/store/tables.ts';
import { viewsPartition } from '../../functions/views/layout.ts';
import { startDynalite } from '../../infra/local/dynalite-server.ts';
import { localSettings } from '../../infra/local/local-settings.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { testFolder } from '../support/global-setup.ts';
import { startLocalTestStack } from '../support/local-test-stack.ts';
import { call, runImportJob } from './support/call.ts';
import { sunday } from './support/scoring.ts';
import { client } from './support/test-stack.ts';

const dataDir = testFolder('pickem-views-check-');
let stack: LocalStack | undefined;
afterAll(() => stack?.close());

/** `npm run views-check` on the folder, as an operator runs it. */
function viewsCheck() {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/local/views-check.ts'], {
    env: { ...process.env, PICKEM_DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Every file of the folder with a hash of its content. */
function folderContent(dir: string) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(dir, path)).isFile())
    .sort()
    .map(
      (path) =>
        `${path} ${createHash('sha256')
          .update(readFileSync(join(dir, path)))
          .digest('hex')}`,
    );
}

/** Edits the stopped folder's views directly, as a bug or an incident might have left them. */
async function onTheFolder(edit: (deps: ReturnType<typeof depsFromEnv>) => Promise<void>) {
  const names = localTableNames();
  const database = await startDynalite({ path: join(dataDir, 'db'), eventsTable: names.events, onCommit: () => {} });
  const settings = { ...localSettings(names), AWS_ENDPOINT_URL_DYNAMODB: database.endpoint };
  const dynamo = new DynamoDBClient({
    ...awsClientConfig(settings, 'DYNAMODB'),
    requestHandler: database.requestHandler,
  });
  try {
    await edit(depsFromEnv(settings, dynamo));
  } finally {
    await database.close();
  }
}

let compared: number;

beforeAll(async () => {
  // The demo as an operator runs it: seeded, then picks and the week's results projected as they come, then stopped.
  stack = await startLocalTestStack({ dataDir, port: 0, seed: true, now: sunday, webRoot: '/nonexistent' });
  await stack.settled();
  const api = client(stack);
  const token = await api.signIn('alex');
  const games = (await call(api, contracts.betList, { sportId: 33 }, token)).body.data.filter(
    (row) => !row.isBonusGame && row.homeSpread !== 0 && row.beginning > sunday,
  );
  const bets = [20, 10].map((points, index) => ({
    gameId: games[index]!.gameId,
    teamId: games[index]!.homeTeamId,
    points,
  }));
  expect((await call(api, contracts.setBets, { bets }, token)).status).toBe(200);
  const imported = await runImportJob({ stack, api }, await api.signIn('coach'), contracts.importScores, {
    sportId: '33',
  });
  expect(imported).toMatchObject({ status: 'succeeded' });
  await stack.close();
  stack = undefined;
});

describe('npm run views-check', () => {
  it('finds the views of a demo folder equal to a rebuild of its events, and leaves the folder as it was', () => {
    const before = folderContent(dataDir);
    const { status, stdout, stderr } = viewsCheck();
    expect(stderr).toBe('');
    const { viewsCheck: result } = JSON.parse(stdout.trim()) as { viewsCheck: { items: number; differ: number } };
    expect(result).toEqual({ items: expect.any(Number), differ: 0 });
    expect(result.items).toBeGreaterThan(1000);
    expect(status).toBe(0);
    expect(folderContent(dataDir)).toEqual(before);
    compared = result.items;
  });

  it('reports a tampered week total and a lost item by key and exits non-zero; other layouts are not compared', async () => {
    let total!: Key & { weekPoints: number };
    let outcome!: Key;
    await onTheFolder(async (deps) => {
      total = (await scanByPrefix<Key & { weekPoints: number }>(deps, viewsPartition('TOTALS#'), 'views'))[0]!;
      await putItem(deps, { ...total, weekPoints: total.weekPoints + 10 }, { table: 'views' });
      outcome = (await scanByPrefix<Key>(deps, viewsPartition('OUTCOMES#'), 'views'))[0]!;
      await deleteItem(deps, { PK: outcome.PK, SK: outcome.SK }, 'views');
      await putItem(deps, { PK: 'L5#TOTALS#2#33#20263301', SK: 'old layout' }, { table: 'views' });
    });
    const before = folderContent(dataDir);

    const { status, stdout, stderr } = viewsCheck();
    expect(JSON.parse(stdout.trim())).toEqual({ viewsCheck: { items: compared, differ: 2 } });
    expect(status).toBe(1);
    expect(stderr.trim().split('\n').sort()).toEqual(
      [
        `${total.PK}|${total.SK}  weekPoints: ${total.weekPoints + 10} → ${total.weekPoints}`,
        `${outcome.PK}|${outcome.SK}  missing from the views (the rebuild has it)`,
      ].sort(),
    );
    expect(folderContent(dataDir)).toEqual(before);
  });
});
