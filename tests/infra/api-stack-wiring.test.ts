// The API stack's wiring: a route per manifest entry to its area's function, how the functions run and what they
// are told, and the projector reading the events stream.
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { rememberedTokenSeconds } from '../../functions/adapters/tokens.ts';
import { areas, routes } from '../../functions/http/routes.ts';
import { tables } from '../../functions/store/tables.ts';
import { rotationDays } from '../../infra/aws/secret-rotation.ts';
import { actionsOf, allowStatements, logicalId, synthPickem } from './pickem-app.ts';
import { synthApiStack } from './api-stack-template.ts';

const { data, api, web, template, resources, aliasId, importOf } = synthApiStack();

describe('api stack: routes', () => {
  it('has one API Gateway route per entry of the route manifest', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', Object.keys(routes).length);
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /Services/token' });
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey,
    );
    expect(routeKeys.sort()).toEqual(
      Object.values(routes)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
  });

  it("integrates every route with its own area's function, through its live alias", () => {
    for (const route of Object.values(routes)) {
      const [, found] =
        Object.entries<any>(resources).find(([, r]) => r.Properties?.RouteKey === `${route.method} ${route.path}`) ??
        [];
      expect(found, `${route.method} ${route.path}`).toBeDefined();
      const integrationId = found.Properties.Target['Fn::Join'][1][1].Ref;
      expect(resources[integrationId].Properties.IntegrationUri).toEqual({
        Ref: aliasId(api.areaFunctions[route.area]),
      });
    }
  });
});

