import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type UsersCsv = RequestOf<typeof contracts.importUsers>;

/** Starts importing users from a CSV file (its content as base64); the job's report lists the refused lines. */
export const importUsers = (csv: UsersCsv): Promise<QueuedJob> => api.call(contracts.importUsers, csv);

/** Triggering throws the API error when the job cannot start. */
export function useImportUsers() {
  return useContractMutation(contracts.importUsers, importUsers, { throwOnError: true });
}
