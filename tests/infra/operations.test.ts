// What the on-call operator relies on in the synthesized API stack: tracing, log retention, access logs,
// alarms to one topic, one dashboard, and deploys that shift traffic to a `live` alias and can go back.
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { describe, expect, it } from 'vitest';
import { areas } from '../../functions/http/routes.ts';
import { maintenanceSchedule } from '../../functions/lifecycle/maintenance-schedule.ts';
import { tables } from '../../functions/store/tables.ts';
import { liveAlias } from '../../infra/aws/lambda-function.ts';
import { actionsOf, logicalId, roleStatements, synthPickem } from './pickem-app.ts';

const { data, api } = synthPickem();
const template = Template.fromStack(api);
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: any; UpdatePolicy?: any }>;
const functions: Record<string, NodejsFunction> = { ...api.areaFunctions, projector: api.projector, jobs: api.jobs };
/** The deploy's hook, a function of the stack outside the application's deploys. */
const preTrafficHook = api.node.findChild('deploys').node.findChild('preTrafficHook') as NodejsFunction;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
/** The one element of a list. */
const only = <T>(list: T[]): T => {
  expect(list).toHaveLength(1);
  return list[0]!;
};
const topicRef = { Ref: ofType('AWS::SNS::Topic')[0]![0] };
const alarms = ofType('AWS::CloudWatch::Alarm');
/** The alarms on a metric, whether the alarm names it directly or through metric math. */
const alarmsOn = (metricName: string) =>
  alarms.filter(([, { Properties: p }]) =>
    [p.MetricName, ...(p.Metrics ?? []).map((m: any) => m.MetricStat?.Metric.MetricName)].includes(metricName),
  );
const onAlias = (fn: NodejsFunction) => (alarm: [string, { Properties: any }]) =>
  JSON.stringify(alarm[1].Properties.Dimensions).includes(`{"Ref":"${logicalId(fn)}"},":live"`);

describe('operations: tracing and logs', () => {
  it('runs every application function with X-Ray tracing active and the Powertools layer that carries the Tracer', () => {
    for (const [name, fn] of Object.entries(functions)) {
      const properties = resources[logicalId(fn)]!.Properties;
      expect(properties.TracingConfig, name).toEqual({ Mode: 'Active' });
      expect(JSON.stringify(properties.Layers), name).toContain(':layer:AWSLambdaPowertoolsTypeScriptV2:');
    }
  });

  it('sends every function to its own log group, and keeps every log group of the stack for a limited time', () => {
    const logGroups = ofType('AWS::Logs::LogGroup');
    const withHook = [...Object.values(functions), preTrafficHook, api.jwtRotation];
    // The API's access log, and the group of CDK's own trigger provider (which would otherwise make one kept forever).
    expect(logGroups.length).toBe(withHook.length + 2);
    for (const [id, group] of logGroups) expect(group.Properties.RetentionInDays, id).toBe(30);
    const lambdas = ofType('AWS::Lambda::Function');
    for (const [id, fn] of lambdas)
      expect(fn.Properties.LoggingConfig?.LogGroup, id).toEqual({ Ref: expect.any(String) });
    const targets = withHook.map((fn) => resources[logicalId(fn)]!.Properties.LoggingConfig.LogGroup);
    expect(new Set(targets.map((t) => t.Ref)).size).toBe(withHook.length);
    for (const target of targets) expect(resources[target.Ref]!.Type).toBe('AWS::Logs::LogGroup');
  });

  it('logs every API request as one JSON line with its request id, route, status and latency, and no header', () => {
    const [, stage] = only(ofType('AWS::ApiGatewayV2::Stage'));
    const { DestinationArn, Format } = stage.Properties.AccessLogSettings;
    expect(resources[DestinationArn['Fn::GetAtt'][0]]!.Properties.RetentionInDays).toBe(30);
    const line = JSON.parse(Format) as Record<string, string>;
    expect(line).toMatchObject({
      requestId: '$context.requestId',
      route: '$context.routeKey',
      status: '$context.status',
      ms: '$context.responseLatency',
    });
    expect(Format).not.toMatch(/header|authorization|authorizer/i);
  });
});

