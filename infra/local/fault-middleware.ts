// The faults a DynamoDB client meets (faults.ts), placed in its middleware stack where the HTTP request would go:
// beneath the retry strategy (finalizeRequest), so the SDK asks again after a throttle or a timeout as it does on
// AWS, with its own backoff and retry quota ($metadata.attempts counts), and beneath the deserializer, so a throttle
// or AWS's failure comes as an HTTP answer the SDK turns into its own error (ProvisionedThroughputExceededException,
// InternalServerError, TransactionCanceledException with its reasons).
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type Faults, readsOnly, wireAnswer } from './faults.ts';

/** What the SDK's Node HTTP handler rejects with when a request gets no answer in its time. */
const timeoutError = () =>
  Object.assign(new Error('a request has exceeded the configured requestTimeout (a fault PICKEM_FAULTS injected)'), {
    name: 'TimeoutError',
    code: 'ETIMEDOUT',
  });

export function withFaults<Client extends DynamoDBClient>(client: Client, faults: Faults | undefined): Client {
  if (!faults) return client;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = context.commandName?.replace(/Command$/, '') ?? '';
      const fault = faults.forCall({
        service: 'DYNAMODB',
        write: !readsOnly(operation),
        transaction: operation === 'TransactWriteItems',
      });
      if (!fault) return next(args);
      if (fault === 'timeoutAfterWrite') {
        // Sent and done by the database: only the answer is lost.
        await next(args);
        throw timeoutError();
      }
      const items = (args.input as { TransactItems?: unknown[] }).TransactItems?.length;
      const { body, ...answer } = wireAnswer(fault, 'DYNAMODB', faults, items);
      return { output: undefined as never, response: { ...answer, body: new TextEncoder().encode(body) } };
    },
    { step: 'deserialize', priority: 'low', name: 'pickemFaults' },
  );
  return client;
}
