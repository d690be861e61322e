// CloudFront's authorizations: reading and updating a distribution and its config.
import {
  type AuthorizationRequest,
  type AwsRequest,
  own,
  type RequestOptions,
  unknownOperation,
  urlOf,
} from './signed-request.ts';

const distributionActions: Record<string, string> = { GET: 'GetDistribution' };
const distributionConfigActions: Record<string, string> = { GET: 'GetDistributionConfig', PUT: 'UpdateDistribution' };

export function cloudFrontRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const { pathname } = urlOf(request);
  const match = /^\/2020-05-31\/distribution\/([^/]+)(\/config)?$/.exec(pathname);
  const operation = match && own(match[2] ? distributionConfigActions : distributionActions, request.method);
  if (!operation) throw unknownOperation('cloudfront', `${request.method} ${pathname}`);
  const resource = `arn:aws:cloudfront::${options.account}:distribution/${decodeURIComponent(match[1]!)}`;
  return [{ action: `cloudfront:${operation}`, resource, context: {} }];
}
