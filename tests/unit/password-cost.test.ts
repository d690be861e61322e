import { describe, expect, it } from 'vitest';
import { depsFromEnv } from '../../functions/adapters/deps.ts';
import { hashPassword, scryptPasswords, strongCost } from '../../functions/adapters/passwords.ts';
import { testPasswordCost } from '../support/local-test-stack.ts';

describe('passwords are hashed at the strong cost everywhere but in the tests’ stacks', () => {
  it('the Lambdas’ deps hash at scrypt N=2^17, r=8, p=1 (OWASP), 128 MiB a hash', async () => {
    const deps = depsFromEnv({ EVENTS_TABLE: 'events', STATE_TABLE: 'state', VIEWS_TABLE: 'views' });
    expect(deps.passwords.cost).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(await deps.passwords.hash('a password')).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('a stack given no cost (npm start) hashes at the strong cost too', () => {
    expect(scryptPasswords().cost).toEqual(strongCost);
    expect(scryptPasswords().decoy).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('a hash made at the tests’ cheap cost is made anew at the strong cost on its next sign-in in production', async () => {
    expect(testPasswordCost.N).toBeLessThan(strongCost.N);
    const cheap = await hashPassword('a password', testPasswordCost);
    const production = scryptPasswords();
    expect(await production.verify('a password', cheap)).toBe(true);
    expect(production.needsRehash(cheap)).toBe(true);
  });
});
