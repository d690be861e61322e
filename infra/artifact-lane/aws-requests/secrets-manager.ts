// Secrets Manager's authorizations: each operation on the secret its SecretId names, or on every resource.
import {
  type AuthorizationRequest,
  type AwsRequest,
  jsonBody,
  type RequestOptions,
  targetOperation,
  unknownOperation,
} from './signed-request.ts';

const onOneSecret = new Set([
  'GetSecretValue',
  'DescribeSecret',
  'PutSecretValue',
  'UpdateSecretVersionStage',
  'ListSecretVersionIds',
  'UpdateSecret',
  'RotateSecret',
  'CancelRotateSecret',
  'DeleteSecret',
  'RestoreSecret',
]);
const onNoSecret = new Set(['GetRandomPassword', 'ListSecrets']);

export function secretsRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const operation = targetOperation(request, 'secretsmanager');
  const action = `secretsmanager:${operation}`;
  if (onNoSecret.has(operation)) return [{ action, resource: '*', context: {} }];
  if (!onOneSecret.has(operation)) throw unknownOperation('secretsmanager', operation);
  const { SecretId, VersionId, VersionStage } = jsonBody(request) as Record<string, string | undefined>;
  if (!SecretId) throw new Error(`The IAM proxy needs the SecretId of a ${operation}`);
  // A name stands for the secret's ARN; AWS would complete it with the secret's random suffix, which only the
  // service knows.
  const resource = SecretId.startsWith('arn:')
    ? SecretId
    : `arn:aws:secretsmanager:${options.region}:${options.account}:secret:${SecretId}`;
  const context = {
    'secretsmanager:SecretId': SecretId,
    ...(VersionId && { 'secretsmanager:VersionId': VersionId }),
    ...(VersionStage && { 'secretsmanager:VersionStage': VersionStage }),
  };
  return [{ action, resource, context }];
}