describe('api stack: functions', () => {
  it('runs every area function on Node 24, arm64, with source maps enabled', () => {
    for (const area of areas) {
      expect(resources[logicalId(api.areaFunctions[area])].Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps' } },
      });
    }
  });

  it('names the origin-verify secret to every area function, which reads its values at run time (never from its environment)', () => {
    for (const area of areas) {
      const variables = resources[logicalId(api.areaFunctions[area])].Properties.Environment.Variables;
      expect(variables.ORIGIN_VERIFY_SECRET_ARN).toEqual({ Ref: logicalId(api.originSecret) });
      expect(JSON.stringify(variables)).not.toContain('resolve:secretsmanager');
    }
  });

  it('rotates the JWT key and the origin-verify value every 30 days, the origin one by a function that may rewrite only its distribution', () => {
    const schedules = [api, web].flatMap((stack) =>
      Object.values<any>(Template.fromStack(stack).findResources('AWS::SecretsManager::RotationSchedule')),
    );
    expect(schedules.map((s) => s.Properties.RotationRules.ScheduleExpression)).toEqual([
      `rate(${rotationDays} days)`,
      `rate(${rotationDays} days)`,
    ]);
    expect(JSON.stringify(schedules.map((s) => s.Properties.SecretId))).toMatch(/jwtSecret.*originVerify/);
    const webResources = Template.fromStack(web).toJSON().Resources as Record<string, any>;
    const rotation = Object.entries(webResources).find(
      ([id, r]) => r.Type === 'AWS::Lambda::Function' && id.startsWith('originVerifyRotation'),
    )![1];
    expect(rotation.Properties.Environment.Variables).toMatchObject({
      DISTRIBUTION_ID: { Ref: expect.stringMatching(/^distribution/) },
      ORIGIN_HEADER: 'x-origin-verify',
    });
    const cloudFront = allowStatements(Template.fromStack(web)).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('cloudfront:')),
    );
    expect(cloudFront.flatMap(actionsOf).sort()).toEqual([
      'cloudfront:GetDistributionConfig',
      'cloudfront:UpdateDistribution',
    ]);
    expect(JSON.stringify(cloudFront.map((s) => s.Resource))).toMatch(/distribution\/.*distribution/);
  });

  it('rotates the JWT key more than a day (the window a rotation starts in) after a remembered token has expired', () => {
    const jwt = Object.values<any>(template.findResources('AWS::SecretsManager::RotationSchedule')).find((s) =>
      JSON.stringify(s.Properties.SecretId).includes('jwtSecret'),
    );
    const [, days] = /^rate\((\d+) days\)$/.exec(jwt.Properties.RotationRules.ScheduleExpression)!;
    expect(Number(days) * 24 * 3600).toBeGreaterThan(rememberedTokenSeconds + 24 * 3600);
  });

  it('tells every function the physical table names through the env vars named in functions/store/tables.ts', () => {
    for (const fn of [...Object.values(api.areaFunctions), api.projector, api.jobs]) {
      const variables = resources[logicalId(fn)].Properties.Environment.Variables;
      for (const { id, envVar } of tables) {
        expect(JSON.stringify(variables[envVar])).toContain(logicalId(data.tables[id]));
      }
    }
  });

  it('names the signing secret and the jobs function only to the area functions, which alone may use them', () => {
    for (const fn of Object.values(api.areaFunctions)) {
      const variables = resources[logicalId(fn)].Properties.Environment.Variables;
      expect(variables).toMatchObject({
        JWT_SECRET_ARN: { Ref: expect.stringMatching(/^jwtSecret/) },
        MAIL_FROM: 'no-reply@example.com',
      });
      // The live alias's name (function:live), which the deploys shift.
      expect(JSON.stringify(variables.JOBS_FUNCTION_NAME)).toContain(aliasId(api.jobs));
    }
    for (const fn of [api.projector, api.jobs]) {
      expect(resources[logicalId(fn)].Properties.Environment.Variables.JWT_SECRET_ARN).toBeUndefined();
    }
  });

  it('tells the area functions the public base domain from the domainName context, for mailed links', () => {
    const { api: withDomain } = synthPickem({
      domainName: 'pickem.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    });
    const configured = Template.fromStack(withDomain).toJSON().Resources;
    for (const fn of Object.values(withDomain.areaFunctions)) {
      expect(configured[logicalId(fn)].Properties.Environment.Variables.PUBLIC_BASE_DOMAIN).toBe('pickem.example.com');
    }
    for (const fn of Object.values(api.areaFunctions)) {
      expect(resources[logicalId(fn)].Properties.Environment.Variables.PUBLIC_BASE_DOMAIN).toBeUndefined();
    }
  });

  it('never lets a deployed function call a login directory or a sports feed over plain http on loopback (that is for local runs and tests)', () => {
    for (const resource of Object.values(template.findResources('AWS::Lambda::Function'))) {
      expect(resource.Properties.Environment?.Variables?.LOGIN_DIRECTORY_ALLOW_LOOPBACK).toBeUndefined();
      expect(resource.Properties.Environment?.Variables?.FEEDS_ALLOW_LOOPBACK).toBeUndefined();
    }
  });

  it('gives only the jobs function the sports feed and the secret holding The Odds API key, and only it may read that secret', () => {
    const variables = resources[logicalId(api.jobs)].Properties.Environment.Variables;
    expect(variables.SPORTS_PROVIDER).toBe('demo');
    expect(variables.ODDS_API_KEY_SECRET_ARN).toEqual({ Ref: logicalId(api.oddsApiKey) });
    for (const fn of [...Object.values(api.areaFunctions), api.projector])
      expect(resources[logicalId(fn)].Properties.Environment.Variables.ODDS_API_KEY_SECRET_ARN).toBeUndefined();
    const readers = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes(logicalId(api.oddsApiKey)),
    );
    expect(readers.map((policy) => policy.Properties.Roles)).toEqual([[{ Ref: logicalId(api.jobs.role!) }]]);
  });

  it('gives the jobs function 5 minutes and 1024 MB', () => {
    expect(resources[logicalId(api.jobs)].Properties).toMatchObject({ Timeout: 300, MemorySize: 1024 });
  });

  it('invokes a crashed job twice more (also through its live alias), then keeps it in an encrypted dead-letter queue', () => {
    const retries = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig')).map((r) => r.Properties);
    // The alias's qualifier, taken from its ARN.
    expect(retries.find((p) => JSON.stringify(p.Qualifier).includes(aliasId(api.jobs)))).toMatchObject({
      FunctionName: { Ref: logicalId(api.jobs) },
      MaximumRetryAttempts: 2,
    });
    const dlq = resources[logicalId(api.jobs)].Properties.DeadLetterConfig.TargetArn['Fn::GetAtt'];
    expect(dlq).toEqual([expect.stringMatching(/^jobsDlq/), 'Arn']);
    expect(resources[dlq[0]].Properties).toMatchObject({ SqsManagedSseEnabled: true });
  });
});

describe('api stack: projector', () => {
  it('consumes the events stream through its live alias from the start, bisecting failed batches with bounded retries into an SQS DLQ', () => {
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::ImportValue': Match.stringLikeRegexp(importOf('events', 'StreamArn')) },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 100,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRecordAgeInSeconds: Match.anyValue(),
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^projectorDlq'), 'Arn'] } },
      },
    });
    const [mapping] = Object.values(template.findResources('AWS::Lambda::EventSourceMapping'));
    // The alias's name, function:live.
    expect(JSON.stringify(mapping!.Properties.FunctionName)).toContain(aliasId(api.projector));
  });

  it('keeps failed projector batches 14 days in an encrypted queue', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      MessageRetentionPeriod: 14 * 24 * 3600,
      SqsManagedSseEnabled: true,
    });
  });
});
