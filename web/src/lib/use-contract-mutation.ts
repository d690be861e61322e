import { type Arguments, useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { Contract } from '#domain/contracts/contract.ts';

/** A key to ask again, or a predicate matching every key to ask again (`isKeyOf`: all pages and searches of a list). */
export type Revalidation = Arguments | ((key?: Arguments) => boolean);

type MutationKey = readonly [Contract['path']];

export interface ContractMutationOptions {
  /** Every trigger throws a failure, not only one that asks for it (the caller catches it itself). */
  throwOnError?: boolean;
}

/**
 * A change through the contract's API call (`change` makes it, and may make more calls or update the cache
 * itself): once it answers, the keys `revalidate` names (from the answer and the input) are asked again, without
 * waiting for them. A failure lands in the hook's `error`, and is thrown only by a trigger that asks for it
 * (`{ throwOnError: true }`) or when the hook does.
 */
export function useContractMutation<Data, Arg>(
  contract: Contract,
  change: (arg: Arg) => Promise<Data>,
  revalidate: (answer: Data, arg: Arg) => readonly Revalidation[] = () => [],
  { throwOnError = false }: ContractMutationOptions = {},
) {
  const { mutate } = useSWRConfig();
  const run = async (_key: MutationKey, { arg }: { arg: Arg }) => {
    const answer = await change(arg);
    for (const stale of revalidate(answer, arg)) void mutate(stale);
    return answer;
  };
  // The contract's path alone: no read's key (path and input) is a mutation's.
  const key: MutationKey = [contract.path];
  return useSWRMutation<Data, Error, MutationKey, Arg>(key, run, { throwOnError });
}
