// A change sent again after it may have gone through unanswered (no answer, a server failure, or the server still
// making it) carries the key it was first sent with, the Idempotency-Key header, so the server makes it at most once
// (docs/rules.md, A change asked again). A change that got its answer is settled: the same form sent later is another.
const unsettled = new Map<string, string>();
const rememberedChanges = 20;

const freshKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

const mayHaveGoneThrough = (status: number, code: string | undefined) =>
  status === 0 || status >= 500 || code === 'REQUEST_RUNNING';

/**
 * The key to send a change with (`signature`: who sends what where; undefined when it cannot be told apart, a file),
 * and `settle`, told the answer's status (0: none) and code.
 */
export function requestKey(signature: string | undefined) {
  const key = (signature && unsettled.get(signature)) || freshKey();
  return {
    key,
    settle(status: number, code?: string) {
      if (signature === undefined) return;
      unsettled.delete(signature);
      if (!mayHaveGoneThrough(status, code)) return;
      unsettled.set(signature, key);
      if (unsettled.size > rememberedChanges) unsettled.delete(unsettled.keys().next().value!);
    },
  };
}
