// Every SWR key starts with the path of the contract it reads, so a change can ask again every cached read of a
// contract, whatever its input: the one way to build a read's key is keyOf, the one way to match them isKeyOf.
import { type ContractName, contracts } from '#domain/contracts/api.ts';
import type { Contract, RequestOf } from '#domain/contracts/contract.ts';

/** The key of a call: the contract's path and the input sent (SWR hashes an object input by value). */
export function keyOf<C extends Contract, Input extends RequestOf<C>>(
  contract: C,
  input: Input,
): readonly [C['path'], Input];
/** The key of a read made of several calls (every page, one per client): `view` keeps it apart from a single call's. */
export function keyOf<C extends Contract, Input>(
  contract: C,
  input: Input,
  view: string,
): readonly [C['path'], Input, string];
export function keyOf(contract: Contract, input: unknown, view?: string): readonly unknown[] {
  return view === undefined ? [contract.path, input] : [contract.path, input, view];
}

/** Matches every cached key of the contracts, to ask them all again after a change. */
export const isKeyOf =
  (...read: readonly Contract[]) =>
  (key?: unknown): boolean =>
    Array.isArray(key) && read.some((contract) => contract.path === key[0]);

const named = (reads: readonly string[] = []) => reads.map((read) => contracts[read as ContractName]);

/** Matches every cached key of the reads a change makes out of date: those its contract names in `invalidates`. */
export const isInvalidatedBy = (contract: Contract) => isKeyOf(...named(contract.invalidates));

/** Matches every cached key of the reads the job a change queued makes out of date when it finishes. */
export const isInvalidatedByJobOf = (contract: Contract) => isKeyOf(...named(contract.jobInvalidates));
