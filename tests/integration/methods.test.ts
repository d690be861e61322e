// Integration methods managed in the admin area: the client's own system that approves new logins.
import { beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '#domain/auth/permissions.ts';
import type { Client } from '#domain/auth/user.ts';
import { companyAdminPermissions } from '#domain/auth/standard-roles.ts';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { adminPassword } from '../../functions/seed/demo-seed.ts';
import { findClientByDomain } from '../../functions/store/clients.ts';
import { keys } from '../../functions/store/keys.ts';
import { findMethod, replaceMethod } from '../../functions/store/methods.ts';
import { getItem, putItem } from '../../functions/store/state-table.ts';
import { createTenant, memberWith } from '../security/support/probe-tenants.ts';
import { call } from './support/call.ts';
import { useTestStack } from './support/test-stack.ts';

const given = useTestStack();

let admin: string;
let demo: Client;
let other: Client;

beforeAll(async () => {
  admin = await given.api.signIn('admin', adminPassword, 'admin');
  demo = (await findClientByDomain(given.stack.deps, 'demo'))!;
  other = await createTenant(given.stack.deps, 'Other Club', 'other-club');
});

type MethodFields = RequestOf<typeof contracts.addMethod>;

const fields = (overrides: Partial<MethodFields> = {}): MethodFields => ({
  clientId: demo.id,
  methodType: 'GET',
  passingParameterMethod: 'query',
  url: 'https://directory.example.com/check',
  parameterName: 'login',
  headerName: 'X-Api-Key',
  headerValue: 'the-secret',
  ...overrides,
});

const add = (body: MethodFields, token = admin) => call(given.api, contracts.addMethod, body, token);
const edit = (body: RequestOf<typeof contracts.editMethod>, token = admin) =>
  call(given.api, contracts.editMethod, body, token);
const list = (clientId: number, token = admin) => call(given.api, contracts.methodList, { clientId }, token);
const remove = (id: number, token = admin) => call(given.api, contracts.deleteMethod, { id }, token);

describe('integration methods', () => {
  it('are added, listed, edited and deleted for good', async () => {
    const added = await add(fields({ clientId: other.id }));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      clientId: other.id,
      methodPurpose: 'checking if a login is allowed to be used',
      url: 'https://directory.example.com/check',
      headerValue: 'the-secret',
    });
    expect((await list(other.id)).body).toEqual([added.body]);

    const edited = await edit({
      ...fields({ clientId: other.id, url: 'https://login.example.org/{login}' }),
      id: added.body.id,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: added.body.id, url: 'https://login.example.org/{login}' });

    expect((await remove(added.body.id)).body).toEqual({ message: 'Method deleted' });
    expect((await list(other.id)).body).toEqual([]);
    const again = await remove(added.body.id);
    expect([again.status, again.body.error]).toEqual([404, 'Method not found']);
  });

  it('keep the stored header value when an edit leaves it out, and hide it from who may only view clients', async () => {
    const added = await add(fields({ clientId: other.id }));
    const { headerValue: _, ...withoutSecret } = fields({ clientId: other.id, parameterName: 'user' });
    const edited = await edit({ ...withoutSecret, id: added.body.id });
    expect(edited.body).toMatchObject({ parameterName: 'user', headerValue: 'the-secret' });

    const viewer = await memberWith(given.stack.deps, demo, [Permission.ViewClients], { login: 'method.viewer' });
    const seen = await list(other.id, viewer.token);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual([
      expect.objectContaining({ id: added.body.id, headerName: 'X-Api-Key', headerValue: '' }),
    ]);
    await remove(added.body.id);
  });

  it('an edit made from an older read is refused (409 METHOD_CHANGED) and keeps the edit that came since', async () => {
    const { deps } = given.stack;
    const added = await add(fields({ clientId: other.id }));
    const { id } = added.body;
    expect(added.body.version).toBe(0);
    const v0 = (await findMethod(deps, id))!;
    const first = await edit({ ...fields({ clientId: other.id, parameterName: 'user' }), id, version: 0 });
    expect(first.body).toEqual({ ...added.body, parameterName: 'user', version: 1 });
    const stale = await edit({ ...fields({ clientId: other.id, url: 'https://stale.example.com/' }), id, version: 0 });
    expect([stale.status, stale.body.code]).toEqual([409, 'METHOD_CHANGED']);
    // Read before another's write landed, and written after it: refused by the write itself.
    const read = (await findMethod(deps, id))!;
    expect((await edit({ ...fields({ clientId: other.id }), id, version: 1 })).body).toMatchObject({ version: 2 });
    const late = { ...read, url: 'https://late.example.com/', version: 2 };
    await expect(replaceMethod(deps, read, late, deps.clock.now())).rejects.toMatchObject({ code: 'METHOD_CHANGED' });
    // Two versions behind, its claim of the purpose is refused by the later edit's, in the same words.
    const older = { ...v0, url: 'https://older.example.com/', version: 1 };
    await expect(replaceMethod(deps, v0, older, deps.clock.now())).rejects.toMatchObject({ code: 'METHOD_CHANGED' });
    expect((await list(other.id)).body).toEqual([expect.objectContaining({ parameterName: 'login', version: 2 })]);

    await remove(id);
  });

  it('are one per purpose: a second login-check method is refused with 409', async () => {
    const first = await add(fields({ clientId: other.id }));
    const second = await add(fields({ clientId: other.id, url: 'https://another.example.com/' }));
    expect(second.status).toBe(409);
    expect((await list(other.id)).body).toHaveLength(1);
    await remove(first.body.id);
  });

  it('added again alike (its answer lost: a secret in its input keeps it from request keys) answer the one made', async () => {
    const first = await add(fields({ clientId: other.id }));
    expect(await add(fields({ clientId: other.id }))).toMatchObject({ status: 201, body: first.body });
    expect((await list(other.id)).body).toEqual([first.body]);
    await remove(first.body.id);

    // An add cut off after claiming the purpose, before writing the method: asked again, the claimed one is answered.
    const { deps } = given.stack;
    const cutOff = { done: false };
    deps.db.middlewareStack.add(
      (next, context) => async (args) => {
        const item = (args.input as { Item?: { SK?: unknown } }).Item;
        const writesMethod = context.commandName === 'PutItemCommand' && String(item?.SK).startsWith(keys.methodPrefix);
        if (writesMethod && !cutOff.done) {
          cutOff.done = true;
          throw new Error('cut off');
        }
        return next(args);
      },
      { step: 'initialize', name: 'cutOffMethodPut' },
    );
    try {
      await expect(add(fields({ clientId: other.id }))).rejects.toThrow(/answered 500/);
    } finally {
      deps.db.middlewareStack.remove('cutOffMethodPut');
    }
    const again = await add(fields({ clientId: other.id }));
    expect(again.status).toBe(201);
    expect((await list(other.id)).body).toEqual([again.body]);
    await remove(again.body.id);
  });

  it('are out of reach of another client’s company admin (403)', async () => {
    const method = await add(fields());
    const outsider = await memberWith(given.stack.deps, other, companyAdminPermissions, { login: 'other.admin' });
    expect((await list(demo.id, outsider.token)).status).toBe(403);
    expect((await add(fields({ url: 'https://evil.example.com/' }), outsider.token)).status).toBe(403);
    const edited = await edit({ ...fields({ url: 'https://evil.example.com/' }), id: method.body.id }, outsider.token);
    expect(edited.status).toBe(403);
    expect((await remove(method.body.id, outsider.token)).status).toBe(403);
    expect((await list(demo.id)).body).toEqual([method.body]);
    await remove(method.body.id);
  });

  it('belong only to a client that exists and is not deleted (404)', async () => {
    const archived = await createTenant(given.stack.deps, 'Gone Club', 'gone-club');
    await putItem(given.stack.deps, { ...keys.client(archived.id), ...archived, archivedAt: '2026-01-01T00:00:00Z' });
    expect((await add(fields({ clientId: archived.id }))).status).toBe(404);
    expect((await add(fields({ clientId: 999_999 }))).status).toBe(404);
  });
});

