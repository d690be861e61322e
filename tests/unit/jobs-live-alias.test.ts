// The jobs function names its own live alias from the ARN it was invoked by: Live Scores' schedule and the jobs the
// maintenance requeues go there, whichever of the function's ARNs invoked it (the deploy's hook invokes a version).
import { describe, expect, it } from 'vitest';
import { liveArnOf } from '../../functions/jobs/handler.ts';

const fn = 'arn:aws:lambda:eu-west-1:123456789012:function:PickemApi-jobs1A2B3C';

describe("the jobs function's live alias", () => {
  it('is the live qualifier of the function, whether invoked unqualified, by a version or by an alias', () => {
    for (const invoked of [fn, `${fn}:42`, `${fn}:live`]) expect(liveArnOf(invoked)).toBe(`${fn}:live`);
  });
});
