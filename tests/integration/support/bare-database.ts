// A dynalite of the test file's own and no stack, for a store function's writes under a fault the test picks: started
// before the file's tests (with the app's tables unless the file makes its own), closed after them.
import { withDynamoLimits } from '../../../infra/local/dynamo-limits.ts';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { localTableNames } from '../../../functions/store/tables.ts';
import { createMissingTables } from '../../../infra/local/bootstrap-tables.ts';
import { type RunningDynalite, startDynalite } from '../../../infra/local/dynalite-server.ts';

export function useBareDatabase({ createTables = true } = {}) {
  const tables = localTableNames();
  let database: RunningDynalite;
  /** A client of its own: each writer's requests can be told apart. */
  const clientOf = () =>
    withDynamoLimits(
      new DynamoDBClient({
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        endpoint: database.endpoint,
        requestHandler: database.requestHandler,
      }),
    );
  beforeAll(async () => {
    database = await startDynalite({ path: undefined, eventsTable: tables.events, onCommit: () => undefined });
    if (createTables) await createMissingTables(clientOf(), tables);
  });
  afterAll(() => database.close());
  return { tables, clientOf };
}
