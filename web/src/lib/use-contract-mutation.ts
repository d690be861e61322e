import { type Arguments, useSWRConfig } from 'swr';
import useSWRMutation, { type MutationFetcher } from 'swr/mutation';

/** A key to ask again, or a predicate matching every key to ask again (all pages and searches of a list). */
export type Revalidation = Arguments | ((key?: Arguments) => boolean);

/**
 * A change through the API that makes lists out of date: once the call answers, the keys `revalidate` names (from
 * the answer and the input) are asked again, without waiting for them. A failure lands in the hook's `error`, and
 * is thrown only by a trigger that asks for it (`{ throwOnError: true }`).
 */
export function useContractMutation<Data, Key extends string, Arg>(
  key: Key,
  fetcher: (arg: Arg) => Promise<Data>,
  revalidate: (answer: Data, arg: Arg) => readonly Revalidation[],
) {
  const { mutate } = useSWRConfig();
  const change = async (_key: Key, { arg }: { arg: Arg }) => {
    const answer = await fetcher(arg);
    for (const stale of revalidate(answer, arg)) void mutate(stale);
    return answer;
  };
  // SWR types the fetcher by a condition on the key's type, which TypeScript leaves open for a generic key.
  return useSWRMutation<Data, Error, Key, Arg>(key, change as MutationFetcher<Data, Key, Arg>, {
    throwOnError: false,
  });
}
