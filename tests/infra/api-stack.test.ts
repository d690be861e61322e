import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { areas, routes } from '../../functions/http/routes.ts';
import { tables } from '../../functions/store/tables.ts';
import { liveAlias } from '../../infra/aws/lambda-function.ts';
import { actionsOf, allowStatements, logicalId, roleStatements, synthPickem } from './pickem-app.ts';

const { data, api, web } = synthPickem();
// Any folder as the site brings the web deployment's Lambda role into the wildcard check.
const withDeployment = synthPickem({}, { siteDir: new URL('.', import.meta.url).pathname });
const template = Template.fromStack(api);
const resources = template.toJSON().Resources;
const aliasId = (fn: (typeof api.areaFunctions)['auth']) => logicalId(liveAlias(fn));
const statementsOf = (fn: (typeof api.areaFunctions)['auth']) => roleStatements(template, logicalId(fn.role!));
const importOf = (id: 'events' | 'state' | 'views', attribute: 'Arn' | 'StreamArn') =>
  `PickemData:ExportsOutputFnGetAtt${logicalId(data.tables[id])}${attribute}`;
const touches = (statement: { Resource: unknown }, exportPrefix: string) =>
  JSON.stringify(statement.Resource).includes(exportPrefix);
const dynamoWrites = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

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
  it('runs every area function on Node 22, arm64, with source maps enabled', () => {
    for (const area of areas) {
      expect(resources[logicalId(api.areaFunctions[area])].Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps' } },
      });
    }
  });

  it('gives every area function the origin-verify secret CloudFront sends, resolved at deploy, never in the template', () => {
    for (const area of areas) {
      const variables = resources[logicalId(api.areaFunctions[area])].Properties.Environment.Variables;
      expect(JSON.stringify(variables.ORIGIN_VERIFY)).toContain('resolve:secretsmanager');
    }
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

describe('api stack: least privilege', () => {
  const builtCacheWrites = [
    {
      actions: ['dynamodb:PutItem'],
      condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['TEAMMAPS'] } },
    },
    {
      actions: ['dynamodb:UpdateItem'],
      condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['SEASONS'] } },
    },
  ];
  const stateWrites = (fn: (typeof api.areaFunctions)['auth']) =>
    statementsOf(fn)
      .filter((s) => touches(s, importOf('state', 'Arn')))
      .filter((s) => actionsOf(s).some((action) => dynamoWrites.includes(action)))
      .map((s) => ({ actions: actionsOf(s), condition: s.Condition }));

  it('lets the catalogue function read the state table and write only the caches a read builds (team maps, week lists)', () => {
    const statements = statementsOf(api.areaFunctions.catalogue);
    expect(
      statements.some((s) => touches(s, importOf('state', 'Arn')) && actionsOf(s).includes('dynamodb:Query')),
    ).toBe(true);
    expect(stateWrites(api.areaFunctions.catalogue)).toEqual(builtCacheWrites);
    expect(statements.filter((s) => actionsOf(s).some((action) => dynamoWrites.includes(action)))).toHaveLength(2);
  });

  it('lets the leaderboard function read the state and views tables and write only the caches a read builds', () => {
    const statements = statementsOf(api.areaFunctions.leaderboard);
    for (const table of ['state', 'views'] as const)
      expect(
        statements.some((s) => touches(s, importOf(table, 'Arn')) && actionsOf(s).includes('dynamodb:Query')),
        table,
      ).toBe(true);
    expect(stateWrites(api.areaFunctions.leaderboard)).toEqual(builtCacheWrites);
    expect(statements.filter((s) => actionsOf(s).some((action) => dynamoWrites.includes(action)))).toHaveLength(2);
  });

  it('lets the imports function read and write the state table (jobs, their records) and never touch the views', () => {
    const statements = statementsOf(api.areaFunctions.imports);
    expect(
      statements.some(
        (s) => touches(s, importOf('state', 'Arn')) && actionsOf(s).includes('dynamodb:PutItem') && !s.Condition,
      ),
    ).toBe(true);
    expect(statements.filter((s) => touches(s, importOf('views', 'Arn')))).toEqual([]);
  });

  it('lets only the bets and spreads functions (and the jobs function) append to the events table; bets writes to state only the caches a read builds', () => {
    const writesEvents = (fn: (typeof api.areaFunctions)['auth']) =>
      statementsOf(fn).some((s) => touches(s, importOf('events', 'Arn')) && actionsOf(s).includes('dynamodb:PutItem'));
    expect(writesEvents(api.areaFunctions.bets)).toBe(true);
    expect(writesEvents(api.areaFunctions.spreads)).toBe(true);
    expect(writesEvents(api.jobs)).toBe(true);
    for (const area of areas.filter((name) => name !== 'bets' && name !== 'spreads'))
      expect(writesEvents(api.areaFunctions[area]), area).toBe(false);
    expect(stateWrites(api.areaFunctions.bets)).toEqual(builtCacheWrites);
  });

  it('lets the projector write only the views table', () => {
    const writes = statementsOf(api.projector).filter((s) => actionsOf(s).some((a) => dynamoWrites.includes(a)));
    expect(writes.length).toBeGreaterThan(0);
    for (const statement of writes) expect(touches(statement, importOf('views', 'Arn'))).toBe(true);
  });

  it('lets only the auth function send e-mail, and only from SES identities of its account and region', () => {
    for (const area of areas) {
      const sends = statementsOf(api.areaFunctions[area]).filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
      if (area !== 'auth') expect(sends).toEqual([]);
      else
        expect(JSON.stringify(sends.map((s) => s.Resource))).toMatch(
          /:ses:.*AWS::Region.*AWS::AccountId.*:identity\/\*/,
        );
    }
  });

  it('lets every area function, and no other, invoke the jobs function and read the JWT secret (jobs read only The Odds API key)', () => {
    for (const area of areas) {
      const actions = statementsOf(api.areaFunctions[area]).flatMap(actionsOf);
      expect(actions).toEqual(expect.arrayContaining(['lambda:InvokeFunction', 'secretsmanager:GetSecretValue']));
    }
    const projectorActions = statementsOf(api.projector).flatMap(actionsOf);
    expect(projectorActions.filter((a) => a.startsWith('secretsmanager:') || a.startsWith('lambda:'))).toEqual([]);
    // The jobs function reads one secret, The Odds API key, and never the JWT secret.
    const jobsSecrets = statementsOf(api.jobs).filter((statement) =>
      actionsOf(statement).some((a) => a.startsWith('secretsmanager:')),
    );
    expect(jobsSecrets.map((statement) => statement.Resource)).toEqual([{ Ref: logicalId(api.oddsApiKey) }]);
    expect(
      statementsOf(api.jobs)
        .flatMap(actionsOf)
        .filter((a) => a.startsWith('lambda:')),
    ).toEqual([]);
  });

  it("grants no Allow statement every action ('*') or every action of a service (e.g. 'dynamodb:*')", () => {
    const templates = [data, api, web, withDeployment.web].map((stack) => Template.fromStack(stack));
    const wildcards = templates
      .flatMap(allowStatements)
      .flatMap(actionsOf)
      .filter((a) => a === '*' || a.endsWith(':*'));
    expect(wildcards).toEqual([]);
  });
});

