// A client's integration methods: the client's own system that approves new logins (docs/rules.md, Integration
// methods).
import * as z from 'zod/mini';
import { loginCheckPurpose, methodTypes, passingParameterMethods } from '../tenancy/client-settings.ts';
import { message, type MethodRow, methodRow } from './answers.ts';
import { answer, defineContract, type Message } from './contract.ts';
import { count, id, limits, optionalId, optionalText, required } from './fields.ts';

export type { MethodRow };

export const methodList = defineContract({
  method: 'GET',
  path: '/Services/api/Client/method-list',
  input: 'query',
  summary: "The client's integration methods; the header value only for callers who may edit them",
  request: z.object({ clientId: optionalId('clientId') }),
  response: answer<MethodRow[]>(z.array(methodRow)),
  refusals: [404],
});

const methodFields = {
  clientId: id('clientId'),
  methodPurpose: z._default(
    z.literal(loginCheckPurpose, { error: `The purpose must be '${loginCheckPurpose}'` }),
    loginCheckPurpose,
  ),
  methodType: z.enum(methodTypes, { error: 'Method type must be GET, POST or PUT' }),
  passingParameterMethod: z.enum(passingParameterMethods, {
    error: "Passing parameter method must be 'form-data', 'query', 'JSON body' or 'login in path'",
  }),
  url: required('Url', limits.url),
  parameterName: z._default(optionalText('Parameter name', limits.name), ''),
  requestBody: z._default(optionalText('Request body', limits.text), ''),
  headerName: z._default(optionalText('Header name', limits.name), ''),
  /** Left out on edit: the stored secret stays. */
  headerValue: optionalText('Header value', limits.text),
};

/** A method's header value is a secret: its changes are kept under no request key. */
const methodChange = { method: 'POST', input: 'json', invalidates: ['methodList'], secret: 'input' } as const;

export const addMethod = defineContract({
  ...methodChange,
  path: '/Services/api/Client/add-method',
  summary: "Adds an integration method: the client's system that approves new logins",
  request: z.object(methodFields),
  response: answer<MethodRow>(methodRow, 201),
  refusals: [404, 409],
});

export const editMethod = defineContract({
  ...methodChange,
  path: '/Services/api/Client/edit-method',
  summary: 'Changes an integration method; a header value left out keeps the stored one',
  request: z.object({
    id: id('id'),
    ...methodFields,
    /** The method's version the edit was made from (its row's); 409 METHOD_CHANGED when another edit came since. */
    version: z.optional(count('version')),
  }),
  response: answer<MethodRow>(methodRow),
  refusals: [404, 409],
});

export const deleteMethod = defineContract({
  method: 'DELETE',
  path: '/Services/api/Client/delete-method',
  input: 'query',
  invalidates: ['methodList'],
  summary: 'Deletes an integration method and its secret; sign-up is open again without one',
  request: z.object({ id: id('id') }),
  response: answer<Message>(message),
  refusals: [404],
});

export const methodsContracts = {
  methodList,
  addMethod,
  editMethod,
  deleteMethod,
};