describe('a method is checked when saved (400, nothing saved)', () => {
  it.each([
    [{ url: '' }, 'Url is required'],
    [{ url: 'not a url' }, 'Url is not a valid address'],
    [{ url: 'http://directory.example.com/check' }, 'Url must use https'],
    [{ url: 'ftp://directory.example.com/check' }, 'Url must use https'],
    [{ url: 'https://10.0.0.1/check' }, 'Url must not point at a private address'],
    [{ url: 'https://169.254.169.254/latest' }, 'Url must not point at a metadata address'],
    [{ url: 'https://[fd00:ec2::254]/' }, 'Url must not point at a metadata address'],
    [{ url: 'https://[::ffff:192.168.0.1]/' }, 'Url must not point at a private address'],
    [{ passingParameterMethod: 'JSON body' }, 'A GET method cannot send the login as JSON body'],
    [{ passingParameterMethod: 'form-data' }, 'A GET method cannot send the login as form-data'],
    [
      { methodType: 'POST', passingParameterMethod: 'JSON body', requestBody: '[1]' },
      'Request body must be a JSON object',
    ],
    [{ parameterName: '' }, 'Parameter name is required'],
    [{ headerName: 'X Api: Key' }, 'Header name is not a valid HTTP header name'],
    [
      { headerValue: 'key\u0007bell' },
      'Header value may hold only tabs, printable ASCII and Latin-1 characters (no emoji, no control characters)',
    ],
    [
      { headerValue: 'clé 🔑' },
      'Header value may hold only tabs, printable ASCII and Latin-1 characters (no emoji, no control characters)',
    ],
    [{ methodType: 'DELETE' }, 'Method type must be GET, POST or PUT'],
  ])('%j: %s', async (overrides, message) => {
    // Some of these break the contract's types too (a DELETE method): the server must refuse them all the same.
    const answer = await add(fields({ clientId: other.id, ...(overrides as Partial<MethodFields>) }));
    expect([answer.status, answer.body.error]).toEqual([400, message]);
    expect((await list(other.id)).body).toEqual([]);
  });

  it('keeps the header and parameter names without the spaces around them, as the call sends them', async () => {
    const answer = await add(fields({ clientId: other.id, headerName: ' X-Api-Key ', parameterName: ' login ' }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ headerName: 'X-Api-Key', parameterName: 'login' });
    await remove(answer.body.id);
  });

  it('takes a URL without a parameter name for the login in path', async () => {
    const answer = await add(
      fields({
        clientId: other.id,
        passingParameterMethod: 'login in path',
        parameterName: '',
        url: 'https://x.example/',
      }),
    );
    expect(answer.status).toBe(201);
    await remove(answer.body.id);
  });
});

