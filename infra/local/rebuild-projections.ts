// `npm run rebuild-projections`: empties the views table of the local database and replays the
// events table into it. Stop `npm start` first (the database folder is opened by one process).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { join } from 'node:path';
import { depsFromEnv } from '../../functions/adapters/deps.ts';
import { rebuildViews } from '../../functions/projector/rebuild.ts';
import { localTableNames } from '../../functions/store/tables.ts';
import { createMissingTables } from './bootstrap-tables.ts';
import { startDynalite } from './dynalite-server.ts';

const dataDir = process.env.PICKEM_DATA_DIR ?? '.data';
const names = localTableNames();
const database = await startDynalite({
  path: join(dataDir, 'db'),
  eventsTable: names.events,
  onCommit: () => undefined,
});
Object.assign(process.env, {
  AWS_REGION: 'local',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_ENDPOINT_URL_DYNAMODB: database.endpoint,
  EVENTS_TABLE: names.events,
  STATE_TABLE: names.state,
  VIEWS_TABLE: names.views,
});
await createMissingTables(
  new DynamoDBClient({
    endpoint: database.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
  names,
);
const result = await rebuildViews(depsFromEnv());
console.log(
  `Rebuilt the views of ${dataDir}/ from ${result.commits} commits (${result.events} events, ${result.weeks} client weeks) in ${result.seconds.toFixed(1)} s: ${result.eventsPerSecond} events/s`,
);
await database.close();
