import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { tables } from '../../functions/store/tables.ts';
import { logicalId, synthPickem } from './pickem-app.ts';

const { data } = synthPickem();
const template = Template.fromStack(data);
const tableOf = (id: (typeof tables)[number]['id']) => template.toJSON().Resources[logicalId(data.tables[id])];

describe('data stack', () => {
  it('creates exactly the tables of functions/store/tables.ts, with their keys and indexes', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', tables.length);
    for (const definition of tables) {
      const { Properties } = tableOf(definition.id);
      expect(Properties.KeySchema).toEqual([
        { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: definition.sortKey.name, KeyType: 'RANGE' },
      ]);
      expect((Properties.GlobalSecondaryIndexes ?? []).map((i: any) => i.IndexName)).toEqual(
        definition.indexes.map((i) => i.indexName),
      );
    }
  });

  it('streams only the events table, with view type exactly NEW_IMAGE', () => {
    expect(tableOf('events').Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(tableOf('state').Properties.StreamSpecification).toBeUndefined();
    expect(tableOf('views').Properties.StreamSpecification).toBeUndefined();
  });

  it('outputs each table name under its environment variable, which npm run bootstrap-admin reads after a deploy', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: { Ref: string } }>;
    for (const definition of tables) {
      expect(outputs[definition.envVar.replace('_', '')]?.Value).toEqual({
        Ref: logicalId(data.tables[definition.id]),
      });
    }
  });

  it('sweeps expired items of the state table by its ttl attribute (throttle windows, job files, Live Scores runs), and of no other', () => {
    expect(tableOf('state').Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'ttl', Enabled: true });
    expect(tableOf('events').Properties.TimeToLiveSpecification).toBeUndefined();
    expect(tableOf('views').Properties.TimeToLiveSpecification).toBeUndefined();
  });

  it('bills every table on demand with point-in-time recovery', () => {
    for (const { id } of tables) {
      expect(tableOf(id).Properties).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      });
    }
  });

  it('retains every table when the stack is deleted or the table replaced', () => {
    for (const { id } of tables) {
      expect(tableOf(id)).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    }
  });
});
