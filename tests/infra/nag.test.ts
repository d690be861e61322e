// cdk-nag's AwsSolutions and Serverless packs over the whole app. What they find and we accept is listed here, each
// finding with why, in this one place; anything else they find fails the test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { describe, expect, it, vi } from 'vitest';
import { addPickemStacks } from '../../infra/aws/stacks.ts';
import { testFolder } from '../support/global-setup.ts';
import { actionsOf, allowStatements, synthPickem } from './pickem-app.ts';

/** Actions whose IAM resource can only be '*'. */
const actionsWithoutResource = [
  // X-Ray's trace upload names no resource.
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
  // The processes function lists the schedules of its own group; ListSchedules takes no resource.
  'scheduler:ListSchedules',
  // A stream event source finds its table's stream.
  'dynamodb:ListStreams',
  // CDK's RotationSchedule grant to a rotation function.
  'secretsmanager:GetRandomPassword',
];

const accepted: { finding: RegExp; reason: string }[] = [
  {
    finding: /^AwsSolutions-APIG4$/,
    reason:
      'Each route is authorized in its Lambda before any handler runs: the contract names its access (public, signed ' +
      "in, a permission) and the area's middleware checks the JWT, the tenant and the permission " +
      '(functions/http/area-api.ts). Sign-in, sign-up and the password link are public by nature, and throttled.',
  },
  {
    finding:
      /^AwsSolutions-IAM4\[Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AWSLambdaBasicExecutionRole\]$/,
    reason: "Lets a function write its own logs and nothing else; each function's other grants are its own.",
  },
  {
    finding:
      /^AwsSolutions-IAM4\[Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AWSCodeDeployRoleForLambdaLimited\]$/,
    reason:
      "CodeDeploy's role for shifting a Lambda alias and invoking its hook: the policy AWS keeps for exactly that.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    reason: `Only actions IAM gives no resource for (${actionsWithoutResource.join(', ')}): a test below holds it so.`,
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::PickemData:ExportsOutputFnGetAtt(state|views)\w+\/index\/\*\]$/,
    reason: "Queries on a table's own indexes: IAM names an index as table/index/name.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::<deployspreTrafficHook\w+\.Arn>:\*\]$/,
    reason: 'CodeDeploy invokes the deploy hook by version.',
  },
  {
    finding:
      /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:scheduler:[\w-]+:<AWS::AccountId>:schedule\/PickemApi-processes\/\*\]$/,
    reason: "The processes function manages the schedules of the stack's own group, named by administrators.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:ses:[\w-]+:<AWS::AccountId>:identity\/\*\]$/,
    reason: 'The sender is configuration (mailFrom); SES sends only from identities the account verified.',
  },
  {
    finding: /^Serverless-LambdaDLQ$/,
    reason:
      'Functions invoked synchronously (API Gateway, CodeDeploy, a deploy trigger, Secrets Manager, which retries a ' +
      'rotation step) or by the events stream, whose failed batches go to the projector DLQ. The asynchronously ' +
      'invoked jobs function has its DLQ.',
  },
  {
    finding: /^Serverless-LambdaAsyncFailureDestination$/,
    reason: "The jobs function's failed asynchronous invocations go to its dead-letter queue, which is alarmed.",
  },
  { finding: /^Serverless-SQSRedrivePolicy$/, reason: 'Both queues are dead-letter queues.' },
  {
    finding: /^AwsSolutions-SQS3$/,
    reason: "The projector queue is the events stream's on-failure destination: a dead-letter queue.",
  },
  {
    finding: /^AwsSolutions-SMG4$/,
    reason:
      'The origin-verify value rotates in the web stack, beside the distribution whose copy the rotation rewrites; ' +
      "The Odds API key is the provider's, rotated by the operator at the provider (the JWT key rotates here).",
  },
  { finding: /^AwsSolutions-CFR1$/, reason: "A pool's players are wherever they travel: no country is refused." },
  {
    finding: /^AwsSolutions-CFR4$/,
    reason:
      "With CloudFront's default certificate (*.cloudfront.net) the protocol floor is CloudFront's; with a domain " +
      'of our own the distribution takes TLSv1.2_2021 (the test below).',
  },
];

interface Finding {
  rule: string;
  severity: string;
  paths: string[];
}

/** Everything both packs find in the app synthesized with this context. */
function nagFindings(context: Record<string, string> = {}): Finding[] {
  const outdir = testFolder('pickem-nag-');
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [], ...context } });
  addPickemStacks(app);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  // The packs print every finding; the report file holds them.
  const quiet = [vi.spyOn(console, 'error'), vi.spyOn(console, 'log'), vi.spyOn(console, 'warn')].map((spy) =>
    spy.mockImplementation(() => undefined),
  );
  try {
    app.synth();
  } catch (error) {
    if ((error as Error).name !== 'ValidationFailed') throw error;
  } finally {
    for (const spy of quiet) spy.mockRestore();
  }
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8'));
  return report.pluginReports.flatMap((plugin: any) =>
    plugin.violations.map((v: any) => ({
      rule: v.ruleName,
      severity: v.severity,
      paths: v.violatingConstructs.map((c: any) => c.constructPath),
    })),
  );
}

const isAccepted = (finding: Finding) => accepted.some(({ finding: rule }) => rule.test(finding.rule));

describe('cdk-nag over the app', () => {
  const findings = nagFindings();

  it('finds nothing we have not accepted with a reason', () => {
    expect(findings.filter((finding) => !isAccepted(finding))).toEqual([]);
    for (const { reason } of accepted) expect(reason.length).toBeGreaterThan(20);
  });

  it('accepts nothing it no longer finds', () => {
    const stale = accepted.filter(({ finding }) => !findings.some((f) => finding.test(f.rule)));
    expect(stale.map(({ finding }) => String(finding))).toEqual([]);
  });

  it('finds the default certificate only: with a domain of our own, viewers need TLS 1.2', () => {
    const withDomain = nagFindings({
      domainName: 'pickem.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    });
    expect(findings.map((f) => f.rule)).toContain('AwsSolutions-CFR4');
    expect(withDomain.map((f) => f.rule)).not.toContain('AwsSolutions-CFR4');
  });

  it("grants a '*' resource only to the actions IAM gives no resource for", () => {
    const stacks = Object.values(synthPickem());
    const onEverything = stacks
      .flatMap((stack) => allowStatements(Template.fromStack(stack)))
      .filter((statement) => [statement.Resource].flat().includes('*'))
      .flatMap(actionsOf);
    expect(onEverything.length).toBeGreaterThan(0);
    expect(onEverything.filter((action) => !actionsWithoutResource.includes(action))).toEqual([]);
  });
});
