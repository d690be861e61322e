// Lambda: the processes page (their schedules, kept as EventBridge Scheduler schedules). Invoked by anything
// but API Gateway (the deploy's trigger), it reconciles the Scheduler with the table.
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { reconcileSchedules } from '../adapters/reconcile-schedules.ts';
import { logger } from '../adapters/logger.ts';
import { armLiveScores } from '../jobs/live-scores.ts';
import { areaApi } from './area-api.ts';
import { alterProcesses, deleteSchedule, processList } from './processes/processes.ts';

export const createProcessesApi = (getDeps: () => Deps) =>
  areaApi('processes', { processList, alterProcesses, deleteSchedule }, getDeps);

const isHttp = (event: unknown): event is APIGatewayProxyEventV2 =>
  !!event && typeof event === 'object' && 'requestContext' in event && 'rawPath' in event;

export function createProcessesHandler(getDeps: () => Deps) {
  const api = createProcessesApi(getDeps);
  return async (event: unknown, context: Context) => {
    if (isHttp(event)) return api(event, context);
    const counts = await reconcileSchedules(getDeps());
    logger.info('Process schedules reconciled', counts);
    await armLiveScores(getDeps());
    return counts;
  };
}

export const handler = createProcessesHandler(lazyDeps());
