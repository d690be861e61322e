// GET /Services/health: one strongly consistent read of a key no entity uses in each table, in parallel. It
// proves the function runs, has its configuration and reaches every table, for the price of three reads.
import type { CheckStatus, Health } from '#domain/contracts/health.ts';
import type { Deps } from '../../adapters/deps.ts';
import { logger } from '../../adapters/logger.ts';
import { readEveryTable } from '../../store/health-read.ts';
import type { RouteImpl } from '../area-api.ts';
import { reply } from '../json-answer.ts';

async function tablesCheck(deps: Deps): Promise<CheckStatus> {
  try {
    await readEveryTable(deps);
    return 'ok';
  } catch (error) {
    logger.error('Health check: a table cannot be read', { error });
    return 'failing';
  }
}

export const health: RouteImpl<'health'> = async (_request, deps) => {
  const checks = { tables: await tablesCheck(deps) };
  const ok = Object.values(checks).every((check) => check === 'ok');
  const answer: Health = { status: ok ? 'ok' : 'degraded', version: process.env.APP_VERSION ?? 'unknown', checks };
  return ok ? answer : reply(503, answer);
};
