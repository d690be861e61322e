// What the tests of the IAM proxy's authorizations (infra/artifact-lane/aws-requests.ts) share: the lane's account,
// region and tables, and the request a real SDK client signs for a command, taken from its request handler before
// anything is sent.
import { authorizationRequests, credentialScope, tableKeys } from '../../../infra/artifact-lane/aws-requests.ts';
import type { AwsRequest, RequestOptions } from '../../../infra/artifact-lane/aws-requests/signed-request.ts';
import { localTableNames } from '../../../functions/store/tables.ts';

export const account = '123456789012';
export const region = 'us-east-1';
export const names = localTableNames();
export const deploymentGroup = `arn:aws:codedeploy:${region}:${account}:deploymentgroup:pickem/jobs`;
export const options: RequestOptions = {
  account,
  region,
  tables: tableKeys(names),
  deploymentGroupOf: (deploymentId) => (deploymentId === 'd-1' ? deploymentGroup : undefined),
};
export const table = (name: string) => `arn:aws:dynamodb:${region}:${account}:table/${name}`;

/** What the SDK hands its request handler, signed. */
interface SignedRequest {
  method: string;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}

class Captured extends Error {
  constructor(readonly request: AwsRequest) {
    super('captured before sending');
  }
}

const utf8 = new TextDecoder();
const capturing = {
  async handle(signed: SignedRequest): Promise<never> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(signed.query ?? {}))
      for (const one of [value ?? ''].flat()) query.append(key, one);
    const body = typeof signed.body === 'string' ? signed.body : utf8.decode(signed.body as Uint8Array | undefined);
    const service = credentialScope(signed.headers.authorization)?.service ?? '';
    const path = query.size ? `${signed.path}?${query}` : signed.path;
    throw new Captured({ service, method: signed.method, path, headers: signed.headers, body });
  },
  updateHttpClientConfig: () => undefined,
  httpHandlerConfigs: () => ({}),
};
export const config = {
  region,
  credentials: { accessKeyId: 'AKIDJOBS', secretAccessKey: 'secret' },
  requestHandler: capturing,
};

/** The request the client signs for the command. */
export async function signed(send: () => Promise<unknown>): Promise<AwsRequest> {
  try {
    await send();
  } catch (error) {
    if (error instanceof Captured) return error.request;
    throw error;
  }
  throw new Error('The client sent nothing');
}

export const authorized = async (send: () => Promise<unknown>) => authorizationRequests(await signed(send), options);
