// Deploys the on-call operator can go back on, in the synthesized API stack: every function shifts traffic to a
// `live` alias by canary and rolls back on its alarms, the views layout is built before any new version takes
// traffic, and the minute's maintenance runs on the live jobs alias.
import { describe, expect, it } from 'vitest';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { maintenanceSchedule } from '../../functions/lifecycle/maintenance-schedule.ts';
import { liveAlias } from '../../infra/aws/lambda-function.ts';
import { actionsOf, logicalId, roleStatements } from './pickem-app.ts';
import { only, synthOperations } from './operations-template.ts';

const { api, template, resources, functions, preTrafficHook, ofType, alarmsOn, onAlias } = synthOperations();

describe('operations: deploys that can go back', () => {
  const groups = ofType('AWS::CodeDeploy::DeploymentGroup');
  /** The names (Refs) of the alarms the deployment group of a function's alias watches. */
  const watchedBy = (fn: NodejsFunction) => {
    const alias = resources[logicalId(liveAlias(fn))]!;
    const group = resources[alias.UpdatePolicy.CodeDeployLambdaAliasUpdate.DeploymentGroupName.Ref]!;
    return (group.Properties.AlarmConfiguration.Alarms as { Name: { Ref: string } }[]).map((a) => a.Name.Ref);
  };

  it('publishes every function as a version behind an alias named live', () => {
    template.resourceCountIs('AWS::Lambda::Alias', Object.keys(functions).length);
    for (const fn of Object.values(functions)) {
      expect(resources[logicalId(liveAlias(fn))]!.Properties).toMatchObject({
        Name: 'live',
        FunctionName: { Ref: logicalId(fn) },
        FunctionVersion: { 'Fn::GetAtt': [expect.stringContaining('CurrentVersion'), 'Version'] },
      });
    }
  });

  it('shifts each alias to a new version 10% first for 5 minutes, rolling back on failure, stop or alarm', () => {
    expect(groups).toHaveLength(Object.keys(functions).length);
    for (const [id, group] of groups) {
      expect(group.Properties, id).toMatchObject({
        DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
        AutoRollbackConfiguration: {
          Enabled: true,
          Events: expect.arrayContaining([
            'DEPLOYMENT_FAILURE',
            'DEPLOYMENT_STOP_ON_REQUEST',
            'DEPLOYMENT_STOP_ON_ALARM',
          ]),
        },
        AlarmConfiguration: { Enabled: true },
      });
    }
  });

  it("rolls each function back on its own alias's errors and throttles (areas also on the API's 5xx rate)", () => {
    const api5xx = alarmsOn('5xx')[0]![0];
    for (const [name, fn] of Object.entries(functions)) {
      const watched = watchedBy(fn);
      for (const metric of ['Errors', 'Throttles'])
        expect(watched, `${name} ${metric}`).toContain(alarmsOn(metric).find(onAlias(fn))![0]);
      if (name in api.areaFunctions) expect(watched, name).toContain(api5xx);
    }
    expect(watchedBy(api.projector)).toContain(alarmsOn('IteratorAge')[0]![0]);
    expect(watchedBy(api.jobs)).toContain(alarmsOn('JobsFailed')[0]![0]);
  });

  it('never rolls back on a dead-letter queue alarm, which stays on until someone empties the queue', () => {
    const queueAlarms = alarmsOn('ApproximateNumberOfMessagesVisible').map(([id]) => id);
    for (const [, group] of groups) {
      for (const id of queueAlarms) expect(JSON.stringify(group.Properties.AlarmConfiguration)).not.toContain(id);
    }
  });

  it('invokes the jobs function every minute with the maintenance operation, the local Scheduler emulator alike', () => {
    const [, schedule] = only(ofType('AWS::Scheduler::Schedule'));
    expect(schedule.Properties).toMatchObject({
      GroupName: maintenanceSchedule.group,
      ScheduleExpression: 'rate(1 minute)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
    });
    const target = schedule.Properties.Target;
    expect(JSON.parse(target.Input)).toEqual({ operation: 'maintenance' });
    expect(target.Arn).toEqual({ Ref: logicalId(liveAlias(api.jobs)) });
    expect(target.RoleArn).toEqual({ 'Fn::GetAtt': [logicalId(api.schedulerRole), 'Arn'] });
    // The jobs it requeues go to the same alias, which lets the jobs function's own role invoke it.
    const selfInvoke = ofType('AWS::Lambda::Permission').filter(
      ([, p]) =>
        JSON.stringify(p.Properties.Principal) === JSON.stringify({ 'Fn::GetAtt': [logicalId(api.jobs.role!), 'Arn'] }),
    );
    expect(only(selfInvoke)[1].Properties).toMatchObject({
      Action: 'lambda:InvokeFunction',
      FunctionName: { Ref: logicalId(liveAlias(api.jobs)) },
    });
  });

  describe('the views layout is built before any new version takes traffic', () => {
    const hook = preTrafficHook;
    const hookProperties = resources[logicalId(hook)]!.Properties;
    /** The version the jobs alias is shifted to: the one this deploy publishes. */
    const jobsVersion = { Ref: resources[logicalId(liveAlias(api.jobs))]!.Properties.FunctionVersion['Fn::GetAtt'][0] };

    it('runs the pre-traffic hook, one deploy at a time, on the new jobs version in every deployment group', () => {
      const groupIds = groups.map(([id]) => id);
      for (const [name, fn] of Object.entries(functions)) {
        const update = resources[logicalId(liveAlias(fn))]!.UpdatePolicy.CodeDeployLambdaAliasUpdate;
        expect(update, name).toEqual({
          ApplicationName: { Ref: logicalId(api.deploys.application) },
          DeploymentGroupName: { Ref: expect.toBeOneOf(groupIds) },
          BeforeAllowTrafficHook: { Ref: logicalId(hook) },
        });
      }
      expect(hookProperties.Environment.Variables.JOBS_VERSION_ARN).toEqual(jobsVersion);
      expect(hookProperties.ReservedConcurrentExecutions).toBe(1);
      expect(hookProperties.Timeout).toBeGreaterThan(resources[logicalId(api.jobs)]!.Properties.Timeout);
    });

    it("lets the hook invoke only the new jobs version and report the outcome to the deploy application's groups", () => {
      const statements = roleStatements(template, hookProperties.Role['Fn::GetAtt'][0]);
      const invoking = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('lambda:')));
      expect(invoking.map((s) => [actionsOf(s), s.Resource])).toEqual([[['lambda:InvokeFunction'], jobsVersion]]);
      const reporting = statements.filter((s) =>
        actionsOf(s).includes('codedeploy:PutLifecycleEventHookExecutionStatus'),
      );
      const application = logicalId(api.deploys.application);
      expect(reporting.map((s) => [actionsOf(s), s.Resource])).toEqual([
        [
          ['codedeploy:PutLifecycleEventHookExecutionStatus'],
          {
            'Fn::Join': [
              '',
              [
                'arn:aws:codedeploy:us-east-1:',
                { Ref: 'AWS::AccountId' },
                ':deploymentgroup:',
                { Ref: application },
                '/*',
              ],
            ],
          },
        ],
      ]);
      expect(resources[application]!.Type).toBe('AWS::CodeDeploy::Application');
      expect(
        statements.every((s) =>
          actionsOf(s).every((a) => /^(lambda:InvokeFunction|codedeploy:Put|xray:|logs:)/.test(a)),
        ),
      ).toBe(true);
    });

    it("lets each deployment group's role invoke the hook, which CodeDeploy runs by version", () => {
      for (const [id, group] of groups) {
        const role = group.Properties.ServiceRoleArn['Fn::GetAtt'][0];
        const invoking = roleStatements(template, role).filter((s) => actionsOf(s).includes('lambda:InvokeFunction'));
        expect(
          invoking.map((s) => s.Resource),
          id,
        ).toEqual([
          [
            { 'Fn::GetAtt': [logicalId(hook), 'Arn'] },
            { 'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalId(hook), 'Arn'] }, ':*']] },
          ],
        ]);
      }
    });
  });
});
