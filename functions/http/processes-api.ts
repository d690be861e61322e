// Lambda: the processes page (their schedules, kept as EventBridge Scheduler schedules). Invoked by anything
// but API Gateway (the deploy's trigger), it reconciles the Scheduler with the table.
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { type Deps, lazyDeps } from '../adapters/deps.ts';
import { reconcileSchedules } from '../jobs/reconcile-schedules.ts';
import { logger } from '../adapters/logger.ts';
import { armSelfSetSchedules } from '../jobs/self-set-schedules.ts';
import { areaApi, type AreaRoutes } from './area-api.ts';
import { processesContracts } from '#domain/contracts/processes.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { alterProcesses, deleteSchedule, processList } from './processes/processes.ts';

export const processesRoutes = {
  // The processes are the system's: every client's imports and reminders run on their schedules. Their own
  // area, as the only Lambda that may change EventBridge schedules.
  processList: { access: [Permission.ViewProcessSchedule], handler: processList },
  alterProcesses: {
    access: [Permission.ViewProcessSchedule, Permission.UpdateProcessSchedule],
    handler: alterProcesses,
  },
  deleteSchedule: {
    access: [Permission.ViewProcessSchedule, Permission.UpdateProcessSchedule],
    handler: deleteSchedule,
  },
} as const satisfies AreaRoutes;

export const createProcessesApi = (getDeps: () => Deps) => areaApi(processesRoutes, processesContracts, getDeps);

const isHttp = (event: unknown): event is APIGatewayProxyEventV2 =>
  !!event && typeof event === 'object' && 'requestContext' in event && 'rawPath' in event;

export function createProcessesHandler(getDeps: () => Deps) {
  const api = createProcessesApi(getDeps);
  return async (event: unknown, context: Context) => {
    if (isHttp(event)) return api(event, context);
    const counts = await reconcileSchedules(getDeps());
    logger.info('Process schedules reconciled', counts);
    await armSelfSetSchedules(getDeps());
    return counts;
  };
}

export const handler = createProcessesHandler(lazyDeps());
