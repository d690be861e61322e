// Integration methods: the client's own system that approves each new login (docs/rules.md, Login approval).
import { Permission } from '#domain/auth/permissions.ts';
import type { InputOf } from '#domain/contracts/contract.ts';
import type { addMethod as addMethodContract, MethodRow } from '#domain/contracts/methods.ts';
import { ConflictError, NotFoundError, ValidationError } from '#domain/errors.ts';
import type { IntegrationMethod } from '#domain/tenancy/client-settings.ts';
import { methodProblems } from '#domain/tenancy/method-rules.ts';
import type { Deps } from '../../adapters/deps.ts';
import { getClient } from '../../store/clients.ts';
import {
  addMethodForPurpose,
  eraseMethod,
  findMethod,
  listMethods,
  methodFor,
  replaceMethod,
  unknownMethod,
  methodChanged,
} from '../../store/methods.ts';
import { editedFrom } from '../../store/state-table.ts';
import type { RouteImpl } from '../area-api.ts';
import { type Caller, scopedClientId, scopedLiveClientId } from '../auth-guard.ts';
import { reply } from '../json-answer.ts';

type MethodFields = InputOf<typeof addMethodContract>;

/** The header value is a secret: only a caller who may edit the method sees it; others get ''. */
const shownTo = (caller: Caller, method: IntegrationMethod): MethodRow => ({
  id: method.id,
  clientId: method.clientId,
  methodPurpose: method.methodPurpose,
  methodType: method.methodType,
  passingParameterMethod: method.passingParameterMethod,
  url: method.url,
  parameterName: method.parameterName,
  requestBody: method.requestBody,
  headerName: method.headerName,
  headerValue: caller.permissions.includes(Permission.EditClients) ? method.headerValue : '',
  version: method.version ?? 0,
});

async function liveClient(deps: Deps, clientId: number) {
  const client = await getClient(deps, clientId);
  if (!client || client.archivedAt) throw new NotFoundError(`There is no client ${clientId}`, 'UNKNOWN_CLIENT');
  return client;
}

async function scopedMethod(deps: Deps, caller: Caller, id: number) {
  const method = await findMethod(deps, id);
  if (!method) throw unknownMethod();
  await scopedLiveClientId(deps, caller, method.clientId);
  return method;
}

/** What makes a method unusable as saved, as a message for the form, or undefined. */
function methodProblem(deps: Deps, fields: Omit<IntegrationMethod, 'id'>): string | undefined {
  return deps.loginDirectory.urlRefusal(fields.url) ?? Object.values(methodProblems(fields))[0];
}

/** The method the fields make, as stored: the names as the call sends them (with spaces around, they name nothing). */
const methodOf = (id: number, input: MethodFields, headerValue: string): IntegrationMethod => ({
  id,
  clientId: input.clientId,
  methodPurpose: input.methodPurpose,
  methodType: input.methodType,
  passingParameterMethod: input.passingParameterMethod,
  url: input.url,
  parameterName: input.parameterName.trim(),
  requestBody: input.requestBody,
  headerName: input.headerName.trim(),
  headerValue,
});

/** What a method is made of besides its id and version: two alike are the same method. */
const settingNames = [
  'clientId',
  'methodPurpose',
  'methodType',
  'passingParameterMethod',
  'url',
  'parameterName',
  'requestBody',
  'headerName',
  'headerValue',
] as const;
const sameSettings = (a: IntegrationMethod, b: IntegrationMethod) => settingNames.every((name) => a[name] === b[name]);

/** Checks the fields, and the one method per purpose among methods saved before purposes were claimed. */
async function checked(deps: Deps, method: IntegrationMethod): Promise<IntegrationMethod> {
  const problem = methodProblem(deps, method);
  if (problem) throw new ValidationError(problem);
  const others = await listMethods(deps, method.clientId);
  if (others.some((other) => other.id !== method.id && other.methodPurpose === method.methodPurpose))
    throw new ConflictError(`The client already has a method for ${method.methodPurpose}`, 'METHOD_PURPOSE_TAKEN');
  return method;
}

export const methodList: RouteImpl<'methodList'> = async ({ input, caller }, deps) => {
  const client = await liveClient(deps, scopedClientId(caller, input.clientId));
  return (await listMethods(deps, client.id)).map((method) => shownTo(caller, method));
};

export const addMethod: RouteImpl<'addMethod'> = async ({ input, caller }, deps) => {
  const client = await liveClient(deps, scopedClientId(caller, input.clientId));
  const method = methodOf(await deps.ids.next('method'), { ...input, clientId: client.id }, input.headerValue ?? '');
  // Asked again after its answer was lost (the input holds a secret, so it takes no request key; a crash may have
  // left only its purpose claim): the method it made serves the purpose, and is the answer.
  const serving = await methodFor(deps, client.id, method.methodPurpose);
  if (serving && sameSettings(serving, method)) return reply(201, shownTo(caller, serving));
  await addMethodForPurpose(deps, await checked(deps, method), deps.clock.now());
  return reply(201, shownTo(caller, method));
};

export const editMethod: RouteImpl<'editMethod'> = async ({ input, caller }, deps) => {
  const stored = await scopedMethod(deps, caller, input.id);
  if (input.clientId !== stored.clientId)
    throw new ValidationError('A method cannot move to another client', undefined, 'METHOD_CLIENT_FIXED');
  await liveClient(deps, stored.clientId);
  const method = await checked(deps, methodOf(stored.id, input, input.headerValue ?? stored.headerValue));
  // Over the version the page read: another edit since is 409, this one landed already (its answer lost: a method's
  // edit takes no request key) is done (replaceLive).
  const from = editedFrom(input.version, stored.version, methodChanged);
  const edited = { ...method, version: from + 1 };
  await replaceMethod(deps, { ...stored, version: from }, edited, deps.clock.now());
  return shownTo(caller, edited);
};

export const deleteMethod: RouteImpl<'deleteMethod'> = async ({ input, caller }, deps) => {
  const method = await scopedMethod(deps, caller, input.id);
  await eraseMethod(deps, method);
  return { message: 'Method deleted' };
};
