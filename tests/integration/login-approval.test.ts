// Sign-up asks the client's own system (its login-check integration method) whether a login may be used: a small
// HTTP directory on 127.0.0.1 plays that system.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { loginCheckPurpose } from '#domain/tenancy/client-settings.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { findUserByLogin } from '../../functions/store/account-claims.ts';
import { keys } from '../../functions/store/keys.ts';
import { deleteItem, getItem } from '../../functions/store/state-table.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let directory: Server;
let directoryUrl: string;
let received: Received[] = [];
let respond: (response: ServerResponse) => void;

beforeAll(async () => {
  directory = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      respond(response);
    });
  });
  await new Promise<void>((ready) => directory.listen(0, '127.0.0.1', ready));
  directoryUrl = `http://127.0.0.1:${(directory.address() as AddressInfo).port}`;
});
afterAll(() => {
  directory.closeAllConnections();
  directory.close();
});

let adminToken: string;
let demoClientId: number;
let methodId: number | undefined;

beforeAll(async () => {
  adminToken = await given.api.signIn('admin', adminPassword, 'admin');
  demoClientId = (await findClientByDomain(given.stack.deps, 'demo'))!.id;
});

async function dropMethod() {
  if (methodId === undefined) return;
  const answer = await call(given.api, contracts.deleteMethod, { id: methodId }, adminToken);
  expect(answer.status).toBe(200);
  methodId = undefined;
}

beforeEach(async () => {
  received = [];
  respond = (response) => response.end('true');
  await dropMethod();
});

