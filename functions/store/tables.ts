// The three tables, defined once: the CDK data stack and the local bootstrap create them from it; handlers learn their
// physical names through each one's environment variable (adapters/table-names.ts).
import { type TableId, tableEnvVars, type TableNames } from '../adapters/table-names.ts';

export type KeyType = 'S' | 'N';
export interface KeyDefinition {
  name: string;
  type: KeyType;
}
export interface IndexDefinition {
  indexName: string;
  partitionKey: KeyDefinition;
  sortKey: KeyDefinition;
}
export interface TableDefinition {
  /** Logical name: the CDK construct id and the local table name suffix. */
  id: TableId;
  /** Environment variable through which handlers learn the physical table name. */
  envVar: (typeof tableEnvVars)[TableId];
  partitionKey: KeyDefinition;
  sortKey: KeyDefinition;
  indexes: IndexDefinition[];
  /** Events feed the projector through the table's stream. */
  stream?: 'NEW_IMAGE';
  /** Items carrying this attribute (epoch seconds) are swept after that time: throttle windows, job files, Live Scores runs. */
  timeToLiveAttribute?: 'ttl';
}

const index = (number: number): IndexDefinition => ({
  indexName: `GSI${number}`,
  partitionKey: { name: `GSI${number}PK`, type: 'S' },
  sortKey: { name: `GSI${number}SK`, type: 'S' },
});

const gsi1 = index(1);

export const tables: readonly TableDefinition[] = [
  {
    id: 'events',
    envVar: tableEnvVars.events,
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'N' },
    indexes: [],
    stream: 'NEW_IMAGE',
  },
  {
    id: 'state',
    envVar: tableEnvVars.state,
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    indexes: [gsi1],
    timeToLiveAttribute: 'ttl',
  },
  {
    id: 'views',
    envVar: tableEnvVars.views,
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    // A week's totals by week points (GSI1), year to date (GSI2) and live points (GSI3); each player's latest
    // total by season total (GSI4). See functions/views/week-totals.ts.
    indexes: [gsi1, index(2), index(3), index(4)],
  },
];

// Named here too: the infra and the local stack take the names with the definitions.
export type { TableNames };

/** Local table names for a prefix; in AWS the stack names them and passes them in env. */
export function localTableNames(prefix = 'pickem'): TableNames {
  return { events: `${prefix}-events`, state: `${prefix}-state`, views: `${prefix}-views` };
}
