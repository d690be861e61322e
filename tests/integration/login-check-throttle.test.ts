// One address may not make us flood a client's login directory: each check-login or sign-up at a client with a
// login-check method costs the client's system a call. The clock starts at a whole minute, so the test's
// burst stays inside one window.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loginChecksPerWindow } from '#domain/tenancy/client-settings.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { contracts } from '#domain/contracts/api.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack({ now: '2026-11-19T17:00:00Z' });

describe('login checks against a client system', () => {
  it(`are answered ${loginChecksPerWindow} a minute per address; beyond that 429 with Retry-After, and the system is not asked`, async () => {
    const asked: string[] = [];
    const directory = createServer((request, response) => {
      asked.push(request.url!);
      response.end('true');
    });
    await new Promise<void>((ready) => directory.listen(0, '127.0.0.1', ready));
    try {
      const admin = await given.api.signIn('admin', adminPassword, 'admin');
      const rival = (await findClientByDomain(given.stack.deps, 'rival'))!;
      const added = await call(
        given.api,
        contracts.addMethod,
        {
          clientId: rival.id,
          methodType: 'GET',
          passingParameterMethod: 'query',
          url: `http://127.0.0.1:${(directory.address() as AddressInfo).port}/check`,
          parameterName: 'login',
        },
        admin,
      );
      expect(added.status).toBe(201);

      const check = (login: string) => call(given.api, contracts.checkLogin, { login, domain: 'rival' });
      for (let index = 0; index < loginChecksPerWindow; index++)
        expect((await check(`player${index}`)).status).toBe(200);
      const refused = await check('one-too-many');
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('Too many logins checked from your address; try again in a minute');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(asked).toHaveLength(loginChecksPerWindow);
      // A login that is taken is answered without asking, and so without counting.
      expect((await check('jules')).status).toBe(409);
    } finally {
      directory.closeAllConnections();
      directory.close();
    }
  });
});
