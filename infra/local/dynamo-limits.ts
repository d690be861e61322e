// What DynamoDB refuses and dynalite lets pass: an expression over 4 KB, an IN list of more than 100 values. The local
// stack's client refuses such a request as DynamoDB would (a ValidationException), so what would fail on AWS fails in
// every test and every local run too.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

const expressionFields = [
  'KeyConditionExpression',
  'FilterExpression',
  'ConditionExpression',
  'UpdateExpression',
  'ProjectionExpression',
] as const;
const expressionMaxBytes = 4096;
const inListMax = 100;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The expressions of a request, its transaction's parts' and its batch's tables' (a BatchGet's projection) included. */
function expressionsOf(input: Record<string, unknown>): [string, string][] {
  const own = expressionFields.flatMap((field) =>
    typeof input[field] === 'string' ? [[field, input[field]] as [string, string]] : [],
  );
  const transaction = Array.isArray(input.TransactItems) ? input.TransactItems.filter(isRecord) : [];
  const parts = [...transaction.flatMap((item) => Object.values(item)), ...Object.values(input.RequestItems ?? {})];
  return [...own, ...parts.filter(isRecord).flatMap(expressionsOf)];
}

/** Why DynamoDB would refuse the request's expressions, as its message says; undefined when it would take them. */
export function dynamoLimitProblem(input: Record<string, unknown>): string | undefined {
  for (const [field, expression] of expressionsOf(input)) {
    if (Buffer.byteLength(expression) > expressionMaxBytes)
      return `Invalid ${field}: Expression size has exceeded the maximum allowed size`;
    for (const [, list] of expression.matchAll(/\bIN\s*\(([^)]*)\)/gi)) {
      const operands = list!.split(',').length;
      if (operands > inListMax)
        return `Invalid ${field}: The IN operator is provided with too many operands; number of operands: ${operands}`;
    }
  }
  return undefined;
}

export function withDynamoLimits<Client extends DynamoDBClient>(client: Client): Client {
  client.middlewareStack.add(
    (next) => async (args) => {
      const problem = dynamoLimitProblem(args.input as Record<string, unknown>);
      if (problem)
        throw Object.assign(new Error(problem), {
          name: 'ValidationException',
          $fault: 'client',
          $metadata: { httpStatusCode: 400 },
        });
      return next(args);
    },
    { step: 'initialize', name: 'pickemDynamoLimits' },
  );
  return client;
}