describe('api stack: process schedules', () => {
  const groupName = api.resolve(api.scheduleGroup.name) as string;
  const schedulerRoleId = logicalId(api.schedulerRole);
  const schedulerActions = (statements: ReturnType<typeof statementsOf>) =>
    statements.filter((s) => actionsOf(s).some((a) => a.startsWith('scheduler:') || a === 'iam:PassRole'));

  it('has a schedule group for the process schedules', () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: groupName });
  });

  it("has a scheduler role that only EventBridge Scheduler assumes and that may only invoke the jobs function's live alias", () => {
    const role = resources[schedulerRoleId].Properties;
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Principal: { Service: 'scheduler.amazonaws.com' }, Action: 'sts:AssumeRole' }),
    ]);
    const statements = roleStatements(template, schedulerRoleId);
    expect(statements.flatMap(actionsOf)).toEqual(['lambda:InvokeFunction']);
    const targets = JSON.stringify(statements.map((s) => s.Resource));
    expect(statements.map((s) => s.Resource)).toEqual([{ Ref: aliasId(api.jobs) }]);
    for (const area of areas) expect(targets).not.toContain(logicalId(api.areaFunctions[area]));
  });

  it("lets the processes function manage only the group's schedules and pass only the scheduler role", () => {
    const statements = schedulerActions(statementsOf(api.areaFunctions.processes));
    const manage = statements.find((s) => actionsOf(s).includes('scheduler:CreateSchedule'))!;
    expect(actionsOf(manage).sort()).toEqual([
      'scheduler:CreateSchedule',
      'scheduler:DeleteSchedule',
      'scheduler:GetSchedule',
      'scheduler:UpdateSchedule',
    ]);
    expect(JSON.stringify(manage.Resource)).toContain(`:schedule/${groupName}/*`);
    const pass = statements.find((s) => actionsOf(s).includes('iam:PassRole'))!;
    expect(actionsOf(pass)).toEqual(['iam:PassRole']);
    expect(pass.Resource).toEqual({ 'Fn::GetAtt': [schedulerRoleId, 'Arn'] });
    // Listing takes no resource in IAM: the statement allows that one read action and nothing else.
    const others = statements.filter((s) => s !== manage && s !== pass);
    expect(others.flatMap(actionsOf)).toEqual(['scheduler:ListSchedules']);
  });

  it('lets the jobs function set only the Live Scores schedule (never delete one) and pass only the scheduler role', () => {
    const statements = schedulerActions(statementsOf(api.jobs));
    const manage = statements.find((s) => actionsOf(s).includes('scheduler:UpdateSchedule'))!;
    expect(actionsOf(manage).sort()).toEqual([
      'scheduler:CreateSchedule',
      'scheduler:GetSchedule',
      'scheduler:UpdateSchedule',
    ]);
    expect(JSON.stringify(manage.Resource)).toContain(`${groupName}/live-scores`);
    const pass = statements.find((s) => actionsOf(s).includes('iam:PassRole'))!;
    expect(pass.Resource).toEqual({ 'Fn::GetAtt': [schedulerRoleId, 'Arn'] });
    expect(statements).toHaveLength(2);
  });

  it('gives no other function any scheduler action or iam:PassRole', () => {
    const others = [
      ...areas.filter((area) => area !== 'processes').map((area) => api.areaFunctions[area]),
      api.projector,
    ];
    for (const fn of others) expect(schedulerActions(statementsOf(fn))).toEqual([]);
    const allSchedulerGrants = allowStatements(template).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('scheduler:') || a === 'iam:PassRole'),
    );
    expect(allSchedulerGrants).toHaveLength(5);
  });

  it("tells the processes function its group, the jobs function's live alias (the schedules' target) and the scheduler role", () => {
    expect(resources[logicalId(api.areaFunctions.processes)].Properties.Environment.Variables).toMatchObject({
      SCHEDULE_GROUP: groupName,
      JOBS_FUNCTION_ARN: { Ref: aliasId(api.jobs) },
      SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [schedulerRoleId, 'Arn'] },
    });
  });
});
