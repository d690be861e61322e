// How a function learns the three tables' physical names: each from its environment variable, which the CDK stack
// sets and the local stack's settings give. The tables' keys and indexes: store/tables.ts.
import type { Settings } from './settings.ts';

export const tableEnvVars = { events: 'EVENTS_TABLE', state: 'STATE_TABLE', views: 'VIEWS_TABLE' } as const;

export type TableId = keyof typeof tableEnvVars;
export type TableNames = Record<TableId, string>;

export function tableNamesFromEnv(env: Settings): TableNames {
  return Object.fromEntries(
    Object.entries(tableEnvVars).map(([id, envVar]) => {
      const name = env[envVar];
      if (!name) throw new Error(`${envVar} is not set`);
      return [id, name];
    }),
  ) as TableNames;
}
