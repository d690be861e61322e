import { describe, expect, it } from 'vitest';
import { needsRehash, verifyPassword } from '../../functions/adapters/passwords.ts';
import { adminPassword, demoPassword, demoPasswordHashes } from '../../functions/seed/demo-seed.ts';

describe('the demo seed hashes its published passwords ahead of time', () => {
  it.each([demoPassword, adminPassword] as const)(
    'the stored hash of %s signs in with it and is at the current cost',
    async (password) => {
      const stored = demoPasswordHashes[password];
      expect(await verifyPassword(password, stored)).toBe(true);
      expect(needsRehash(stored)).toBe(false);
    },
  );
});
