// Another request's write staged inside a request under test: it runs at the moment the stack's database client is
// about to send a given command, so a test proves an interleaving instead of hoping for one.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Runs `first` once, just before the first `command` (e.g. 'PutItemCommand') the client sends whose input mentions
 * every mark and for which `when` holds; answers the stage's removal.
 */
export function stage(
  db: DynamoDBDocumentClient,
  command: string,
  marks: string[],
  first: () => Promise<unknown>,
  when = async () => true,
) {
  const name = `stage-${command}-${marks.join('-')}`;
  let ran = false;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const input = JSON.stringify(args.input);
      if (!ran && context.commandName === command && marks.every((mark) => input.includes(mark)) && (await when())) {
        ran = true;
        await first();
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return () => db.middlewareStack.remove(name);
}

/** Runs `run` with the stages in place, and takes them off after. */
export async function staged<T>(stages: (() => void)[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    for (const remove of stages) remove();
  }
}
