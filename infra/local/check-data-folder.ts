// The views check (functions/projector/views-check.ts) of a stopped stack's data folder, on a copy: the folder's
// database is copied to a temporary folder, its events rebuilt there into a scratch views table beside the copied
// views, and the copy deleted. The folder itself is only read.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { awsClientConfig } from '../../functions/adapters/aws-client-config.ts';
import { depsFromEnv } from '../../functions/adapters/deps.ts';
import { checkViews } from '../../functions/projector/views-check.ts';
import { localTableNames } from '../../functions/store/tables.ts';
import { createMissingTables } from './bootstrap-tables.ts';
import { startDynalite } from './dynalite-server.ts';
import { localSettings } from './local-settings.ts';

export async function checkDataFolder(dataDir: string) {
  const database = join(dataDir, 'db');
  if (!existsSync(database)) throw new Error(`${dataDir}/ holds no database (db/)`);
  const copy = mkdtempSync(join(tmpdir(), 'pickem-views-check-'));
  try {
    cpSync(database, join(copy, 'db'), { recursive: true });
    const names = localTableNames();
    const dynalite = await startDynalite({
      path: join(copy, 'db'),
      eventsTable: names.events,
      onCommit: () => undefined,
    });
    try {
      const settings = { ...localSettings(names), AWS_ENDPOINT_URL_DYNAMODB: dynalite.endpoint };
      const client = new DynamoDBClient({
        ...awsClientConfig(settings, 'DYNAMODB'),
        requestHandler: dynalite.requestHandler,
      });
      const scratch = `${names.views}-rebuilt`;
      await createMissingTables(client, { ...names, views: scratch });
      return await checkViews(depsFromEnv(settings, client), scratch);
    } finally {
      await dynalite.close();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
