// Which key a change is sent with (docs/rules.md, A change asked again): the same change asked again after it may have
// gone through carries its first key; once any change is answered, one asked after it is another change.
import { describe, expect, it } from 'vitest';
import { requestKey } from '@/lib/request-keys';

describe('a change’s request key', () => {
  it('is the first one’s for the same change asked while it is under way or after no answer, a 5xx or REQUEST_RUNNING', () => {
    const first = requestKey('session POST /switch on');
    expect(requestKey('session POST /switch on').key).toBe(first.key);
    for (const [status, code] of [[0], [502], [409, 'REQUEST_RUNNING']] as const) {
      requestKey('session POST /switch on').settle(status, code);
      expect(requestKey('session POST /switch on').key).toBe(first.key);
    }
  });

  it('is new once any change was answered: a switch set back and on again is a change of its own', () => {
    const on = requestKey('session POST /switch on');
    on.settle(0);
    requestKey('session POST /switch off').settle(200);
    expect(requestKey('session POST /switch on').key).not.toBe(on.key);
  });

  it('is new for a change that cannot be told apart from another (a file), and for another session', () => {
    const file = requestKey(undefined);
    file.settle(0);
    expect(requestKey(undefined).key).not.toBe(file.key);
    const mine = requestKey('mine POST /prize');
    mine.settle(0);
    expect(requestKey('theirs POST /prize').key).not.toBe(mine.key);
  });
});
