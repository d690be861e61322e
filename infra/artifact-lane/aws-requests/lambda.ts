// Lambda's authorization: InvokeFunction on the function, qualified as the caller names it.
import {
  type AuthorizationRequest,
  type AwsRequest,
  type RequestOptions,
  unknownOperation,
  urlOf,
} from './signed-request.ts';

/** A function's ARN from the FunctionName an Invoke gives (name, name:alias, partial or full ARN) and its Qualifier. */
function functionArn(name: string, qualifier: string | null, { region, account }: RequestOptions) {
  const arn = name.startsWith('arn:')
    ? name
    : /^\d{12}:function:/.test(name)
      ? `arn:aws:lambda:${region}:${name}`
      : `arn:aws:lambda:${region}:${account}:function:${name}`;
  const qualified = arn.split(':').length > 7;
  return qualifier && !qualified ? `${arn}:${qualifier}` : arn;
}

export function lambdaRequests(request: AwsRequest, options: RequestOptions): AuthorizationRequest[] {
  const url = urlOf(request);
  const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname);
  if (request.method !== 'POST' || !match) throw unknownOperation('lambda', `${request.method} ${url.pathname}`);
  const resource = functionArn(decodeURIComponent(match[1]!), url.searchParams.get('Qualifier'), options);
  return [{ action: 'lambda:InvokeFunction', resource, context: {} }];
}
