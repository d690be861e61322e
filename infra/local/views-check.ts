// `npm run views-check`: whether the views of a stopped stack's data folder (PICKEM_DATA_DIR, or .data) equal a
// rebuild of its events, checked on a copy. With VIEWS_CHECK_SCRATCH_TABLE set it checks the tables of the
// environment instead (EVENTS_TABLE, STATE_TABLE, VIEWS_TABLE, an AWS account's): the rebuild goes into the scratch
// table. The differing keys go to stderr, then one JSON line to stdout; the exit code is 1 when any item differs.
import { depsFromEnv } from '../../functions/adapters/deps.ts';
import { checkViews } from '../../functions/projector/views-check.ts';
import { checkDataFolder } from './check-data-folder.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const scratch = process.env.VIEWS_CHECK_SCRATCH_TABLE;
const { items, differ, shown } = scratch
  ? await checkViews(depsFromEnv(), scratch)
  : await checkDataFolder(process.env.PICKEM_DATA_DIR ?? '.data');
for (const line of shown) console.error(line);
if (differ > shown.length) console.error(`… and ${differ - shown.length} more`);
console.log(JSON.stringify({ viewsCheck: { items, differ } }));
if (differ > 0) process.exitCode = 1;
