// `npm run rebuild-projections`: empties the views table of the local database and replays the
// events table into it. Stop `npm start` first (the database folder is opened by one process).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { join } from 'node:path';
import { awsClientConfig } from '../../functions/adapters/aws-client-config.ts';
import { depsFromEnv } from '../../functions/adapters/deps.ts';
import { rebuildViews } from '../../functions/projector/rebuild.ts';
import { localTableNames } from '../../functions/store/tables.ts';
import { createMissingTables } from './bootstrap-tables.ts';
import { startDynalite } from './dynalite-server.ts';
import { localSettings } from './local-settings.ts';

const dataDir = process.env.PICKEM_DATA_DIR ?? '.data';
const names = localTableNames();
const database = await startDynalite({
  path: join(dataDir, 'db'),
  eventsTable: names.events,
  onCommit: () => undefined,
});
// The local stack's settings for its tables, on this database.
const settings = { ...localSettings(names), AWS_ENDPOINT_URL_DYNAMODB: database.endpoint };
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
await createMissingTables(new DynamoDBClient(awsClientConfig(settings, 'DYNAMODB')), names);
const result = await rebuildViews(depsFromEnv(settings));
console.log(
  `Rebuilt the views of ${dataDir}/ from ${result.commits} commits (${result.events} events, ${result.weeks} client weeks) in ${result.seconds.toFixed(1)} s: ${result.eventsPerSecond} events/s`,
);
await database.close();
