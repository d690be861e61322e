// Self-contradicting or oversized input to the administration is a 4xx `{ error, code }` and changes nothing
// (docs/invariants.md): a method header that would break the call, a bonus day set as a pick day, an address or
// headers past the server's limits.
import { describe, expect, it } from 'vitest';
import type { Client } from '#domain/auth/user.ts';
import { contracts } from '#domain/contracts/api.ts';
import { createTenant } from '../security/support/probe-tenants.ts';
import { addMethod, admin, methodsOf, useAdministrationStack } from './support/administration.ts';
import { call } from './support/call.ts';

const given = useAdministrationStack();

const sportsOf = async (client: Client) =>
  (await call(given.api, contracts.clientSportList, { clientId: client.id }, admin)).body;

describe('self-contradicting or oversized input', () => {
  it('a method header that frames the request or belongs to the connection is 400 with the reason', async () => {
    const client = await createTenant(given.stack.deps, 'Header Club', 'header-club');
    for (const headerName of [
      'Content-Length',
      'transfer-encoding',
      'Host',
      'Connection',
      'TE',
      'Expect',
      'Proxy-Authorization',
    ]) {
      const answer = await addMethod({
        clientId: client.id,
        methodType: 'GET',
        passingParameterMethod: 'query',
        url: 'https://directory.example.com/check',
        parameterName: 'login',
        headerName,
        headerValue: '1',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(
        `Header name cannot be ${headerName}: it frames the request or belongs to the connection, so the call would break`,
      );
    }
    expect(await methodsOf(client)).toEqual([]);
  });

  it('a bonus game day set as a regular pick day is 400 and the client sport keeps its days', async () => {
    const client = await createTenant(given.stack.deps, 'Days Club', 'days-club');
    const [clientSport] = await sportsOf(client);
    const answer = await call(
      given.api,
      contracts.editClientSport,
      { id: clientSport!.id, allowMondayPicks: true },
      admin,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'Monday is a bonus day; it cannot also be a regular pick day',
      code: 'BONUS_DAY_CONFLICT',
    });
    const [after] = await sportsOf(client);
    expect(after).toEqual(clientSport);
  });

  // Probe of the raw HTTP: a content type with no body at all, which no contract's encoding sends.
  it('an empty body of any content type is no fields: Process/list answers with application/json and nothing in it', async () => {
    const answer = await given.api.call('POST', '/api/Process/list', {
      token: admin,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
  });

  // Probe of the raw HTTP: an address and headers past the server's limits.
  it('an oversized query string is 414 and oversized headers 431, both as JSON', async () => {
    const long = await fetch(`${given.stack.url}/Services/api/Process/list?q=${'x'.repeat(20_000)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual({ error: 'The address is longer than 10 kB', code: 'URI_TOO_LONG' });
    const heavy = await fetch(`${given.stack.url}/Services/api/Process/list`, {
      headers: { 'x-padding': 'y'.repeat(70_000) },
    });
    expect(heavy.status).toBe(431);
    expect(await heavy.json()).toEqual({
      error: 'The request headers are larger than 64 kB',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  // Probe of the raw HTTP: a body a Lambda function would never receive (it takes 6 MB) is refused as AWS does.
  it('a body over 6 MB is 413 as JSON, before any handler', async () => {
    const large = await fetch(`${given.stack.url}/Services/api/User/load-users-csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'A'.repeat(6 * 1024 * 1024) }),
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ error: 'The request body is larger than 6 MB', code: 'TOO_LARGE' });
  });
});
