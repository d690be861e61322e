// What the on-call operator relies on in the synthesized API stack: tracing, log retention, access logs,
// alarms to one topic, one dashboard, and an edge that holds (throttled routes, an encrypted alarm topic).
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { areas } from '../../functions/http/routes.ts';
import { tables } from '../../functions/store/tables.ts';
import { logicalId } from './pickem-app.ts';
import { only, synthOperations } from './operations-template.ts';

const { data, api, template, resources, functions, preTrafficHook, ofType, alarms, alarmsOn, onAlias } =
  synthOperations();
const topicRef = { Ref: ofType('AWS::SNS::Topic')[0]![0] };

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
