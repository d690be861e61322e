// CodeDeploy's authorization: a lifecycle hook's status on the deployment's group.
import {
  type AuthorizationRequest,
  type AwsRequest,
  jsonBody,
  type RequestOptions,
  targetOperation,
  unknownOperation,
} from './signed-request.ts';

export function codeDeployRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const operation = targetOperation(request, 'CodeDeploy_20141006');
  if (operation !== 'PutLifecycleEventHookExecutionStatus') throw unknownOperation('codedeploy', operation);
  const { deploymentId } = jsonBody(request) as { deploymentId?: string };
  const group = deploymentId && options.deploymentGroupOf?.(deploymentId);
  if (!group) throw new Error(`The IAM proxy knows no deployment group of deployment ${deploymentId}`);
  return [{ action: `codedeploy:${operation}`, resource: group, context: {} }];
}
