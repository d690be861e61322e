// What the web stack's tests share: the app synthesized once for the infra files (pickem-app.ts), the web and edge
// stacks, the web stack's template, its distribution's config and the cache policy of a behaviour.
import { Template } from 'aws-cdk-lib/assertions';
import { synthPickem } from './pickem-app.ts';

export function synthWebStack() {
  const { web, edge } = synthPickem();
  const template = Template.fromStack(web);
  const config = Object.values<any>(template.findResources('AWS::CloudFront::Distribution'))[0].Properties
    .DistributionConfig;
  const cachePolicyOf = (behavior: { CachePolicyId: { Ref: string } }) =>
    template.findResources('AWS::CloudFront::CachePolicy')[behavior.CachePolicyId.Ref]?.Properties.CachePolicyConfig;
  return { web, edge, template, config, cachePolicyOf };
}