describe('deleting the method', () => {
  it('opens sign-up again: a client system that cannot be reached no longer blocks it', async () => {
    const unreachable = await add(fields({ url: 'http://127.0.0.1:1/check' }));
    expect(unreachable.status).toBe(201);
    const signUp = () =>
      call(given.api, contracts.register, {
        login: 'after.delete',
        emailAddress: 'after.delete@example.com',
        password: 'newbie-pass',
        repeatPassword: 'newbie-pass',
        displayName: 'After Delete',
        firstName: 'After',
        lastName: 'Delete',
        phoneNumber: '+1 202 555 0142',
        domain: 'demo',
      });
    expect((await signUp()).status).toBe(503);
    await remove(unreachable.body.id);
    expect((await signUp()).status).toBe(201);
  });

  it('an edit racing the delete never writes the method or its secret back, nor keeps the next method out', async () => {
    const { deps } = given.stack;
    // A method never edited (version 0), read before its delete and written after it: 404, the method and its secret
    // stay deleted, and the edit's claim of the purpose neither holds the secret nor keeps the next method out.
    const unedited = await add(fields({ clientId: other.id }));
    const beforeDelete = (await findMethod(deps, unedited.body.id))!;
    await remove(unedited.body.id);
    const afterDelete = { ...beforeDelete, url: 'https://late.example.com/', version: 1 };
    await expect(replaceMethod(deps, beforeDelete, afterDelete, deps.clock.now())).rejects.toMatchObject({
      code: 'UNKNOWN_METHOD',
    });
    expect((await list(other.id)).body).toEqual([]);
    const claim = await getItem(deps, keys.methodPurposeClaim(other.id, beforeDelete.methodPurpose));
    expect(JSON.stringify(claim ?? {})).not.toContain('the-secret');
    const next = await add(fields({ clientId: other.id, url: 'https://next.example.com/' }));
    expect(next.status).toBe(201);
    expect((await list(other.id)).body).toEqual([next.body]);
    await remove(next.body.id);

    // An edit landing between the delete's giving back of the purpose and its erasing of the method: its claim is of a
    // method that is gone, and the next method takes it over.
    const raced = await add(fields({ clientId: other.id }));
    const racedRead = (await findMethod(deps, raced.body.id))!;
    const { SK } = keys.method(other.id, raced.body.id);
    let edited = false;
    deps.db.middlewareStack.add(
      (next, context) => async (args) => {
        const erasing = context.commandName === 'DeleteItemCommand' && JSON.stringify(args.input).includes(`"${SK}"`);
        if (erasing && !edited) {
          edited = true;
          await replaceMethod(deps, racedRead, { ...racedRead, version: 1 }, deps.clock.now());
        }
        return next(args);
      },
      { step: 'initialize', name: 'editBeforeErase' },
    );
    try {
      expect((await remove(raced.body.id)).status).toBe(200);
    } finally {
      deps.db.middlewareStack.remove('editBeforeErase');
    }
    expect(edited).toBe(true);
    expect((await list(other.id)).body).toEqual([]);
    const after = await add(fields({ clientId: other.id, url: 'https://after.example.com/' }));
    expect(after.status).toBe(201);
    expect((await list(other.id)).body).toEqual([after.body]);
    await remove(after.body.id);
  });
});
