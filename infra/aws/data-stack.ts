import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { tables, type KeyDefinition, type TableDefinition } from '../../functions/store/tables.ts';

export type TableId = TableDefinition['id'];

const attribute = ({ name, type }: KeyDefinition): Attribute => ({
  name,
  type: type === 'S' ? AttributeType.STRING : AttributeType.NUMBER,
});

/** The events, state and views tables, built from the shared definitions in functions/store/tables.ts. */
export class DataStack extends Stack {
  readonly tables: Record<TableId, Table>;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const built = tables.map((definition) => [definition.id, this.table(definition)] as const);
    this.tables = Object.fromEntries(built) as Record<TableId, Table>;
  }

  private table(definition: TableDefinition): Table {
    const table = new Table(this, definition.id, {
      partitionKey: attribute(definition.partitionKey),
      sortKey: attribute(definition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
      stream: definition.stream && StreamViewType[definition.stream],
      timeToLiveAttribute: definition.timeToLiveAttribute,
    });
    // Named after the environment variable that carries it, so `npm run bootstrap-admin` finds the table.
    new CfnOutput(this, definition.envVar.replace('_', ''), { value: table.tableName });
    for (const index of definition.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: attribute(index.partitionKey),
        sortKey: attribute(index.sortKey),
      });
    }
    return table;
  }
}
