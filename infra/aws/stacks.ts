import type { App, Environment } from 'aws-cdk-lib';
import { ApiStack } from './api-stack.ts';
import { DataStack } from './data-stack.ts';
import { WebStack } from './web-stack.ts';

export interface PickemOptions {
  env?: Environment;
  /** The built web app to deploy, if there is one. */
  siteDir?: string;
}

/** The three stacks, configured from context: mailFrom, and domainName with certificateArn. */
export function addPickemStacks(app: App, { env, siteDir }: PickemOptions = {}) {
  const context = (key: string): string | undefined => app.node.tryGetContext(key);
  const domainName = context('domainName');
  const certificateArn = context('certificateArn');
  if (domainName && !certificateArn)
    throw new Error('Context domainName needs certificateArn (an ACM certificate in us-east-1).');

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
    api: api.api,
    originVerify: { header: api.originVerifyHeader, value: api.originVerify },
    domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
    siteDir,
  });
  return { data, api, web };
}
