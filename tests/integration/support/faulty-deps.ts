// The stack's deps with faults in the DynamoDB calls a test picks (infra/local/fault-middleware.ts), the others
// untouched: a test of one fault at one place.
import { withDynamoLimits } from '../../../infra/local/dynamo-limits.ts';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { awsClientConfig } from '../../../functions/adapters/aws-client-config.ts';
import { type Deps, documentClient } from '../../../functions/adapters/deps.ts';
import { dynamoEventStore } from '../../../functions/adapters/event-store.ts';
import { withFaults } from '../../../infra/local/fault-middleware.ts';
import { type CallFault, createFaults, faultPlanOf, type Faults } from '../../../infra/local/faults.ts';
import type { LocalStack } from '../../../infra/local/stack.ts';

export interface Command {
  input: {
    TableName?: string;
    Key?: Record<string, unknown>;
    Item?: Record<string, unknown>;
    ConditionExpression?: string;
    UpdateExpression?: string;
    ExpressionAttributeNames?: Record<string, string>;
  };
}

/**
 * The stack's deps, but each DynamoDB call `picks` chooses meets `fault` on its first `attempts` attempts, beneath the
 * SDK's retries as on AWS; every other call goes through untouched.
 */
export function depsWithFault(
  stack: Pick<LocalStack, 'deps' | 'settings'>,
  picks: (command: Command) => boolean,
  fault: CallFault,
  attempts = 1,
): Deps {
  const { deps, settings } = stack;
  const faults = createFaults(faultPlanOf({ PICKEM_FAULTS: `${fault}:1`, PICKEM_FAULTS_SEED: '1' })!);
  let left = 0;
  const chosen: Faults = { ...faults, forCall: (call) => (left-- > 0 ? faults.forCall(call) : undefined) };
  const faulty = documentClient(
    withFaults(withDynamoLimits(new DynamoDBClient(awsClientConfig(settings, 'DYNAMODB'))), chosen),
  );
  const send = (command: Command, ...rest: unknown[]) => {
    if (!picks(command)) return (deps.db.send as (...args: unknown[]) => unknown)(command, ...rest);
    left = attempts;
    return (faulty.send as (...args: unknown[]) => unknown)(command, ...rest);
  };
  const db = new Proxy(deps.db, {
    get: (target, name, receiver) => (name === 'send' ? send : Reflect.get(target, name, receiver)),
  });
  return { ...deps, db, events: dynamoEventStore(db, deps.tables.events) };
}
