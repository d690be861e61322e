import type { App, Environment } from 'aws-cdk-lib';
import { ApiStack } from './api-stack.ts';
import { DataStack } from './data-stack.ts';
import { EdgeStack } from './edge-stack.ts';
import { acceptNagFindings } from './nag-acceptances.ts';
import { WebStack } from './web-stack.ts';

/** Where AWS keeps what CloudFront uses: its web ACLs and certificates. */
const cloudFrontRegion = 'us-east-1';

export interface PickemOptions {
  env?: Environment;
  /** The built web app to deploy, if there is one. */
  siteDir?: string;
}

/**
 * The stacks, configured from context: mailFrom, and domainName with certificateArn. CloudFront's web ACL lives in
 * us-east-1 (the edge stack), which the web stack references across regions: so every stack has its region, by
 * default us-east-1 too.
 */
export function addPickemStacks(app: App, { env: given, siteDir }: PickemOptions = {}) {
  const context = (key: string): string | undefined => app.node.tryGetContext(key);
  const domainName = context('domainName');
  const certificateArn = context('certificateArn');
  if (domainName && !certificateArn)
    throw new Error('Context domainName needs certificateArn (an ACM certificate in us-east-1).');

  const env = { account: given?.account, region: given?.region ?? cloudFrontRegion };
  const edge = new EdgeStack(app, 'PickemEdge', { env: { ...env, region: cloudFrontRegion }, stackName: 'PickemEdge' });
  const data = new DataStack(app, 'PickemData', { env, stackName: 'PickemData' });
  const api = new ApiStack(app, 'PickemApi', {
    env,
    stackName: 'PickemApi',
    tables: data.tables,
    mailFrom: context('mailFrom') ?? 'no-reply@example.com',
    publicBaseDomain: domainName,
    sportsProvider: context('sportsProvider'),
  });
  const web = new WebStack(app, 'PickemWeb', {
    env,
    stackName: 'PickemWeb',
    crossRegionReferences: env.region !== cloudFrontRegion,
    webAclArn: edge.webAcl.attrArn,
    api: api.api,
    originVerify: { header: api.originVerifyHeader, secret: api.originSecret },
    domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
    siteDir,
  });
  acceptNagFindings({ data, api, web });
  return { edge, data, api, web };
}
