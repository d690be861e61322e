// dynalite in a process of its own, so the benchmark can read the database's CPU time apart from the code
// under test's (each has a core of this 2-core machine, as on the local stack's thread). In memory, no stream
// tap: the projector is not attached while the benchmark loads data.
import { startDynalite } from '../infra/local/dynalite-server.ts';
import { localTableNames } from '../functions/store/tables.ts';

const database = await startDynalite({
  path: undefined,
  eventsTable: localTableNames().events,
  onCommit: () => undefined,
});
process.send!({ endpoint: database.endpoint });
// The parent asks for CPU time to tell whether a phase waited on the database or on itself.
process.on('message', (message) => {
  if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => void database.close().finally(() => process.exit(0)));
