// The local stack's client refuses what DynamoDB refuses and dynalite takes (infra/local/dynamo-limits.ts), so a
// request that would fail on AWS fails locally too.
import { describe, expect, it } from 'vitest';
import { dynamoLimitProblem } from '../../infra/local/dynamo-limits.ts';

const inList = (values: number) => `#r IN (${Array.from({ length: values }, (_, index) => `:v${index}`).join(', ')})`;

describe("DynamoDB's limits dynalite does not hold", () => {
  it('an IN list takes at most 100 values, in a filter, a condition or a transaction’s part', () => {
    expect(dynamoLimitProblem({ FilterExpression: inList(100) })).toBeUndefined();
    expect(dynamoLimitProblem({ FilterExpression: inList(101) })).toMatch(/too many operands; number of operands: 101/);
    const transaction = { TransactItems: [{ ConditionCheck: { ConditionExpression: `a = :a AND ${inList(150)}` } }] };
    expect(dynamoLimitProblem(transaction)).toMatch(/Invalid ConditionExpression/);
    const batch = { RequestItems: { state: { Keys: [], ProjectionExpression: `a, ${'b'.repeat(5000)}` } } };
    expect(dynamoLimitProblem(batch)).toMatch(/Invalid ProjectionExpression/);
  });

  it('an expression is at most 4 KB', () => {
    const set = (names: number) =>
      `SET ${Array.from({ length: names }, (_, index) => `#g${index} = :g${index}`).join(', ')}`;
    expect(dynamoLimitProblem({ UpdateExpression: set(250) })).toBeUndefined();
    expect(dynamoLimitProblem({ UpdateExpression: set(400) })).toMatch(/Expression size has exceeded/);
  });
});
