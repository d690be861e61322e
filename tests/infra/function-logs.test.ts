// Each Lambda function writes its logs to its own log group, kept for a limited time, and may write to no other:
// no function's role has AWS's managed basic execution role, which writes any log group in the account.
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { actionsOf, roleStatements, synthPickem } from './pickem-app.ts';

/** CDK's own function that copies the built site into its bucket: CDK makes its role (infra/aws/nag-acceptances.ts). */
const cdkSiteDeployment = /^CustomCDKBucketDeployment/;

const stacks = synthPickem({}, { siteDir: new URL('.', import.meta.url).pathname });
const templates = Object.values(stacks).map((stack) => ({
  name: stack.stackName,
  template: Template.fromStack(stack),
}));
const functions = templates.flatMap(({ name, template }) =>
  Object.entries(template.findResources('AWS::Lambda::Function')).map(([id, fn]) => ({ name, template, id, fn })),
);
const ours = functions.filter(({ id }) => !cdkSiteDeployment.test(id));

describe('function logs', () => {
  it("lets every function's role write logs only to its own function's log group", () => {
    expect(ours.length).toBeGreaterThan(10);
    for (const { name, template, id, fn } of ours) {
      const logGroup = fn.Properties.LoggingConfig.LogGroup.Ref;
      expect(template.toJSON().Resources[logGroup].Type, `${name}/${id}`).toBe('AWS::Logs::LogGroup');
      const role = fn.Properties.Role['Fn::GetAtt'][0];
      const logs = roleStatements(template, role).filter((s) => actionsOf(s).some((a) => a.startsWith('logs:')));
      expect(
        logs.map((s) => [s.Effect, actionsOf(s).sort(), s.Resource]),
        `${name}/${id}`,
      ).toEqual([['Allow', ['logs:CreateLogStream', 'logs:PutLogEvents'], { 'Fn::GetAtt': [logGroup, 'Arn'] }]]);
      expect(template.toJSON().Resources[role].Properties.ManagedPolicyArns, `${name}/${id}`).toBeUndefined();
    }
  });

  it("leaves AWS's managed basic execution role to CDK's site deployment function alone", () => {
    const managed = functions.filter(({ template, fn }) =>
      JSON.stringify(
        template.toJSON().Resources[fn.Properties.Role['Fn::GetAtt'][0]].Properties.ManagedPolicyArns ?? [],
      ).includes('AWSLambdaBasicExecutionRole'),
    );
    expect(managed.map(({ id }) => id)).toEqual([expect.stringMatching(cdkSiteDeployment)]);
  });
});
