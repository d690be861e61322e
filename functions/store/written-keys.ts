// The keys a run's writes to one table wrote: the database client wrapped so that every write command to the table
// that succeeded (put, update, delete, batch and transaction writes, raw or through state-table.ts) hands its keys
// to `record`. The projector's apply step stamps the views it wrote by them (views/view-stamps.ts), so no writer of
// the views has a stamp to remember.
import {
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Key } from './table-reads.ts';

type Keyed = { TableName?: string; Key?: Key; Item?: Key };

/** The keys of `table` a write command names; none for a read or another table's write. */
function keysWritten(command: unknown, table: string): Key[] {
  const of = (write: Keyed | undefined) =>
    write?.TableName === table ? [write.Key ?? write.Item].filter((key) => key !== undefined) : [];
  if (command instanceof PutCommand || command instanceof UpdateCommand || command instanceof DeleteCommand)
    return of(command.input as Keyed);
  if (command instanceof BatchWriteCommand)
    return (command.input.RequestItems?.[table] ?? []).flatMap((request) =>
      [request.PutRequest?.Item, request.DeleteRequest?.Key].filter((key) => key !== undefined),
    ) as Key[];
  if (command instanceof TransactWriteCommand)
    return (command.input.TransactItems ?? []).flatMap(({ Put, Update, Delete }) =>
      [Put, Update, Delete].flatMap((write) => of(write as Keyed | undefined)),
    );
  return [];
}

/** The client, its writes to `table` that succeeded recorded (only their keys: `record` runs per command, no I/O). */
export function recordingWrites(
  db: DynamoDBDocumentClient,
  table: string,
  record: (written: readonly Key[]) => void,
): DynamoDBDocumentClient {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'send')
        return async (command: unknown, ...rest: unknown[]) => {
          const answer = await (target.send as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
          const written = keysWritten(command, table);
          if (written.length) record(written);
          return answer;
        };
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
