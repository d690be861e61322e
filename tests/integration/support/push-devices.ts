// What the Web Push tests share: a server of the test file's own on 127.0.0.1 standing in for the browser vendor's push
// service (tests/support/push-service.ts), devices subscribed at it, and a player turning pushes on.
import { afterAll, beforeAll, expect } from 'vitest';
import type { PushKind } from '#domain/push/push-kinds.ts';
import { contracts } from '#domain/contracts/api.ts';
import { pushDevice, startPushService } from '../../support/push-service.ts';
import { call } from './call.ts';
import type { useTestStack } from './test-stack.ts';

/** The push service for the test file: started before its tests, closed after them. */
export function usePushService() {
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    pushService = await startPushService();
  });
  afterAll(() => pushService.close());
  return {
    get origin() {
      return pushService.origin;
    },
    arrivalsAt: (path: string) => pushService.arrivalsAt(path),
    device: (path: string) => pushDevice(pushService.origin, path),
  };
}

/** The player turns these kinds' push on (and every other off) in Profile → Notifications. */
export async function turnPushOn(given: ReturnType<typeof useTestStack>, token: string, push: PushKind[]) {
  const { id, displayName, firstName, lastName } = (await call(given.api, contracts.currentUser, {}, token)).body;
  const edited = await call(given.api, contracts.editUser, { id, displayName, firstName, lastName, push }, token);
  expect(edited.status).toBe(200);
  expect(edited.body.push).toEqual(push);
}