async function useMethod(
  fields: Omit<RequestOf<typeof contracts.addMethod>, 'clientId' | 'headerName' | 'headerValue'>,
) {
  const answer = await call(
    given.api,
    contracts.addMethod,
    { clientId: demoClientId, headerName: 'X-Api-Key', headerValue: 'directory-key', ...fields },
    adminToken,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  methodId = answer.body.id;
}

const signUp = (login: string) =>
  call(given.api, contracts.register, {
    login,
    emailAddress: `${login.replace('@', '.')}@example.com`,
    password: 'newbie-pass',
    repeatPassword: 'newbie-pass',
    displayName: login,
    firstName: 'New',
    lastName: 'Player',
    phoneNumber: '+1 202 555 0142',
    domain: 'demo',
  });

const userExists = async (login: string) =>
  (await findUserByLogin(given.stack.deps, demoClientId, login)) !== undefined;

describe('the client system receives the login where the method says, and its approval lets sign-up through', () => {
  it('query: as a query parameter of a GET', async () => {
    await useMethod({
      methodType: 'GET',
      passingParameterMethod: 'query',
      url: `${directoryUrl}/check?site=demo`,
      parameterName: 'user',
    });
    expect((await signUp('query.player')).status).toBe(201);
    expect(received).toEqual([
      expect.objectContaining({ method: 'GET', url: '/check?site=demo&user=query.player', body: '' }),
    ]);
    expect(received[0]!.headers['x-api-key']).toBe('directory-key');
  });

  it('form-data: as a multipart field of a POST', async () => {
    await useMethod({
      methodType: 'POST',
      passingParameterMethod: 'form-data',
      url: `${directoryUrl}/check`,
      parameterName: 'user',
    });
    expect((await signUp('form.player')).status).toBe(201);
    const [call] = received;
    expect(call).toMatchObject({ method: 'POST', url: '/check' });
    expect(call!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(call!.body).toContain('Content-Disposition: form-data; name="user"\r\n\r\nform.player\r\n');
    expect(call!.headers['x-api-key']).toBe('directory-key');
  });

  it('JSON body: the request body with the login added, in a PUT', async () => {
    await useMethod({
      methodType: 'PUT',
      passingParameterMethod: 'JSON body',
      url: `${directoryUrl}/check`,
      parameterName: 'user',
      requestBody: '{"site":"demo"}',
    });
    expect((await signUp('json.player')).status).toBe(201);
    const [call] = received;
    expect(call).toMatchObject({ method: 'PUT', url: '/check' });
    expect(JSON.parse(call!.body)).toEqual({ site: 'demo', user: 'json.player' });
    expect(call!.headers['x-api-key']).toBe('directory-key');
  });

  it('login in path: in place of {login}, or appended to the path', async () => {
    await useMethod({
      methodType: 'GET',
      passingParameterMethod: 'login in path',
      url: `${directoryUrl}/users/{login}/allowed`,
    });
    expect((await signUp('path@player')).status).toBe(201);
    await dropMethod();
    await useMethod({ methodType: 'GET', passingParameterMethod: 'login in path', url: `${directoryUrl}/users/` });
    expect((await signUp('path.appended')).status).toBe(201);
    expect(received.map((call) => call.url)).toEqual(['/users/path%40player/allowed', '/users/path.appended']);
    expect(received.map((call) => call.headers['x-api-key'])).toEqual(['directory-key', 'directory-key']);
  });
});

describe('a login the client system refuses', () => {
  beforeEach(() =>
    useMethod({ methodType: 'GET', passingParameterMethod: 'query', url: `${directoryUrl}/check`, parameterName: 'u' }),
  );

  it.each([
    ['answers 404', (response: ServerResponse) => response.writeHead(404).end()],
    ['answers 403', (response: ServerResponse) => response.writeHead(403).end()],
    ['answers false', (response: ServerResponse) => response.end('false')],
  ])('is refused with 404 "User not found" when the system %s, and no user is created', async (how, answer) => {
    respond = answer;
    const login = `refused-${how.split(' ')[1]}`;
    const check = await call(given.api, contracts.checkLogin, { login, domain: 'demo' });
    expect([check.status, check.body.error]).toEqual([404, 'User not found']);
    const registration = await signUp(login);
    expect([registration.status, registration.body.error]).toEqual([404, 'User not found']);
    expect(await userExists(login)).toBe(false);
  });

  it('cannot sign up while the system does not answer: refused as not checkable now, never approved', async () => {
    respond = () => {};
    const registration = await signUp('silent.player');
    expect(registration.status).toBe(503);
    expect(registration.body.error).toBe('The login cannot be checked now, try again later');
    expect(registration.headers.get('retry-after')).toBe('30');
    expect(received).toHaveLength(1);
    expect(await userExists('silent.player')).toBe(false);
  }, 15_000);

  it('a login already taken is still answered 409 "already taken"', async () => {
    respond = (response) => response.writeHead(404).end();
    const registration = await signUp('alex');
    expect([registration.status, registration.body.error]).toEqual([409, "The login 'alex' is already taken"]);
  });
});

describe('a login-check method whose add stopped after claiming its purpose, before the method was written', () => {
  it('is still asked at sign-up, never skipped: the method its claim holds is written then', async () => {
    await useMethod({
      methodType: 'GET',
      passingParameterMethod: 'query',
      url: `${directoryUrl}/check`,
      parameterName: 'u',
    });
    // What a crash between the purpose's claim and the method's put leaves: the claim alone.
    const { PK, SK } = keys.method(demoClientId, methodId!);
    await deleteItem(given.stack.deps, { PK, SK });
    respond = (response) => response.end('false');
    const registration = await signUp('unasked.player');
    expect([registration.status, registration.body.error]).toEqual([404, 'User not found']);
    expect(received).toHaveLength(1);
    expect(await getItem(given.stack.deps, { PK, SK })).toMatchObject({
      id: methodId,
      methodPurpose: loginCheckPurpose,
    });
  });
});

describe('without a login-check method', () => {
  it('sign-up is open and nothing is asked', async () => {
    expect((await signUp('open.player')).status).toBe(201);
    expect(received).toEqual([]);
  });
});

describe('where nobody signs up', () => {
  it('the login check answers nothing about which logins exist: the system administrators’ site is 403', async () => {
    for (const login of ['admin', 'no-such-admin']) {
      const check = await call(given.api, contracts.checkLogin, { login, domain: 'admin' });
      expect([check.status, check.body.code]).toEqual([403, 'SIGN_UP_CLOSED']);
    }
  });
});
