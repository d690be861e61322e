// The IAM authorizations AWS makes for a signed SDK request: each action, resource ARN and condition keys the
// service checks before it answers. The lane's IAM proxy (iam-proxy.ts) evaluates them against the calling
// function's role policies. An operation not listed here throws: the lane authorizes only calls it knows. Each
// service's authorizations are in aws-requests/, one file a service.
import { type TableNames, tables } from '../../functions/store/tables.ts';
import { cloudFrontRequests } from './aws-requests/cloudfront.ts';
import { codeDeployRequests } from './aws-requests/codedeploy.ts';
import { dynamoRequests } from './aws-requests/dynamodb.ts';
import { lambdaRequests } from './aws-requests/lambda.ts';
import { schedulerRequests } from './aws-requests/scheduler.ts';
import { secretsRequests } from './aws-requests/secrets-manager.ts';
import { sesRequests } from './aws-requests/ses.ts';
import {
  type AuthorizationRequest,
  type AwsRequest,
  own,
  type RequestOptions,
  type TableKeys,
  unknownOperation,
} from './aws-requests/signed-request.ts';

export interface CredentialScope {
  accessKeyId: string;
  region: string;
  service: string;
}

/** The caller and service of a SigV4 Authorization header (`… Credential=<AKID>/<date>/<region>/<service>/aws4_request, …`). */
export function credentialScope(authorization: string | undefined): CredentialScope | undefined {
  const match = /Credential=([^/\s,]+)\/\d{8}\/([^/\s,]+)\/([^/\s,]+)\/aws4_request/.exec(authorization ?? '');
  return match ? { accessKeyId: match[1]!, region: match[2]!, service: match[3]! } : undefined;
}

/** The key schemas of the app's tables (functions/store/tables.ts) under their physical names. */
export function tableKeys(names: TableNames): Record<string, TableKeys> {
  return Object.fromEntries(
    tables.map((table) => [
      names[table.id],
      {
        partitionKey: table.partitionKey.name,
        indexes: Object.fromEntries(table.indexes.map((index) => [index.indexName, index.partitionKey.name])),
      },
    ]),
  );
}

const byService: Record<string, (request: AwsRequest, options: RequestOptions) => AuthorizationRequest[]> = {
  dynamodb: dynamoRequests,
  lambda: lambdaRequests,
  ses: sesRequests,
  secretsmanager: secretsRequests,
  scheduler: schedulerRequests,
  codedeploy: codeDeployRequests,
  cloudfront: cloudFrontRequests,
};

/** Every authorization AWS makes before it answers the request; all must allow it. */
export function authorizationRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const requests = own(byService, request.service);
  if (!requests) throw unknownOperation(request.service, `${request.method} ${request.path}`);
  return requests(request, options);
}
