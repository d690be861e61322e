// PICKEM_FAULTS read as the local twin reads it (issue 59, Faults on demand): one rate for every kind or rates by
// kind, a seed that repeats a run, and nonsense refused with what was wrong.
import { describe, expect, it } from 'vitest';
import { createFaults, faultPlanOf } from '../../infra/local/faults.ts';

const planOf = (PICKEM_FAULTS?: string, PICKEM_FAULTS_SEED?: string) =>
  faultPlanOf({ PICKEM_FAULTS, PICKEM_FAULTS_SEED });

describe('PICKEM_FAULTS', () => {
  it('is off when unset, empty or 0', () => {
    expect(planOf(undefined)).toBeUndefined();
    expect(planOf(' ')).toBeUndefined();
    expect(planOf('0')).toBeUndefined();
    expect(planOf('throttle:0')).toBeUndefined();
  });

  it('puts every kind at one rate, or each named kind at its own and the others at 0', () => {
    expect(planOf('0.05', '1')).toEqual({
      rates: { throttle: 0.05, serverError: 0.05, timeoutAfterWrite: 0.05, transactionConflict: 0.05, redeliver: 0.05 },
      seed: 1,
    });
    expect(planOf('throttle:0.05, serverError:0.02,timeoutAfterWrite:.02,redeliver:1', '42')).toEqual({
      rates: { throttle: 0.05, serverError: 0.02, timeoutAfterWrite: 0.02, transactionConflict: 0, redeliver: 1 },
      seed: 42,
    });
  });

  it('draws a seed of its own without PICKEM_FAULTS_SEED', () => {
    expect(planOf('0.1')?.seed).toEqual(expect.any(Number));
  });

  it.each([
    ['5%', /give one rate from 0 to 1 \(as 0.05\) or kind:rate pairs \(as throttle:0.05,redeliver:0.1\) of throttle,/],
    ['1.5', /give one rate from 0 to 1/],
    ['-0.1', /give one rate from 0 to 1/],
    ['throtle:0.1', /'throtle' is not a kind of fault \(throttle, serverError, timeoutAfterWrite/],
    ['throttle', /the rate of throttle must be a number from 0 to 1, as throttle:0.05/],
    ['throttle:abc', /the rate of throttle must be a number/],
    ['throttle:0.1:0.2', /the rate of throttle must be a number/],
    ['throttle:0.1,throttle:0.2', /throttle is named twice/],
    ['0.4', /add up to 1.2; keep them to 1 in all/],
  ])('refuses %s', (text, message) => {
    expect(() => planOf(text)).toThrow(new RegExp(`^PICKEM_FAULTS="${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}": `));
    expect(() => planOf(text)).toThrow(message);
  });

  it('refuses a seed that is not a whole number', () => {
    expect(() => planOf('0.05', 'one')).toThrow('PICKEM_FAULTS_SEED="one": the seed must be a whole number, as 1');
  });
});

describe('the faults drawn', () => {
  const plan = planOf('throttle:0.05,serverError:0.02,timeoutAfterWrite:0.03,redeliver:0.1', '7')!;
  const run = () => {
    const faults = createFaults(plan);
    const met = Array.from({ length: 10_000 }, (_, index) =>
      faults.forCall({ service: 'DYNAMODB', write: index % 2 === 0 }),
    );
    const redelivered = Array.from({ length: 1_000 }, () => faults.redeliver('stream')).filter(Boolean).length;
    return { met, redelivered, summary: faults.summary() };
  };

  it('meet each kind at about its rate, a timeout only after a write, and are counted', () => {
    const { met, redelivered, summary } = run();
    const share = (kind: string) => met.filter((fault) => fault === kind).length / met.length;
    expect(share('throttle')).toBeCloseTo(0.05, 1);
    expect(share('serverError')).toBeCloseTo(0.02, 1);
    // Only the half of the calls that write may time out after the write.
    expect(share('timeoutAfterWrite')).toBeCloseTo(0.015, 1);
    expect(met.filter((fault, index) => fault === 'timeoutAfterWrite' && index % 2 === 1)).toEqual([]);
    expect(share('transactionConflict')).toBe(0);
    expect(redelivered / 1_000).toBeCloseTo(0.1, 1);
    expect(summary).toEqual({
      faultsInjected: met.filter(Boolean).length + redelivered,
      throttle: met.filter((fault) => fault === 'throttle').length,
      serverError: met.filter((fault) => fault === 'serverError').length,
      timeoutAfterWrite: met.filter((fault) => fault === 'timeoutAfterWrite').length,
      transactionConflict: 0,
      redeliver: redelivered,
      seed: 7,
    });
  });

  it('are the same for the same seed', () => {
    expect(run()).toEqual(run());
  });

  it('cancel a transaction by a conflict instead of a timeout', () => {
    const faults = createFaults(planOf('transactionConflict:1,timeoutAfterWrite:1', '1')!);
    expect(faults.forCall({ service: 'DYNAMODB', write: true, transaction: true })).toBe('transactionConflict');
    expect(faults.forCall({ service: 'DYNAMODB', write: true })).toBe('timeoutAfterWrite');
  });
});
