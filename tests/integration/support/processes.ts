// What the process tests share: the stack on a Wednesday of the football season, and the system administrator's
// calls that list the processes and alter their schedules.
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import type { Process } from '#domain/contracts/processes.ts';
import { systemDomain } from '#domain/tenancy/tenant-domain.ts';
import { adminPassword } from '../../../functions/seed/demo-seed.ts';
import { call } from './call.ts';
import { useTestStack } from './test-stack.ts';

// Wednesday 18 November 2026, 10:00 in New York: a week of football is running, its Thursday to Monday games
// still open, and half the demo players have picked.
export const now = '2026-11-18T15:00:00Z';

/** One stack for the test file at `now`, and the calls on its processes. */
export function useProcessesStack() {
  const given = useTestStack({ now });

  async function admin() {
    return given.api.signIn('admin', adminPassword, systemDomain);
  }

  const list = async (token: string) => (await call(given.api, contracts.processList, {}, token)).body;
  const alter = (processes: RequestOf<typeof contracts.alterProcesses>, token: string) =>
    call(given.api, contracts.alterProcesses, processes, token);
  return { given, admin, list, alter };
}

export const processOf = (processes: Process[], id: number) => processes.find((process) => process.id === id)!;
