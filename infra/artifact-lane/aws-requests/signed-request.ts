// A signed SDK request as the lane's IAM proxy receives it, what the proxy knows of the lane's account, and the
// readers every service's authorizations (the other files of this folder) share.

export interface AwsRequest {
  /** The service's signing name, from the credential scope: dynamodb, lambda, ses, secretsmanager, … */
  service: string;
  method: string;
  /** With its query string. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The attribute names of a table's partition key and of each of its indexes' partition keys. */
export interface TableKeys {
  partitionKey: string;
  indexes: Record<string, string>;
}

export interface RequestOptions {
  account: string;
  region: string;
  /** By physical table name. */
  tables: Record<string, TableKeys>;
  /** The deployment group ARN of a CodeDeploy deployment. */
  deploymentGroupOf?: (deploymentId: string) => string | undefined;
}

export interface AuthorizationRequest {
  action: string;
  resource: string;
  context: Record<string, string | string[]>;
}

export const unknownOperation = (service: string, operation: string) =>
  new Error(`The IAM proxy does not know the authorization AWS makes for ${service} ${operation}`);

function header(headers: AwsRequest['headers'], name: string) {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found[0] : found;
}

/** The operation of an awsJson request, from its X-Amz-Target `<prefix>.<Operation>`. */
export function targetOperation(request: AwsRequest, prefix: string) {
  const target = header(request.headers, 'x-amz-target') ?? '';
  if (!target.startsWith(`${prefix}.`)) throw unknownOperation(request.service, `target ${target || '(none)'}`);
  return target.slice(prefix.length + 1);
}

/** The record's own entry: a request's name (`constructor`, …) finds nothing inherited. */
export const own = <T>(record: Record<string, T>, key: string) =>
  Object.hasOwn(record, key) ? record[key] : undefined;

export const jsonBody = (request: AwsRequest) => (request.body ? JSON.parse(request.body) : {});
export const urlOf = (request: AwsRequest) => new URL(request.path, 'http://aws');