describe('operations: alarms', () => {
  it('names the alarm topic in the stack outputs', () => {
    template.hasOutput('AlarmTopicArn', { Value: topicRef });
  });

  it('sends every alarm, and its return to OK, to the alarm topic', () => {
    expect(alarms.length).toBeGreaterThan(0);
    for (const [id, { Properties: p }] of alarms) {
      expect(p.AlarmActions, id).toEqual([topicRef]);
      expect(p.OKActions, id).toEqual([topicRef]);
    }
  });

  it("alarms when more than 5% of the API's requests answer 5xx", () => {
    const [, alarm] = only(alarmsOn('5xx'));
    expect(alarm.Properties).toMatchObject({
      Threshold: 5,
      Metrics: expect.arrayContaining([
        expect.objectContaining({ Expression: expect.stringContaining('100 * errors / requests') }),
      ]),
    });
    expect(JSON.stringify(alarm.Properties.Metrics)).toContain('"MetricName":"Count"');
  });

  it("alarms on each function's errors and throttles, measured on its live alias", () => {
    for (const [name, fn] of Object.entries(functions)) {
      expect(alarmsOn('Errors').filter(onAlias(fn)), name).toHaveLength(1);
      expect(alarmsOn('Throttles').filter(onAlias(fn)), name).toHaveLength(1);
    }
  });

  it('alarms when the projector falls more than 5 minutes behind the events stream', () => {
    const lag = alarmsOn('IteratorAge');
    expect(lag.filter(onAlias(api.projector))).toHaveLength(1);
    expect(lag[0]![1].Properties).toMatchObject({ Statistic: 'Maximum', Threshold: 300_000 });
  });

  it('alarms as soon as either dead-letter queue holds a message', () => {
    const queues = alarmsOn('ApproximateNumberOfMessagesVisible').map(([, a]) => {
      expect(a.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      return a.Properties.Metrics[0].MetricStat.Metric.Dimensions[0].Value['Fn::GetAtt'][0];
    });
    expect(queues.sort()).toEqual([expect.stringMatching(/^jobsDlq/), expect.stringMatching(/^projectorDlq/)]);
  });

  it('alarms on throttled requests to each DynamoDB table', () => {
    const throttled = alarmsOn('ThrottledRequests');
    for (const { id } of tables) {
      const table = `ExportsOutputRef${logicalId(data.tables[id])}`;
      expect(
        throttled.filter(([, a]) => JSON.stringify(a.Properties.Metrics).includes(table)),
        id,
      ).toHaveLength(1);
    }
  });

  it("counts the jobs function's failed runs from its 'Job finished' lines and alarms on one", () => {
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: resources[logicalId(api.jobs)]!.Properties.LoggingConfig.LogGroup.Ref },
      FilterPattern: '{ ($.message = "Job finished") && ($.status = "failed") }',
      MetricTransformations: [Match.objectLike({ MetricName: 'JobsFailed', MetricValue: '1' })],
    });
    expect(alarmsOn('JobsFailed')).toHaveLength(1);
  });
});

