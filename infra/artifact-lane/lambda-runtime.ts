// The Lambda runtime of one function in the artifact lane, run by Node 24 itself (its type stripping: no tsx, no
// project code): from the task root it imports the shipped bundle as Lambda's Node.js runtime does (the handler
// setting's file, .mjs), says how long the import took, then runs each invocation the lane sends over IPC with a
// Lambda context and answers its result or its error as Lambda reports them.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Invocation {
  type?: undefined;
  id: number;
  event: unknown;
  invokedFunctionArn: string;
  awsRequestId: string;
  deadline: number;
}

/** The lane's check that a call outside the function's grants is refused: a write with its own credentials. */
interface Probe {
  type: 'probe';
  id: number;
  table: string;
  key: Record<string, { S: string }>;
}

const send = (message: unknown) => process.send!(message);

const [taskRoot, handlerSetting] = process.argv.slice(2) as [string, string];
const [file, exportName] = handlerSetting.split('.') as [string, string];
const started = performance.now();
const bundle = (await import(pathToFileURL(join(taskRoot, `${file}.mjs`)).href)) as Record<string, unknown>;
const handler = bundle[exportName] as (event: unknown, context: unknown) => Promise<unknown>;
if (typeof handler !== 'function') throw new Error(`${handlerSetting} exports no handler`);
send({ type: 'ready', initMs: performance.now() - started });

async function probe({ id, table, key }: Probe) {
  // The SDK the runtime provides, as the bundle finds it.
  const sdk = createRequire(join(taskRoot, 'index.mjs'))('@aws-sdk/client-dynamodb');
  const client = new sdk.DynamoDBClient({});
  try {
    await client.send(new sdk.PutItemCommand({ TableName: table, Item: key }));
    send({ type: 'result', id, result: 'allowed' });
  } catch (error) {
    send({ type: 'result', id, result: (error as Error).name });
  } finally {
    client.destroy();
  }
}

process.on('message', (message: Invocation | Probe) => {
  if (message.type === 'probe') return void probe(message);
  const { AWS_LAMBDA_FUNCTION_NAME: functionName = '', AWS_LAMBDA_FUNCTION_MEMORY_SIZE: memory = '128' } = process.env;
  // Lambda's trace header for the invocation, unsampled: the Tracer opens its segments and sends none.
  process.env._X_AMZN_TRACE_ID = `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${message.awsRequestId.replace(/-/g, '').slice(0, 24)};Parent=${message.awsRequestId.replace(/-/g, '').slice(0, 16)};Sampled=0`;
  const context = {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '1',
    invokedFunctionArn: message.invokedFunctionArn,
    memoryLimitInMB: memory,
    awsRequestId: message.awsRequestId,
    logGroupName: process.env.AWS_LAMBDA_LOG_GROUP_NAME ?? `/aws/lambda/${functionName}`,
    logStreamName: 'artifact-lane',
    getRemainingTimeInMillis: () => Math.max(0, message.deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  handler(message.event, context).then(
    (result) => send({ type: 'result', id: message.id, result: result ?? null }),
    (error: Error) =>
      send({
        type: 'result',
        id: message.id,
        error: { errorType: error?.name ?? 'Error', errorMessage: error?.message ?? String(error) },
      }),
  );
});
