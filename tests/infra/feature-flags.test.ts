// CDK's recommended feature flags (cdk.json): set, read by the test apps as by `cdk synth`, and what they changed in
// the templates kept as meant: server access logs by bucket policy, IAM policies merged but allowing the same.
import { Template } from 'aws-cdk-lib/assertions';
import { CURRENTLY_RECOMMENDED_FLAGS } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { addPickemStacks } from '../../infra/aws/stacks.ts';
import { testFolder } from '../support/global-setup.ts';
import { cdkJsonContext, logicalId, pickemApp, synthPickem } from './pickem-app.ts';

/**
 * Recommended flags cdk.json sets otherwise, and why. Cross-stack references stay strong (CloudFormation exports):
 * a stack whose values another stack imports (the tables, the web ACL) cannot be deleted or change them under its
 * consumer; weak ones (Fn::GetStackOutput) would let it, and moving from strong to weak takes two deploys, through
 * "both".
 */
const keptOtherwise: Record<string, unknown> = { '@aws-cdk/core:defaultCrossStackReferences': 'strong' };

const { web } = synthPickem();
const webResources = Template.fromStack(web).toJSON().Resources as Record<string, any>;

interface Policy {
  Statement: {
    Effect: string;
    Principal?: unknown;
    Action: string | string[];
    Resource: unknown;
    Condition?: unknown;
  }[];
}

/** Each policy of a template (identity or resource) by where it is, as what it allows: one line per action and resource. */
function grantsOf(template: Template) {
  const documents = Object.entries(template.toJSON().Resources as Record<string, any>).flatMap(([id, r]) => [
    ...(r.Properties?.PolicyDocument ? [[id, r.Properties.PolicyDocument]] : []),
    ...(r.Properties?.Policies ?? []).map((p: any) => [`${id}/${p.PolicyName}`, p.PolicyDocument]),
  ]) as [string, Policy][];
  return Object.fromEntries(
    documents.map(([where, document]) => [
      where,
      [
        ...new Set(
          document.Statement.flatMap(({ Effect, Principal, Action, Resource, Condition }) =>
            [Action]
              .flat()
              .flatMap((action) =>
                [Resource].flat().map((resource) => JSON.stringify([Effect, Principal, action, resource, Condition])),
              ),
          ),
        ),
      ].sort(),
    ]),
  );
}

describe('feature flags', () => {
  it('sets every flag the installed aws-cdk-lib recommends to its recommended value, but cross-stack references', () => {
    const expected = { ...CURRENTLY_RECOMMENDED_FLAGS, ...keptOtherwise };
    const set = Object.fromEntries(Object.keys(expected).map((flag) => [flag, cdkJsonContext[flag]]));
    expect(set).toEqual(expected);
  });

  it('synthesizes the test apps with cdk.json context, as `cdk synth` does', () => {
    for (const [flag, value] of Object.entries(CURRENTLY_RECOMMENDED_FLAGS))
      expect(web.node.tryGetContext(flag), flag).toEqual(keptOtherwise[flag] ?? value);
  });

  it("lets only S3's logging service write the site bucket's access logs: no ACL, its prefix, from that bucket and account", () => {
    const logs = logicalId(web.node.findChild('accessLogs'));
    const site = logicalId(web.node.findChild('site'));
    expect(webResources[logs].Properties.AccessControl).toBeUndefined();
    expect(webResources[site].Properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logs },
      LogFilePrefix: 'site-bucket/',
    });
    const policy = Object.values(webResources).find(
      (r) => r.Type === 'AWS::S3::BucketPolicy' && r.Properties.Bucket.Ref === logs,
    );
    const allowed = (policy.Properties.PolicyDocument as Policy).Statement.filter((s) => s.Effect === 'Allow');
    expect(allowed).toEqual([
      {
        Effect: 'Allow',
        Principal: { Service: 'logging.s3.amazonaws.com' },
        Action: 's3:PutObject',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [logs, 'Arn'] }, '/site-bucket/*']] },
        Condition: {
          ArnLike: { 'aws:SourceArn': { 'Fn::GetAtt': [site, 'Arn'] } },
          StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
        },
      },
    ]);
  });

  it('merges IAM statements (minimizePolicies) into policies that allow and deny exactly what the unmerged ones do', () => {
    const merged = synthPickem({}, { siteDir: new URL('.', import.meta.url).pathname });
    const app = pickemApp(testFolder('pickem-unmerged-'), { '@aws-cdk/aws-iam:minimizePolicies': false });
    const unmerged = addPickemStacks(app, { siteDir: new URL('.', import.meta.url).pathname });
    for (const name of ['api', 'web'] as const) {
      const [before, after] = [unmerged[name], merged[name]].map((stack) => Template.fromStack(stack));
      const grants = grantsOf(after!);
      expect(Object.keys(grants).length, name).toBeGreaterThan(0);
      expect(grants, name).toEqual(grantsOf(before!));
    }
  });
});
