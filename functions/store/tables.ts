// The three tables, defined once: handlers learn their physical names through it; the CDK data stack and the local bootstrap create them from it.
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
  id: 'events' | 'state' | 'views';
  /** Environment variable through which handlers learn the physical table name. */
  envVar: 'EVENTS_TABLE' | 'STATE_TABLE' | 'VIEWS_TABLE';
  partitionKey: KeyDefinition;
  sortKey: KeyDefinition;
  indexes: IndexDefinition[];
  /** Events feed the projector through the table's stream. */
  stream?: 'NEW_IMAGE';
  /** Items carrying this attribute (epoch seconds) are swept after that time: throttle windows, job files, Live Scores runs. */
  timeToLiveAttribute?: 'ttl';
}

const gsi1: IndexDefinition = {
  indexName: 'GSI1',
  partitionKey: { name: 'GSI1PK', type: 'S' },
  sortKey: { name: 'GSI1SK', type: 'S' },
};

// The views' second index: a week's totals by year to date, as GSI1 orders them by week points.
const gsi2: IndexDefinition = {
  indexName: 'GSI2',
  partitionKey: { name: 'GSI2PK', type: 'S' },
  sortKey: { name: 'GSI2SK', type: 'S' },
};

export const tables: readonly TableDefinition[] = [
  {
    id: 'events',
    envVar: 'EVENTS_TABLE',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'N' },
    indexes: [],
    stream: 'NEW_IMAGE',
  },
  {
    id: 'state',
    envVar: 'STATE_TABLE',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    indexes: [gsi1],
    timeToLiveAttribute: 'ttl',
  },
  {
    id: 'views',
    envVar: 'VIEWS_TABLE',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    indexes: [gsi1, gsi2],
  },
];

export type TableNames = Record<TableDefinition['id'], string>;

/** Local table names for a prefix; in AWS the stack names them and passes them in env. */
export function localTableNames(prefix = 'pickem'): TableNames {
  return { events: `${prefix}-events`, state: `${prefix}-state`, views: `${prefix}-views` };
}
