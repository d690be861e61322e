// What the client administration tests share: the stack on a Sunday of the season, and the system administrator,
// the demo client's and Rival League's administrators and a Rival League player signed in before the tests.
import { beforeAll } from 'vitest';
import { findClientByDomain } from '../../../functions/store/clients.ts';
import { demo, useTestStack } from './test-stack.ts';

// Signed in and read before the test file's tests run (useClientsStack).
export let sysadmin: string;
export let coach: string;
export let rivalAdmin: string;
export let jules: string;
export let demoId: number;
export let rivalId: number;

/** One stack for the test file, and the callers and clients above. */
export function useClientsStack() {
  const given = useTestStack({ now: '2026-11-22T17:00:00Z' });
  beforeAll(async () => {
    [sysadmin, coach, rivalAdmin, jules] = await Promise.all([
      given.api.signIn('admin', 'pickem-admin', 'admin'),
      given.api.signIn('coach'),
      given.api.signIn('rival-admin', demo.password, 'rival'),
      given.api.signIn('jules', demo.password, 'rival'),
    ]);
    demoId = (await findClientByDomain(given.stack.deps, 'demo'))!.id;
    rivalId = (await findClientByDomain(given.stack.deps, 'rival'))!.id;
  });
  return given;
}
