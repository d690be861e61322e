// A change sent again after it may have gone through unanswered (no answer, a server failure, or the server still
// making it) carries the key it was first sent with, the Idempotency-Key header, so the server makes it at most once
// (docs/rules.md, A change asked again). Any change that gets its answer settles them all: one asked after it is
// another change, even with the same input (a switch set back and then on again).
const unsettled = new Map<string, string>();
const rememberedChanges = 20;

const freshKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

const mayHaveGoneThrough = (status: number, code: string | undefined) =>
  status === 0 || status >= 500 || code === 'REQUEST_RUNNING';

function remember(signature: string, key: string) {
  unsettled.delete(signature);
  unsettled.set(signature, key);
  if (unsettled.size > rememberedChanges) unsettled.delete(unsettled.keys().next().value!);
}

/**
 * The key to send a change with (`signature`: who sends what where; undefined when it cannot be told apart, a file),
 * and `settle`, told the answer's status (0: none) and code. The key is kept from the start, so the same change sent
 * again while this one is under way (a second click) carries it too.
 */
export function requestKey(signature: string | undefined) {
  const key = (signature && unsettled.get(signature)) || freshKey();
  if (signature) remember(signature, key);
  return {
    key,
    settle(status: number, code?: string) {
      if (!mayHaveGoneThrough(status, code)) unsettled.clear();
      else if (signature) remember(signature, key);
    },
  };
}