describe('operations: dashboard', () => {
  const [, dashboard] = only(ofType('AWS::CloudWatch::Dashboard'));
  const body = (dashboard.Properties.DashboardBody['Fn::Join'][1] as unknown[])
    // Each reference in the body becomes {logicalId}.
    .map((part: any) => (typeof part === 'string' ? part : `{${part.Ref ?? part['Fn::GetAtt'][0]}}`))
    .join('');
  const widgets = (JSON.parse(body) as { widgets: { properties: { title: string; metrics?: unknown[][] } }[] }).widgets;
  const widget = (title: string) => widgets.find((w) => w.properties.title === title)!.properties;
  const metricNames = (title: string) => widget(title).metrics!.map((metric) => metric[1]);

  it('is one dashboard, named in the stack outputs', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    template.hasOutput('DashboardName', Match.anyValue());
  });

  it('shows the request count, the latency p50 and p99 of the API and of each area, and the errors', () => {
    expect(metricNames('Requests')).toContain('Count');
    expect(JSON.stringify(widget('API latency p50 / p99').metrics)).toMatch(/"stat":"p50".*"stat":"p99"/);
    for (const percentile of ['p50', 'p99']) {
      const latency = widget(`Latency ${percentile} by area`).metrics!;
      expect(latency.map((metric) => (metric.at(-1) as { label: string }).label)).toEqual([...areas]);
      expect(latency.every((metric) => metric[1] === 'Duration' && JSON.stringify(metric).includes(':live'))).toBe(
        true,
      );
    }
    expect(metricNames('Errors')).toEqual(['5xx', ...Object.keys(functions).map(() => 'Errors')]);
  });

  it("shows the projector's lag, the jobs' outcomes and the state of every alarm", () => {
    expect(metricNames('Projector lag (iterator age)')).toEqual(['IteratorAge']);
    expect(metricNames('Job outcomes')).toEqual([
      'JobsSucceeded',
      'JobsFailed',
      'ApproximateNumberOfMessagesVisible',
      'ApproximateNumberOfMessagesVisible',
    ]);
    expect(JSON.stringify(widget('Alarms'))).toContain(`{${alarms[0]![0]}}`);
  });
});

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
      for (const [name, fn] of Object.entries(functions)) {
        const update = resources[logicalId(liveAlias(fn))]!.UpdatePolicy.CodeDeployLambdaAliasUpdate;
        expect(update.BeforeAllowTrafficHook, name).toEqual({ Ref: logicalId(hook) });
      }
      expect(hookProperties.Environment.Variables.JOBS_VERSION_ARN).toEqual(jobsVersion);
      expect(hookProperties.ReservedConcurrentExecutions).toBe(1);
      expect(hookProperties.Timeout).toBeGreaterThan(resources[logicalId(api.jobs)]!.Properties.Timeout);
    });

    it('lets the hook invoke only the new jobs version and report the outcome to the deployment groups', () => {
      const statements = roleStatements(template, hookProperties.Role['Fn::GetAtt'][0]);
      const invoking = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('lambda:')));
      expect(invoking.map((s) => [actionsOf(s), s.Resource])).toEqual([[['lambda:InvokeFunction'], jobsVersion]]);
      const reporting = statements.filter((s) =>
        actionsOf(s).includes('codedeploy:PutLifecycleEventHookExecutionStatus'),
      );
      expect(reporting).toHaveLength(groups.length);
      expect(
        statements.every((s) => actionsOf(s).every((a) => /^(lambda:InvokeFunction|codedeploy:Put|xray:)/.test(a))),
      ).toBe(true);
    });
  });
});

describe('operations: the edge holds', () => {
  it('throttles every route at the stage, and sign-in, the password link and sign-up far lower', () => {
    const [, stage] = only(ofType('AWS::ApiGatewayV2::Stage'));
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 });
    expect(stage.Properties.RouteSettings).toEqual({
      'POST /Services/token': { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 },
      'POST /Services/send-password-link': { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 },
      'POST /Services/api/User/registration': { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 },
    });
    // Each throttled route is one the API has.
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey);
    for (const key of Object.keys(stage.Properties.RouteSettings)) expect(routeKeys).toContain(key);
    // They exist before the stage that names them.
    const throttled = ofType('AWS::ApiGatewayV2::Route').filter(([, route]) =>
      Object.keys(stage.Properties.RouteSettings).includes(route.Properties.RouteKey),
    );
    const stageResource = resources[only(ofType('AWS::ApiGatewayV2::Stage'))[0]] as { DependsOn?: string[] };
    for (const [routeId] of throttled) expect(stageResource.DependsOn).toContain(routeId);
  });

  it('encrypts the alarm topic with a rotated key CloudWatch may use, and refuses it to anything but TLS', () => {
    const [, topic] = only(ofType('AWS::SNS::Topic'));
    const [keyId, key] = only(ofType('AWS::KMS::Key'));
    expect(topic.Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    expect(key.Properties.EnableKeyRotation).toBe(true);
    const cloudWatch = key.Properties.KeyPolicy.Statement.filter(
      (statement: any) => statement.Principal?.Service === 'cloudwatch.amazonaws.com',
    );
    expect(cloudWatch.flatMap((statement: any) => [statement.Action].flat())).toEqual(
      expect.arrayContaining(['kms:Decrypt', 'kms:GenerateDataKey*']),
    );
    const [, policy] = only(ofType('AWS::SNS::TopicPolicy'));
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });
});
