// The resources the stacks deploy besides the functions, read from the resolved templates for the lane's emulators:
// the tables (made in dynalite, and their key schemas for the IAM proxy), the Scheduler's own schedules, and the
// distribution's origins with their custom headers.
import { CreateTableCommand, type DynamoDBClient, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import type { TableKeys } from './aws-requests/signed-request.ts';
import type { Origin } from './cloudfront-emulator.ts';
import type { LaneTable, ResolvedAssembly, TableProperties } from './template.ts';

interface ScheduleProperties {
  Name: string;
  GroupName?: string;
  ScheduleExpression: string;
  Target: { Arn: string; RoleArn: string; Input?: string };
}

interface CfnOrigin {
  Id: string;
  DomainName: string;
  OriginCustomHeaders?: { HeaderName: string; HeaderValue: string }[];
}

const hashKey = (schema: TableProperties['KeySchema']) => schema.find((key) => key.KeyType === 'HASH')!.AttributeName;

/** The partition keys of each table and of its indexes, by table name: what the IAM proxy reads LeadingKeys by. */
export const tableKeysOf = (tables: LaneTable[]): Record<string, TableKeys> =>
  Object.fromEntries(
    tables.map((table) => [
      table.name,
      {
        partitionKey: hashKey(table.properties.KeySchema),
        indexes: Object.fromEntries(
          (table.properties.GlobalSecondaryIndexes ?? []).map((index) => [index.IndexName, hashKey(index.KeySchema)]),
        ),
      },
    ]),
  );

/** Each table made as its template says: keys, indexes and stream. */
export async function createTables(tableClient: DynamoDBClient, tables: LaneTable[]) {
  for (const table of tables) {
    const { KeySchema, AttributeDefinitions, GlobalSecondaryIndexes, StreamSpecification } = table.properties;
    await tableClient.send(
      new CreateTableCommand({
        TableName: table.name,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema,
        AttributeDefinitions,
        GlobalSecondaryIndexes,
        StreamSpecification: StreamSpecification && { StreamEnabled: true, ...StreamSpecification },
      }),
    );
    await waitUntilTableExists({ client: tableClient, maxWaitTime: 60 }, { TableName: table.name });
  }
}

/** The schedules the stack deploys itself (the minute's maintenance). */
export const deployedSchedules = (assembly: ResolvedAssembly) =>
  assembly.resourcesOf('AWS::Scheduler::Schedule').map(({ stack, resource }) => {
    const schedule = assembly.resolve(stack, resource.Properties) as ScheduleProperties;
    return {
      Name: schedule.Name,
      GroupName: schedule.GroupName ?? 'default',
      ScheduleExpression: schedule.ScheduleExpression,
      Target: { Arn: schedule.Target.Arn, RoleArn: schedule.Target.RoleArn, Input: schedule.Target.Input },
    };
  });

/**
 * The distribution in front of the API, as the web stack deploys it: its origins' headers name secrets by
 * CloudFormation's dynamic references, which the lane resolves to the secrets' values.
 */
export function deployedDistribution(assembly: ResolvedAssembly, secretValues: Record<string, string>) {
  const distribution = assembly.resourcesOf('AWS::CloudFront::Distribution')[0]!;
  const withSecrets = (text: string) =>
    text.replace(/\{\{resolve:secretsmanager:(.+?):SecretString:::\}\}/g, (_, arn: string) => secretValues[arn]!);
  const origins: Origin[] = (
    assembly.resolve(distribution.stack, distribution.resource.Properties) as {
      DistributionConfig: { Origins: CfnOrigin[] };
    }
  ).DistributionConfig.Origins.map((origin) => ({
    id: origin.Id,
    domainName: origin.DomainName,
    headers: Object.fromEntries(
      (origin.OriginCustomHeaders ?? []).map((header) => [header.HeaderName, withSecrets(header.HeaderValue)]),
    ),
  }));
  return { id: assembly.ref(distribution.stack, distribution.id), origins };
}
