// Stamps by construction, checked on every projection spec's live run (issue 58, item 2; docs/data-model.md, Version
// stamps of the live reads): each client week the run's views writes touched, told here from the keys written
// independently of functions/views/view-stamps.ts, has its client week stamp moved after the run, by one bump per
// stamp whatever the number of items; a redelivery stamps again.
import { expect } from 'vitest';
import type { Deps } from '../../functions/adapters/deps.ts';
import { keys } from '../../functions/store/keys.ts';
import { readStamps } from '../../functions/store/stamps.ts';

type Key = { PK: string; SK: string };
type Sent = {
  constructor: { name: string };
  input: { TableName?: string; Key?: Key; Item?: Key; RequestItems?: Record<string, unknown[]> };
};

/** The client week a views item is of: a client#sport#week partition, or a season's week aggregate by its number. */
function clientWeekOf({ PK, SK }: Key): string | undefined {
  const week = /^L\d+#[A-Z]+#(\d+)#\d+#(\d{8})$/.exec(PK);
  if (week) return `${week[1]}#${week[2]}`;
  const aggregate = /^L\d+#WEEKAGG#(\d+)#\d+#(\d{6})$/.exec(PK);
  return aggregate ? `${aggregate[1]}#${Number(aggregate[2]) * 100 + Number(SK)}` : undefined;
}

/** The keys of the table a write command names (put, update, delete, batch write); none for a read. */
const keysOf = (table: string, command: Sent): Key[] => {
  const { input } = command;
  const kind = command.constructor.name;
  if (!/^(Put|Update|Delete|BatchWrite)Command$/.test(kind)) return [];
  if (input.TableName === table) return [input.Key ?? input.Item].filter((key) => key !== undefined);
  return (input.RequestItems?.[table] ?? []).map((request) => {
    const { PutRequest, DeleteRequest } = request as { PutRequest?: { Item: Key }; DeleteRequest?: { Key: Key } };
    return (PutRequest?.Item ?? DeleteRequest?.Key)!;
  });
};

/** Applies the run on deps whose sends are watched; what the client weeks it wrote show afterwards. */
export async function expectClientWeeksStamped(deps: Deps, apply: (deps: Deps) => Promise<unknown>) {
  const [views, bumps] = [new Set<string>(), new Map<string, number>()];
  const watched = {
    ...deps,
    db: new Proxy(deps.db, {
      get: (db, property) =>
        property === 'send'
          ? async (command: Sent) => {
              const answer = await db.send(command as never);
              for (const key of keysOf(deps.tables.views, command)) {
                const week = clientWeekOf(key);
                if (week) views.add(week);
              }
              const [stamp] = keysOf(deps.tables.state, command);
              if (stamp?.PK.startsWith(keys.stampPrefix) && stamp.SK.startsWith('WEEK#'))
                bumps.set(`${stamp.PK}#${stamp.SK}`, (bumps.get(`${stamp.PK}#${stamp.SK}`) ?? 0) + 1);
              return answer;
            }
          : Reflect.get(db, property),
    }),
  } as Deps;
  const stampKeys = () =>
    [...views].map((week) => {
      const [clientId, weekId] = week.split('#').map(Number);
      return keys.clientWeekStamp(clientId!, weekId!);
    });
  const held = async () => (views.size ? ((await readStamps(deps, stampKeys())) ?? []) : []);
  await apply(watched);
  const written = stampKeys();
  // Every client week written was stamped by this run, once (a bump puts a fresh random token).
  expect(written.map(({ PK, SK }) => bumps.get(`${PK}#${SK}`))).toEqual(written.map(() => 1));
  const after = await held();
  expect(after.map((stamp) => stamp?.token !== undefined)).toEqual(written.map(() => true));
  return views;
}
