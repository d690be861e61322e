// dynalite in a process of its own, so the database and the code under test each get a core of
// this 2-core machine (in the local stack they share one event loop). In memory, no stream tap:
// the projector is not attached while the benchmark loads data.
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
